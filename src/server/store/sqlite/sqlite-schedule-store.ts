// The truck's stops on SQLite (schedule-store.ts), on the owner store's connection.
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { StopFields } from '../../../shared/stop-fields.js';
import {
  type ScheduleChange,
  type ScheduleChangeKind,
  STOP_FIELD_NAMES,
  stopSummary,
  type TruckStop,
} from '../../../shared/truck-schedule.js';
import type { Actor } from '../actor.js';
import { LIVE_ORDER_STATUSES, movesStop, type ScheduleStore, STOP_COLUMNS, StopHasOrders } from '../schedule-store.js';
import type { Prepare } from './sqlite-statements.js';

export function sqliteScheduleStore(db: Database.Database, prepare: Prepare): ScheduleStore {
  const columns = STOP_COLUMNS.join(', ');
  const insert = `INSERT INTO truckStops (${columns}, createdAt, updatedAt)
    VALUES (${STOP_COLUMNS.map((column) => `@${column}`).join(', ')}, @at, @at)`;
  const update = `UPDATE truckStops SET ${STOP_FIELD_NAMES.map((name) => `${name} = @${name}`).join(', ')},
    updatedAt = @at WHERE id = @id`;
  const find = (id: string) =>
    prepare(`SELECT ${columns} FROM truckStops WHERE id = ?`).get(id) as TruckStop | undefined;
  const record = (kind: ScheduleChangeKind, stop: TruckStop, by: Actor, at: string) =>
    prepare(
      'INSERT INTO scheduleChanges (stopId, kind, summary, ownerId, ownerEmail, at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(stop.id, kind, stopSummary(stop), by.id, by.email, at);
  /** Refuses to remove or move a stop its live pre-orders need (record 390), in the caller's transaction. */
  const refuseWithOrders = (id: string) => {
    const live = prepare(
      `SELECT count(*) FROM preorders WHERE stopId = ? AND status IN (${LIVE_ORDER_STATUSES.map(() => '?').join(', ')})`,
    )
      .pluck()
      .get(id, ...LIVE_ORDER_STATUSES) as number;
    if (live > 0) throw new StopHasOrders(live);
  };

  // IMMEDIATE, as every write here (see sqlite-owner-store.ts).
  const addTx = db.transaction((stops: readonly StopFields[], by: Actor, at: string) =>
    stops.map((fields) => {
      const stop: TruckStop = { id: randomUUID(), ...fields };
      prepare(insert).run({ ...stop, at });
      record('added', stop, by, at);
      return stop;
    }),
  );
  const changeTx = db.transaction((id: string, fields: StopFields, by: Actor, at: string) => {
    const before = find(id);
    if (!before) return undefined;
    if (movesStop(before, fields)) refuseWithOrders(id);
    const stop: TruckStop = { id, ...fields };
    prepare(update).run({ ...stop, at });
    record('changed', stop, by, at);
    return stop;
  });
  const removeTx = db.transaction((id: string, by: Actor, at: string) => {
    const stop = find(id);
    if (!stop) return false;
    refuseWithOrders(id);
    prepare('DELETE FROM truckStops WHERE id = ?').run(id);
    record('removed', stop, by, at);
    return true;
  });

  return {
    async stops(fromDate) {
      return prepare(`SELECT ${columns} FROM truckStops WHERE date >= ? ORDER BY date, starts, place`).all(
        fromDate,
      ) as TruckStop[];
    },
    async addStops(stops, by, at) {
      return addTx.immediate(stops, by, at.toISOString());
    },
    async changeStop(id, stop, by, at) {
      return changeTx.immediate(id, stop, by, at.toISOString());
    },
    async removeStop(id, by, at) {
      return removeTx.immediate(id, by, at.toISOString());
    },
    async history(limit) {
      return prepare('SELECT kind, summary, ownerEmail AS "by", at FROM scheduleChanges ORDER BY id DESC LIMIT ?').all(
        limit,
      ) as ScheduleChange[];
    },
  };
}
