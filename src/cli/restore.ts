// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the
// SQLite store, after checking it, with the server stopped (decision record 092).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../server/config-error.js';
import { runStoreCommand } from './store-command.js';
import { contentsLine, restoreStore } from '../server/store/sqlite/sqlite-backup.js';

export const USAGE = `Usage: npm run restore -- FILE

Checks FILE (a backup made by npm run backup) and puts it in place of the store under
DATA_DIR (default ./data). Stop the server first; the store it replaces is kept beside
it. Start the server again afterwards: migrations run at start.

With DATABASE_URL (PostgreSQL), use pg_restore instead: see "Backups" in the README.`;

runStoreCommand(import.meta.url, USAGE, 'restore', ({ dataDir }, file) => {
  // No such folder: DATA_DIR is not the server's here (a shell without it gets ./data).
  if (!existsSync(dataDir)) {
    throw new ConfigError(
      `there is no store folder at ${resolve(dataDir)}. Set DATA_DIR to the server's, as its backup printed it (e.g. DATA_DIR=/var/lib/curbside on a server set up by docs/deploy.md); on a new machine, create the folder first.`,
    );
  }
  const { contents, keptAs } = restoreStore(dataDir, resolve(file));
  return [
    `Restored into ${dataDir}:`,
    `  ${contentsLine(contents)}.`,
    ...(keptAs ? [`The store it replaced is kept as ${keptAs} (delete it once all is well).`] : []),
    'Start the server again: npm start (or systemctl start curbside).',
  ];
});
