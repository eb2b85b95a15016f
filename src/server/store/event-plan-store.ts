// The booked event's plan (issue 30, record 170), one interface for both engines: the
// final guest count as its own record with its history (the accepted quote's snapshot
// never changes), and what the customer told of the day after accepting (who meets the
// truck, the answers to the content's site questions). Each change writes the inquiry's
// history in one transaction; the owner hears of the customer's final counts through a
// reminder rule, one notice per inquiry per quarter hour (record 190). Erased with the inquiry.
import type { DietaryCount, SiteAnswer } from '../../shared/event-plan.js';
import type { Actor } from './actor.js';

/**
 * The booked event's outbox events (topics '<event>:<ref>', record 142): a final count the
 * customer gave (its id), and the reminders before the day (the inquiry's id), each
 * queued once by its rule in reminders/ (record 143).
 */
export const EVENT_PLAN_EVENTS = {
  /** One final count (its id): written before record 190; such rows still render. */
  finalCountChanged: 'final-count-changed',
  /** The customer's final counts of one quarter hour ('<inquiry id>@<its start, ms>'; record 190). */
  finalCountChanges: 'final-count-changes',
  /** To the customer, so many days before: 'final-count-14', 'final-count-3'. */
  finalCountReminder: (days: number) => `final-count-${days}`,
  balanceDue: 'balance-due',
  /** To the owner, the day before. */
  tomorrow: 'tomorrow',
} as const;

/**
 * The customer's changes of the final count are told to the owner at most once per
 * inquiry per this long (record 190): a link held by many, or a script, cannot flood
 * the owner's mailbox and the mail provider's quota.
 */
export const CHANGES_NOTICE_MS = 15 * 60_000;
/** The quarter hour (its start, ms) an instant falls in. */
export const quarterOf = (at: number) => Math.floor(at / CHANGES_NOTICE_MS) * CHANGES_NOTICE_MS;
/** The reference of a quarter's notice: '<inquiry id>@<start ms>'. */
export const changesRef = (inquiryId: string, quarter: number) => `${inquiryId}@${quarter}`;
/** The inquiry and quarter a notice's reference names, or undefined. */
export function parseChangesRef(ref: string): { inquiryId: string; quarter: number } | undefined {
  const at = ref.lastIndexOf('@');
  const quarter = Number(ref.slice(at + 1));
  return at > 0 && Number.isSafeInteger(quarter) ? { inquiryId: ref.slice(0, at), quarter } : undefined;
}

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
   * written), with its history line (`note`). Undefined if there is no such inquiry.
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
  /** The final counts the customer set (`by` null) at or after `since`, oldest first, of every inquiry. */
  customerCountsSince(since: Date): Promise<FinalCount[]>;
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
