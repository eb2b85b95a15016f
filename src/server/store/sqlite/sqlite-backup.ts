// Backups of the SQLite store (decision record 092): a consistent snapshot taken while
// the server runs, and a restore that checks the file before it replaces anything.
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { openDatabase, prepare } from './sqlite-statements.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { SCHEMA_MIGRATIONS_TABLE, SQLITE_FILE } from './sqlite-store.js';

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

/**
 * Reads a store file (read-only) after checking that it is whole and a Curbside store this
 * version can open, with exactly the schema its migrations made: a table, index, trigger or
 * view of anyone else's would run inside the server (record 153). `name`: the file as the
 * messages call it (the backup the owner named, when `file` is a copy of it).
 */
export function describeStoreFile(file: string, name = file): BackupContents {
  if (!existsSync(file)) throw new BackupError(`There is no file ${name}.`);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${name} is not a database (${(error as Error).message}).`);
  }
  try {
    let problems: string[];
    try {
      problems = prepare(db, 'PRAGMA integrity_check').pluck().all() as string[];
    } catch (error) {
      throw new BackupError(`${name} is not a Curbside backup (${(error as Error).message}).`);
    }
    if (problems.join() !== 'ok') {
      // A report opens with a header line ("*** in database main ***"), which names no problem.
      const found = problems.flatMap((row) => row.split('\n')).filter((line) => !/^\*\*\* in database /.test(line));
      throw new BackupError(`${name} is damaged: ${found.slice(0, 3).join('; ')}.`);
    }
    const tables = prepare(db, "SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const table of ['schemaMigrations', 'eventInquiries', 'owners', 'inquiryEvents', 'outbox'])
      if (!tables.includes(table))
        throw new BackupError(`${name} is not a Curbside backup (it has no ${table} table).`);
    const schemaVersion = count(db, 'SELECT max(version) FROM schemaMigrations');
    if (schemaVersion > LATEST)
      throw new BackupError(
        `${name} was made by a newer Curbside (schema ${schemaVersion}; this one knows up to ${LATEST}): upgrade first (git pull, npm install), then restore.`,
      );
    const strange = schemaDifferences(schemaOf(db), schemaOfVersion(schemaVersion));
    if (strange.length > 0)
      throw new BackupError(
        `${name} is not as Curbside makes a store of schema ${schemaVersion}: ${strange.slice(0, 3).join('; ')}. It may have been altered: restore another backup.`,
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

/** An object of a store's schema, as sqlite_master lists it: its kind, name and table, and its SQL. */
type Schema = Map<string, string | null>;

/** The store's schema, but for what SQLite itself keeps (ANALYZE's statistics). */
function schemaOf(db: ReturnType<typeof openDatabase>): Schema {
  const rows = prepare(
    db,
    "SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\'",
  ).all() as { type: string; name: string; tableName: string; sql: string | null }[];
  return new Map(
    rows.map((row) => [`${row.type} ${row.name} (on ${row.tableName})`, row.sql?.replace(/\s+/g, ' ') ?? null]),
  );
}

/** The schema this version's migrations make up to `version`, made in memory. */
function schemaOfVersion(version: number): Schema {
  const db = openDatabase(':memory:');
  try {
    db.exec(SCHEMA_MIGRATIONS_TABLE);
    for (const migration of SQLITE_MIGRATIONS) if (migration.version <= version) db.exec(migration.sql);
    return schemaOf(db);
  } finally {
    db.close();
  }
}

/** What `actual` has that `expected` has not, lacks, or has otherwise, in words. */
function schemaDifferences(actual: Schema, expected: Schema): string[] {
  const differences: string[] = [];
  for (const [object, sql] of actual) {
    if (!expected.has(object)) differences.push(`it holds ${object}, which Curbside does not make`);
    else if (expected.get(object) !== sql) differences.push(`its ${object} is defined otherwise`);
  }
  for (const object of expected.keys()) if (!actual.has(object)) differences.push(`it lacks ${object}`);
  return differences;
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
 * Puts a backup in place of the store in DATA_DIR (record 153). Refuses while a server (or
 * anything else) has the store open, and the store itself (or its WAL) as the backup.
 * Copies the backup beside the store and checks the copy (what is put in place is what
 * was checked) before anything is moved; then keeps the old file aside, named in the
 * result, or in the error if the last step failed. The server runs any newer migrations
 * when it next starts.
 */
export function restoreStore(
  dataDir: string,
  backup: string,
  now = new Date(),
): { contents: BackupContents; keptAs?: string } {
  const current = join(dataDir, SQLITE_FILE);
  if (!existsSync(backup)) throw new BackupError(`There is no file ${backup}.`);
  if ([current, `${current}-wal`, `${current}-shm`].some((file) => sameFile(file, backup)))
    throw new BackupError(`${backup} is the store itself, not a backup of it: name a file made by npm run backup.`);
  const incoming = `${current}.restoring`;
  rmSync(incoming, { force: true });
  let contents: BackupContents;
  try {
    copyFileSync(backup, incoming);
    chmodSync(incoming, 0o600);
    giveToOwnerOf(dataDir, incoming);
    syncFile(incoming);
    contents = describeStoreFile(incoming, backup);
    if (existsSync(current)) emptyWalWhileAlone(current, dataDir);
  } catch (error) {
    rmSync(incoming, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${backup} could not be copied into ${dataDir} (${(error as Error).message}); nothing was changed.`,
    );
  }
  let keptAs: string | undefined;
  try {
    if (existsSync(current)) {
      keptAs = `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(current, keptAs);
      for (const suffix of ['-wal', '-shm'])
        if (existsSync(current + suffix)) renameSync(current + suffix, keptAs + suffix);
    }
    renameSync(incoming, current);
  } catch (error) {
    const kept = keptAs
      ? ` The store it was to replace is kept as ${keptAs}: put it back with mv ${keptAs} ${current}.`
      : '';
    throw new BackupError(`the restore stopped half-way (${(error as Error).message}).${kept}`);
  }
  return keptAs ? { contents, keptAs } : { contents };
}

/**
 * Run as root (sudo npm run restore), the copy would be root's, and the server, which
 * runs as DATA_DIR's owner, could not open it: it is given to that owner.
 */
function giveToOwnerOf(dataDir: string, file: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = statSync(dataDir);
  chownSync(file, uid, gid);
}

/** Whether two paths name one file (a link, another spelling, the same inode). */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
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
