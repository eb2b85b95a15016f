// The truck's calendar as the public sees it (issue 38, record 240): which days are
// taken, never who took them or why.
import { addDays, isRealDate } from './truck-schedule.js';

/** The contract's words for a date that is taken (design.md, "One calendar that tells the truth"). */
export const DAY_TAKEN_MESSAGE = "We're already booked on that date. Please choose another.";

/** The longest range GET /api/availability answers, in days (both ends counted). */
export const MAX_AVAILABILITY_DAYS = 400;

/** What is wrong with an availability range, or undefined when it is a range of real days, at most 400 long. */
export function availabilityRangeProblem(from: unknown, to: unknown): string | undefined {
  if (typeof from !== 'string' || !isRealDate(from) || typeof to !== 'string' || !isRealDate(to))
    return 'from and to must be dates such as 2030-05-26.';
  if (to < from) return 'to must not be before from.';
  if (addDays(from, MAX_AVAILABILITY_DAYS - 1) < to) return `The range can be at most ${MAX_AVAILABILITY_DAYS} days.`;
  return undefined;
}

/** The owner's "Block a day" form (issue 38): its fields' labels, as the contract names them. */
export const BLOCK_LABELS = { date: 'Date', reason: 'Reason' } as const;
/** The longest reason: a few words for the owner's own calendar. */
export const MAX_REASON_LENGTH = 200;
/** How far ahead a day may be blocked, in days. */
const MAX_BLOCK_DAYS_AHEAD = 731;

export interface BlockFields {
  date: string;
  reason: string;
}

/** What is wrong with a block, field by field ('Date: …', each naming its label); empty when nothing is. `today`: the business's date. */
export function blockProblems(block: BlockFields, today: string): Partial<Record<keyof BlockFields, string>> {
  const problems: Partial<Record<keyof BlockFields, string>> = {};
  if (!isRealDate(block.date)) problems.date = `${BLOCK_LABELS.date}: enter a date such as 2030-05-26.`;
  else if (block.date < today) problems.date = `${BLOCK_LABELS.date}: pick today or a later day.`;
  else if (block.date > addDays(today, MAX_BLOCK_DAYS_AHEAD))
    problems.date = `${BLOCK_LABELS.date}: pick a day within two years.`;
  if (block.reason.length > MAX_REASON_LENGTH)
    problems.reason = `${BLOCK_LABELS.reason}: at most ${MAX_REASON_LENGTH} characters.`;
  return problems;
}

/** A block as the owner's Schedule page shows it. */
export interface BlockedDayView {
  id: string;
  date: string;
  reason: string;
  blockedAt: string;
  blockedBy: string;
}

/** GET /api/owner/blocked-days: the blocks from today on, and the business's today (the form's earliest day). */
export interface BlockedDaysView {
  blocks: BlockedDayView[];
  today: string;
}

/** How many days an accepted quote holds its date when the content does not say (`sale.holdDays`). */
export const DEFAULT_HOLD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The content's hold, in days (issue 38 item 3, record 281). */
export const holdDaysOf = (sale: { holdDays?: number }): number => sale.holdDays ?? DEFAULT_HOLD_DAYS;

/** The earliest acceptance still holding its date at `now`: a quote accepted at or before it no longer holds. */
export const heldSince = (sale: { holdDays?: number }, now: number): Date => new Date(now - holdDaysOf(sale) * DAY_MS);

/** When an accepted quote's hold on its date ends, if its deposit is not paid by then (ISO instant). */
export const holdEndsAt = (acceptedAt: string, sale: { holdDays?: number }): string =>
  new Date(Date.parse(acceptedAt) + holdDaysOf(sale) * DAY_MS).toISOString();
