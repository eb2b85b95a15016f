// The event's plan on PostgreSQL (event-plan-store.ts), on the owner store's pool: each
// change in one transaction with its history line and, for a final count from the
// customer, the owner's outbox pending row. The inquiry's row is locked first, so two
// changes at once are compared with each other one after the other.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from '../actor.js';
import {
  type EventPlanStore,
  type FinalCount,
  rowToDetails,
  rowToFinalCount,
  sameCount,
  sameDetails,
} from '../event-plan-store.js';
import { inTransaction } from './postgres-transaction.js';

/** Deletes an inquiry's plan ($1): run them inside the erasure's transaction. */
export const FORGET_EVENT_PLAN_SQL = [
  'DELETE FROM "finalCounts" WHERE "inquiryId" = $1',
  'DELETE FROM "eventDetails" WHERE "inquiryId" = $1',
];

type Query = Pick<pg.PoolClient, 'query'>;

const history = (client: Query, inquiryId: string, note: string, by: Actor | null, at: Date) =>
  client.query(
    `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "note", "ownerId", "ownerEmail", "at") VALUES ($1, 'sale', $2, $3, $4, $5)`,
    [inquiryId, note, by?.id ?? null, by?.email ?? null, at],
  );

/** Locks the inquiry's row for the transaction; false if there is none. */
const lockInquiry = async (client: Query, inquiryId: string) =>
  ((await client.query('SELECT 1 FROM "eventInquiries" WHERE "id" = $1 FOR UPDATE', [inquiryId])).rowCount ?? 0) > 0;

const latestOn = async (db: Query, inquiryId: string) => {
  const { rows } = await db.query('SELECT * FROM "finalCounts" WHERE "inquiryId" = $1 ORDER BY "seq" DESC LIMIT 1', [
    inquiryId,
  ]);
  return rows[0] ? rowToFinalCount(rows[0]) : undefined;
};

const detailsOn = async (db: Query, inquiryId: string) => {
  const { rows } = await db.query('SELECT * FROM "eventDetails" WHERE "inquiryId" = $1', [inquiryId]);
  return rows[0] ? rowToDetails(rows[0]) : undefined;
};

export function postgresEventPlanStore(pool: pg.Pool): EventPlanStore {
  return {
    setFinalCount(inquiryId, count, by, at, note) {
      return inTransaction(pool, async (client): Promise<FinalCount | 'unchanged' | undefined> => {
        if (!(await lockInquiry(client, inquiryId))) return undefined;
        const previous = await latestOn(client, inquiryId);
        if (previous && sameCount(previous, count)) return 'unchanged';
        const row: FinalCount = { id: randomUUID(), inquiryId, ...count, by: by?.email ?? null, at: at.toISOString() };
        await client.query(
          'INSERT INTO "finalCounts" ("id", "inquiryId", "guests", "dietary", "setBy", "at") VALUES ($1, $2, $3, $4, $5, $6)',
          [row.id, inquiryId, row.guests, JSON.stringify(row.dietary), row.by, at],
        );
        await history(client, inquiryId, note(previous), by, at);
        return row;
      });
    },
    async finalCounts(inquiryId) {
      const { rows } = await pool.query('SELECT * FROM "finalCounts" WHERE "inquiryId" = $1 ORDER BY "seq"', [
        inquiryId,
      ]);
      return rows.map(rowToFinalCount);
    },
    async finalCount(id) {
      const { rows } = await pool.query('SELECT * FROM "finalCounts" WHERE "id" = $1', [id]);
      return rows[0] ? rowToFinalCount(rows[0]) : undefined;
    },
    async customerCountsSince(since) {
      const { rows } = await pool.query(
        'SELECT * FROM "finalCounts" WHERE "setBy" IS NULL AND "at" >= $1 ORDER BY "seq"',
        [since],
      );
      return rows.map(rowToFinalCount);
    },
    async latestFinalCounts(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const { rows } = await pool.query(
        `SELECT DISTINCT ON ("inquiryId") * FROM "finalCounts" WHERE "inquiryId" = ANY($1::text[])
         ORDER BY "inquiryId", "seq" DESC`,
        [inquiryIds],
      );
      return new Map(rows.map((row) => [row.inquiryId as string, rowToFinalCount(row)]));
    },
    setDetails(inquiryId, next, at, note) {
      return inTransaction(pool, async (client): Promise<boolean | 'unchanged'> => {
        if (!(await lockInquiry(client, inquiryId))) return false;
        const previous = await detailsOn(client, inquiryId);
        if (previous && sameDetails(previous, next)) return 'unchanged';
        await client.query(
          `INSERT INTO "eventDetails" ("inquiryId", "onSiteName", "onSitePhone", "siteAnswers", "updatedAt")
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ("inquiryId") DO UPDATE SET "onSiteName" = excluded."onSiteName",
             "onSitePhone" = excluded."onSitePhone", "siteAnswers" = excluded."siteAnswers", "updatedAt" = excluded."updatedAt"`,
          [inquiryId, next.onSiteName, next.onSitePhone, JSON.stringify(next.siteAnswers), at],
        );
        await history(client, inquiryId, note(previous), null, at);
        return true;
      });
    },
    details: (inquiryId) => detailsOn(pool, inquiryId),
    async detailsOf(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const { rows } = await pool.query('SELECT * FROM "eventDetails" WHERE "inquiryId" = ANY($1::text[])', [
        inquiryIds,
      ]);
      return new Map(rows.map((row) => [row.inquiryId as string, rowToDetails(row)]));
    },
  };
}
