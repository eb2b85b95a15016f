// Private by default (issue 16): the data files are the owner's alone whatever DATA_DIR
// was before, the owner's cookie is Secure whenever the site is https, a search's words
// never reach the log, and a missing PUBLIC_URL is said at start.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir } from '../../tests/support/databases.js';
import { freePort } from '../../tests/support/postgres.js';
import { ServerProcess } from '../../tests/support/server-process.js';
import { startApp, type TestApp } from '../../tests/support/test-app.js';
import { hashPassword } from './owner/password.js';
import { openSqliteOwnerStore } from './store/sqlite/sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from './store/sqlite/sqlite-store.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

async function withOwner(t: TestApp): Promise<void> {
  const owners = openSqliteOwnerStore(t.config.dataDir);
  await owners.createOwner('owner@example.com', await hashPassword('a long owner passphrase'));
  await owners.close();
}

describe('private by default', () => {
  it('makes the data files 0600 in a DATA_DIR others can read, and says so at start', async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    mkdirSync(data.dir, { recursive: true });
    chmodSync(data.dir, 0o755); // as systemd's StateDirectory= makes it
    // A database made by an older version under umask 022: world-readable.
    const old = openSqliteStore(data.dir);
    await old.close();
    chmodSync(join(data.dir, SQLITE_FILE), 0o644);
    const server = new ServerProcess(await freePort(), { DATA_DIR: data.dir, LOG_LEVEL: 'warn' });
    cleanups.push(() => server.kill());
    await server.start();
    expect(mode(join(data.dir, SQLITE_FILE))).toBe('600');
    expect(mode(join(data.dir, `${SQLITE_FILE}-wal`))).toBe('600');
    await expect.poll(() => server.log).toContain(`DATA_DIR ${data.dir} can be read by other users`);
    expect(server.log).toContain(`chmod 700 ${data.dir}`);
  });

  it('sets the owner’s cookie Secure (and __Host-) whenever PUBLIC_URL is https, even over plain http here', async () => {
    const t = await startApp({ PUBLIC_URL: 'https://tacos.example' });
    cleanups.push(() => t.close());
    await withOwner(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'owner@example.com', password: 'a long owner passphrase' }),
    });
    const cookies = [signIn.headers['set-cookie']].flat() as string[];
    expect(cookies[0]).toMatch(/^__Host-curbside_owner=[\w-]{43}; .*; Secure$/);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/owner/session',
      headers: { cookie: cookies[0]!.split(';')[0]! },
    });
    expect(session.statusCode).toBe(200);
  });

  it('logs a request’s path without its query (a search holds a customer’s name)', async () => {
    const t = await startApp({ LOG_LEVEL: 'debug' });
    cleanups.push(() => t.close());
    await t.app.inject({ method: 'GET', url: '/api/owner/inquiries?q=maria+gonzalez+555' });
    const logged = t.logs.join('');
    expect(logged).toContain('/api/owner/inquiries');
    expect(logged).not.toContain('maria');
  });

  it('warns at start when notifications are on and PUBLIC_URL is not set, and not once it is', async () => {
    const without = await startApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    cleanups.push(() => without.close());
    await without.app.ready();
    expect(without.logs.join('')).toContain('PUBLIC_URL is not set: the inbox links in e-mails and webhooks point to');
    const set = await startApp({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://tacos.example' });
    cleanups.push(() => set.close());
    await set.app.ready();
    expect(set.logs.join('')).not.toContain('PUBLIC_URL is not set');
  });
});
