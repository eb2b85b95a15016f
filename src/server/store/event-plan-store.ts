// The booked event's plan (issue 30, record 170), one interface for both engines: the
// final guest count as its own record with its history (the accepted quote's snapshot
// never changes), and what the customer told of the day after accepting (who meets the
// truck, the answers to the content's site questions). Each change writes the inquiry's
// history, and a final count from the customer the owner's notice (an outbox pending
// row, record 142), in one transaction. Erased with the inquiry.
import type { DietaryCount, SiteAnswer } from '../../shared/event-plan.js';
import type { Actor } from './actor.js';

/**
 * The booked event's outbox events (topics '<event>:<ref>', record 142): a final count the
 * customer gave (its id), and the reminders before the day (the inquiry's id), each
 * queued once by its rule in reminders/ (record 143).
 */
export const EVENT_PLAN_EVENTS = {
  finalCountChanged: 'final-count-changed',
  /** To the customer, so many days before: 'final-count-14', 'final-count-3'. */
  finalCountReminder: (days: number) => `final-count-${days}`,
  balanceDue: 'balance-due',
  /** To the owner, the day before. */
  tomorrow: 'tomorrow',
} as const;

export interface FinalCount {
  id: string;
  inquiryId: string;
  guests: number;
  dietary: DietaryCount[];
  /** The owner's e-mail; null when the customer set it on the quote page. */
  by: string | null;
  at: string;
}

export interface NewFinalCount {
  guests: number;
  dietary: DietaryCount[];
}

/** What the customer told of the day: who meets the truck, and the site's answers. */
export interface EventDetails {
  onSiteName: string;
  onSitePhone: string;
  siteAnswers: SiteAnswer[];
}

export interface StoredEventDetails extends EventDetails {
  inquiryId: string;
  updatedAt: string;
}

/** The history line of a change, from what was there before it (undefined: nothing yet). */
export type ChangeNote<T> = (previous: T | undefined) => string;

export interface EventPlanStore {
  /**
   * Records a final count, unless it is the one in force already ('unchanged', nothing
   * written): its history line (`note`), and when the customer set it (`by` null) the
   * owner's notice. Undefined if there is no such inquiry.
   */
  setFinalCount(
    inquiryId: string,
    count: NewFinalCount,
    by: Actor | null,
    at: Date,
    note: ChangeNote<FinalCount>,
  ): Promise<FinalCount | 'unchanged' | undefined>;
  /** The inquiry's final counts, oldest first (the last is in force). */
  finalCounts(inquiryId: string): Promise<FinalCount[]>;
  /** One final count, by its id (a notice's topic names it). */
  finalCount(id: string): Promise<FinalCount | undefined>;
  /** The final count in force of each of these inquiries that has one. */
  latestFinalCounts(inquiryIds: readonly string[]): Promise<Map<string, FinalCount>>;
  /**
   * Keeps what the customer told of the day (replacing what they told before), with its
   * history line; 'unchanged' when it is the same. False if there is no such inquiry.
   */
  setDetails(
    inquiryId: string,
    details: EventDetails,
    at: Date,
    note: ChangeNote<StoredEventDetails>,
  ): Promise<boolean | 'unchanged'>;
  details(inquiryId: string): Promise<StoredEventDetails | undefined>;
  /** The details of each of these inquiries that has them. */
  detailsOf(inquiryIds: readonly string[]): Promise<Map<string, StoredEventDetails>>;
}

// Read back in one key order: PostgreSQL's jsonb keeps keys in an order of its own.
const dietaryOf = (list: DietaryCount[]) => list.map(({ label, count }) => ({ label, count }));
const answersOf = (list: SiteAnswer[]) => list.map(({ question, answer }) => ({ question, answer }));

/** Whether two final counts say the same. */
export const sameCount = (a: NewFinalCount, b: NewFinalCount) =>
  a.guests === b.guests && JSON.stringify(dietaryOf(a.dietary)) === JSON.stringify(dietaryOf(b.dietary));

/** Whether two sets of details say the same. */
export const sameDetails = (a: EventDetails, b: EventDetails) =>
  a.onSiteName === b.onSiteName &&
  a.onSitePhone === b.onSitePhone &&
  JSON.stringify(answersOf(a.siteAnswers)) === JSON.stringify(answersOf(b.siteAnswers));

const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const time = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

/** A finalCounts row as either engine returns it. */
export function rowToFinalCount(row: Record<string, unknown>): FinalCount {
  return {
    id: row.id as string,
    inquiryId: row.inquiryId as string,
    guests: Number(row.guests),
    dietary: dietaryOf(json(row.dietary)),
    by: (row.setBy as string | null) ?? null,
    at: time(row.at),
  };
}

/** An eventDetails row as either engine returns it. */
export function rowToDetails(row: Record<string, unknown>): StoredEventDetails {
  return {
    inquiryId: row.inquiryId as string,
    onSiteName: row.onSiteName as string,
    onSitePhone: row.onSitePhone as string,
    siteAnswers: answersOf(json(row.siteAnswers)),
    updatedAt: time(row.updatedAt),
  };
}
