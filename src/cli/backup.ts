// `npm run backup -- FILE`: a consistent copy of the SQLite store, taken while the
// server runs (decision record 092). PostgreSQL is backed up with pg_dump (README).
import { resolve } from 'node:path';
import { runStoreCommand } from './store-command.js';
import { backUpStore, contentsLine } from '../server/store/sqlite/sqlite-backup.js';

export const USAGE = `Usage: npm run backup -- FILE

Copies the store under DATA_DIR (default ./data) to FILE, a new file readable by you
only, while the server keeps running. Restore it with: npm run restore -- FILE

With DATABASE_URL (PostgreSQL), use pg_dump instead: see "Backups" in the README.`;

runStoreCommand(import.meta.url, USAGE, 'back up', ({ dataDir }, file) => {
  const target = resolve(file);
  const contents = backUpStore(dataDir, target);
  return [
    `Backed up to ${target} (readable by you only):`,
    `  ${contentsLine(contents)}.`,
    `Keep it somewhere off this machine. Restore it with: npm run restore -- ${target}`,
  ];
});
