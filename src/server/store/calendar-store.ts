// The truck's calendar (issue 38, record 240), one interface for both engines: which
// days are taken, and the days the owner blocked. One definition of a taken day, here
// and in each engine's UNAVAILABLE query: it holds `perDay` Booked inquiries, or the
// owner blocked it, or an accepted quote holds it (record 281).
import type { BlockedDayView } from '../../shared/availability.js';
import type { Actor } from './actor.js';

/** A blocked day: its date (YYYY-MM-DD, the business's day) and the owner's reason, never shown to anyone else. */
export type BlockedDay = BlockedDayView;

/** An accepted quote's hold on its day that ran out unpaid (record 281). */
export interface EndedHold {
  quoteId: string;
  inquiryId: string;
  day: string;
  acceptedAt: string;
}

export interface CalendarStore {
  /**
   * The unavailable days from `from` to `to` (both YYYY-MM-DD, inclusive), in order, each
   * once: `perDay` Booked fill a day; a quote accepted after `heldSince` (and not paid,
   * declined, nor its inquiry Booked, Declined or Spam) holds its day.
   */
  unavailableDays(from: string, to: string, perDay: number, heldSince: Date): Promise<string[]>;
  /** The holds that ended unpaid: quotes accepted after `endedAfter` and at or before `heldSince`. */
  endedHolds(heldSince: Date, endedAfter: Date): Promise<EndedHold[]>;
  /** Blocks a day (a day may be blocked more than once, each with its reason). */
  blockDay(date: string, reason: string, by: Actor, at: Date): Promise<BlockedDay>;
  /** Removes a block; false if there is no such block. */
  unblockDay(id: string): Promise<boolean>;
  /** Every block on `from` or later, by date. */
  blockedDays(from: string): Promise<BlockedDay[]>;
}
