// The outbox on SQLite (see outbox-store.ts). A created inquiry's pending row is
// appended inside the create's transaction (sqlite-writer.ts), if `owes`. The
// worker's own writes (writing out deliveries, claims, settlements) commit
// without an fsync (synchronous=NORMAL for that transaction only): losing one in
// a power cut means a delivery is written out again (the same id) or sent again,
// which at-least-once allows; the inquiries' commits stay fully synchronous.
import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { INQUIRY_COLLECTION } from '../../../shared/inquiry.js';
import { prepare, relaxedTransaction } from './sqlite-statements.js';
import { type NewInquiry, STORED_COLUMNS, type StoredInquiry } from '../inquiry-store.js';
import { isOrderTopic } from '../preorder-store.js';
import {
  ANY_KIND,
  capLike,
  cappedTopics,
  claimOrder,
  countedFor,
  type DeliveryPlanner,
  type DeliveryWithAttempts,
  type KindFilter,
  type Release,
  WRITE_OUT_ATTEMPTS,
  deliveryRows,
  writeOutRetryAt,
  summarize,
  type OutboxStore,
  type PendingInquiry,
  type SendCap,
  SETTLED_STATE,
  type SettleItem,
  type ClaimedDelivery,
  toAttempt,
  toDelivery,
} from '../outbox-store.js';

export interface SqliteOutbox {
  outbox: OutboxStore;
  /** Whether a created inquiry owes notifications: its create appends a pending row (sqlite-writer.ts). */
  owes(inquiry: NewInquiry): boolean;
  /** Call after a commit that appended `count` pending rows: tells the worker. */
  queued(count: number): void;
}

/**
 * Deletes an inquiry's pending row, deliveries and attempts (an attempt's error can
 * quote the customer's address); returns how many deliveries. Run it inside the
 * erasure's transaction (sqlite-inbox-store.ts), so nothing is left after its checkpoint.
 */
/**
 * Appends an event's pending row (record 142): run it in the transaction that records the
 * event, with the system's time (Date.now()): the outbox runs on the system's clock, even
 * where a test moves the sale's (clock.ts).
 */
export const PENDING_EVENT_SQL = 'INSERT INTO outboxPending (inquiryId, topic, queuedAt) VALUES (?, ?, ?)';

export function forgetOutboxOf(db: Database.Database): (inquiryId: string) => number {
  const deletePending = prepare(db, 'DELETE FROM outboxPending WHERE inquiryId = ?');
  const deleteAttempts = prepare(
    db,
    'DELETE FROM outboxAttempts WHERE deliveryId IN (SELECT id FROM outbox WHERE inquiryId = ?)',
  );
  const deleteDeliveries = prepare(db, 'DELETE FROM outbox WHERE inquiryId = ?');
  return (inquiryId) => {
    deletePending.run(inquiryId);
    deleteAttempts.run(inquiryId);
    return deleteDeliveries.run(inquiryId).changes;
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface PendingRow {
  seq: number;
  inquiryId: string;
  topic: string;
  queuedAt: number;
  failures: number;
  spamReason: string | null;
  found: number;
}

// What the caps count (see OutboxStore.countSend): the kind's deliveries of @topics sent since
// @since, and those counted and in flight but this one, with their subject's address: an
// inquiry's, or an order's (record 430). With @senderOf (a subject's id), only the sends
// about subjects from its network.
const countedSendsSql = (subjects: string) => {
  const sameSender = `(@senderOf IS NULL OR i.sender = (SELECT sender FROM ${subjects} WHERE id = @senderOf))`;
  const sends = `FROM outbox o JOIN ${subjects} i ON i.id = o.inquiryId WHERE o.kind = @kind AND o.topic LIKE @topics`;
  return `WITH counted AS (
    SELECT i.email ${sends} AND o.state = 'sent' AND o.sentAt >= @since AND ${sameSender}
    UNION ALL
    SELECT i.email ${sends} AND o.state = 'queued' AND o.countedAt IS NOT NULL AND o.claimedUntil > @now AND o.id <> @id
      AND ${sameSender}
  ) SELECT lower(email) FROM counted WHERE lower(email) LIKE @like ESCAPE '\\'`;
};

export function sqliteOutbox(db: Database.Database): SqliteOutbox {
  let plan: DeliveryPlanner = () => [];
  let owes = (inquiry: { spamReason: string | null }) => plan(inquiry).length > 0;
  let idSecret = '';
  let onQueued: (count: number) => void = () => {};

  const pendingSql = `SELECT p.seq, p.inquiryId, p.topic, p.queuedAt, p.failures, i.spamReason, i.id IS NOT NULL AS found
     FROM outboxPending p LEFT JOIN ${INQUIRY_COLLECTION} i ON i.id = p.inquiryId`;
  const oldestPending = prepare(
    db,
    // Arrivals (topic '') first, then the rest (record 193): each its own scan in seq order.
    `${pendingSql} WHERE p.setAsideAt IS NULL AND (p.retryAt IS NULL OR p.retryAt <= @now) AND (p.topic = '') = @arrivals
     ORDER BY p.seq LIMIT @limit`,
  );
  const pendingOf = prepare(db, `${pendingSql} WHERE p.inquiryId = ? AND p.setAsideAt IS NULL`);
  // Exactly the rows written out: older ones may be waiting after a failure, or set aside.
  const deletePendingSeqs = prepare(db, 'DELETE FROM outboxPending WHERE seq IN (SELECT value FROM json_each(?))');
  const deletePendingSeq = prepare(db, 'DELETE FROM outboxPending WHERE seq = ?');
  const deletePendingOf = prepare(db, 'DELETE FROM outboxPending WHERE inquiryId = ?');
  const failedWriteOut = prepare(
    db,
    `UPDATE outboxPending SET failures = failures + 1, lastError = @error, retryAt = @retryAt,
       setAsideAt = CASE WHEN failures + 1 >= @attempts THEN @now END WHERE seq = @seq`,
  );
  const firstPending = prepare(
    db,
    'SELECT queuedAt FROM outboxPending WHERE setAsideAt IS NULL ORDER BY seq LIMIT 1',
  ).pluck();
  const pendingCount = prepare(db, 'SELECT count(*) FROM outboxPending WHERE setAsideAt IS NULL').pluck();
  const insert = prepare(
    db,
    `INSERT INTO outbox (id, inquiryId, kind, topic, target, state, tries, dueAt, createdAt)
     VALUES (@id, @inquiryId, @kind, @topic, @target, 'queued', 0, @dueAt, @dueAt)
     ON CONFLICT (id) DO NOTHING`,
  );
  const claim = prepare(
    db,
    `UPDATE outbox SET claimedUntil = @until, claimToken = @token WHERE id IN (
       SELECT id FROM outbox WHERE state = 'queued' AND dueAt <= @now AND (claimedUntil IS NULL OR claimedUntil <= @now)
         AND (kind IN (SELECT value FROM json_each(@kinds))) = @only AND (topic = '') = @arrivals
       ORDER BY dueAt LIMIT @limit
     ) RETURNING *`,
  );
  const inquiry = prepare(db, `SELECT ${STORED_COLUMNS.join(', ')} FROM ${INQUIRY_COLLECTION} WHERE id = ?`);
  const settleOne = prepare(
    db,
    `UPDATE outbox SET state = @state, tries = tries + 1, dueAt = coalesce(@dueAt, dueAt), claimedUntil = NULL,
       countedAt = NULL, lastError = @error, sentAt = coalesce(@sentAt, sentAt)
     WHERE id = @id AND claimToken = @claimToken`,
  );
  const exists = prepare(db, 'SELECT 1 FROM outbox WHERE id = ?').pluck();
  const recordAttempt = prepare(
    db,
    'INSERT INTO outboxAttempts (deliveryId, at, outcome, error) VALUES (@id, @at, @outcome, @error)',
  );
  const releaseOne = prepare(
    db,
    'UPDATE outbox SET claimedUntil = NULL, claimToken = NULL, countedAt = NULL WHERE id = @id AND claimToken = @claimToken',
  );
  const renewOne = prepare(
    db,
    `UPDATE outbox SET claimedUntil = @until WHERE id = @id AND claimToken = @claimToken AND claimedUntil IS NOT NULL`,
  );
  const releaseAll = prepare(
    db,
    'UPDATE outbox SET claimedUntil = NULL, claimToken = NULL, countedAt = NULL WHERE claimedUntil IS NOT NULL',
  );
  const retrySetAside = prepare(
    db,
    'UPDATE outboxPending SET setAsideAt = NULL, failures = 0, retryAt = NULL WHERE setAsideAt IS NOT NULL',
  );
  const countedSends = prepare(db, countedSendsSql(INQUIRY_COLLECTION)).pluck();
  const countedOrderSends = prepare(db, countedSendsSql('preorders')).pluck();
  const markCounted = prepare(db, 'UPDATE outbox SET countedAt = @now WHERE id = @id AND claimToken = @claimToken');
  const nextDue = prepare(db, `SELECT min(dueAt) FROM outbox WHERE state = 'queued'`).pluck();
  const byInquiry = prepare(db, 'SELECT * FROM outbox WHERE inquiryId = ? ORDER BY createdAt, kind, target');
  const byId = prepare(db, 'SELECT * FROM outbox WHERE id = ?');
  const attemptsOf = prepare(
    db,
    'SELECT at, outcome, error FROM outboxAttempts WHERE deliveryId = ? ORDER BY at, rowid',
  );
  const requeue = prepare(
    db,
    `UPDATE outbox SET state = 'queued', tries = 0, dueAt = @now, claimedUntil = NULL, claimToken = NULL, countedAt = NULL,
       lastError = NULL
     WHERE id = @id AND (claimedUntil IS NULL OR claimedUntil <= @now)`,
  );
  const forgetInquiry = forgetOutboxOf(db);
  // The ids come as one JSON array: one statement, whatever their number.
  const failedOfKind = prepare(
    db,
    `SELECT DISTINCT inquiryId FROM outbox WHERE kind = ? AND state = 'failed'
     AND inquiryId IN (SELECT value FROM json_each(?))`,
  ).pluck();
  const counts = prepare(db, 'SELECT kind, state, count(*) AS n FROM outbox GROUP BY kind, state');
  const queuedFigures = prepare(
    db,
    `SELECT count(*) AS queued, coalesce(sum(tries > 0), 0) AS retrying, min(dueAt) AS oldestDue
     FROM outbox WHERE state = 'queued'`,
  );
  const failedSince = prepare(
    db,
    `SELECT count(*) FROM outbox o WHERE o.state = 'failed'
     AND EXISTS (SELECT 1 FROM outboxAttempts a WHERE a.deliveryId = o.id AND a.outcome = 'failed' AND a.at >= ?)`,
  ).pluck();
  const setAsideFigures = prepare(
    db,
    `SELECT count(*) AS n, (SELECT lastError FROM outboxPending WHERE setAsideAt IS NOT NULL ORDER BY setAsideAt DESC LIMIT 1) AS error
     FROM outboxPending WHERE setAsideAt IS NOT NULL`,
  );

  /** A write of the worker's: committed without waiting for the disk (see the top of the file). */
  const relaxed = <A extends unknown[], R>(fn: (...args: A) => R) => relaxedTransaction(db, fn);

  /** Writes out the deliveries of these pending rows (call inside a transaction that deletes them). */
  const writeOut = (rows: PendingRow[]) => {
    const pending = rows.map(
      (row): PendingInquiry => ({
        inquiryId: row.inquiryId,
        topic: row.topic,
        queuedAt: row.queuedAt,
        spamReason: row.found ? row.spamReason : undefined,
      }),
    );
    for (const row of deliveryRows(plan, pending, idSecret)) insert.run(row);
  };
  /** In a savepoint (a nested transaction): a failure undoes only its own writes. */
  const writeOutAlone = db.transaction((row: PendingRow) => {
    writeOut([row]);
    deletePendingSeq.run(row.seq);
  });
  /**
   * Writes out the oldest pending rows, all at once; if that fails, one at a time, so
   * a row that cannot be written out (counted, then set aside) never holds up the others.
   */
  const writeOutOldest = (limit: number, now: number) => {
    const pending = oldestPending.all({ limit, now, arrivals: 1 }) as PendingRow[];
    if (pending.length < limit)
      pending.push(...(oldestPending.all({ limit: limit - pending.length, now, arrivals: 0 }) as PendingRow[]));
    if (pending.length === 0) return;
    try {
      db.transaction(() => {
        writeOut(pending);
        deletePendingSeqs.run(JSON.stringify(pending.map((row) => row.seq)));
      })();
    } catch {
      for (const row of pending) {
        try {
          writeOutAlone(row);
        } catch (error) {
          failedWriteOut.run({
            seq: row.seq,
            error: String((error as Error).message),
            attempts: WRITE_OUT_ATTEMPTS,
            retryAt: writeOutRetryAt(row.failures + 1, now),
            now,
          });
        }
      }
    }
  };
  const claimDue = relaxed((now: number, limit: number, leaseMs: number, filter: KindFilter) => {
    writeOutOldest(limit, now);
    const token = randomBytes(12).toString('base64url');
    const claimed = (arrivals: number, most: number) =>
      claim.all({
        now,
        until: now + leaseMs,
        token,
        limit: most,
        kinds: JSON.stringify(filter.kinds),
        only: filter.only ? 1 : 0,
        arrivals,
      });
    // Arrivals first, then the events and reminders (record 193).
    const rows = claimed(1, limit);
    if (rows.length < limit) rows.push(...claimed(0, limit - rows.length));
    // RETURNING's order is unspecified: in claim order.
    return rows
      .map((row) => {
        const delivery = toDelivery(row as Record<string, unknown>);
        return {
          ...delivery,
          claimToken: token,
          inquiry: inquiry.get(delivery.inquiryId) as StoredInquiry | undefined,
        };
      })
      .sort(claimOrder);
  });
  const writeOutInquiry = relaxed((inquiryId: string) => {
    writeOut(pendingOf.all(inquiryId) as PendingRow[]);
    deletePendingOf.run(inquiryId);
  });
  const settle = relaxed((settlements: SettleItem[]) => {
    const lost: string[] = [];
    for (const { id, claimToken, at, settlement } of settlements) {
      const error = settlement.outcome === 'sent' ? null : settlement.error;
      const changed = settleOne.run({
        id,
        claimToken,
        state: SETTLED_STATE[settlement.outcome],
        dueAt: settlement.outcome === 'retry' ? settlement.dueAt : null,
        error,
        sentAt: settlement.outcome === 'sent' ? at : null,
      }).changes;
      if (changed === 1) recordAttempt.run({ id, at, outcome: settlement.outcome, error });
      else if (exists.get(id)) lost.push(id); // taken over; an erased one is simply gone
    }
    return lost;
  });
  // One transaction (the process's only connection that writes the outbox): read, judge, count.
  const countSend = relaxed((delivery: ClaimedDelivery, caps: readonly SendCap[], now: number) => {
    const full = caps.find((cap) => {
      const read = {
        kind: delivery.kind,
        since: cap.since,
        now,
        id: delivery.id,
        like: capLike(cap),
        senderOf: cap.fromSenderOf ?? null,
        topics: cappedTopics(delivery.topic),
      };
      const counted = isOrderTopic(delivery.topic) ? countedOrderSends : countedSends;
      return countedFor(cap, counted.all(read) as string[]) >= cap.most;
    });
    if (!full) markCounted.run({ now, id: delivery.id, claimToken: delivery.claimToken });
    return full;
  });
  const renew = relaxed((claims: Release[], until: number) =>
    claims.filter((held) => renewOne.run({ ...held, until }).changes === 0).map((held) => held.id),
  );
  const release = relaxed((claims: Release[]) =>
    claims.filter((held) => releaseOne.run(held).changes === 0 && exists.get(held.id)).map((held) => held.id),
  );
  const withAttempts = (row: unknown): DeliveryWithAttempts => {
    const delivery = toDelivery(row as Record<string, unknown>);
    return {
      ...delivery,
      attempts: attemptsOf.all(delivery.id).map((attempt) => toAttempt(attempt as Record<string, unknown>)),
    };
  };
  const deleteForInquiry = db.transaction(forgetInquiry);

  const outbox: OutboxStore = {
    configure(options) {
      plan = options.plan;
      owes = options.owes ?? ((inquiry) => plan(inquiry).length > 0);
      idSecret = options.idSecret;
      onQueued = options.onQueued ?? (() => {});
    },
    async claimDue(now, limit, leaseMs, filter = ANY_KIND) {
      return claimDue(now, limit, leaseMs, filter);
    },
    async settle(settlements) {
      return settlements.length > 0 ? settle(settlements) : [];
    },
    async release(claims) {
      return claims.length > 0 ? release(claims) : [];
    },
    async renew(claims, until) {
      return claims.length > 0
        ? renew(
            claims.map(({ id, claimToken }) => ({ id, claimToken })),
            until,
          )
        : [];
    },
    async countSend(delivery, caps, now) {
      return countSend(delivery, caps, now);
    },
    async recoverAtStart() {
      relaxed(() => {
        releaseAll.run();
        retrySetAside.run();
      })();
    },
    async nextDueAt() {
      const due = [nextDue.get() as number | null, firstPending.get() as number | undefined].filter(
        (at): at is number => typeof at === 'number',
      );
      return due.length > 0 ? Math.min(...due) : undefined;
    },
    async forInquiry(inquiryId) {
      // Its delivery rows first (indexed): an inquiry that has them has no pending row left
      // (they are written out and the row deleted in one transaction). Only one without any
      // is looked for among the pending rows, which have no index (an append-only table):
      // written out now if the worker has not got to it yet (a flood of creates).
      const rows = byInquiry.all(inquiryId);
      if (rows.length > 0 || !pendingOf.get(inquiryId)) return rows.map(withAttempts);
      try {
        writeOutInquiry(inquiryId);
      } catch {
        // It cannot be written out now: the worker counts its failures and sets it aside.
      }
      return byInquiry.all(inquiryId).map(withAttempts);
    },
    async get(id) {
      const row = byId.get(id);
      return row ? withAttempts(row) : undefined;
    },
    async resend(id, now) {
      if (requeue.run({ id, now }).changes === 1) return 'queued';
      return byId.get(id) ? 'sending' : 'missing';
    },
    async deleteForInquiry(inquiryId) {
      return deleteForInquiry(inquiryId);
    },
    async failedOf(kind, inquiryIds) {
      if (inquiryIds.length === 0) return new Set();
      return new Set(failedOfKind.all(kind, JSON.stringify(inquiryIds)) as string[]);
    },
    async figures(now) {
      const queued = queuedFigures.get() as { queued: number; retrying: number; oldestDue: number | null };
      const firstPendingAt = firstPending.get() as number | undefined;
      const oldestDue = Math.min(
        queued.oldestDue ?? Number.POSITIVE_INFINITY,
        firstPendingAt ?? Number.POSITIVE_INFINITY,
      );
      const setAside = setAsideFigures.get() as { n: number; error: string | null };
      return {
        queued: queued.queued + (pendingCount.get() as number),
        retrying: queued.retrying,
        oldestDueAgeMs: Number.isFinite(oldestDue) ? Math.max(0, now - oldestDue) : 0,
        failedLastDay: failedSince.get(now - DAY_MS) as number,
        setAside: setAside.n,
        setAsideError: setAside.error,
      };
    },
    async summary() {
      return summarize(
        counts.all() as { kind: string; state: string; n: number }[],
        plan,
        pendingCount.get() as number,
      );
    },
  };

  return {
    outbox,
    owes: (inquiry) => owes(inquiry),
    queued(count) {
      if (count > 0) onQueued(count);
    },
  };
}
