// Group commit: creates that arrive while a write is under way (or in the same
// event-loop turn) wait and go to the database together, one transaction and so
// one fsync for many, and each still gets its own answer. A failed batch answers
// none of its creates as stored.
interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves once everything submitted so far has been written (or has failed). */
  drain(): Promise<void>;
}

export function groupCommit<T, R>(writeBatch: (batch: T[]) => R[] | Promise<R[]>, maxBatch: number): GroupCommit<T, R> {
  let queue: Pending<T, R>[] = [];
  let running: Promise<void> | undefined;

  const run = async () => {
    // Let this turn's other requests join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      try {
        const results = await writeBatch(batch.map((pending) => pending.item));
        batch.forEach((pending, index) => {
          pending.resolve(results[index]!);
        });
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    running = undefined;
  };

  return {
    submit(item) {
      const result = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }));
      running ??= run();
      return result;
    },
    async drain() {
      await running;
    },
  };
}
