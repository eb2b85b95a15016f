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
  /**
   * Counts one more for `key`: a new window of `windowMs` begins once the last has ended.
   * `lasting`: a key that must hold while its window runs whatever else is counted (the
   * sign-in lock-out's; record 152).
   */
  hit(key: string, windowMs: number, lasting?: boolean): Promise<WindowCount>;
  /** The key's count in its current window, without counting (0 when it has none). */
  peek(key: string): Promise<WindowCount>;
}

const NONE: WindowCount = { count: 0, msLeft: 0 };

/**
 * Counts in memory (record 152): at most `maxKeys` windows of each sort (lasting or not),
 * and a window is never forgotten before it ends: a flood of new keys (one per IPv6 /64)
 * must not flush the counts that hold an address or an account back. When every place
 * is taken by a running window, a new key is not counted but refused: its hit answers a
 * count no limit allows (fails closed), until the first window ends.
 */
export function memoryRateCounts(maxKeys = 100_000, now: () => number = Date.now): RateCounts {
  const counts = windows(maxKeys, now);
  const lasting = windows(maxKeys, now);
  return {
    async hit(key, windowMs, isLasting = false) {
      return (isLasting ? lasting : counts).hit(key, windowMs);
    },
    async peek(key) {
      return lasting.peek(key) ?? counts.peek(key) ?? NONE;
    },
  };
}

/** One map of windows. */
function windows(maxKeys: number, now: () => number) {
  const entries = new Map<string, { count: number; resetAt: number }>();
  /** When the first of the windows kept at the last sweep ends: no sweep finds anything before. */
  let firstEnd = 0;
  const forgetEnded = (at: number) => {
    if (at < firstEnd) return;
    firstEnd = Number.POSITIVE_INFINITY;
    for (const [key, entry] of entries) {
      if (entry.resetAt <= at) entries.delete(key);
      else firstEnd = Math.min(firstEnd, entry.resetAt);
    }
  };
  return {
    hit(key: string, windowMs: number): WindowCount {
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.resetAt > at) {
        entry.count++;
        return { count: entry.count, msLeft: entry.resetAt - at };
      }
      if (!entry && entries.size >= maxKeys) forgetEnded(at);
      if (!entry && entries.size >= maxKeys) {
        // Full of running windows: refused, until the first of them ends.
        return { count: Number.POSITIVE_INFINITY, msLeft: Math.max(1, firstEnd - at) };
      }
      entries.set(key, { count: 1, resetAt: at + windowMs });
      firstEnd = Math.min(firstEnd, at + windowMs);
      return { count: 1, msLeft: windowMs };
    },
    peek(key: string): WindowCount | undefined {
      const at = now();
      const entry = entries.get(key);
      return entry && entry.resetAt > at ? { count: entry.count, msLeft: entry.resetAt - at } : undefined;
    },
  };
}
