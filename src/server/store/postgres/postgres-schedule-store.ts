// The truck's stops on PostgreSQL (schedule-store.ts), on the owner store's pool.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  type ScheduleChange,
  type ScheduleChangeKind,
  STOP_FIELD_NAMES,
  stopSummary,
  type TruckStop,
} from '../../../shared/truck-schedule.js';
import type { Actor } from '../actor.js';
import { LIVE_ORDER_STATUSES, movesStop, type ScheduleStore, STOP_COLUMNS, StopHasOrders } from '../schedule-store.js';
import { inTransaction } from './postgres-transaction.js';

const COLUMNS = STOP_COLUMNS.map((column) => `"${column}"`).join(', ');
/** $1, $2, …: the stop's columns in order, then the time of the change ($AT). */
const PLACEHOLDERS = STOP_COLUMNS.map((_, index) => `$${index + 1}`).join(', ');
const AT = `$${STOP_COLUMNS.length + 1}`;
/** "date" = $2, …: every column but the id ($1). */
const ASSIGNMENTS = STOP_FIELD_NAMES.map((name, index) => `"${name}" = $${index + 2}`).join(', ');

const record = (client: pg.PoolClient, kind: ScheduleChangeKind, stop: TruckStop, by: Actor, at: Date) =>
  client.query(
    'INSERT INTO "scheduleChanges" ("stopId", "kind", "summary", "ownerId", "ownerEmail", "at") VALUES ($1, $2, $3, $4, $5, $6)',
    [stop.id, kind, stopSummary(stop), by.id, by.email, at],
  );

/**
 * Locks the stop's row, then refuses to remove or move it if its live pre-orders need it
 * (record 390): an order being placed holds a share lock on the row (postgres-preorder-store.ts),
 * so the count is read after it committed. The stop as it was, or undefined.
 */
async function lockStop(client: pg.PoolClient, id: string, refuse: (stop: TruckStop) => boolean) {
  const { rows } = await client.query(`SELECT ${COLUMNS} FROM "truckStops" WHERE "id" = $1 FOR UPDATE`, [id]);
  const stop = rows[0] as TruckStop | undefined;
  if (!stop || !refuse(stop)) return stop;
  const { rows: live } = await client.query(
    'SELECT count(*)::int AS "live" FROM "preorders" WHERE "stopId" = $1 AND "status" = ANY($2)',
    [id, LIVE_ORDER_STATUSES],
  );
  if (live[0].live > 0) throw new StopHasOrders(live[0].live as number);
  return stop;
}

const values = (stop: TruckStop) => STOP_COLUMNS.map((column) => stop[column]);

export function postgresScheduleStore(pool: pg.Pool): ScheduleStore {
  return {
    async stops(fromDate) {
      const { rows } = await pool.query(
        `SELECT ${COLUMNS} FROM "truckStops" WHERE "date" >= $1 ORDER BY "date", "starts", "place"`,
        [fromDate],
      );
      return rows as TruckStop[];
    },

    addStops(stops, by, at) {
      return inTransaction(pool, async (client) => {
        const added: TruckStop[] = [];
        for (const fields of stops) {
          const stop: TruckStop = { id: randomUUID(), ...fields };
          await client.query(
            `INSERT INTO "truckStops" (${COLUMNS}, "createdAt", "updatedAt") VALUES (${PLACEHOLDERS}, ${AT}, ${AT})`,
            [...values(stop), at],
          );
          await record(client, 'added', stop, by, at);
          added.push(stop);
        }
        return added;
      });
    },

    changeStop(id, fields, by, at) {
      return inTransaction(pool, async (client) => {
        if (!(await lockStop(client, id, (before) => movesStop(before, fields)))) return undefined;
        const stop: TruckStop = { id, ...fields };
        const { rowCount } = await client.query(
          `UPDATE "truckStops" SET ${ASSIGNMENTS}, "updatedAt" = ${AT} WHERE "id" = $1`,
          [...values(stop), at],
        );
        if (rowCount === 0) return undefined;
        await record(client, 'changed', stop, by, at);
        return stop;
      });
    },

    removeStop(id, by, at) {
      return inTransaction(pool, async (client) => {
        if (!(await lockStop(client, id, () => true))) return false;
        const { rows } = await client.query(`DELETE FROM "truckStops" WHERE "id" = $1 RETURNING ${COLUMNS}`, [id]);
        const stop = rows[0] as TruckStop | undefined;
        if (!stop) return false;
        await record(client, 'removed', stop, by, at);
        return true;
      });
    },

    async history(limit) {
      const { rows } = await pool.query(
        'SELECT "kind", "summary", "ownerEmail" AS "by", "at" FROM "scheduleChanges" ORDER BY "id" DESC LIMIT $1',
        [limit],
      );
      return rows.map((row) => ({ ...row, at: (row.at as Date).toISOString() })) as ScheduleChange[];
    },
  };
}
