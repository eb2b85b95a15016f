// The owner's stores opened fresh for each test on both engines (a real SQLite file, a
// real PostgreSQL database), for their contract suites (src/server/store/*-store.test.ts):
// inside describe.each(OWNER_STORE_ENGINES), `freshOwnerStores(engine)` gives an `open`
// whose stores are closed after each test.
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterEach } from 'vitest';
import type { ListQuery } from '../../src/server/store/inbox-store.js';
import type { InquiryStore, NewInquiry } from '../../src/server/store/inquiry-store.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openDatabase, prepare } from '../../src/server/store/sqlite/sqlite-statements.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { freshDataDir, freshPostgresUrl } from './databases.js';
import { filesHolding } from './files-holding.js';

export interface OpenedStores {
  inquiries: InquiryStore;
  owners: OwnerStore;
  /**
   * The files the engine keeps that hold any of `texts`: every file under SQLite's
   * DATA_DIR; every file of the PostgreSQL cluster's data directory but pg_wal, which
   * keeps everything until it is recycled (record 081).
   */
  filesHolding(texts: string[]): Promise<string[]>;
  /** Gathers the engine's planner statistics as its background work would (PostgreSQL's ANALYZE). */
  analyze(): Promise<void>;
  /** Rows of a table, read behind the store's back. */
  rows(table: string): Promise<Record<string, unknown>[]>;
  /** Closes the owner store and opens it again on the same database (a restart). */
  reopen(): Promise<OwnerStore>;
  /** Another owner store on the same database (another instance's), closed with the rest. */
  another(): Promise<OwnerStore>;
  close(): Promise<void>;
}

/** A throwaway client on `url` for one piece of work. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL cluster's files that hold any of `texts`: all of its data directory but
 * pg_wal and the other databases' own folders (other tests' databases: large, and
 * holding nothing of this one).
 */
export async function clusterFilesHolding(url: string, texts: string[]): Promise<string[]> {
  const { dir, oid } = await withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT current_setting('data_directory') AS dir, (SELECT oid FROM pg_database WHERE datname = current_database()) AS oid`,
    );
    return rows[0] as { dir: string; oid: number };
  });
  const base = join(dir, 'base');
  const others = (path: string) => dirname(path) === base && path !== join(base, String(oid));
  return filesHolding(dir, texts, (path) => path === join(dir, 'pg_wal') || others(path));
}

export interface OwnerStoreEngine {
  name: 'sqlite' | 'postgres';
  open(): Promise<OpenedStores>;
}

export const OWNER_STORE_ENGINES: OwnerStoreEngine[] = [
  {
    name: 'sqlite',
    async open() {
      const data = freshDataDir();
      const inquiries = openSqliteStore(data.dir);
      let owners = openSqliteOwnerStore(data.dir);
      const file = join(data.dir, SQLITE_FILE);
      const others: OwnerStore[] = [];
      return {
        inquiries,
        owners,
        async reopen() {
          await owners.close();
          owners = openSqliteOwnerStore(data.dir);
          return owners;
        },
        async another() {
          others.push(openSqliteOwnerStore(data.dir));
          return others.at(-1)!;
        },
        filesHolding: async (texts) => filesHolding(data.dir, texts),
        // SQLite gathers none by itself (the store never runs ANALYZE).
        analyze: async () => {},
        async rows(table) {
          const db = openDatabase(file, { readonly: true });
          try {
            return prepare(db, `SELECT * FROM ${table}`).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
        async close() {
          for (const other of others) await other.close();
          await owners.close();
          await inquiries.close();
          data.remove();
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const url = await freshPostgresUrl();
      const inquiries = await openPostgresStore(url);
      let owners = await openPostgresOwnerStore(url);
      const others: OwnerStore[] = [];
      return {
        inquiries,
        owners,
        async reopen() {
          await owners.close();
          owners = await openPostgresOwnerStore(url);
          return owners;
        },
        async another() {
          others.push(await openPostgresOwnerStore(url));
          return others.at(-1)!;
        },
        filesHolding: (texts) => clusterFilesHolding(url, texts),
        analyze: () => withClient(url, async (client) => void (await client.query('ANALYZE'))),
        rows: (table) => withClient(url, async (client) => (await client.query(`SELECT * FROM "${table}"`)).rows),
        async close() {
          for (const other of others) await other.close();
          await owners.close();
          await inquiries.close();
        },
      };
    },
  },
];

/** Call inside a describe: `open(...inquiries)` opens fresh stores with these inquiries in, closed after the test. */
export function freshOwnerStores(engine: OwnerStoreEngine): (...inquiries: NewInquiry[]) => Promise<OpenedStores> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (...inquiries) => {
    const opened = await engine.open();
    cleanups.push(opened.close);
    for (const inquiry of inquiries) await opened.inquiries.create(inquiry);
    return opened;
  };
}

/** An inbox list query: the first page of 50, spam hidden, no search, unless overridden. */
export const listQuery = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  q: '',
  status: '',
  from: '',
  to: '',
  spam: false,
  before: undefined,
  limit: 50,
  ...overrides,
});

/** Who changes an inquiry in the inbox suites. */
export const ACTOR = { id: 'owner-1', email: 'owner@example.com' };
