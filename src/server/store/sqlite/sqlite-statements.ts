// better-sqlite3 12 on Node 24 aborts the process when V8 garbage-collects one
// of its objects (a Statement or a Database) outside a JavaScript context, as an
// idle-time GC task does: their destructors call node::RemoveEnvironmentCleanupHook,
// which CHECKs for a current Environment (WiseLibs/better-sqlite3#1515; version 13
// fixes it but needs Node 22). So none is ever left for the GC: every connection is
// opened and every statement prepared through here, and both are retained for the
// life of the process (closing a connection still closes it); pragmas are set with
// `exec`, which makes no Statement object. Stores open one connection and prepare a
// handful of statements each, once.
import Database from 'better-sqlite3';
import { JOURNAL_SIZE_LIMIT } from './sqlite-checkpointer.js';

const retained: unknown[] = [];

export function openDatabase(file: string, options?: Database.Options): Database.Database {
  const db = new Database(file, options);
  retained.push(db);
  return db;
}

/**
 * A connection that writes to the store's file. Commits are fsynced to the WAL; the
 * checkpointer worker, not a commit, copies the WAL into the database. Whichever
 * connection commits first after a complete checkpoint starts the WAL over, and only
 * one with journal_size_limit set cuts the file back then: every writer sets it (the
 * search indexer's commit once left a 9 MB WAL standing until the next reset).
 */
export function openWritingConnection(file: string): Database.Database {
  const db = openDatabase(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  return db;
}

export function prepare<Row = unknown>(db: Database.Database, sql: string): Database.Statement<unknown[], Row> {
  const statement = db.prepare<unknown[], Row>(sql);
  retained.push(statement);
  return statement;
}

/** A connection's statements, each prepared on first use and reused after: what the owner's stores share. */
export type Prepare = (sql: string) => Database.Statement;

export function statementCache(db: Database.Database): Prepare {
  const statements = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(db, sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/**
 * A write transaction committed without waiting for the disk (synchronous=NORMAL
 * for it alone; the connection's other commits stay FULL): for data that can be
 * rebuilt or redone when a power cut loses the last of it (the outbox worker's
 * claims and settlements, the search index). IMMEDIATE: the write lock from BEGIN,
 * as these read before they write (see sqlite-store.ts).
 */
export function relaxedTransaction<A extends unknown[], R>(
  db: Database.Database,
  fn: (...args: A) => R,
): (...args: A) => R {
  const transaction = db.transaction(fn);
  return (...args: A): R => {
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return transaction.immediate(...args);
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  };
}
