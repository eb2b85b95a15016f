// The outbox on PostgreSQL (see outbox-store.ts). A batch of creates and its
// deliveries are one statement (postgres-store.ts wraps its INSERT in a CTE
// from `withDeliveries`), so they commit together. Several instances share the
// table: a claim takes rows FOR UPDATE SKIP LOCKED, so each delivery goes to
// one instance, and its lease (claimedUntil) lets another take it if that
// instance dies.
import type pg from 'pg';
import { INQUIRY_COLLECTION } from '../../shared/inquiry.js';
import { type NewInquiry, STORED_COLUMNS, type StoredInquiry } from './inquiry-store.js';
import {
  type DeliveryPlanner,
  type DeliveryWithAttempts,
  emptySummary,
  type OutboxRow,
  type OutboxStore,
  outboxRows,
  SETTLED_STATE,
  toAttempt,
  toDelivery,
} from './outbox-store.js';

export interface PostgresOutbox {
  outbox: OutboxStore;
  /** The deliveries of a batch's creates (the first create of each id: the others cannot create it). */
  rowsFor(batch: NewInquiry[]): OutboxRow[];
  /** Call after a batch that queued deliveries committed. */
  queued(count: number): void;
}

const inquiries = `"${INQUIRY_COLLECTION}"`;
const storedColumns = STORED_COLUMNS.map((column) => `"${column}"`).join(', ');

/**
 * Wraps the batch INSERT … RETURNING "id" (whose parameters are $1…$n) so the
 * same statement adds the deliveries of the rows it inserted, and still
 * returns their ids.
 */
export function withDeliveries(insertSql: string, parameters: number): string {
  const p = (offset: number) => `$${parameters + offset}`;
  return `WITH "inserted" AS (${insertSql}),
  "queued" AS (
    INSERT INTO "outbox" ("id", "inquiryId", "kind", "target", "state", "tries", "dueAt", "createdAt")
    SELECT d."id", d."inquiryId", d."kind", d."target", 'queued', 0, ${p(5)}::bigint, ${p(5)}::bigint
    FROM unnest(${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[]) AS d("id", "inquiryId", "kind", "target")
    WHERE d."inquiryId" IN (SELECT "id" FROM "inserted")
  )
  SELECT "id" FROM "inserted"`;
}

/** The parameters `withDeliveries` adds after the INSERT's own. */
export function deliveryParameters(rows: OutboxRow[], now: number): unknown[] {
  return [
    rows.map((row) => row.id),
    rows.map((row) => row.inquiryId),
    rows.map((row) => row.kind),
    rows.map((row) => row.target),
    now,
  ];
}

const CLAIM_SQL = `UPDATE "outbox" SET "claimedUntil" = $1 WHERE "id" IN (
    SELECT "id" FROM "outbox"
    WHERE "state" = 'queued' AND "dueAt" <= $2 AND ("claimedUntil" IS NULL OR "claimedUntil" <= $2)
    ORDER BY "dueAt" LIMIT $3
    FOR UPDATE SKIP LOCKED
  ) RETURNING *`;

// One statement settles a whole list: each settlement as a row of arrays; an
// attempt is recorded only for a delivery that still exists (not erased).
const SETTLE_SQL = `WITH "s" AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[])
      AS s("id", "state", "outcome", "dueAt", "error", "at")
  ),
  "settled" AS (
    UPDATE "outbox" o SET "state" = s."state", "tries" = o."tries" + 1, "dueAt" = coalesce(s."dueAt", o."dueAt"),
      "claimedUntil" = NULL, "lastError" = s."error",
      "sentAt" = CASE WHEN s."outcome" = 'sent' THEN s."at" ELSE o."sentAt" END
    FROM "s" WHERE o."id" = s."id"
    RETURNING o."id"
  )
  INSERT INTO "outboxAttempts" ("deliveryId", "at", "outcome", "error")
  SELECT s."id", s."at", s."outcome", s."error" FROM "s" WHERE s."id" IN (SELECT "id" FROM "settled")`;

export function postgresOutbox(pool: pg.Pool): PostgresOutbox {
  let plan: DeliveryPlanner = () => [];
  let onQueued: (count: number) => void = () => {};

  const withAttempts = async (rows: Record<string, unknown>[]): Promise<DeliveryWithAttempts[]> => {
    if (rows.length === 0) return [];
    const deliveries = rows.map(toDelivery);
    const { rows: attempts } = await pool.query(
      `SELECT "deliveryId", "at", "outcome", "error" FROM "outboxAttempts" WHERE "deliveryId" = ANY($1::text[])
       ORDER BY "at", ctid`,
      [deliveries.map((delivery) => delivery.id)],
    );
    return deliveries.map((delivery) => ({
      ...delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id).map(toAttempt),
    }));
  };

  const outbox: OutboxStore = {
    configure(options) {
      plan = options.plan;
      onQueued = options.onQueued ?? (() => {});
    },
    async claimDue(now, limit, leaseMs) {
      const { rows } = await pool.query({ name: 'outbox-claim', text: CLAIM_SQL, values: [now + leaseMs, now, limit] });
      if (rows.length === 0) return [];
      const deliveries = rows.map(toDelivery);
      const found = await pool.query({
        name: 'outbox-inquiries',
        text: `SELECT ${storedColumns} FROM ${inquiries} WHERE "id" = ANY($1::text[])`,
        values: [deliveries.map((delivery) => delivery.inquiryId)],
      });
      const byId = new Map(
        found.rows.map((row) => [
          row.id as string,
          { ...row, createdAt: (row.createdAt as Date).toISOString() } as StoredInquiry,
        ]),
      );
      return deliveries
        .sort((a, b) => a.dueAt - b.dueAt)
        .map((delivery) => ({ ...delivery, inquiry: byId.get(delivery.inquiryId) }));
    },
    async settle(settlements) {
      if (settlements.length === 0) return;
      await pool.query({
        name: 'outbox-settle',
        text: SETTLE_SQL,
        values: [
          settlements.map((item) => item.id),
          settlements.map((item) => SETTLED_STATE[item.settlement.outcome]),
          settlements.map((item) => item.settlement.outcome),
          settlements.map((item) => (item.settlement.outcome === 'retry' ? item.settlement.dueAt : null)),
          settlements.map((item) => (item.settlement.outcome === 'sent' ? null : item.settlement.error)),
          settlements.map((item) => item.at),
        ],
      });
    },
    async release(ids) {
      if (ids.length === 0) return;
      await pool.query('UPDATE "outbox" SET "claimedUntil" = NULL WHERE "id" = ANY($1::text[])', [ids]);
    },
    async recoverAtStart() {
      // Other instances may be sending: their claims expire with their lease.
    },
    async nextDueAt() {
      const { rows } = await pool.query(`SELECT min("dueAt") AS due FROM "outbox" WHERE "state" = 'queued'`);
      return rows[0].due === null ? undefined : Number(rows[0].due);
    },
    async forInquiry(inquiryId) {
      const { rows } = await pool.query(
        'SELECT * FROM "outbox" WHERE "inquiryId" = $1 ORDER BY "createdAt", "kind", "target"',
        [inquiryId],
      );
      return withAttempts(rows);
    },
    async get(id) {
      const { rows } = await pool.query('SELECT * FROM "outbox" WHERE "id" = $1', [id]);
      return (await withAttempts(rows))[0];
    },
    async resend(id, now) {
      const result = await pool.query(
        `UPDATE "outbox" SET "state" = 'queued', "tries" = 0, "dueAt" = $2, "claimedUntil" = NULL, "lastError" = NULL
         WHERE "id" = $1`,
        [id, now],
      );
      return result.rowCount === 1;
    },
    async deleteForInquiry(inquiryId) {
      const { rows } = await pool.query(
        `WITH "gone" AS (DELETE FROM "outbox" WHERE "inquiryId" = $1 RETURNING "id"),
           "attempts" AS (DELETE FROM "outboxAttempts" WHERE "deliveryId" IN (SELECT "id" FROM "gone"))
         SELECT count(*)::int AS n FROM "gone"`,
        [inquiryId],
      );
      return rows[0].n as number;
    },
    async failedOwnerNotifications(inquiryIds) {
      if (inquiryIds.length === 0) return new Set();
      const { rows } = await pool.query(
        `SELECT DISTINCT "inquiryId" FROM "outbox"
         WHERE "kind" = 'owner-email' AND "state" = 'failed' AND "inquiryId" = ANY($1::text[])`,
        [inquiryIds],
      );
      return new Set(rows.map((row) => row.inquiryId as string));
    },
    async summary() {
      const summary = emptySummary();
      const { rows } = await pool.query(
        'SELECT "kind", "state", count(*)::int AS n FROM "outbox" GROUP BY "kind", "state"',
      );
      for (const row of rows as { kind: keyof typeof summary; state: string; n: number }[]) {
        const forKind = summary[row.kind];
        if (forKind && row.state in forKind) forKind[row.state as keyof typeof forKind] = row.n;
      }
      return summary;
    },
  };

  return {
    outbox,
    rowsFor(batch) {
      const seen = new Set<string>();
      const rows: OutboxRow[] = [];
      for (const inquiry of batch) {
        if (seen.has(inquiry.id)) continue;
        seen.add(inquiry.id);
        rows.push(...outboxRows(plan, inquiry));
      }
      return rows;
    },
    queued(count) {
      onQueued(count);
    },
  };
}
