// The truck's stops (issue 19, record 111), one interface for both engines: kept on
// the owner's store's own connection, each change written with a line in the owner's
// history in one transaction. Stops hold no visitor's data; past ones stay (they cost
// nothing and the owner's history names them).
import type { StopFields } from '../../shared/stop-fields.js';
import { type ScheduleChange, STOP_FIELD_NAMES, type TruckStop } from '../../shared/truck-schedule.js';
import type { Actor } from './actor.js';

export interface ScheduleStore {
  /** Every stop on `fromDate` or later, by date and start time. */
  stops(fromDate: string): Promise<TruckStop[]>;
  /** Adds the stops, each with its history line; returns them as stored. */
  addStops(stops: readonly StopFields[], by: Actor, at: Date): Promise<TruckStop[]>;
  /** Changes a stop; undefined if there is no such stop. Throws StopHasOrders to move one that has live pre-orders. */
  changeStop(id: string, stop: StopFields, by: Actor, at: Date): Promise<TruckStop | undefined>;
  /** Removes a stop; false if there is no such stop. Throws StopHasOrders if it has live pre-orders. */
  removeStop(id: string, by: Actor, at: Date): Promise<boolean>;
  /** The latest changes, newest first. */
  history(limit: number): Promise<ScheduleChange[]>;
}

/** The columns of a stop, in the order both engines list them: its id, then its fields (stop-fields.ts). */
export const STOP_COLUMNS = ['id', ...STOP_FIELD_NAMES] as const;

/**
 * A stop with live pre-orders (not cancelled, not picked up) is neither removed nor moved
 * (its date or times changed), decided in the transaction that writes (record 390): its
 * orders would vanish from the Orders page, unpaid back and untold. "Cancel stop" first.
 */
export class StopHasOrders extends Error {
  constructor(readonly orders: number) {
    super(`stop has ${orders} live pre-orders`);
  }
}

/** The pre-orders that keep a stop in place: those "Cancel stop" cancels. */
export const LIVE_ORDER_STATUSES = ['held', 'paid', 'pay-at-pickup', 'ready'] as const;

/** Whether a change moves the stop: its date or times change (its place's words may change freely). */
export const movesStop = (before: StopFields, after: StopFields): boolean =>
  before.date !== after.date || before.starts !== after.starts || before.ends !== after.ends;
