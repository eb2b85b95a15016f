// `npm run backup -- FILE`: a consistent copy of the SQLite store, taken while the
// server runs (decision record 092). PostgreSQL is backed up with pg_dump (README).
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { runStoreCommand } from './store-command.js';
import { backUpStore, contentsLine } from '../server/store/sqlite/sqlite-backup.js';

export const USAGE = `Usage: npm run backup -- FILE

Copies the store under DATA_DIR (default ./data) to FILE, a new file readable by you
only, while the server keeps running. It prints the command that restores it.

With DATABASE_URL (PostgreSQL), use pg_dump instead: see "Backups" in the README.`;

runStoreCommand(import.meta.url, USAGE, 'back up', ({ dataDir }, file) => {
  const target = resolve(file);
  const contents = backUpStore(dataDir, target);
  return [
    `Backed up to ${target} (readable by you only):`,
    `  ${contentsLine(contents)}.`,
    'Keep it somewhere off this machine. To restore it, stop the server, then run:',
    `  ${restoreCommand(resolve(dataDir), target)}`,
  ];
});

/**
 * The restore command that works as printed (issue 32), from any folder: the app's folder
 * and the store named in full (a shell elsewhere has no DATA_DIR, and ./data is another
 * store). From a terminal, for the person who ran the backup; from a service (a timer, a
 * system user such as `curbside` with no terminal), for an administrator to run as that
 * user, so the restored store stays the service's own.
 */
export function restoreCommand(
  dataDir: string,
  file: string,
  { user = userInfo().username, terminal = Boolean(process.stdout.isTTY), cwd = process.cwd() } = {},
): string {
  const quote = (text: string) => (/^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
  const where = `cd ${quote(cwd)} && `;
  return terminal
    ? `${where}DATA_DIR=${quote(dataDir)} npm run restore -- ${quote(file)}`
    : `${where}sudo -u ${quote(user)} env DATA_DIR=${quote(dataDir)} node scripts/cli.mjs restore ${quote(file)}`;
}
