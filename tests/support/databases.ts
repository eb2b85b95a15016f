// Fresh stores for a test: an empty SQLite directory, or an empty database on
// the run's PostgreSQL server (started by tests/support/global-setup.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase } from './postgres.js';

export function freshPostgresUrl(): Promise<string> {
  return createDatabase(inject('postgresUrl'));
}

export function freshDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-data-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
