// Backups that restore (issue 17 item 1): `npm run backup` taken while 50 connections
// create holds every inquiry acknowledged before it began; `npm run restore` refuses
// while a server has the store open, checks its file, and a server started on the
// restored store shows the inquiries with their notes and statuses.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InquiryDetail } from '../../src/shared/owner.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';

const OWNER = 'owner@backup.example';
const PASSWORD = 'a long owner passphrase';
const CONNECTIONS = 50;

/** `npm run backup|restore -- FILE` as the owner runs it (from source here; the CLI test covers the build). */
function runCli(name: 'backup' | 'restore', file: string, dataDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
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

  it('backs up under load everything acknowledged before, and restores it whole', { timeout: 120_000 }, async () => {
    const live = dataDir();
    const owners = openSqliteOwnerStore(live);
    const owner = await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    const by = { id: owner.id, email: OWNER };
    const server = new ServerProcess(await freePort(), { DATA_DIR: live });
    cleanups.push(() => server.kill());
    await server.start();
    const base = `http://127.0.0.1:${server.port}`;

    // A few inquiries the owner has worked on: a status and a note each.
    const first: string[] = [];
    await create(base, () => first.length < 3, first);
    for (const [i, id] of first.entries()) {
      await owners.setStatus(id, 'contacted', by, new Date());
      await owners.addNote(id, `Called back, note ${i}`, by, new Date());
    }
    await owners.close();

    let going = true;
    const acknowledged: string[] = [];
    const load = Promise.all(Array.from({ length: CONNECTIONS }, () => create(base, () => going, acknowledged)));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...first, ...acknowledged];
    const file = join(dataDir(), 'curbside-backup.sqlite');
    const backup = runCli('backup', file, live);
    going = false;
    await load;
    expect(backup.status, backup.err).toBe(0);
    expect(backup.out).toMatch(/^Backed up to .*curbside-backup\.sqlite/);
    expect(backup.out).toMatch(/\d+ inquiries, 1 owner account, \d+ history entries/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    expect(runCli('backup', file, live)).toMatchObject({ status: 1, err: expect.stringMatching(/already exists/) });

    // The server still has the store open: the restore refuses and changes nothing.
    const refused = runCli('restore', file, live);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/A server is using the store .*stop it first/);
    await server.kill();

    const restored = dataDir();
    const restore = runCli('restore', file, restored);
    expect(restore.status, restore.err).toBe(0);
    expect(restore.out).toMatch(/Restored into .*\n {2}\d+ inquiries, 1 owner account/);
    expect(restore.out).toContain('Start the server again');
    expect(statSync(join(restored, SQLITE_FILE)).mode & 0o777).toBe(0o600);

    const store = openSqliteStore(restored);
    const ids = new Set((await store.list()).map((inquiry) => inquiry.id));
    await store.close();
    for (const id of before) expect(ids.has(id), `acknowledged before the backup: ${id}`).toBe(true);

    // A server on the restored store: the owner signs in and finds the notes and statuses.
    const again = new ServerProcess(await freePort(), { DATA_DIR: restored });
    cleanups.push(() => again.kill());
    await again.start();
    const origin = `http://127.0.0.1:${again.port}`;
    const cookie = await ownerCookie(again, OWNER, PASSWORD);
    for (const [i, id] of first.entries()) {
      const detail = (await (
        await fetch(`${origin}/api/owner/inquiries/${id}`, { headers: { cookie } })
      ).json()) as InquiryDetail;
      expect(detail.inquiry.status).toBe('contacted');
      expect(detail.history.map((entry) => entry.kind)).toContain('note');
      expect(JSON.stringify(detail.history)).toContain(`Called back, note ${i}`);
    }
  });

  it('refuses a file that is not a whole Curbside backup, and changes nothing', async () => {
    const live = dataDir();
    const store = openSqliteStore(live);
    await store.close();
    const before = statSync(join(live, SQLITE_FILE)).mtimeMs;
    const junk = join(dataDir(), 'junk.sqlite');
    writeFileSync(junk, 'not a database at all, just text that happens to be long enough');
    const junkRestore = runCli('restore', junk, live);
    expect(junkRestore.status).toBe(1);
    expect(junkRestore.err).toMatch(/^Cannot restore: .*junk\.sqlite is not a/);
    expect(runCli('restore', join(live, 'missing.sqlite'), live).err).toMatch(/There is no file/);
    expect(statSync(join(live, SQLITE_FILE)).mtimeMs).toBe(before);
    expect(runCli('backup', join(live, 'x.sqlite'), dataDir()).err).toMatch(/There is no store to back up/);
  });
});
