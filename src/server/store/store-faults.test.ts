// Which failures of a real engine are the store's (answered 503 with Retry-After, record
// 150) and which are ours (a masked 500), and that no wait on PostgreSQL is unbounded.
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import { freePort } from '../../../tests/support/postgres.js';
import { DATABASE_WAITS, openPool } from './postgres/postgres-pool.js';
import { openPostgresStore } from './postgres/postgres-store.js';
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
      const started = Date.now();
      expect(storeFault(await failureOf(() => pool.query('SELECT pg_sleep(60)')))).toEqual({
        kind: 'unanswered',
        code: '57014',
      });
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE t');
      expect(storeFault(await failureOf(() => pool.query('SELECT * FROM t')))).toEqual({ kind: 'busy', code: '55P03' });
      await holder.query('ROLLBACK');
      expect(Date.now() - started).toBeLessThan(2 * DATABASE_WAITS.statementMs + 2_000);
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

  it('a database that accepts connections and never answers gives up within the connect wait', async () => {
    // A hung server: the kernel completes the handshake, then nothing ever comes back.
    const held: Socket[] = [];
    const silent: Server = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const error = await failureOf(() => openPostgresStore(`postgres://postgres@127.0.0.1:${port}/hung`, 1));
      expect(storeFault(error)?.kind).toBe('unanswered');
      expect(Date.now() - started).toBeLessThan(DATABASE_WAITS.connectMs + 1_500);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });
});
