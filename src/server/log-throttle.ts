// One log line per kind of failure every few seconds, saying how many it held back: a
// fault that fails every request (a full disk) must not write a stack per request to a
// log that may share that disk (the review saw 10 MB in 15 s).

/** `write(held)` runs for the first `key` in each `everyMs`; `held`: how many were held back before it. */
export type ThrottledLog = (key: string, write: (held: number) => void) => void;

/** At most this many kinds are remembered (the keys are codes, a handful in practice). */
const MAX_KEYS = 100;

export function throttledLog(everyMs: number, now: () => number = Date.now): ThrottledLog {
  const seen = new Map<string, { at: number; held: number }>();
  return (key, write) => {
    const at = now();
    const entry = seen.get(key);
    if (entry && at - entry.at < everyMs) {
      entry.held++;
      return;
    }
    if (!entry && seen.size >= MAX_KEYS) seen.clear();
    seen.set(key, { at, held: 0 });
    write(entry?.held ?? 0);
  };
}
