// The shipped deploy/Caddyfile in front of the production server (issue 17 item 2):
// Caddy from Debian with its internal CA for localhost, loopback only. The page, an
// inquiry and the owner's inbox (signed in, in Chromium) work over HTTPS; plain HTTP redirects; HSTS and a
// Secure owner cookie; the address the limits count is the one Caddy saw, and a forged
// X-Forwarded-For changes nothing. Only the site block's domain and upstream are
// changed from the shipped file; the test's global options (ports, storage, no trust
// store install, no admin endpoint) go before it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/owner/password.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const OWNER = 'owner@caddy.example';
const PASSWORD = 'a long owner passphrase';
const SESSIONS_PER_ADDRESS = 3;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('deploy/Caddyfile in front of the production server', () => {
  const work = mkdtempSync(join(tmpdir(), 'curbside-caddy-'));
  const data = freshDataDir();
  let caddy: ChildProcess | undefined;
  let caddyLog = '';
  let server: ServerProcess;
  let ca: string;
  let https: number;
  let http: number;

  /** An HTTPS request to Caddy from a chosen loopback address, trusting Caddy's internal CA only. */
  function send(
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: https,
          path,
          method: options.method ?? 'GET',
          headers: { host: `localhost:${https}`, ...options.headers },
          ca,
          localAddress: options.from ?? '127.0.0.1',
          agent: false,
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  }

  beforeAll(async () => {
    if (!existsSync(CADDY))
      throw new Error(
        `Caddy is needed for the deploy test (looked for ${CADDY}). Install it with: sudo apt-get install -y caddy`,
      );
    if (!existsSync('dist/node/src/server/main.js')) throw new Error('No build: run "npm run build" first.');
    [https, http] = [await freePort(), await freePort()];
    const port = await freePort();

    const owners = openSqliteOwnerStore(data.dir);
    await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    await owners.close();
    server = new ServerProcess(
      port,
      {
        DATA_DIR: data.dir,
        TRUST_PROXY: '1',
        PUBLIC_URL: `https://localhost:${https}`,
        RATE_LIMIT_SESSIONS_PER_IP: String(SESSIONS_PER_ADDRESS),
      },
      true,
    );
    await server.start();

    const shipped = readFileSync('deploy/Caddyfile', 'utf8');
    expect(shipped).toMatch(/^example\.com \{$/m);
    expect(shipped).toContain('reverse_proxy 127.0.0.1:3000');
    const site = shipped
      .replace(/^example\.com \{$/m, `localhost {`)
      .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${port}`);
    const caddyfile = `{
\tadmin off
\tskip_install_trust
\tdefault_bind 127.0.0.1
\thttp_port ${http}
\thttps_port ${https}
\tstorage file_system ${join(work, 'storage')}
}
${site}`;
    writeFileSync(join(work, 'Caddyfile'), caddyfile);
    execFileSync(CADDY, ['validate', '--adapter', 'caddyfile', '--config', join(work, 'Caddyfile')], {
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
      stdio: 'pipe',
    });
    caddy = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', join(work, 'Caddyfile')], {
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (caddyLog = (caddyLog + chunk.toString()).slice(-4000));
    caddy.stdout?.on('data', keep);
    caddy.stderr?.on('data', keep);

    // Caddy makes its CA and the localhost certificate at start: wait for both.
    const root = join(work, 'storage', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`Caddy exited:\n${caddyLog}`);
      if (existsSync(root)) {
        ca = readFileSync(root, 'utf8');
        const ok = await send('/api/health').then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (ok) break;
      }
      if (Date.now() > deadline) throw new Error(`Caddy did not serve HTTPS within 30 s:\n${caddyLog}`);
      await sleep(100);
    }
  }, 90_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await server?.kill();
    rmSync(work, { recursive: true, force: true });
    data.remove();
  });

  it('serves the page over HTTPS with HSTS', async () => {
    const page = await send('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('id="inquiry"');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      plainRequest(
        { host: '127.0.0.1', port: http, path: '/inbox?from=mail', headers: { host: `localhost:${http}` } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
        },
      )
        .on('error', reject)
        .end();
    });
    expect([301, 308]).toContain(answer.status);
    // To the same path on HTTPS (Caddy 2.6 leaves out a port other than 443's).
    expect(answer.headers.location).toMatch(new RegExp(`^https://localhost(:${https})?/inbox\\?from=mail$`));
  });

  it('takes an inquiry, and shows it in the inbox to the owner with a Secure cookie', async () => {
    const session = JSON.parse((await send('/api/session', { method: 'POST', from: '127.0.0.5' })).body) as {
      token: string;
    };
    const id = randomUUID();
    const body = buildInquiryBody({ fillMs: 10_000, website: '' });
    const created = await send(`/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(body),
      from: '127.0.0.5',
    });
    expect(created.status, created.body).toBe(201);

    const origin = `https://localhost:${https}`;
    const signIn = await send('/api/owner/session', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER, password: PASSWORD }),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookies = [signIn.headers['set-cookie'] ?? []].flat();
    const sessionCookie = cookies.find((cookie) => !cookie.includes('device'));
    expect(sessionCookie).toMatch(/^__Host-/);
    expect(sessionCookie).toMatch(/; Secure/i);
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    const inbox = await send('/api/owner/inquiries', { headers: { cookie: sessionCookie!.split(';')[0]! } });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain(id);
  });

  it('signs the owner in to the inbox page in a browser, over HTTPS only (a __Host- cookie), and lists the inquiry', async () => {
    const session = JSON.parse((await send('/api/session', { method: 'POST', from: '127.0.0.6' })).body) as {
      token: string;
    };
    const lastName = `Overhttps${Date.now().toString(36)}`;
    const created = await send(`/api/inquiries/${randomUUID()}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(buildInquiryBody({ firstName: 'Hana', lastName, fillMs: 10_000, website: '' })),
      from: '127.0.0.6',
    });
    expect(created.status, created.body).toBe(201);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      // Caddy's internal CA is not in this browser's trust store.
      const page = await browser.newPage({ ignoreHTTPSErrors: true });
      await page.goto(`https://localhost:${https}/inbox`);
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('link', { name: `Hana ${lastName}`, exact: true })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).protocol).toBe('https:');
      const session = (await page.context().cookies()).find((cookie) => cookie.name.startsWith('__Host-'));
      expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('counts the address Caddy saw, whatever X-Forwarded-For the client sends', async () => {
    const from = '127.0.0.7';
    const statuses: number[] = [];
    for (let i = 0; i <= SESSIONS_PER_ADDRESS; i++) {
      const answer = await send('/api/session', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        from,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(SESSIONS_PER_ADDRESS).fill(200), 429]);
    // Another client (another address, as Caddy saw it) has its own count.
    expect((await send('/api/session', { method: 'POST', from: '127.0.0.8' })).status).toBe(200);
  });
});
