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

const retained: unknown[] = [];

export function openDatabase(file: string, options?: Database.Options): Database.Database {
  const db = new Database(file, options);
  retained.push(db);
  return db;
}

export function prepare<Row = unknown>(db: Database.Database, sql: string): Database.Statement<unknown[], Row> {
  const statement = db.prepare<unknown[], Row>(sql);
  retained.push(statement);
  return statement;
}
