// The README's PostgreSQL backup, run against the real cluster: pg_dump -Fc, the
// database wiped, pg_restore, and everything compared (inquiries, owners, sessions,
// notes and history, the outbox's state).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../../tests/support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../../../../tests/support/databases.js';
import { findBinaries } from '../../../../tests/support/postgres.js';
import { openPostgresOwnerStore } from './postgres-owner-store.js';
import { openPostgresStore } from './postgres-store.js';

/** The commands as the README's "Backups" section gives them, with $DATABASE_URL and FILE filled in. */
const DUMP = ['-Fc', '-f'];
const RESTORE = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '-d'];

/** Every table's rows, sorted: what must come back. */
async function snapshot(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'rateCounts' ORDER BY 1",
    );
    const all: Record<string, unknown[]> = {};
    for (const { tablename } of tables) {
      const { rows } = await client.query(`SELECT * FROM "${tablename}"`);
      all[tablename] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return all;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL backup with pg_dump and pg_restore (README "Backups")', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('brings back every table after the database is wiped', { timeout: 60_000 }, async () => {
    const url = await freshPostgresUrl();
    const store = await openPostgresStore(url, 2);
    const owners = await openPostgresOwnerStore(url, 2);
    const owner = await owners.createOwner('owner@dump.example', 'hash');
    const inquiries = Array.from({ length: 5 }, () => buildNewInquiry());
    for (const inquiry of inquiries) await store.create(inquiry);
    await owners.inbox.setStatus(inquiries[0]!.id, 'booked', owner, new Date());
    await owners.inbox.addNote(inquiries[1]!.id, 'Wants the taco bar', owner, new Date());
    await owners.siteContent.publish(1, { name: 'Version two' }, owner.email, new Date());
    await store.close();
    await owners.close();
    const before = await snapshot(url);
    expect(before.eventInquiries).toHaveLength(5);
    expect(before.siteVersions).toHaveLength(1);

    const data = freshDataDir();
    cleanups.push(data.remove);
    const file = join(data.dir, 'curbside.dump');
    const bin = findBinaries();
    execFileSync(join(bin, 'pg_dump'), [...DUMP, file, url]);

    const wipe = new pg.Client({ connectionString: url });
    await wipe.connect();
    await wipe.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await wipe.end();
    expect(await snapshot(url)).toEqual({});

    execFileSync(join(bin, 'pg_restore'), [...RESTORE, url, file]);
    expect(await snapshot(url)).toEqual(before);
    // And the store opens on it, migrations current.
    const reopened = await openPostgresStore(url, 1);
    expect(await reopened.pendingMigrations()).toEqual([]);
    expect(await reopened.count()).toBe(5);
    await reopened.close();
  });

  it('is the command the README gives', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`pg_dump ${DUMP.join(' ')} `);
    expect(readme).toContain(`pg_restore ${RESTORE.join(' ')} `);
  });
});
