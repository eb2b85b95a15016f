import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import { freePort } from '../../../tests/support/postgres.js';
import { DATABASE_WAITS, openPool } from './postgres/postgres-pool.js';
import { openDatabase, prepare } from './sqlite/sqlite-statements.js';
import { type StoreFault, storeFault } from './store-faults.js';

/** The error `work` fails with. */
async function failureOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
}

const kindOf = async (work: () => unknown): Promise<StoreFault['kind'] | undefined> =>
  storeFault(await failureOf(work))?.kind;

describe('store faults on SQLite', () => {
  const data = freshDataDir();
  afterAll(() => data.remove());
  const open = (name: string) => {
    const db = openDatabase(join(data.dir, name));
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)');
    return db;
  };

  it('a full database is "full"', async () => {
    const db = open('full.sqlite');
    db.exec('PRAGMA max_page_count = 8');
    const insert = prepare(db, 'INSERT INTO t (body) VALUES (?)');
    expect(await kindOf(() => insert.run('x'.repeat(100_000)))).toBe('full');
    db.close();
  });

  it('a write lock held elsewhere is "busy", a read-only connection "read-only"', async () => {
    const holder = open('busy.sqlite');
    const other = open('busy.sqlite');
    other.exec('PRAGMA busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    expect(await kindOf(() => other.exec('INSERT INTO t (body) VALUES (1)'))).toBe('busy');
    holder.exec('ROLLBACK');
    const reader = openDatabase(join(data.dir, 'busy.sqlite'), { readonly: true });
    expect(await kindOf(() => reader.exec('INSERT INTO t (body) VALUES (1)'))).toBe('read-only');
    for (const db of [holder, other, reader]) db.close();
  });

  it('a bad statement or a broken constraint is ours, not the store’s', async () => {
    const db = open('ours.sqlite');
    db.exec('INSERT INTO t (id, body) VALUES (1, 1)');
    expect(await kindOf(() => db.exec('INSERT INTO t (id, body) VALUES (1, 1)'))).toBeUndefined();
    expect(await kindOf(() => db.exec('SELECT nothing FROM nowhere'))).toBeUndefined();
    db.close();
  });
});

describe('store faults on PostgreSQL, and waits that end', () => {
  it('a statement running past its time or waiting past its lock is the store’s; a broken constraint is not', {
    timeout: 30_000,
  }, async () => {
    const url = await freshPostgresUrl();
    const pool = openPool(url, 2);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await pool.query('CREATE TABLE t (id int PRIMARY KEY)');
      await pool.query('INSERT INTO t VALUES (1)');
      expect(await kindOf(() => pool.query('INSERT INTO t VALUES (1)'))).toBeUndefined();
      // The waits are the server's own settings, read back rather than timed (a timing is the crash stage's).
      const waits = await pool.query(
        `SELECT (extract(epoch FROM current_setting('statement_timeout')::interval) * 1000)::int AS "statementMs",
                (extract(epoch FROM current_setting('lock_timeout')::interval) * 1000)::int AS "lockMs"`,
      );
      expect(waits.rows[0]).toEqual({ statementMs: DATABASE_WAITS.statementMs, lockMs: DATABASE_WAITS.lockMs });
      expect(storeFault(await failureOf(() => pool.query('SELECT pg_sleep(60)')))).toEqual({
        kind: 'unanswered',
        code: '57014',
      });
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE t');
      expect(storeFault(await failureOf(() => pool.query('SELECT * FROM t')))).toEqual({ kind: 'busy', code: '55P03' });
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
      await pool.end();
    }
  });

  it('a database that refuses connections is "unanswered" at once', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/nothing`;
    const pool = openPool(url, 1);
    expect(storeFault(await failureOf(() => pool.query('SELECT 1')))).toEqual({
      kind: 'unanswered',
      code: 'ECONNREFUSED',
    });
    await pool.end();
  });
});
