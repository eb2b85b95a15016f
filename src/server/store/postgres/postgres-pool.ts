// The connections to PostgreSQL, every wait on them bounded (record 150): a database
// that is down answers at once, but one that is hung (SIGSTOP, a network that drops
// nothing and delivers nothing) would otherwise keep a request waiting until the socket
// gave up, 30 s later, with no HTTP answer at all. Each limit ends the wait with an
// error the error handler answers as 503 with Retry-After (store-faults.ts).
import pg from 'pg';

export const DATABASE_WAITS = {
  /** A new connection must be up (or a pooled one free) within this. */
  connectMs: 3_000,
  /** The server cancels a statement that runs longer (statement_timeout). */
  statementMs: 3_000,
  /** …or that waits longer for a lock (lock_timeout; sooner, so it is reported as such). */
  lockMs: 2_500,
  /** We stop waiting for an answer after this, whatever the server does: a frozen one cancels nothing. */
  answerMs: 3_500,
  /** The server ends a session idle inside a transaction this long (an instance frozen while holding locks). */
  idleInTransactionMs: 10_000,
};

/** For the few statements that may rightly take long (migrations, the erasure scrub's rewrite). */
export const LONG_ANSWER_MS = 10 * 60_000;

export function openPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: DATABASE_WAITS.connectMs,
    query_timeout: DATABASE_WAITS.answerMs,
    statement_timeout: DATABASE_WAITS.statementMs,
    lock_timeout: DATABASE_WAITS.lockMs,
    idle_in_transaction_session_timeout: DATABASE_WAITS.idleInTransactionMs,
    keepAlive: true,
  });
  // An idle client's network error must not crash the server; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

/**
 * A client whose queries may take long (LONG_ANSWER_MS): run `SET LOCAL statement_timeout = 0`
 * and `SET LOCAL lock_timeout = 0` in its transaction first, or `SET` on a client that is
 * then closed rather than pooled.
 */
export function longQueries(client: pg.PoolClient): LongQuery {
  return (text, values) => client.query({ text, values, query_timeout: LONG_ANSWER_MS } as pg.QueryConfig);
}

export type LongQuery = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
