// What a restore accepts and what it never leaves behind (issue 27, record 153): only
// the schema a Curbside version made (a backup with a trigger of someone else's would
// run it inside the server), never the store itself as its own backup, never a run that
// leaves no store, and a store the server's user can open.
import {
  chownSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../../tests/support/builders.js';
import { freshDataDir } from '../../../../tests/support/databases.js';
import { backUpStore, BackupError, describeStoreFile, restoreStore } from './sqlite-backup.js';
import { openDatabase } from './sqlite-statements.js';
import { openSqliteOwnerStore } from './sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite-store.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
const dir = () => {
  const data = freshDataDir();
  cleanups.push(data.remove);
  return data.dir;
};

/** A store with `inquiries` in it, and a backup of it; their paths. */
async function storeAndBackup(inquiries = 3): Promise<{ live: string; backup: string }> {
  const live = dir();
  const store = openSqliteStore(live);
  for (let i = 0; i < inquiries; i++) await store.create(buildNewInquiry());
  await store.close();
  const backup = join(dir(), 'backup.sqlite');
  backUpStore(live, backup);
  return { live, backup };
}

/** The same backup with `sql` run on it (someone's alteration). */
function altered(backup: string, sql: string): string {
  const db = openDatabase(backup);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
  return backup;
}

const failureOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(BackupError);
    return (error as Error).message;
  }
  throw new Error('it did not fail');
};

/** The files of a directory with their contents, to show a refused restore changed nothing. */
const snapshot = (path: string) =>
  Object.fromEntries(readdirSync(path).map((name) => [name, readFileSync(join(path, name)).toString('base64')]));

describe('a restore', () => {
  it.each([
    [
      'triggers that keep what an erasure deletes',
      `CREATE TABLE zz_keep (what TEXT);
       CREATE TRIGGER zz_erase BEFORE DELETE ON eventInquiries BEGIN INSERT INTO zz_keep VALUES (old.email); END;
       CREATE TRIGGER zz_password AFTER UPDATE OF passwordHash ON owners BEGIN INSERT INTO zz_keep VALUES (new.passwordHash); END;`,
      /holds trigger zz_erase \(on eventInquiries\), which Curbside does not make/,
    ],
    ['a view', 'CREATE VIEW zz_everyone AS SELECT email FROM eventInquiries', /holds view zz_everyone/],
    ['an index', 'CREATE INDEX zz_by_email ON eventInquiries (email)', /holds index zz_by_email/],
    [
      'a table of the schema defined otherwise',
      'DROP TABLE outboxAttempts; CREATE TABLE outboxAttempts (deliveryId TEXT)',
      /outboxAttempts \(on outboxAttempts\) is defined otherwise/,
    ],
  ])('refuses a backup with %s, and changes nothing', async (_, sql, named) => {
    const { live, backup } = await storeAndBackup();
    altered(backup, sql);
    const before = snapshot(live);
    const message = failureOf(() => restoreStore(live, backup));
    expect(message).toMatch(/is not as Curbside makes a store of schema \d+: /);
    expect(message).toMatch(named);
    expect(snapshot(live)).toEqual(before);
  });

  it('refuses the store itself, by any name, and leaves it in place', async () => {
    const { live } = await storeAndBackup();
    const store = join(live, SQLITE_FILE);
    const link = join(dir(), 'looks-like-a-backup.sqlite');
    symlinkSync(store, link);
    const before = snapshot(live);
    for (const name of [store, `${live}/./${SQLITE_FILE}`, link]) {
      expect(failureOf(() => restoreStore(live, name))).toMatch(/is the store itself, not a backup of it/);
    }
    expect(snapshot(live)).toEqual(before);
  });

  it('copies and checks the backup before it moves the store aside, and says where that is kept', async () => {
    const { live, backup } = await storeAndBackup(2);
    const { contents, keptAs } = restoreStore(live, backup, new Date('2026-11-26T12:00:00Z'));
    expect(contents.inquiries).toBe(2);
    expect(keptAs).toBe(join(live, `${SQLITE_FILE}.before-restore-2026-11-26T12-00-00-000Z`));
    expect(existsSync(keptAs!)).toBe(true);
    expect(existsSync(join(live, `${SQLITE_FILE}.restoring`))).toBe(false);
    expect(describeStoreFile(join(live, SQLITE_FILE)).inquiries).toBe(2);
  });

  it('brings back the site’s published versions and the owner’s draft (record 250)', async () => {
    const live = dir();
    const owners = openSqliteOwnerStore(live);
    await owners.siteContent.publish(1, { name: 'Version two' }, 'owner@example.com', new Date());
    await owners.siteContent.saveDraft({
      baseVersion: 2,
      content: { name: 'typing' },
      savedAt: new Date().toISOString(),
    });
    await owners.close();
    const backup = join(dir(), 'backup.sqlite');
    backUpStore(live, backup);
    const elsewhere = dir();
    restoreStore(elsewhere, backup);
    const restored = openSqliteOwnerStore(elsewhere);
    try {
      expect(await restored.siteContent.liveVersion()).toBe(2);
      expect((await restored.siteContent.version(2))?.content).toEqual({ name: 'Version two' });
      expect((await restored.siteContent.draft())?.content).toEqual({ name: 'typing' });
    } finally {
      await restored.close();
    }
  });

  it('gives the restored store to the owner of DATA_DIR (run as root, the server could not open it)', async () => {
    const { live, backup } = await storeAndBackup();
    // As root, the service's own user owns DATA_DIR; otherwise this user does.
    if (process.getuid?.() === 0) chownSync(live, 65534, 65534);
    restoreStore(live, backup);
    const owner = statSync(live);
    expect(statSync(join(live, SQLITE_FILE))).toMatchObject({ uid: owner.uid, gid: owner.gid });
  });

  it('names what is damaged, not the report’s header line', async () => {
    const { backup } = await storeAndBackup(200);
    // 64 bytes of noise over the head of a page in the middle.
    const fd = openSync(backup, 'r+');
    const middle = Math.floor(statSync(backup).size / 2 / 4096) * 4096;
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, middle);
    closeSync(fd);
    const message = failureOf(() => describeStoreFile(backup));
    expect(message).toMatch(/is (damaged|not a Curbside backup)/);
    expect(message).not.toContain('*** in database');
  });
});
