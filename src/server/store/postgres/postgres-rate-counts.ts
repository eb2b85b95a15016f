// The rate limits' counts in PostgreSQL (decision record 091), shared by every
// instance on the database. Hits are group-committed: while one statement is on its
// way, the hits that arrive wait and go together in the next (a row per key, its
// count raised by that key's hits), so a burst costs few round trips and a hot key
// (one address) is not fought over by many statements at once. Windows are timed by
// the database's clock, which all instances share.
import type pg from 'pg';
import type { RateCounts, WindowCount } from '../rate-counts.js';

const NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

const HIT_SQL = `INSERT INTO "rateCounts" ("key", "count", "resetAt")
  SELECT "key", "hits", ${NOW_MS} + "windowMs" FROM unnest($1::text[], $2::int[], $3::bigint[]) AS t("key", "hits", "windowMs")
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN "rateCounts"."resetAt" <= ${NOW_MS} THEN excluded."count" ELSE "rateCounts"."count" + excluded."count" END,
    "resetAt" = CASE WHEN "rateCounts"."resetAt" <= ${NOW_MS} THEN excluded."resetAt" ELSE "rateCounts"."resetAt" END
  RETURNING "key", "count", "resetAt" - ${NOW_MS} AS "msLeft"`;

const PEEK_SQL = `SELECT "count", "resetAt" - ${NOW_MS} AS "msLeft" FROM "rateCounts" WHERE "key" = $1`;

/** Ended windows are deleted at most this often. */
const SWEEP_EVERY_MS = 60_000;

interface Waiting {
  windowMs: number;
  waiters: { resolve: (count: WindowCount) => void; reject: (error: unknown) => void }[];
}

export function postgresRateCounts(pool: pg.Pool): RateCounts {
  let waiting = new Map<string, Waiting>();
  let lastSweep = Date.now();
  let flushing = false;

  /** Sends what waits, then again while more came meanwhile; one statement at a time. */
  async function drain(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (waiting.size > 0) await flush();
    } finally {
      flushing = false;
    }
  }

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    try {
      const { rows } = await pool.query(HIT_SQL, [
        keys,
        keys.map((key) => batch.get(key)!.waiters.length),
        keys.map((key) => batch.get(key)!.windowMs),
      ]);
      for (const row of rows) {
        const { waiters } = batch.get(row.key as string)!;
        const first = (row.count as number) - waiters.length + 1;
        const msLeft = Math.max(1, Number(row.msLeft));
        for (const [i, waiter] of waiters.entries()) waiter.resolve({ count: first + i, msLeft });
      }
    } catch (error) {
      for (const { waiters } of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      pool.query(`DELETE FROM "rateCounts" WHERE "resetAt" <= ${NOW_MS}`).catch(() => {});
    }
  }

  return {
    hit(key, windowMs) {
      return new Promise((resolve, reject) => {
        if (waiting.size === 0 && !flushing) setImmediate(() => void drain());
        const entry = waiting.get(key) ?? { windowMs, waiters: [] };
        entry.waiters.push({ resolve, reject });
        waiting.set(key, entry);
      });
    },
    async peek(key) {
      const { rows } = await pool.query(PEEK_SQL, [key]);
      const row = rows[0];
      return row && Number(row.msLeft) > 0
        ? { count: row.count as number, msLeft: Number(row.msLeft) }
        : { count: 0, msLeft: 0 };
    },
  };
}
