// The owner store on the same engine and database as the inquiries.
import type { OwnerStore } from './owner-store.js';
import type { ScrubLog } from './postgres/postgres-erasure-scrubber.js';
import { openPostgresOwnerStore } from './postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from './sqlite/sqlite-owner-store.js';

/** `scrubLog`: where a failed erasure scrub is reported (PostgreSQL; default stderr). */
export function openOwnerStore(
  config: { databaseUrl: string | undefined; dataDir: string },
  scrubLog?: ScrubLog,
): Promise<OwnerStore> {
  return config.databaseUrl
    ? openPostgresOwnerStore(config.databaseUrl, undefined, scrubLog)
    : Promise.resolve(openSqliteOwnerStore(config.dataDir));
}
