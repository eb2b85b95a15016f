// better-sqlite3 12 on Node 24 aborts the process when V8 garbage-collects a
// Statement outside a JavaScript context (an idle-time GC task): its destructor
// calls node::RemoveEnvironmentCleanupHook, which CHECKs for a current Environment
// (WiseLibs/better-sqlite3#1515; version 13 fixes it but needs Node 22). So no
// Statement is ever left for the GC: every statement is prepared through here
// and retained for the life of the process, and pragmas are set with `exec`,
// which makes no Statement object. Stores prepare a handful each, once.
import type Database from 'better-sqlite3';

const retained: unknown[] = [];

export function prepare<Row = unknown>(db: Database.Database, sql: string): Database.Statement<unknown[], Row> {
  const statement = db.prepare<unknown[], Row>(sql);
  retained.push(statement);
  return statement;
}
