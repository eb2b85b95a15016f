// The owner store on the same engine and database as the inquiries.
import type { OwnerStore } from './owner-store.js';
import { openPostgresOwnerStore } from './postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from './sqlite/sqlite-owner-store.js';

export function openOwnerStore(config: { databaseUrl: string | undefined; dataDir: string }): Promise<OwnerStore> {
  return config.databaseUrl
    ? openPostgresOwnerStore(config.databaseUrl)
    : Promise.resolve(openSqliteOwnerStore(config.dataDir));
}
