// The inquiry store's group-committed writes on SQLite, in a worker thread with
// its own connection (decision record 053). better-sqlite3 is synchronous: on the
// event loop, each batch's inserts, the ~100 pages it writes to the WAL and its
// fsync kept every request waiting, a third of the event loop's time under load,
// while the second core sat half idle. Here the event loop only hands a batch over
// and answers when the worker says it is committed (synchronous=FULL, as before).
//
// An eval'd CommonJS worker, as the checkpointer's: it runs the same under tsx,
// Vitest and the build. Its statements live as long as it does (sqlite-statements.ts).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { JOURNAL_SIZE_LIMIT } from './sqlite-checkpointer.js';

export interface WriteItem {
  id: string;
  /** The row's values, in the order of the insert statement's parameters (plain values: cheaper to pass). */
  values: unknown[];
  /** Whether it owes notifications: its pending outbox row is appended in the same transaction. */
  owes: boolean;
}

export type WriteResult =
  | { status: 'created'; queued: boolean }
  | { status: 'erased' }
  | { status: 'exists'; existing: { uid: string; bodyHash: string; createdAt: string } };

export interface WriterStatements {
  insert: string;
  findExisting: string;
}

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = FULL');
db.exec('PRAGMA wal_autocheckpoint = 0');
db.exec('PRAGMA busy_timeout = 5000');
// The WAL file is cut back to this whenever this connection starts it over (sqlite-checkpointer.ts).
db.exec('PRAGMA journal_size_limit = ' + workerData.journalSizeLimit);
const insert = db.prepare(workerData.statements.insert);
const findExisting = db.prepare(workerData.statements.findExisting);
// An erased inquiry's id stays taken: a replay must not bring its data back.
const wasErased = db.prepare('SELECT 1 FROM erasures WHERE inquiryId = ?').pluck();
const appendPending = db.prepare('INSERT INTO outboxPending (inquiryId, queuedAt) VALUES (?, ?)');
const writeOne = (item) => {
  const id = item.id;
  if (wasErased.get(id) !== undefined) return { status: 'erased' };
  if (insert.run(item.values).changes === 1) {
    if (item.owes) appendPending.run(id, Date.now());
    return { status: 'created', queued: item.owes };
  }
  return { status: 'exists', existing: findExisting.get(id) };
};
const batch = db.transaction((items) => items.map(writeOne));
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // IMMEDIATE: the write lock from BEGIN on (the batch reads before it writes; a deferred
    // transaction whose snapshot a checkpoint made stale fails with SQLITE_BUSY at its first write).
    parentPort.postMessage({ id: message.id, results: batch.immediate(message.items) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

export interface SqliteWriter {
  /** Writes the items in one transaction; all or nothing (rejects if nothing was stored). */
  write(items: WriteItem[]): Promise<WriteResult[]>;
  /** Waits for the writes under way, then closes the worker's connection. */
  close(): Promise<void>;
}

export function startSqliteWriter(file: string, statements: WriterStatements): SqliteWriter {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, statements, journalSizeLimit: JOURNAL_SIZE_LIMIT },
  });
  // Only a write under way keeps the process alive.
  worker.unref();
  const pending = new Map<number, { resolve(results: WriteResult[]): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    worker.unref();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The SQLite writer has stopped')));
  worker.on(
    'message',
    (message: { id: number; results?: WriteResult[]; error?: { message: string; code?: string } }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if (message.results) waiting.resolve(message.results);
      else waiting.reject(Object.assign(new Error(message.error?.message), { code: message.error?.code }));
    },
  );

  return {
    write(items) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, items });
      });
    },
    async close() {
      worker.ref(); // until it has exited, or a process with nothing else to do would end first
      if (!failure) worker.postMessage('close');
      await exited;
    },
  };
}
