// SQLite never stalls or fails a create because something reads (issue 16): a reader
// holding a read transaction (a backup, a `sqlite3` shell, a long export) keeps the WAL
// from being reset, which used to make the checkpointer hold the write lock for its
// whole 5 s busy timeout: no creates for seconds, one answered 500 (SQLITE_BUSY). Here
// a reader holds one for 15 s while 50 clients create, and the owner erases an
// inquiry: no 5xx, no create waits a second, and the erased text leaves the WAL once
// the reader lets go.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/owner/password.js';
import { openDatabase, prepare } from '../../src/server/store/sqlite/sqlite-statements.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

const CLIENTS = 50;
const HOLD_MS = 15_000;
const OWNER = 'owner@reader.example';
const PASSWORD = 'a long owner passphrase';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('keeps creating, within a second each, while a reader holds a transaction for 15 s; an erase does not freeze it', async () => {
  const data = freshDataDir();
  cleanups.push(data.remove);
  const owners = openSqliteOwnerStore(data.dir);
  await owners.createOwner(OWNER, await hashPassword(PASSWORD));
  await owners.close();
  const port = await freePort();
  const server = new ServerProcess(port, { DATA_DIR: data.dir, RATE_LIMIT_OWNER_SIGNINS_PER_IP: '1000' });
  cleanups.push(() => server.kill());
  await server.start();
  const base = `http://127.0.0.1:${port}`;
  const { token } = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };
  const create = async (body = buildInquiryBody()) => {
    const id = randomUUID();
    const started = performance.now();
    const response = await fetch(`${base}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { id, status: response.status, ms: performance.now() - started };
  };

  const marker = `Readerheld${Date.now()}`;
  const erased = await create(buildInquiryBody({ lastName: marker, notes: `${marker} notes` }));
  expect(erased.status).toBe(201);
  const signIn = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;

  // The reader: a read transaction on its own connection, held for 15 s.
  const file = join(data.dir, SQLITE_FILE);
  const reader = openDatabase(file, { readonly: true });
  cleanups.push(() => reader.close());
  reader.exec('BEGIN');
  prepare(reader, 'SELECT count(*) FROM eventInquiries').pluck().get();
  const heldUntil = Date.now() + HOLD_MS;

  const results: { status: number; ms: number }[] = [];
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < heldUntil) results.push(await create());
  });
  // Midway, the owner erases an inquiry: answered at once, the WAL is emptied later.
  await sleep(HOLD_MS / 2);
  const eraseStarted = performance.now();
  const erase = await fetch(`${base}/api/owner/inquiries/${erased.id}`, {
    method: 'DELETE',
    headers: { origin: base, cookie },
  });
  const eraseMs = performance.now() - eraseStarted;
  await Promise.all(clients);
  reader.exec('COMMIT');

  expect(erase.status).toBe(204);
  expect(results.length).toBeGreaterThan(CLIENTS * 10);
  expect(results.filter((result) => result.status !== 201)).toEqual([]);
  const slowest = Math.max(...results.map((result) => result.ms));
  expect(slowest, `the slowest create took ${Math.round(slowest)} ms`).toBeLessThan(1_000);
  expect(eraseMs).toBeLessThan(1_000);
  // The reader is gone: within a minute the erased text is out of the WAL and the file.
  const holdsMarker = () => ['', '-wal'].some((suffix) => readFileSync(file + suffix).includes(marker));
  await expect.poll(holdsMarker, { timeout: 60_000, interval: 500 }).toBe(false);
}, 120_000);
