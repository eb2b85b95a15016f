// Fixed-window counts for the rate limits (decision record 091). In this process's
// memory on SQLite, where one process serves the store; in PostgreSQL's "rateCounts"
// table otherwise (postgres/postgres-rate-counts.ts), so that every instance on one
// database counts against the same limit and alternating between them gains nothing.

/** A key's count in its current window, and how long that window has left. */
export interface WindowCount {
  count: number;
  msLeft: number;
}

export interface RateCounts {
  /** Counts one more for `key`: a new window of `windowMs` begins once the last has ended. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window, without counting (0 when it has none). */
  peek(key: string): Promise<WindowCount>;
}

const NONE: WindowCount = { count: 0, msLeft: 0 };

/** Counts in a Map, at most `maxKeys` of them (the oldest windows go first). */
export function memoryRateCounts(maxKeys = 100_000, now: () => number = Date.now): RateCounts {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const forgetEnded = (at: number) => {
    for (const [key, entry] of counts) if (entry.resetAt <= at) counts.delete(key);
    for (const key of counts.keys()) {
      if (counts.size < maxKeys) break;
      counts.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      const entry = counts.get(key);
      if (entry && entry.resetAt > at) {
        entry.count++;
        return { count: entry.count, msLeft: entry.resetAt - at };
      }
      if (!entry && counts.size >= maxKeys) forgetEnded(at);
      // Deleted first, so the Map's order stays the order in which windows began.
      counts.delete(key);
      counts.set(key, { count: 1, resetAt: at + windowMs });
      return { count: 1, msLeft: windowMs };
    },
    async peek(key) {
      const at = now();
      const entry = counts.get(key);
      return entry && entry.resetAt > at ? { count: entry.count, msLeft: entry.resetAt - at } : NONE;
    },
  };
}
