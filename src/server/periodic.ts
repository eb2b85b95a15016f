// A task run every so often (and once at start), never beside itself: a run asked for
// while one is going shares that one, so a slow sweep is not started again beside
// itself; stop waits for the running one, so nothing it writes outlives the store.
// The reminders' and the pre-orders' sweepers are both this (record 380).
export interface Periodic<T> {
  start(): void;
  /** No further runs; resolves once the running one (if any) has ended. */
  stop(): Promise<void>;
  /** Runs now, or answers the run under way. */
  run(): Promise<T>;
}

export function periodic<T>(
  task: () => Promise<T>,
  options: { everyMs: number /** A timed run failed. */; onError(error: unknown): void },
): Periodic<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  const run = () => {
    running ??= task().finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => void run().catch(options.onError);
  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    run,
  };
}
