// WAL checkpoints off the event loop. By default SQLite checkpoints inside the
// commit that fills the WAL past 1000 pages, so every few hundred creates one
// commit also copies the WAL into the database and fsyncs it, stalling every
// request waiting on that batch. Here the writer never checkpoints; a worker
// thread with its own connection does, in PASSIVE mode (it never blocks the
// writer), once a second. Commits stay durable: they are fsynced to the WAL.
// Under load that never pauses, a passive checkpoint may never find the WAL
// fully copied, so it could grow: past 64 MiB the worker truncates it, which
// makes the writer wait once, briefly.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 1000;
const MAX_WAL_BYTES = 64 * 1024 * 1024;

// An eval'd CommonJS worker: it runs the same under tsx, Vitest and the build.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
// Prepared once and kept: see sqlite-statements.ts.
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
const walSize = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
setInterval(() => {
  try {
    (walSize() > workerData.maxWalBytes ? truncate : passive).run();
  } catch {
    // Busy or locked: the next round will do it.
  }
}, workerData.interval);
`;

export function startCheckpointer(file: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, interval: INTERVAL_MS, maxWalBytes: MAX_WAL_BYTES },
  });
  worker.unref();
  return {
    async stop() {
      await worker.terminate();
    },
  };
}
