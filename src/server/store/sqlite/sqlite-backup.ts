// Backups of the SQLite store (decision record 092): a consistent snapshot taken while
// the server runs, and a restore that checks the file before it replaces anything.
import { chmodSync, copyFileSync, existsSync, fsyncSync, openSync, closeSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, prepare } from './sqlite-statements.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { SQLITE_FILE } from './sqlite-store.js';

/** What a store file holds: enough for the owner to see the backup is the one they want. */
export interface BackupContents {
  schemaVersion: number;
  inquiries: number;
  owners: number;
  /** Notes, status changes and other entries of the inquiries' history. */
  historyEntries: number;
  /** Notifications not sent yet (queued or retrying). */
  notificationsWaiting: number;
  bytes: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The newest schema this version of Curbside knows. */
const LATEST = SQLITE_MIGRATIONS.at(-1)?.version ?? 0;

const count = (db: ReturnType<typeof openDatabase>, sql: string) => prepare(db, sql).pluck().get() as number;

/** Reads a store file (read-only) after checking that it is whole and a Curbside store this version can open. */
export function describeStoreFile(file: string): BackupContents {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} is not a database (${(error as Error).message}).`);
  }
  try {
    let problems: string[];
    try {
      problems = prepare(db, 'PRAGMA integrity_check').pluck().all() as string[];
    } catch (error) {
      throw new BackupError(`${file} is not a Curbside backup (${(error as Error).message}).`);
    }
    if (problems.join() !== 'ok') throw new BackupError(`${file} is damaged: ${problems.slice(0, 3).join('; ')}.`);
    const tables = prepare(db, "SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const table of ['schemaMigrations', 'eventInquiries', 'owners', 'inquiryEvents', 'outbox'])
      if (!tables.includes(table))
        throw new BackupError(`${file} is not a Curbside backup (it has no ${table} table).`);
    const schemaVersion = count(db, 'SELECT max(version) FROM schemaMigrations');
    if (schemaVersion > LATEST)
      throw new BackupError(
        `${file} was made by a newer Curbside (schema ${schemaVersion}; this one knows up to ${LATEST}): upgrade first (git pull, npm install), then restore.`,
      );
    return {
      schemaVersion,
      inquiries: count(db, 'SELECT count(*) FROM eventInquiries'),
      owners: count(db, 'SELECT count(*) FROM owners'),
      historyEntries: count(db, 'SELECT count(*) FROM inquiryEvents'),
      notificationsWaiting: count(db, "SELECT count(*) FROM outbox WHERE state = 'queued'"),
      bytes: statSync(file).size,
    };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the store in DATA_DIR, taken while the server runs: VACUUM INTO
 * reads the whole database in one read transaction (WAL mode lets the writer go on),
 * so the copy holds every create committed before it began, compacted, with no WAL of
 * its own. The copy is the owner's alone (0600) and never overwrites a file.
 */
export function backUpStore(dataDir: string, target: string): BackupContents {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source))
    throw new BackupError(`There is no store to back up in ${dataDir} (set DATA_DIR as for the server).`);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name.`);
  const db = openDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    prepare(db, 'VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
  syncFile(target);
  return describeStoreFile(target);
}

/**
 * Puts a backup in place of the store in DATA_DIR. Refuses while a server (or anything
 * else) has the store open, and keeps the old file aside, named in the result. The
 * server runs any newer migrations when it next starts.
 */
export function restoreStore(
  dataDir: string,
  backup: string,
  now = new Date(),
): { contents: BackupContents; keptAs?: string } {
  const contents = describeStoreFile(backup);
  const current = join(dataDir, SQLITE_FILE);
  let keptAs: string | undefined;
  if (existsSync(current)) {
    emptyWalWhileAlone(current, dataDir);
    keptAs = `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(current, keptAs);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(current + suffix)) renameSync(current + suffix, keptAs + suffix);
  }
  const incoming = `${current}.restoring`;
  copyFileSync(backup, incoming);
  chmodSync(incoming, 0o600);
  syncFile(incoming);
  renameSync(incoming, current);
  return keptAs ? { contents, keptAs } : { contents };
}

/**
 * Takes the store's file alone (an exclusive lock fails while any other connection,
 * a running server's, has it open) and folds its WAL into it, so the file set aside is
 * complete on its own.
 */
function emptyWalWhileAlone(file: string, dataDir: string): void {
  const db = openDatabase(file, { fileMustExist: true, timeout: 200 });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new BackupError(
      `A server is using the store in ${dataDir}: stop it first (systemctl stop curbside, or Ctrl+C), then run the restore again.`,
    );
  } finally {
    db.close();
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line an owner can check a backup against. */
export function contentsLine(contents: BackupContents): string {
  return (
    `${plural(contents.inquiries, 'inquiry', 'inquiries')}, ${plural(contents.owners, 'owner account')}, ` +
    `${plural(contents.historyEntries, 'history entry', 'history entries')} (notes, statuses), ` +
    `${plural(contents.notificationsWaiting, 'notification')} waiting to be sent; ` +
    `schema ${contents.schemaVersion}, ${Math.ceil(contents.bytes / 1024)} KiB`
  );
}
