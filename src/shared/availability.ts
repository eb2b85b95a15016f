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
