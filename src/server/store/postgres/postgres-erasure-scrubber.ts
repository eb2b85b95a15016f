// The erasure scrub on PostgreSQL (records 081, 085): after erasures, the tables they
// deleted from are rewritten so no file of the cluster keeps the erased text. Started
// and stopped by the owner store's opener; the inbox and pre-order stores ask for a scrub
// after each erasure (postgres-inbox-store.ts, postgres-preorder-store.ts).
import type pg from 'pg';
import { longQueries } from './postgres-pool.js';

/** The tables an erasure deletes rows with personal data from (the outbox's errors can quote the address). */
export const ERASED_TABLES = [
  'eventInquiries',
  'inquiryEvents',
  'inquiryState',
  'outbox',
  'outboxAttempts',
  'outboxPending',
  'quotes',
  'payments',
  'checkoutSessions',
  'reminders',
  'finalCounts',
  'eventDetails',
  // An order's erasure blanks its customer's name, phone and e-mail (record 340).
  'preorders',
];

/** How many erasures there have been: the inquiries' tombstones and the orders' count (record 340). */
const ERASURES_SQL = `((SELECT count(*) FROM "erasures") + coalesce((SELECT "count" FROM "orderErasures"), 0))`;

/** How long after an erasure the scrub waits for more (erasures come in bursts: a customer's several inquiries). */
const SCRUB_AFTER_MS = 2_000;
/** The longest an erasure waits for its scrub to start, however many erasures follow it. */
export const SCRUB_WITHIN_MS = 10_000;
/** After a failed scrub (logged), when it is tried again. */
const SCRUB_RETRY_MS = 20_000;
/**
 * How long a rewrite waits for a table another session holds (a long read, pg_dump):
 * creates queue behind its lock request meanwhile, so it gives up soon and is tried again.
 */
const SCRUB_LOCK_TIMEOUT = '1s';
/**
 * How many times a table's rewrite asks for its lock before the scrub gives up: an
 * autovacuum holding it is cancelled once a lock request has waited deadlock_timeout
 * (1 s), the moment the request itself may time out, so the next try gets it.
 */
const SCRUB_LOCK_TRIES = 3;
const LOCK_NOT_AVAILABLE = '55P03';

/** Where the scrub reports a failure: the step and the error's code, never its text. */
export type ScrubLog = (fields: { step: string; code: unknown }, message: string) => void;

const SCRUB_FAILED = `erasure scrub failed: tried again in ${SCRUB_RETRY_MS / 1000} s, or at the next start`;

/** Without the server's logger (a command-line tool): one line on stderr. */
export const stderrLog: ScrubLog = (fields, message) =>
  console.error(`${message} (${fields.step}: ${String(fields.code)})`);

/**
 * One scrub: rewrites the tables erasures delete from (VACUUM FULL: new files, the old
 * ones truncated, every index rebuilt), then asks for a CHECKPOINT, and records how
 * many erasures it covers. True if it got through; a failure is logged.
 */
async function scrubOnce(pool: pg.Pool, log: ScrubLog): Promise<boolean> {
  let step = 'count the erasures';
  const client = await pool.connect().catch((error: unknown) => {
    log({ step: 'connect', code: (error as { code?: unknown }).code }, SCRUB_FAILED);
    return undefined;
  });
  if (!client) return false;
  try {
    const { rows } = await client.query(`SELECT ${ERASURES_SQL} AS "n"`);
    await client.query(`SET lock_timeout = '${SCRUB_LOCK_TIMEOUT}'`);
    // A rewrite of a large table may take a while (record 150's limits are for requests).
    await client.query('SET statement_timeout = 0');
    const long = longQueries(client);
    step = 'wait for older snapshots';
    await olderSnapshotsGone(client);
    for (const table of ERASED_TABLES) {
      step = `VACUUM FULL "${table}"`;
      await withLockTries(() => long(step));
    }
    // The statistics ANALYZE kept before migration 161 (record 157): only a superuser may
    // rewrite this catalog; for another role PostgreSQL skips it with a warning.
    step = 'VACUUM FULL pg_statistic';
    await withLockTries(() => long(step));
    step = 'CHECKPOINT';
    // Only superusers and pg_checkpoint members may; the others' old files go at the next automatic one.
    await long('CHECKPOINT').catch((error: { code?: unknown }) => {
      if (error.code !== '42501') throw error;
    });
    step = 'record the scrub';
    await client.query(
      `INSERT INTO "erasureScrubs" ("erasures") VALUES ($1) ON CONFLICT ("one")
       DO UPDATE SET "erasures" = greatest("erasureScrubs"."erasures", excluded."erasures")`,
      [rows[0].n],
    );
    return true;
  } catch (error) {
    log({ step, code: (error as { code?: unknown }).code }, SCRUB_FAILED);
    return false;
  } finally {
    // Its lock_timeout is its own: the connection is closed, not pooled again.
    client.release(true);
  }
}

/** How long the scrub waits for the snapshots taken before it began to end. */
const SNAPSHOTS_WAIT_MS = 10_000;

/**
 * Waits until nothing from before now is still running or still seen: VACUUM FULL copies
 * a deleted row that an older snapshot of this database may still see (an autovacuum's
 * ANALYZE, a request under way), or that any transaction still running in the cluster
 * (any database: a snapshot takes the oldest of them as its xmin) keeps "recently dead",
 * so the erased text would survive into the new files. Throws (the scrub is tried again
 * later) if one is still there after SNAPSHOTS_WAIT_MS.
 */
async function olderSnapshotsGone(client: pg.PoolClient): Promise<void> {
  // Every transaction before this one (the erasures' among them) had begun when the scrub did.
  const { rows } = await client.query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS "horizon"`);
  const horizon = rows[0].horizon as string;
  const until = Date.now() + SNAPSHOTS_WAIT_MS;
  for (;;) {
    // A fresh snapshot each time: its xmin is the oldest transaction still running anywhere.
    const older = await client.query(
      `SELECT pg_snapshot_xmin(pg_current_snapshot()) < $1::text::xid8
         OR EXISTS (SELECT FROM pg_stat_activity
           WHERE "datname" = current_database() AND "pid" <> pg_backend_pid() AND "backend_xmin" IS NOT NULL
             AND age("backend_xmin") > age(($1::text::bigint % 4294967296)::text::xid)) AS "held"`,
      [horizon],
    );
    if (!older.rows[0].held) return;
    if (Date.now() > until) throw Object.assign(new Error('an older snapshot is still held'), { code: 'snapshot' });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `work` again while it could not have its lock, up to SCRUB_LOCK_TRIES times in all. */
async function withLockTries<T>(work: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE || tries >= SCRUB_LOCK_TRIES) throw error;
    }
  }
}

/** Erasures recorded since the last scrub that got through (a restart cut one short). */
async function scrubPending(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT ${ERASURES_SQL} > coalesce((SELECT "erasures" FROM "erasureScrubs"), 0) AS "pending"`,
  );
  return rows[0].pending as boolean;
}

/**
 * After erasures, scrubs the engine's files (scrubOnce): a plain VACUUM leaves the
 * deleted text in the heap's free space and the words in the GIN search index, whose
 * vacuum removes item pointers, not keys. Batched a couple of seconds after the last
 * erasure, but never later than SCRUB_WITHIN_MS after the first one waiting; a failed
 * scrub is logged and tried again; one a restart cut short runs at the next start.
 * The rewrite holds each table's lock for its duration (a second or two at 100,000
 * inquiries), which creates wait out. Records 081, 085.
 */
export function erasureScrubber(pool: pg.Pool, log: ScrubLog) {
  let timer: NodeJS.Timeout | undefined;
  /** When the oldest erasure waiting must be scrubbed by. */
  let dueBy: number | undefined;
  let wanted = false;
  let running: Promise<void> | undefined;
  let closing = false;
  const waiters: (() => void)[] = [];

  const runNow = () => {
    clearTimeout(timer);
    timer = undefined;
    dueBy = undefined;
    running ??= run();
  };
  const runIn = (delayMs: number) => {
    const at = Math.min(Date.now() + delayMs, dueBy ?? Number.POSITIVE_INFINITY);
    clearTimeout(timer);
    timer = setTimeout(runNow, Math.max(0, at - Date.now()));
  };
  /** An erasure was committed: scrub soon. */
  const soon = () => {
    wanted = true;
    dueBy ??= Date.now() + SCRUB_WITHIN_MS;
    if (!running) runIn(SCRUB_AFTER_MS);
  };
  const run = async () => {
    while (wanted) {
      wanted = false;
      dueBy = undefined;
      if (!(await scrubOnce(pool, log))) {
        wanted = true;
        if (!closing) runIn(SCRUB_RETRY_MS);
        break;
      }
    }
    running = undefined;
    for (const resolve of waiters.splice(0)) resolve();
  };
  /** Resolves when what is wanted has been tried: waited for, so run now rather than after the pause. */
  const settled = (): Promise<void> => {
    if (!wanted && !running) return Promise.resolve();
    const done = new Promise<void>((resolve) => waiters.push(resolve));
    if (!running) runNow();
    return done;
  };
  return {
    soon,
    settled,
    /** At start: erasures the last scrub did not cover (the process stopped first) are scrubbed soon. */
    async resume() {
      if (await scrubPending(pool)) soon();
    },
    /** Closing: what is wanted is tried once more now; if that fails, the next start does it. */
    async close() {
      closing = true;
      await settled();
      clearTimeout(timer);
    },
  };
}

export type ErasureScrubber = ReturnType<typeof erasureScrubber>;
