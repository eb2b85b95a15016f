// Backups that restore (issue 17 item 1): `npm run backup` taken while 50 connections
// create (the backup in a process of its own, the creates going on while it runs)
// holds every inquiry acknowledged before it began, with its notification; `npm run
// restore` refuses while a server has the store open, checks its file (whole, a
// Curbside store, not from a newer version), keeps the store it replaces aside, and a
// server started on the restored store shows the inquiries with their notes, statuses
// and notifications as they were.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryView } from '../../src/shared/notifications.js';
import type { InquiryDetail } from '../../src/shared/inbox-views.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { describeStoreFile } from '../../src/server/store/sqlite/sqlite-backup.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openDatabase, prepare } from '../../src/server/store/sqlite/sqlite-statements.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';
import { startSmtp } from '../support/smtp.js';

const OWNER = 'owner@backup.example';
const PASSWORD = 'a long owner passphrase';
const CONNECTIONS = 50;

/**
 * `npm run backup|restore -- FILE` as the owner runs it (from source here; the production
 * test runs the build), in a process of its own that this one does not wait on: the
 * test's clients go on creating while it runs.
 */
function runCli(
  name: 'backup' | 'restore',
  file: string,
  dataDir: string,
): Promise<{ status: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, out, err }));
  });
}

/** One connection creating inquiries one after another until told to stop; the acknowledged ids, in order. */
async function create(base: string, going: () => boolean, acknowledged: string[]): Promise<void> {
  const session = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };
  while (going()) {
    const id = randomUUID();
    const response = await fetch(`${base}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(buildInquiryBody({ fillMs: 10_000, website: '' })),
    });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    acknowledged.push(id);
  }
}

/** An inquiry's notifications as the inbox shows them. */
async function deliveriesOf(server: ServerProcess, cookie: string, id: string): Promise<DeliveryView[]> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/owner/inquiries/${id}/deliveries`, {
    headers: { cookie },
  });
  return ((await response.json()) as { deliveries: DeliveryView[] }).deliveries;
}

/** The inquiries a store file owes or has sent a notification (a delivery, or a pending row not written out yet). */
function inquiriesInOutbox(file: string): Set<string> {
  const db = openDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const sql = 'SELECT inquiryId FROM outbox UNION SELECT inquiryId FROM outboxPending';
    return new Set(prepare(db, sql).pluck().all() as string[]);
  } finally {
    db.close();
  }
}

describe('npm run backup and npm run restore (SQLite)', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    return data.dir;
  };

  it('backs up under load everything acknowledged before, and restores it whole', { timeout: 180_000 }, async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const live = dataDir();
    const owners = openSqliteOwnerStore(live);
    const owner = await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    const by = { id: owner.id, email: OWNER };
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'inquiries@backup.example', CONFIRMATION_EMAIL: 'off' };
    const server = new ServerProcess(await freePort(), { ...env, DATA_DIR: live });
    cleanups.push(() => server.kill());
    await server.start();
    const base = `http://127.0.0.1:${server.port}`;

    // A few inquiries the owner has worked on (a status and a note each), whose owner
    // e-mails went out but one, refused for good by the SMTP server.
    smtp.failNext(1, 550, 'No such mailbox');
    const first: string[] = [];
    await create(base, () => first.length < 3, first);
    for (const [i, id] of first.entries()) {
      await owners.inbox.setStatus(id, 'contacted', by, new Date());
      await owners.inbox.addNote(id, `Called back, note ${i}`, by, new Date());
    }
    await owners.close();
    const cookie = await ownerCookie(server, OWNER, PASSWORD);
    const settled = async () => Promise.all(first.map((id) => deliveriesOf(server, cookie, id)));
    await expect
      .poll(async () => (await settled()).map(([delivery]) => delivery?.status).sort(), { timeout: 15_000 })
      .toEqual(['failed', 'sent', 'sent']);
    const notified = await settled();
    // An SMTP outage from here: the load's e-mails wait in the outbox, retrying.
    await smtp.stop();

    let going = true;
    const acknowledged: string[] = [];
    const load = Promise.all(Array.from({ length: CONNECTIONS }, () => create(base, () => going, acknowledged)));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...first, ...acknowledged];
    const file = join(dataDir(), 'curbside-backup.sqlite');
    const backup = await runCli('backup', file, live);
    const duringBackup = acknowledged.length - (before.length - first.length);
    going = false;
    await load;
    expect(backup.status, backup.err).toBe(0);
    expect(duringBackup, 'creates acknowledged while the backup ran').toBeGreaterThan(0);
    expect(backup.out).toMatch(/^Backed up to .*curbside-backup\.sqlite/);
    expect(backup.out).toMatch(/\d+ inquiries, 1 owner account, \d+ history entries/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    expect(await runCli('backup', file, live)).toMatchObject({
      status: 1,
      err: expect.stringMatching(/already exists/),
    });

    // The server still has the store open: the restore refuses and changes nothing.
    const refused = await runCli('restore', file, live);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/A server is using the store .*stop it first/);
    await server.kill();

    // Into a fresh DATA_DIR: every inquiry acknowledged before the backup, each still owing or having had its e-mail.
    const fresh = dataDir();
    const restore = await runCli('restore', file, fresh);
    expect(restore.status, restore.err).toBe(0);
    expect(restore.out).toMatch(/Restored into .*\n {2}\d+ inquiries, 1 owner account/);
    expect(restore.out).toContain('Start the server again');
    expect(restore.out).not.toContain('kept as');
    expect(statSync(join(fresh, SQLITE_FILE)).mode & 0o777).toBe(0o600);
    const inOutbox = inquiriesInOutbox(join(fresh, SQLITE_FILE));
    const store = openSqliteStore(fresh);
    const ids = new Set((await store.list()).map((inquiry) => inquiry.id));
    await store.close();
    for (const id of before) {
      expect(ids.has(id), `acknowledged before the backup: ${id}`).toBe(true);
      expect(inOutbox.has(id), `the owner e-mail of ${id}`).toBe(true);
    }

    // Over the live store, as an owner does at 2 a.m.: the store replaced is kept aside, whole.
    const inPlace = await runCli('restore', file, live);
    expect(inPlace.status, inPlace.err).toBe(0);
    const keptAs = /The store it replaced is kept as (\S+) \(/.exec(inPlace.out)?.[1];
    expect(keptAs, inPlace.out).toMatch(/curbside\.sqlite\.before-restore-/);
    expect(existsSync(keptAs!)).toBe(true);
    expect(describeStoreFile(keptAs!).inquiries).toBe(first.length + acknowledged.length);

    // A server on each restored store (the fresh DATA_DIR and the live one): the owner signs
    // in and finds the notes, statuses and notifications.
    for (const restored of [fresh, live]) {
      const again = new ServerProcess(await freePort(), { ...env, DATA_DIR: restored });
      cleanups.push(() => again.kill());
      await again.start();
      const origin = `http://127.0.0.1:${again.port}`;
      const signedIn = await ownerCookie(again, OWNER, PASSWORD);
      for (const [i, id] of first.entries()) {
        const detail = (await (
          await fetch(`${origin}/api/owner/inquiries/${id}`, { headers: { cookie: signedIn } })
        ).json()) as InquiryDetail;
        expect(detail.inquiry.status).toBe('contacted');
        expect(detail.history.map((entry) => entry.kind)).toContain('note');
        expect(JSON.stringify(detail.history)).toContain(`Called back, note ${i}`);
        expect(await deliveriesOf(again, signedIn, id)).toEqual(notified[i]);
      }
      await again.kill();
    }
  });

  it('refuses a file that is not a whole Curbside backup, or is from a newer version, and changes nothing', async () => {
    const live = dataDir();
    const store = openSqliteStore(live);
    await store.close();
    const before = statSync(join(live, SQLITE_FILE)).mtimeMs;
    const junk = join(dataDir(), 'junk.sqlite');
    writeFileSync(junk, 'not a database at all, just text that happens to be long enough');
    const junkRestore = await runCli('restore', junk, live);
    expect(junkRestore.status).toBe(1);
    expect(junkRestore.err).toMatch(/^Cannot restore: .*junk\.sqlite is not a/);
    expect((await runCli('restore', join(live, 'missing.sqlite'), live)).err).toMatch(/There is no file/);
    const newer = await newerStoreFile(dataDir());
    const newerRestore = await runCli('restore', newer, live);
    expect(newerRestore.status).toBe(1);
    expect(newerRestore.err).toMatch(
      /made by a newer Curbside \(schema 9999; this one knows up to \d+\): upgrade first/,
    );
    // The store itself named as its backup (the review's restore left no store at all).
    const itself = await runCli('restore', join(live, SQLITE_FILE), live);
    expect(itself.status).toBe(1);
    expect(itself.err).toMatch(/^Cannot restore: .*curbside\.sqlite is the store itself, not a backup of it/);
    expect(itself.err).not.toContain('    at ');
    expect(statSync(join(live, SQLITE_FILE)).mtimeMs).toBe(before);
    expect((await runCli('backup', join(live, 'x.sqlite'), dataDir())).err).toMatch(/There is no store to back up/);
  });
});

/** A store as a later Curbside would leave it: a migration this build does not know recorded. */
async function newerStoreFile(dir: string): Promise<string> {
  const file = join(dir, SQLITE_FILE);
  await openSqliteStore(dir).close();
  const db = openDatabase(file);
  try {
    prepare(db, 'INSERT INTO schemaMigrations (version, appliedAt) VALUES (9999, ?)').run(new Date().toISOString());
  } finally {
    db.close();
  }
  return file;
}
