// WAL checkpoints off the event loop. By default SQLite checkpoints inside the
// commit that fills the WAL past 1000 pages, so every few hundred creates one
// commit also copies the WAL into the database and fsyncs it, stalling every
// request waiting on that batch. Here the writer never checkpoints; a worker
// thread with its own connection does, in PASSIVE mode (it never blocks the
// writer), once a second. Commits stay durable: they are fsynced to the WAL.
//
// Under load that never pauses, or while a reader holds a transaction (a backup, a
// `sqlite3` shell, a long export), a passive checkpoint cannot finish and the WAL
// grows. Past WAL_RESET_BYTES the worker tries to reset it (RESTART, then TRUNCATE):
// those hold the write lock while they wait for readers, so they wait at most
// RESET_WAIT_MS and try again next round; a create waits that long at worst, never
// the writer's 5 s busy timeout (which once failed a create with SQLITE_BUSY).
// `journal_size_limit` shrinks the WAL file each time it is reset.
//
// After an erasure the WAL may still hold the erased text: `clearWalSoon` asks for a
// TRUNCATE, retried each round until it succeeds (decision record 081).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 1000;
/** Past this, the WAL is reset (its pages are all in the database by then, or soon). */
export const WAL_RESET_BYTES = 16 * 1024 * 1024;
/** How long a reset may hold the write lock waiting for readers, per try. */
const RESET_WAIT_MS = 200;
/** What the WAL file is cut back to when it is reset. */
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024;

// An eval'd CommonJS worker: it runs the same under tsx, Vitest and the build.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.exec('PRAGMA journal_size_limit = ' + workerData.journalSizeLimit);
// Prepared once and kept: see sqlite-statements.ts.
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
const walSize = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
let clearWanted = false;
// A checkpoint that waited in vain answers busy = 1 (or throws SQLITE_BUSY): it is tried again next round.
const done = (statement) => {
  db.exec('PRAGMA busy_timeout = ' + (statement === passive ? 0 : workerData.resetWaitMs));
  try { return statement.get().busy === 0; } catch { return false; }
};
const round = () => {
  if (clearWanted) {
    if (done(truncate)) {
      clearWanted = false;
      parentPort.postMessage('cleared');
    }
    return;
  }
  done(passive);
  if (walSize() > workerData.resetBytes && done(restart)) done(truncate);
};
parentPort.on('message', () => { clearWanted = true; round(); });
setInterval(round, workerData.interval);
`;

const running = new Map<string, { worker: Worker; waiting: (() => void)[] }>();

export function startCheckpointer(file: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver,
      interval: INTERVAL_MS,
      resetBytes: WAL_RESET_BYTES,
      resetWaitMs: RESET_WAIT_MS,
      journalSizeLimit: JOURNAL_SIZE_LIMIT,
    },
  });
  worker.unref();
  const entry = { worker, waiting: [] as (() => void)[] };
  worker.on('message', () => {
    for (const resolve of entry.waiting.splice(0)) resolve();
  });
  running.set(file, entry);
  return {
    async stop() {
      running.delete(file);
      await worker.terminate();
    },
  };
}

/**
 * After an erasure (an inquiry's, an order's): the write-ahead log may still hold pages
 * with the old text, so this process's checkpointer copies the zeroed pages into the
 * database and empties the log, on its own thread, retrying until no reader holds it back
 * (record 081). With no checkpointer in this process (a command-line tool), `checkpoint`
 * tries once here, briefly. `settled` resolves once the log is emptied after the last one.
 */
export function walClearer(file: string, checkpoint: () => void) {
  let walCleared: Promise<void> = Promise.resolve();
  return {
    clear(): void {
      const clearing = clearWalSoon(file);
      if (clearing) walCleared = clearing;
      else {
        try {
          checkpoint();
        } catch {
          // The server's checkpointer empties the log at its next reset.
        }
      }
    },
    settled: (): Promise<void> => walCleared,
  };
}
export type WalClearer = ReturnType<typeof walClearer>;

/**
 * Asks this process's checkpointer of `file` to empty the WAL (after an erasure), now
 * and each second until it can; resolves once it has. Undefined when none runs here.
 */
export function clearWalSoon(file: string): Promise<void> | undefined {
  const entry = running.get(file);
  if (!entry) return undefined;
  const cleared = new Promise<void>((resolve) => entry.waiting.push(resolve));
  entry.worker.postMessage('clear');
  return cleared;
}
