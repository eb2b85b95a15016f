// A full disk on SQLite (issue 27, record 150): the real server process runs with
// DATA_DIR on a small disk of its own (small-disk.ts), which creates fill. Every create
// it cannot store is answered 503 with Retry-After (not a masked 500), readiness says
// 503 while writes fail, the log gets a line per few seconds (not a stack per request),
// and once space is freed the server takes creates again without a restart, every
// acknowledged one stored. A start on a full disk, or on a DATA_DIR this user may not
// write, says so rather than "disk I/O error".
import { randomUUID } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, prepare } from '../../src/server/store/sqlite/sqlite-statements.js';
import { SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';
import { canMakeSmallDisks, fillSmallDisk, onDiskOf, onSmallDisk, SMALL_DISK_FIX } from '../support/small-disk.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A note of 1.5 KiB: creates that fill the disk quickly. */
const LONG_NOTE = 'Two vegan options, a gluten-free one, and a table by the entrance. '.repeat(23).slice(0, 1500);

describe('a full disk on SQLite', () => {
  beforeAll(() => {
    if (!canMakeSmallDisks()) throw new Error(SMALL_DISK_FIX);
  });

  it('answers 503 with Retry-After while the disk is full, says so in readiness, logs little, and recovers with nothing lost', {
    timeout: 120_000,
  }, async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    const server = new ServerProcess(await freePort(), { DATA_DIR: data.dir }, false, onSmallDisk(data.dir, 8 * 1024));
    cleanups.push(() => server.kill());
    await server.start();
    const base = `http://127.0.0.1:${server.port}`;
    const { token } = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };
    const create = async () => {
      const id = randomUUID();
      const response = await fetch(`${base}/api/inquiries/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(buildInquiryBody({ notes: LONG_NOTE })),
      });
      return {
        id,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text(),
      };
    };

    const free = fillSmallDisk(server.pid!, data.dir, 384);
    const acknowledged: string[] = [];
    const refused: Awaited<ReturnType<typeof create>>[] = [];
    // Creates until the disk has refused a good many (one answer per id, as the review's client).
    for (let sent = 0; refused.length < 200; sent++) {
      expect(sent, 'creates sent before the disk refused 200').toBeLessThan(5_000);
      const answer = await create();
      if (answer.status === 201) acknowledged.push(answer.id);
      else refused.push(answer);
    }
    const logBefore = server.written;
    for (let i = 0; i < 100; i++) {
      const answer = await create();
      expect(answer.status, answer.body).toBe(503);
      refused.push(answer);
    }
    for (const answer of refused) {
      expect(answer.status, answer.body).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'unavailable' });
    }
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { problem: string }).problem).toMatch(/^writes fail: /);
    // A hundred refused creates wrote a line or two, not a hundred stacks.
    expect(server.written - logBefore, server.log).toBeLessThan(2_000);
    expect(acknowledged.length).toBeGreaterThan(0);

    free();
    let back: Awaited<ReturnType<typeof create>> | undefined;
    for (let tries = 0; tries < 50 && back?.status !== 201; tries++) {
      back = await create();
      if (back.status === 201) acknowledged.push(back.id);
      else await sleep(100);
    }
    expect(back?.status, back?.body).toBe(201);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    // Read behind the server's back, from a copy of its files (it writes nothing now):
    // every acknowledged create is there.
    const copy = freshDataDir();
    cleanups.push(copy.remove);
    for (const suffix of ['', '-wal']) {
      copyFileSync(onDiskOf(server.pid!, join(data.dir, SQLITE_FILE + suffix)), join(copy.dir, SQLITE_FILE + suffix));
    }
    const db = openDatabase(join(copy.dir, SQLITE_FILE));
    try {
      const stored = new Set(prepare(db, 'SELECT id FROM eventInquiries').pluck().all() as string[]);
      expect(
        acknowledged.filter((id) => !stored.has(id)),
        'acknowledged but not stored',
      ).toEqual([]);
    } finally {
      db.close();
    }
    expect(await server.terminate()).toBe(0);
  });

  it('does not start on a full disk, and says the disk holding DATA_DIR is full', { timeout: 60_000 }, async () => {
    // A store with an inquiry in it, made on an ordinary disk.
    const made = freshDataDir();
    cleanups.push(made.remove);
    const first = new ServerProcess(await freePort(), { DATA_DIR: made.dir });
    cleanups.push(() => first.kill());
    await first.start();
    expect(await first.terminate()).toBe(0);

    // The same store copied onto a small disk, the rest of which is taken.
    const data = freshDataDir();
    cleanups.push(data.remove);
    const fill = `cp -a "${made.dir}/." "$0/" && (dd if=/dev/zero of="$0/filler" bs=4096 2>/dev/null; true)`;
    const server = new ServerProcess(
      await freePort(),
      { DATA_DIR: data.dir },
      false,
      onSmallDisk(data.dir, 4 * 1024, fill),
    );
    cleanups.push(() => server.kill());
    const failed = await server.start().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failed).toContain(`Cannot start: the disk holding DATA_DIR (${data.dir}) is full`);
    expect(failed).not.toContain('    at ');
  });

  it('does not start when this user may not write DATA_DIR, and says so', { timeout: 60_000 }, async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    const dir = join(data.dir, 'store');
    mkdirSync(dir);
    chmodSync(dir, 0o500);
    // In a user namespace of its own the server has no privileges over this machine's
    // files, not even as root: the directory's mode decides.
    const server = new ServerProcess(await freePort(), { DATA_DIR: dir }, false, (command) => [
      'unshare',
      '--user',
      '--',
      ...command,
    ]);
    cleanups.push(() => server.kill());
    const failed = await server.start().then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/Cannot start: this user \(uid \d+\) may not write .*\/store \(owned by uid \d+, mode 500/);
    expect(failed).not.toContain('    at ');
  });
});
