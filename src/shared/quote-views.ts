// Quotes as the inbox and the server exchange them (issue 28, record 142): the
// owner's draft, the rules it must meet (checked in the form and again on the server),
// and each version as the inquiry's page lists it.
import type { Minor, Rate } from './money.js';
import { WHOLE } from './money.js';
import type { LineKind, QuoteLine, QuoteTotals } from './pricing.js';
import type { QuoteState } from './quote-state.js';
import { textProblem } from './text-rules.js';

/** A quote's state, as the owner and the customer read it (quote-state.ts). */
export type QuoteStateView = QuoteState;

export const QUOTE_STATE_LABELS: Record<QuoteStateView, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  replaced: 'Replaced',
  'deposit-paid': 'Deposit paid',
};

export const QUOTE_LIMITS = {
  lines: 40,
  description: 200,
  quantity: 100_000,
  /** A unit price's size either way, in minor units (a discount is negative). */
  unitPrice: 100_000_000_00,
  /** How far ahead a quote may stay open. */
  validDays: 366,
  declineReason: 1000,
  /** The owner's own line to the customer (record 213). */
  message: 600,
} as const;

export const LINE_KINDS: readonly LineKind[] = ['package', 'item', 'travel'];

/** What the owner sends: the lines, the service charge and deposit rates, and the last day. */
export interface QuoteDraftBody {
  lines: QuoteLine[];
  serviceCharge: Rate;
  deposit: Rate;
  validUntil: string;
  /** The owner's own line to the customer, in the e-mail and on the page (optional; record 213). */
  message?: string;
  /** A revision: the version it revises as the owner saw it; refused (409) if answered since (record 202). */
  revises?: RevisedVersion;
}

/** The version a revision was written against, as the owner saw it (record 202). */
export interface RevisedVersion {
  version: number;
  /** The owner saw it accepted: revising an accepted quote is meant. */
  accepted: boolean;
}

/** A version as the inquiry's page lists it. */
export interface QuoteView {
  id: string;
  version: number;
  state: QuoteStateView;
  currency: string;
  lines: QuoteLine[];
  serviceCharge: Rate;
  tax: Rate;
  deposit: Rate;
  totals: QuoteTotals;
  validUntil: string;
  sentAt: string;
  sentBy: string;
  viewedAt: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  /** The owner's own line sent with it ('' for none). */
  message: string;
  /** The customer's page (the owner may copy it into a text message). */
  url: string;
}

/** GET /api/owner/inquiries/:id/quotes: the versions, and a draft to start from. */
export interface QuotesAnswer {
  quotes: QuoteView[];
  /** From the inquiry at its kept estimate's prices (else the content's), or from the newest version (a revision). */
  draft: QuoteDraftBody;
  /** When a first draft is at the estimate's prices and today's differ: which, in words (record 204). */
  draftNote?: string;
  currency: string;
  locale: string;
  /** The content's tax, which the totals apply (not changed per quote). */
  tax: { rate: Rate; onServiceCharge: boolean; onTravel: boolean };
}

/** Each rule a draft breaks, by field ('lines.2.unitPrice', 'deposit'), worded for the owner. */
export function draftProblems(draft: QuoteDraftBody, today: string, lastDay: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.lines.length === 0) problems.lines = 'Add at least one line.';
  if (draft.lines.length > QUOTE_LIMITS.lines) problems.lines = `A quote has at most ${QUOTE_LIMITS.lines} lines.`;
  draft.lines.forEach((line, index) => {
    const at = `lines.${index}`;
    const text = textProblem({ kind: 'line' }, line.description);
    if (line.description === '') problems[`${at}.description`] = 'Say what this line is.';
    else if (text) problems[`${at}.description`] = `The description ${text}.`;
    else if (line.description.length > QUOTE_LIMITS.description)
      problems[`${at}.description`] = `At most ${QUOTE_LIMITS.description} characters.`;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > QUOTE_LIMITS.quantity)
      problems[`${at}.quantity`] = `A whole number from 1 to ${QUOTE_LIMITS.quantity}.`;
    if (!Number.isSafeInteger(line.unitPrice) || Math.abs(line.unitPrice) > QUOTE_LIMITS.unitPrice)
      problems[`${at}.unitPrice`] = 'An amount such as 12.50.';
  });
  for (const [field, rate] of [
    ['serviceCharge', draft.serviceCharge],
    ['deposit', draft.deposit],
  ] as const) {
    if (!Number.isInteger(rate) || rate < 0 || rate > WHOLE) problems[field] = 'A percentage from 0 to 100.';
  }
  const message = draft.message ?? '';
  const wording = textProblem({ kind: 'lines' }, message);
  if (wording) problems.message = `The message ${wording}.`;
  else if (message.length > QUOTE_LIMITS.message) problems.message = `At most ${QUOTE_LIMITS.message} characters.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.validUntil)) problems.validUntil = 'A date.';
  else if (draft.validUntil < today) problems.validUntil = 'The quote would be over before it is sent.';
  else if (draft.validUntil > lastDay) problems.validUntil = 'At most a year from today.';
  return problems;
}

/** A total a quote may not have: nothing to pay, or less than nothing. */
export const payable = (total: Minor) => total > 0;
