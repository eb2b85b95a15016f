// A database made by the previous release (tests/fixtures/release-0.1) opens
// under today's store: every pending migration runs, every row is kept.
import { openDatabase } from './sqlite/sqlite-statements.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freshDataDir,
  freshPostgresUrl,
  postgresMigrationVersions,
  releaseFixture,
  sqliteMigrationVersions,
} from '../../../tests/support/databases.js';
import type { InquiryStore } from './inquiry-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite/sqlite-store.js';
import { type Migration, migrationList, pendingMigrations } from './migrations.js';
import { POSTGRES_MIGRATIONS } from './postgres/postgres-migrations.js';
import { SQLITE_MIGRATIONS } from './sqlite/sqlite-migrations.js';
import type { OwnerStore } from './owner-store.js';
import { openPostgresOwnerStore } from './postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from './sqlite/sqlite-owner-store.js';

const RELEASE_IDS = ['6f1c2b1e-0d0a-4c55-9a51-3f4f6a7d0b02', '6f1c2b1e-0d0a-4c55-9a51-3f4f6a7d0b01'];

interface Upgrade {
  name: string;
  migrations: readonly Migration[];
  /** Makes a release-0.1 database; returns the store opened on it and a reader of its migration versions. */
  open(): Promise<{
    store: InquiryStore;
    owners(): Promise<OwnerStore>;
    versions(): Promise<number[]>;
    cleanup(): Promise<void>;
  }>;
}

const upgrades: Upgrade[] = [
  {
    name: 'sqlite',
    migrations: SQLITE_MIGRATIONS,
    async open() {
      const data = freshDataDir();
      mkdirSync(data.dir, { recursive: true });
      const old = openDatabase(join(data.dir, SQLITE_FILE));
      old.exec(releaseFixture('sqlite'));
      old.close();
      const store = openSqliteStore(data.dir);
      return {
        store,
        owners: async () => openSqliteOwnerStore(data.dir),
        versions: async () => sqliteMigrationVersions(join(data.dir, SQLITE_FILE)),
        cleanup: async () => data.remove(),
      };
    },
  },
  {
    name: 'postgres',
    migrations: POSTGRES_MIGRATIONS,
    async open() {
      const url = await freshPostgresUrl();
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(releaseFixture('postgres'));
      await old.end();
      const store = await openPostgresStore(url);
      return {
        store,
        owners: () => openPostgresOwnerStore(url),
        versions: () => postgresMigrationVersions(url),
        cleanup: async () => {},
      };
    },
  },
];

describe.each(upgrades)('upgrading a release-0.1 database on $name', (upgrade) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('applies every newer migration and keeps every row', async () => {
    const opened = await upgrade.open();
    cleanups.push(opened.cleanup, () => opened.store.close());
    expect(await opened.versions()).toEqual(upgrade.migrations.map((migration) => migration.version));
    const rows = await opened.store.list();
    expect(rows.map((row) => row.id)).toEqual(RELEASE_IDS);
    expect(rows[1]).toMatchObject({
      firstName: 'Rosa',
      plannedGuestCount: 250,
      createdAt: '2026-11-02T09:00:01.000Z',
      spamReason: null,
    });
    expect(rows[0]).toMatchObject({ firstName: 'Ana', operation: 'Catering', spamReason: 'too-fast' });
  });

  it('rebuilds the search over the field table’s searched fields: the old rows are found by phone, city and ZIP', async () => {
    const opened = await upgrade.open();
    const owners = await opened.owners();
    cleanups.push(
      opened.cleanup,
      () => opened.store.close(),
      () => owners.close(),
    );
    const found = async (q: string) =>
      (
        await owners.inbox.listInquiries({ q, status: '', from: '', to: '', spam: true, before: undefined, limit: 50 })
      ).rows
        .map((row) => row.id)
        .includes(RELEASE_IDS[1]!);
    for (const q of ['78701', 'austin', 'congress', '512 555 0199', '15125550199', 'rosa'])
      expect(await found(q), q).toBe(true);
    expect(await found('houston')).toBe(false);
  });
});

describe('the migration list', () => {
  it('must increase in version', () => {
    expect(() =>
      migrationList([
        { version: 1, name: 'a', sql: '' },
        { version: 1, name: 'b', sql: '' },
      ]),
    ).toThrow(/out of order/);
    expect(() =>
      migrationList([
        { version: 2, name: 'a', sql: '' },
        { version: 1, name: 'b', sql: '' },
      ]),
    ).toThrow(/out of order/);
  });

  it('runs only what a database has not recorded, in order', () => {
    const all = migrationList([1, 2, 5, 7].map((version) => ({ version, name: `m${version}`, sql: '' })));
    expect(pendingMigrations(all, [1, 2]).map((migration) => migration.version)).toEqual([5, 7]);
    expect(pendingMigrations(all, [1, 2, 5, 7])).toEqual([]);
  });
});
