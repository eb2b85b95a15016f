// PostgreSQL when DATABASE_URL is set, the embedded SQLite file otherwise.
import type { InquiryStore } from './inquiry-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

export function openStore(config: { databaseUrl: string | undefined; dataDir: string }): Promise<InquiryStore> {
  return config.databaseUrl ? openPostgresStore(config.databaseUrl) : Promise.resolve(openSqliteStore(config.dataDir));
}
