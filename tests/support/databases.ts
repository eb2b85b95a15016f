// Fresh stores for a test: an empty SQLite directory, or an empty database on
// the run's PostgreSQL server (started by tests/support/global-setup.ts).
import { openDatabase, prepare } from '../../src/server/store/sqlite/sqlite-statements.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from './postgres.js';

export function freshPostgresUrl(): Promise<string> {
  return createDatabase(inject('postgresUrl'));
}

/** The SQL that makes a database as release 0.1 left it (tests/fixtures/release-0.1), two inquiries in it. */
export function releaseFixture(engine: 'sqlite' | 'postgres'): string {
  return readFileSync(join(import.meta.dirname, '../fixtures/release-0.1', `${engine}.sql`), 'utf8');
}

export function freshDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-data-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The migration versions a SQLite file has recorded, read behind the store's back. */
export function sqliteMigrationVersions(file: string): number[] {
  const db = openDatabase(file, { readonly: true });
  try {
    return prepare(db, 'SELECT version FROM schemaMigrations ORDER BY version').pluck().all() as number[];
  } finally {
    db.close();
  }
}

/** The migration versions a PostgreSQL database has recorded, read behind the store's back. */
export async function postgresMigrationVersions(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT "version" FROM "schemaMigrations" ORDER BY "version"');
    return rows.map((row) => row.version as number);
  } finally {
    await client.end();
  }
}
