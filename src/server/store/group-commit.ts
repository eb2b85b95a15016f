// Group commit: creates that arrive while a write is under way (or in the same
// event-loop turn) wait and go to the database together, one transaction and so
// one fsync for many, and each still gets its own answer. A batch never fails
// for one member: when a batched write throws, each of its creates is written
// again alone, so only the one at fault gets the error (decision record 016).
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

/**
 * `writeBatch` must be all or nothing (one transaction, one statement): when it
 * throws, none of the batch is stored, so writing each create again alone is safe.
 */
export function groupCommit<T, R>(writeBatch: (batch: T[]) => R[] | Promise<R[]>, maxBatch: number): GroupCommit<T, R> {
  let queue: Pending<T, R>[] = [];
  let running: Promise<void> | undefined;

  const write = async (batch: Pending<T, R>[]) => {
    const results = await writeBatch(batch.map((pending) => pending.item));
    batch.forEach((pending, index) => {
      pending.resolve(results[index]!);
    });
  };

  const run = async () => {
    // Let this turn's other requests join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      try {
        await write(batch);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // One member (or the database) failed the whole batch: each alone, so the
        // others are stored and acknowledged and only the faulty one hears of it.
        for (const pending of batch) {
          try {
            await write([pending]);
          } catch (alone) {
            pending.reject(alone);
          }
        }
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
