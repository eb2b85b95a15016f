// The truck's calendar (issue 38, record 240), one interface for both engines: which
// days are taken, and the days the owner blocked. One definition of a taken day, here
// and in each engine's UNAVAILABLE query: it holds `perDay` Booked inquiries, or the
// owner blocked it. (Holds on accepted quotes join that query as a third part.)
import type { BlockedDayView } from '../../shared/availability.js';
import type { Actor } from './actor.js';

/** A blocked day: its date (YYYY-MM-DD, the business's day) and the owner's reason, never shown to anyone else. */
export type BlockedDay = BlockedDayView;

export interface CalendarStore {
  /** The unavailable days from `from` to `to` (both YYYY-MM-DD, inclusive), in order, each once. */
  unavailableDays(from: string, to: string, perDay: number): Promise<string[]>;
  /** Blocks a day (a day may be blocked more than once, each with its reason). */
  blockDay(date: string, reason: string, by: Actor, at: Date): Promise<BlockedDay>;
  /** Removes a block; false if there is no such block. */
  unblockDay(id: string): Promise<boolean>;
  /** Every block on `from` or later, by date. */
  blockedDays(from: string): Promise<BlockedDay[]>;
}
