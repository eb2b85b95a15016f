// The owner's numbers as the API sends them and the inbox's Numbers page shows them
// (issue 31, record 183): one view per period (the last 30 and 365 days).
import type { Minor } from './money.js';

export const NUMBERS_PERIODS = [30, 365] as const;
export type PeriodDays = (typeof NUMBERS_PERIODS)[number];

/** An amount in one currency (a business may have quoted in another before it changed). */
export interface MoneyFigure {
  currency: string;
  amount: Minor;
}

export interface PeriodView {
  days: PeriodDays;
  /** The period's instants [from, to). */
  from: string;
  to: string;
  /** Inquiries received, spam apart. */
  inquiries: number;
  spam: number;
  /** Each week (from its Monday, in the business's time zone), spam apart; the first and last may be partial. */
  byWeek: { week: string; inquiries: number; spam: number }[];
  /** Inquiries (not spam) by the form's "How did you hear about us?", most first; the few largest, then the rest together. */
  bySource: { source: string; inquiries: number }[];
  /** From arrival to an owner's first status change, note or quote, over the inquiries (not spam) of the period. */
  answers: { answered: number; waiting: number; medianMs: number | null; p90Ms: number | null };
  quotes: { sent: number; accepted: number; declined: number };
  /** Quotes whose deposit was paid in the period (by hand or online), and their deposits. */
  deposits: { count: number; amounts: MoneyFigure[] };
  /** Quotes accepted in the period whose inquiry is Booked: how many, and their totals. */
  booked: { count: number; revenue: MoneyFigure[] };
  /** Pre-orders placed in the period and not cancelled (record 290): how many, and their totals. */
  preorders?: { count: number; revenue: MoneyFigure[] };
}

export interface NumbersView {
  /** When they were counted (the server's clock). */
  at: string;
  periods: PeriodView[];
}

/** What the sources list calls an empty answer, and the rest past the largest few. */
export const NOT_GIVEN = 'Not given';
export const OTHER_SOURCES = 'Everything else';
