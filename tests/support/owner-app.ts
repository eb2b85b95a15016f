// The owner's side in-process, for API tests: the app on real stores (SQLite, or
// PostgreSQL when DATABASE_URL is given) with an owner account, and helpers that
// sign in and call the owner's routes as the inbox does (cookie, same Origin).
import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { content } from '../../content/index.js';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/owner/password.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import { openStore } from '../../src/server/store/open-store.js';
import { scheduleSection } from '../../src/shared/schedule-section.js';
import { buildTestConfig } from './builders.js';
import { freshDataDir } from './databases.js';

export const ORIGIN = 'http://localhost:80';
export const PASSWORD = 'a long owner passphrase';
export const OWNER = 'owner@example.com';
const NO_LIMITS = {
  RATE_LIMIT_SESSIONS_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_SESSION: '100000',
  RATE_LIMIT_OWNER_SIGNINS_PER_IP: '100000',
  RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '100000',
};

export interface OwnerApp {
  app: FastifyInstance;
  inquiries: InquiryStore;
  owners: OwnerStore;
  config: Config;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let passwordHash: Promise<string> | undefined;
/** The app with the owner OWNER (password PASSWORD) and any more `owners`; closed after the test. */
export async function startOwnerApp(
  env: Record<string, string> = {},
  options: { owners?: string[]; build?: BuildOptions } = {},
): Promise<OwnerApp> {
  const { config, remove } = buildTestConfig({ ...NO_LIMITS, ...env });
  cleanups.push(remove);
  const inquiries = await openStore(config);
  const owners = await openOwnerStore(config);
  const app = await buildApp(config, inquiries, { ...options.build, ownerStore: owners });
  cleanups.push(() => app.close());
  passwordHash ??= hashPassword(PASSWORD);
  for (const email of [OWNER, ...(options.owners ?? [])]) {
    if (!(await owners.findOwnerByEmail(email))) await owners.createOwner(email, await passwordHash);
  }
  return { app, inquiries, owners, config };
}

/** Signs in and gives the Cookie header value to send back. */
export async function cookieOf(app: FastifyInstance, email = OWNER): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

/** A call as the inbox makes it: the session's cookie, this site's Origin on changes. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== 'GET') headers.origin = ORIGIN;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** A build of the page with only the schedule section in it, so tests of the schedule need no `npm run build`. */
export function builtPage(): string {
  const data = freshDataDir();
  cleanups.push(data.remove);
  const clientDir = join(data.dir, 'client');
  mkdirSync(clientDir);
  const section = scheduleSection([], {
    now: new Date(),
    timeZone: content.timeZone,
    locale: content.locale,
    businessId: 'x',
    businessName: content.name,
  });
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><html><body><main>${section}</main></body></html>`);
  return clientDir;
}

/** The app serving builtPage(), and the owner's session cookie. */
export async function startScheduleApp(env: Record<string, string> = {}) {
  const started = await startOwnerApp({ CLIENT_DIR: builtPage(), ...env });
  const cookie = await cookieOf(started.app);
  return { ...started, cookie };
}
