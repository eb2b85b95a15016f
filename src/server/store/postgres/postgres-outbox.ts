// The outbox on PostgreSQL (see outbox-store.ts). A batch of creates and its
// pending rows are one statement (postgres-store.ts wraps its INSERT in a CTE
// from `withPending`), so they commit together. Several instances share the
// tables: pending rows and due deliveries are taken FOR UPDATE SKIP LOCKED, so
// each goes to one instance, and a delivery's lease (claimedUntil) lets another
// take it if that instance dies.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { INQUIRY_COLLECTION } from '../../../shared/inquiry.js';
import { type NewInquiry, STORED_COLUMNS, type StoredInquiry } from '../inquiry-store.js';
import { isOrderTopic } from '../preorder-store.js';
import {
  ANY_KIND,
  capLike,
  cappedTopics,
  claimOrder,
  type ClaimedDelivery,
  countedFor,
  type DeliveryPlanner,
  type DeliveryWithAttempts,
  WRITE_OUT_ATTEMPTS,
  writeOutRetryAt,
  deliveryRows,
  summarize,
  type OutboxStore,
  type PendingInquiry,
  type SendCap,
  SETTLED_STATE,
  toAttempt,
  toDelivery,
} from '../outbox-store.js';
import { inTransaction } from './postgres-transaction.js';

export interface PostgresOutbox {
  outbox: OutboxStore;
  /** The ids, in a batch of creates, of the inquiries that owe notifications if they are created. */
  owing(batch: NewInquiry[]): string[];
  /** Call after a batch that queued `count` inquiries' notifications committed. */
  queued(count: number): void;
}

const inquiries = `"${INQUIRY_COLLECTION}"`;
const DAY_MS = 24 * 60 * 60 * 1000;
const storedColumns = STORED_COLUMNS.map((column) => `"${column}"`).join(', ');

/**
 * Wraps the batch INSERT … RETURNING "id" (whose parameters are $1…$n) so the
 * same statement appends a pending row for each inserted inquiry that owes
 * notifications, and still returns the inserted ids.
 */
export function withPending(insertSql: string, parameters: number): string {
  return `WITH "inserted" AS (${insertSql}),
  "pending" AS (
    INSERT INTO "outboxPending" ("inquiryId", "queuedAt")
    SELECT "id", $${parameters + 2}::bigint FROM "inserted" JOIN unnest($${parameters + 1}::text[]) AS o("id") USING ("id")
  )
  SELECT "id" FROM "inserted"`;
}

/** Appends an event's pending row (record 142), as on SQLite (sqlite-outbox.ts says why its time is the system's). */
export const PENDING_EVENT_SQL = 'INSERT INTO "outboxPending" ("inquiryId", "topic", "queuedAt") VALUES ($1, $2, $3)';

/** The parameters `withPending` adds after the INSERT's own. */
export function pendingParameters(owing: string[], now: number): unknown[] {
  return [owing, now];
}

// Takes pending rows (the oldest, or one inquiry's) with what their plan needs;
// the same transaction writes out their deliveries.
const takePendingSql = (which: string) => `WITH "taken" AS (
    DELETE FROM "outboxPending" WHERE "seq" IN (
      SELECT "seq" FROM "outboxPending" ${which} FOR UPDATE SKIP LOCKED
    ) RETURNING "inquiryId", "topic", "queuedAt"
  )
  SELECT t."inquiryId", t."topic", t."queuedAt", i."spamReason", i."id" IS NOT NULL AS "found"
  FROM "taken" t LEFT JOIN ${inquiries} i ON i."id" = t."inquiryId"`;
/** Pending rows that may be tried now ($2): not set aside, not waiting after a failed write-out. */
const TRYABLE = '"setAsideAt" IS NULL AND ("retryAt" IS NULL OR "retryAt" <= $2)';
/** Arrivals (topic '') first, then the oldest (record 193). */
const CLAIM_ORDER = '("topic" <> \'\')';
const TAKE_OLDEST_SQL = takePendingSql(`WHERE ${TRYABLE} ORDER BY ${CLAIM_ORDER}, "seq" LIMIT $1`);
const TAKE_ONE_SQL = takePendingSql('WHERE "inquiryId" = $1 AND "setAsideAt" IS NULL');
const WRITE_OUT_SQL = `INSERT INTO "outbox" ("id", "inquiryId", "kind", "topic", "target", "state", "tries", "dueAt", "createdAt")
  SELECT d."id", d."inquiryId", d."kind", d."topic", d."target", 'queued', 0, d."dueAt", d."dueAt"
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
    AS d("id", "inquiryId", "kind", "target", "dueAt", "topic")
  ON CONFLICT ("id") DO NOTHING`;

/**
 * Deletes an inquiry ($1)'s deliveries, their attempts (an error can quote the
 * customer's address) and its pending row; answers how many deliveries (n). The
 * erasure runs it in its transaction, before its VACUUM (postgres-inbox-store.ts).
 */
export const FORGET_INQUIRY_SQL = `WITH "gone" AS (DELETE FROM "outbox" WHERE "inquiryId" = $1 RETURNING "id"),
    "attempts" AS (DELETE FROM "outboxAttempts" WHERE "deliveryId" IN (SELECT "id" FROM "gone")),
    "pending" AS (DELETE FROM "outboxPending" WHERE "inquiryId" = $1)
  SELECT count(*)::int AS n FROM "gone"`;

const CLAIM_SQL = `UPDATE "outbox" SET "claimedUntil" = $1, "claimToken" = $4 WHERE "id" IN (
    SELECT "id" FROM "outbox"
    WHERE "state" = 'queued' AND "dueAt" <= $2 AND ("claimedUntil" IS NULL OR "claimedUntil" <= $2)
      AND ("kind" = ANY($5::text[])) = $6
    ORDER BY ${CLAIM_ORDER}, "dueAt" LIMIT $3
    FOR UPDATE SKIP LOCKED
  ) RETURNING *`;

// One pending row at a time (after a batch failed): each in a savepoint of the transaction.
const PENDING_ONE_BY_ONE_SQL = `SELECT p."seq", p."inquiryId", p."topic", p."queuedAt", p."failures", i."spamReason",
    i."id" IS NOT NULL AS "found"
  FROM "outboxPending" p LEFT JOIN ${inquiries} i ON i."id" = p."inquiryId"
  WHERE p."seq" IN (SELECT "seq" FROM "outboxPending" WHERE ${TRYABLE} ORDER BY ${CLAIM_ORDER}, "seq" LIMIT $1 FOR UPDATE SKIP LOCKED)
  ORDER BY p."seq"`;
const FAILED_WRITE_OUT_SQL = `UPDATE "outboxPending" SET "failures" = "failures" + 1, "lastError" = $2, "retryAt" = $5,
    "setAsideAt" = CASE WHEN "failures" + 1 >= $3 THEN $4::bigint END WHERE "seq" = $1`;

// One statement settles a whole list: each settlement as a row of arrays; an
// attempt is recorded only for a delivery that still exists (not erased).
const SETTLE_SQL = `WITH "s" AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::text[])
      AS s("id", "state", "outcome", "dueAt", "error", "at", "token")
  ),
  "settled" AS (
    UPDATE "outbox" o SET "state" = s."state", "tries" = o."tries" + 1, "dueAt" = coalesce(s."dueAt", o."dueAt"),
      "claimedUntil" = NULL, "claimToken" = NULL, "countedAt" = NULL, "lastError" = s."error",
      "sentAt" = CASE WHEN s."outcome" = 'sent' THEN s."at" ELSE o."sentAt" END
    FROM "s" WHERE o."id" = s."id" AND o."claimToken" = s."token"
    RETURNING o."id"
  ),
  "recorded" AS (
    INSERT INTO "outboxAttempts" ("deliveryId", "at", "outcome", "error")
    SELECT s."id", s."at", s."outcome", s."error" FROM "s" WHERE s."id" IN (SELECT "id" FROM "settled")
  )
  SELECT o."id" FROM "outbox" o JOIN "s" ON s."id" = o."id" WHERE o."id" NOT IN (SELECT "id" FROM "settled")`;
const RELEASE_SQL = `WITH "c" AS (SELECT * FROM unnest($1::text[], $2::text[]) AS c("id", "token")),
  "released" AS (
    UPDATE "outbox" o SET "claimedUntil" = NULL, "claimToken" = NULL, "countedAt" = NULL FROM "c"
    WHERE o."id" = c."id" AND o."claimToken" = c."token" RETURNING o."id"
  )
  SELECT o."id" FROM "outbox" o JOIN "c" ON c."id" = o."id" WHERE o."id" NOT IN (SELECT "id" FROM "released")`;

const RENEW_SQL = `UPDATE "outbox" o SET "claimedUntil" = $3
  FROM unnest($1::text[], $2::text[]) AS c("id", "token")
  WHERE o."id" = c."id" AND o."claimToken" = c."token" AND o."claimedUntil" IS NOT NULL
  RETURNING o."id"`;

// What the caps count (see OutboxStore.countSend): the kind ($1)'s deliveries of the topics
// LIKE $7 sent since $2, and those counted and in flight ($3: now) but this one ($4), by
// their subject's address (lowercased) LIKE $5: an inquiry's, or an order's (record 430).
// With $6 (a subject's id), only the sends about subjects from its network.
const countedSendsSql = (subjects: string) => {
  const sameSender = `($6::text IS NULL OR i."sender" = (SELECT "sender" FROM ${subjects} WHERE "id" = $6))`;
  const sends = `FROM "outbox" o JOIN ${subjects} i ON i."id" = o."inquiryId"
  WHERE o."kind" = $1 AND o."topic" LIKE $7 AND lower(i."email") LIKE $5 ESCAPE '\\' AND ${sameSender}`;
  return `SELECT lower(i."email") AS "email" ${sends} AND o."state" = 'sent' AND o."sentAt" >= $2
  UNION ALL
  SELECT lower(i."email") ${sends}
    AND o."state" = 'queued' AND o."countedAt" IS NOT NULL AND o."claimedUntil" > $3 AND o."id" <> $4`;
};
const COUNTED_SENDS_SQL = countedSendsSql(inquiries);
const COUNTED_ORDER_SENDS_SQL = countedSendsSql('"preorders"');

/**
 * Counts a send against its caps (OutboxStore.countSend) while holding its kind's lock
 * for the transaction: two instances counting at once take turns, so both cannot see
 * the last free place.
 */
async function countSendIn(
  client: pg.PoolClient,
  delivery: ClaimedDelivery,
  caps: readonly SendCap[],
  now: number,
): Promise<SendCap | undefined> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`curbside send caps\n${delivery.kind}`]);
  for (const cap of caps) {
    const { rows } = await client.query(isOrderTopic(delivery.topic) ? COUNTED_ORDER_SENDS_SQL : COUNTED_SENDS_SQL, [
      delivery.kind,
      cap.since,
      now,
      delivery.id,
      capLike(cap),
      cap.fromSenderOf ?? null,
      cappedTopics(delivery.topic),
    ]);
    if (
      countedFor(
        cap,
        rows.map((row) => row.email as string),
      ) >= cap.most
    )
      return cap;
  }
  await client.query('UPDATE "outbox" SET "countedAt" = $3 WHERE "id" = $1 AND "claimToken" = $2', [
    delivery.id,
    delivery.claimToken,
    now,
  ]);
  return undefined;
}

export function postgresOutbox(pool: pg.Pool): PostgresOutbox {
  let plan: DeliveryPlanner = () => [];
  let owes = (inquiry: { spamReason: string | null }) => plan(inquiry).length > 0;
  let idSecret = '';
  let onQueued: (count: number) => void = () => {};

  const deliveriesOf = async (inquiryId: string) =>
    (
      await pool.query('SELECT * FROM "outbox" WHERE "inquiryId" = $1 ORDER BY "createdAt", "kind", "target"', [
        inquiryId,
      ])
    ).rows as Record<string, unknown>[];

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

  /** Inserts the deliveries of these pending rows (inside the transaction that took them). */
  const insertDeliveries = async (client: pg.PoolClient, rows: Record<string, unknown>[]) => {
    const pending = rows.map(
      (row): PendingInquiry => ({
        inquiryId: row.inquiryId as string,
        topic: row.topic as string,
        queuedAt: Number(row.queuedAt),
        spamReason: row.found ? (row.spamReason as string | null) : undefined,
      }),
    );
    const deliveries = deliveryRows(plan, pending, idSecret);
    if (deliveries.length === 0) return;
    await client.query({
      name: 'outbox-write-out',
      text: WRITE_OUT_SQL,
      values: [
        deliveries.map((row) => row.id),
        deliveries.map((row) => row.inquiryId),
        deliveries.map((row) => row.kind),
        deliveries.map((row) => row.target),
        deliveries.map((row) => row.dueAt),
        deliveries.map((row) => row.topic),
      ],
    });
  };

  /** Takes pending rows (TAKE_OLDEST_SQL or TAKE_ONE_SQL) and writes out their deliveries, in one transaction. */
  const writeOut = (takeSql: string, parameters: unknown[]) =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query(takeSql, parameters);
      await insertDeliveries(client, rows);
    });

  /**
   * After a batch's write-out failed: the oldest pending rows one at a time, each in a
   * savepoint, so one that cannot be written out (counted, then set aside with its
   * error) never holds up the others.
   */
  const writeOutOneByOne = (limit: number, now: number) =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query(PENDING_ONE_BY_ONE_SQL, [limit, now]);
      for (const row of rows) {
        await client.query('SAVEPOINT "one"');
        try {
          await client.query('DELETE FROM "outboxPending" WHERE "seq" = $1', [row.seq]);
          await insertDeliveries(client, [row]);
          await client.query('RELEASE SAVEPOINT "one"');
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT "one"');
          await client.query(FAILED_WRITE_OUT_SQL, [
            row.seq,
            (error as Error).message,
            WRITE_OUT_ATTEMPTS,
            now,
            writeOutRetryAt(Number(row.failures) + 1, now),
          ]);
        }
      }
    });

  const outbox: OutboxStore = {
    configure(options) {
      plan = options.plan;
      owes = options.owes ?? ((inquiry) => plan(inquiry).length > 0);
      idSecret = options.idSecret;
      onQueued = options.onQueued ?? (() => {});
    },
    async claimDue(now, limit, leaseMs, filter = ANY_KIND) {
      try {
        await writeOut(TAKE_OLDEST_SQL, [limit, now]);
      } catch {
        await writeOutOneByOne(limit, now);
      }
      const token = randomBytes(12).toString('base64url');
      const { rows } = await pool.query({
        name: 'outbox-claim',
        text: CLAIM_SQL,
        values: [now + leaseMs, now, limit, token, filter.kinds, filter.only],
      });
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
        .sort(claimOrder)
        .map((delivery) => ({ ...delivery, claimToken: token, inquiry: byId.get(delivery.inquiryId) }));
    },
    async settle(settlements) {
      if (settlements.length === 0) return [];
      const { rows } = await pool.query({
        name: 'outbox-settle',
        text: SETTLE_SQL,
        values: [
          settlements.map((item) => item.id),
          settlements.map((item) => SETTLED_STATE[item.settlement.outcome]),
          settlements.map((item) => item.settlement.outcome),
          settlements.map((item) => (item.settlement.outcome === 'retry' ? item.settlement.dueAt : null)),
          settlements.map((item) => (item.settlement.outcome === 'sent' ? null : item.settlement.error)),
          settlements.map((item) => item.at),
          settlements.map((item) => item.claimToken),
        ],
      });
      return rows.map((row) => row.id as string);
    },
    async release(claims) {
      if (claims.length === 0) return [];
      const { rows } = await pool.query(RELEASE_SQL, [
        claims.map((held) => held.id),
        claims.map((held) => held.claimToken),
      ]);
      return rows.map((row) => row.id as string);
    },
    async renew(claims, until) {
      if (claims.length === 0) return [];
      const { rows } = await pool.query({
        name: 'outbox-renew',
        text: RENEW_SQL,
        values: [claims.map((held) => held.id), claims.map((held) => held.claimToken), until],
      });
      const renewed = new Set(rows.map((row) => row.id as string));
      return claims.filter((held) => !renewed.has(held.id)).map((held) => held.id);
    },
    countSend: (delivery, caps, now) => inTransaction(pool, (client) => countSendIn(client, delivery, caps, now)),
    async figures(now) {
      const { rows } = await pool.query(
        `SELECT
          (SELECT count(*)::int FROM "outbox" WHERE "state" = 'queued') AS "queued",
          (SELECT count(*)::int FROM "outbox" WHERE "state" = 'queued' AND "tries" > 0) AS "retrying",
          (SELECT count(*)::int FROM "outboxPending" WHERE "setAsideAt" IS NULL) AS "pending",
          least((SELECT min("dueAt") FROM "outbox" WHERE "state" = 'queued'),
            (SELECT min("queuedAt") FROM "outboxPending" WHERE "setAsideAt" IS NULL)) AS "oldestDue",
          (SELECT count(*)::int FROM "outbox" o WHERE o."state" = 'failed' AND EXISTS (
            SELECT 1 FROM "outboxAttempts" a WHERE a."deliveryId" = o."id" AND a."outcome" = 'failed' AND a."at" >= $1
          )) AS "failedLastDay",
          (SELECT count(*)::int FROM "outboxPending" WHERE "setAsideAt" IS NOT NULL) AS "setAside",
          (SELECT "lastError" FROM "outboxPending" WHERE "setAsideAt" IS NOT NULL ORDER BY "setAsideAt" DESC LIMIT 1)
            AS "setAsideError"`,
        [now - DAY_MS],
      );
      const row = rows[0];
      const oldestDue = row.oldestDue === null ? null : Number(row.oldestDue);
      return {
        queued: row.queued + row.pending,
        retrying: row.retrying,
        oldestDueAgeMs: oldestDue === null ? 0 : Math.max(0, now - oldestDue),
        failedLastDay: row.failedLastDay,
        setAside: row.setAside,
        setAsideError: row.setAsideError,
      };
    },
    async recoverAtStart() {
      // Other instances may be sending: their claims expire with their lease. Inquiries set
      // aside get another chance (the cause may be fixed by now).
      await pool.query(
        'UPDATE "outboxPending" SET "setAsideAt" = NULL, "failures" = 0, "retryAt" = NULL WHERE "setAsideAt" IS NOT NULL',
      );
    },
    async nextDueAt() {
      const { rows } = await pool.query(
        `SELECT least((SELECT min("dueAt") FROM "outbox" WHERE "state" = 'queued'),
           (SELECT "queuedAt" FROM "outboxPending" WHERE "setAsideAt" IS NULL ORDER BY "seq" LIMIT 1)) AS due`,
      );
      return rows[0].due === null ? undefined : Number(rows[0].due);
    },
    async forInquiry(inquiryId) {
      // Its delivery rows first (indexed): an inquiry that has them has no pending row left
      // (they are written out and the row deleted in one transaction). Only one without any
      // is looked for among the pending rows, which have no index (an append-only table):
      // written out now if no worker has got to it yet (a flood of creates).
      const rows = await deliveriesOf(inquiryId);
      if (rows.length > 0) return withAttempts(rows);
      const pending = await pool.query(
        'SELECT 1 FROM "outboxPending" WHERE "inquiryId" = $1 AND "setAsideAt" IS NULL LIMIT 1',
        [inquiryId],
      );
      if (pending.rows.length === 0) return [];
      try {
        await writeOut(TAKE_ONE_SQL, [inquiryId]);
      } catch {
        // It cannot be written out now: the worker counts its failures and sets it aside.
      }
      return withAttempts(await deliveriesOf(inquiryId));
    },
    async get(id) {
      const { rows } = await pool.query('SELECT * FROM "outbox" WHERE "id" = $1', [id]);
      return (await withAttempts(rows))[0];
    },
    async resend(id, now) {
      const result = await pool.query(
        `UPDATE "outbox" SET "state" = 'queued', "tries" = 0, "dueAt" = $2, "claimedUntil" = NULL, "claimToken" = NULL,
           "countedAt" = NULL, "lastError" = NULL
         WHERE "id" = $1 AND ("claimedUntil" IS NULL OR "claimedUntil" <= $2)`,
        [id, now],
      );
      if (result.rowCount === 1) return 'queued';
      const { rows } = await pool.query('SELECT 1 FROM "outbox" WHERE "id" = $1', [id]);
      return rows.length > 0 ? 'sending' : 'missing';
    },
    async deleteForInquiry(inquiryId) {
      const { rows } = await pool.query(FORGET_INQUIRY_SQL, [inquiryId]);
      return rows[0].n as number;
    },
    async failedOf(kind, inquiryIds) {
      if (inquiryIds.length === 0) return new Set();
      const { rows } = await pool.query(
        `SELECT DISTINCT "inquiryId" FROM "outbox"
         WHERE "kind" = $1 AND "state" = 'failed' AND "inquiryId" = ANY($2::text[])`,
        [kind, inquiryIds],
      );
      return new Set(rows.map((row) => row.inquiryId as string));
    },
    async summary() {
      const { rows } = await pool.query(
        'SELECT "kind", "state", count(*)::int AS n FROM "outbox" GROUP BY "kind", "state"',
      );
      const pending = await pool.query('SELECT count(*)::int AS n FROM "outboxPending" WHERE "setAsideAt" IS NULL');
      return summarize(rows, plan, pending.rows[0].n as number);
    },
  };

  return {
    outbox,
    owing(batch) {
      // Only the first create of an id can create it; the others are replays or conflicts.
      const seen = new Set<string>();
      return batch.flatMap((inquiry) => {
        if (seen.has(inquiry.id)) return [];
        seen.add(inquiry.id);
        return owes(inquiry) ? [inquiry.id] : [];
      });
    },
    queued(count) {
      onQueued(count);
    },
  };
}
