// Fixed-window counts for the rate limits (decision record 091). In this process's
// memory on SQLite, where one process serves the store; in PostgreSQL's "rateCounts"
// table otherwise (postgres/postgres-rate-counts.ts), so that every instance on one
// database counts against the same limit and alternating between them gains nothing.

/** A key's count in its current window, and how long that window has left. */
export interface WindowCount {
  count: number;
  msLeft: number;
  /** Counted under the client's wider network ('/48', '/32'): the map was full (record 192). */
  widened?: string;
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

/** The owner's sign-ins per address have room of their own (record 192): a flood of visitors' keys cannot fill it. */
const RESERVED_PREFIX = 'owner-sign-ins-per-address:';

/**
 * Counts in memory (records 152, 192): at most `maxKeys` windows of each sort (lasting,
 * the owner's sign-ins, the rest), and a window is never forgotten before it ends: a
 * flood of new keys (one per IPv6 /64) must not flush the counts that hold an address or
 * an account back. Once a map is nine tenths full, a new IPv6 /64 key is counted under
 * its /48 (past nineteen twentieths, its /32): one flooding network then shares one
 * count, and the last tenth stays for IPv4 and other networks. When every place is taken
 * by a running window, a new key is refused (fails closed) until the first window ends.
 */
export function memoryRateCounts(maxKeys = 100_000, now: () => number = Date.now): RateCounts {
  const counts = windows(maxKeys, now);
  const signIns = windows(maxKeys, now);
  const lasting = windows(maxKeys, now);
  const mapOf = (key: string) => (key.startsWith(RESERVED_PREFIX) ? signIns : counts);
  return {
    async hit(key, windowMs, isLasting = false) {
      return (isLasting ? lasting : mapOf(key)).hit(key, windowMs);
    },
    async peek(key) {
      return lasting.peek(key) ?? mapOf(key).peek(key) ?? NONE;
    },
  };
}

/** The wider networks of an IPv6 /64 key ('name:a:b:c:d::/64'): its /48 and /32 keys, or none. */
function widerKeys(key: string): [string, string][] {
  const match = /^(.+):([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(key);
  if (!match) return [];
  const [, name, a, b, c] = match;
  return [
    ['/48', `${name}:${a}:${b}:${c}::/48`],
    ['/32', `${name}:${a}:${b}::/32`],
  ];
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
  const running = (key: string, at: number) => {
    const entry = entries.get(key);
    return entry && entry.resetAt > at ? entry : undefined;
  };
  const count = (key: string, entry: { count: number; resetAt: number } | undefined, windowMs: number, at: number) => {
    if (entry) {
      entry.count++;
      return { count: entry.count, msLeft: entry.resetAt - at };
    }
    entries.set(key, { count: 1, resetAt: at + windowMs });
    firstEnd = Math.min(firstEnd, at + windowMs);
    return { count: 1, msLeft: windowMs };
  };
  /** Where a key without a running window is counted: its own place, a wider network's, or none. */
  const placeFor = (key: string, at: number): { key: string; widened?: string } | undefined => {
    const wider = widerKeys(key);
    // Past nine tenths, then nineteen twentieths: the /48's count, then the /32's.
    const level = entries.size >= maxKeys * 0.95 ? 2 : entries.size >= maxKeys * 0.9 ? 1 : 0;
    if (level > 0 && wider.length > 0) {
      const [widened, widerKey] = wider[level - 1]!;
      if (running(widerKey, at) || entries.size < maxKeys) return { key: widerKey, widened };
    }
    return entries.has(key) || entries.size < maxKeys ? { key } : undefined;
  };
  return {
    hit(key: string, windowMs: number): WindowCount {
      const at = now();
      const own = running(key, at);
      if (own) return count(key, own, windowMs, at);
      if (entries.size >= maxKeys * 0.9) forgetEnded(at);
      const place = placeFor(key, at);
      // Full of running windows: refused, until the first of them ends.
      if (!place) return { count: Number.POSITIVE_INFINITY, msLeft: Math.max(1, firstEnd - at) };
      const counted = count(place.key, running(place.key, at), windowMs, at);
      return place.widened ? { ...counted, widened: place.widened } : counted;
    },
    peek(key: string): WindowCount | undefined {
      const at = now();
      for (const each of [key, ...widerKeys(key).map(([, wider]) => wider)]) {
        const entry = running(each, at);
        if (entry) return { count: entry.count, msLeft: entry.resetAt - at };
      }
      return undefined;
    },
  };
}
