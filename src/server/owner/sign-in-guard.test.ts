// A stranger cannot lock the owner out (issue 16): the account's limit counts failed
// sign-ins, not attempts, and a browser that has signed in before (its device cookie)
// is held only by its own failures; browsers the account has never seen slow down.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../tests/support/test-app.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';
import { hashPassword } from './password.js';
import { deviceOf, deviceToken } from './sign-in-guard.js';

const OWNER = 'owner@example.com';
const PASSWORD = 'a long owner passphrase';
const PROXY = '127.0.0.1';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  t = await startApp({
    TRUST_PROXY: '1',
    RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '10',
    RATE_LIMIT_OWNER_SIGNINS_PER_IP: '20',
    ...env,
  });
  const owners = openSqliteOwnerStore(t.config.dataDir);
  await owners.createOwner(OWNER, await hashPassword(PASSWORD));
  await owners.close();
  return t;
}

/** A sign-in through the trusted proxy, from `client` (the address the proxy saw), with a forged X-Forwarded-For. */
function signIn(app: FastifyInstance, password: string, client: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/owner/session',
    remoteAddress: PROXY,
    headers: {
      origin: 'http://localhost:80',
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.9.9, ${client}`,
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ email: OWNER, password }),
  });
}

const deviceCookieOf = (response: { headers: Record<string, unknown> }) =>
  ([response.headers['set-cookie']].flat() as string[])
    .find((cookie) => cookie.startsWith('curbside_device='))!
    .split(';')[0]!;

describe('signing in when a stranger guesses', () => {
  it('twenty wrong passwords from twenty addresses: the owner’s own browser still signs in at once', async () => {
    const { app } = await start();
    const earlier = await signIn(app, PASSWORD, '198.51.100.7');
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookieOf(earlier);
    const answers: number[] = [];
    for (let i = 1; i <= 20; i++)
      answers.push((await signIn(app, 'a wrong guess, again', `203.0.113.${i}`)).statusCode);
    // Ten guesses are checked; then the guesser (a browser the account never saw) must wait.
    expect(answers).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    // The owner's browser, from its usual address: in at once.
    const owner = await signIn(app, PASSWORD, '198.51.100.7', device);
    expect(owner.statusCode, owner.body).toBe(200);
    // A browser the account has never seen must wait, even with the right password.
    const unknown = await signIn(app, PASSWORD, '192.0.2.44');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toMatch(
      /^Too many sign-in attempts for this account\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failures, not attempts: the owner signing in again and again is never held', async () => {
    const { app } = await start({ RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '3' });
    for (let i = 0; i < 8; i++) expect((await signIn(app, PASSWORD, `198.51.100.${i + 1}`)).statusCode).toBe(200);
  });

  it('holds a device by its own failures, and honours no cookie made for another account or without the secret', async () => {
    const { app, config } = await start();
    const device = deviceCookieOf(await signIn(app, PASSWORD, '198.51.100.7'));
    for (let i = 0; i < 10; i++) expect((await signIn(app, 'wrong', '198.51.100.7', device)).statusCode).toBe(401);
    expect((await signIn(app, PASSWORD, '198.51.100.7', device)).statusCode).toBe(429);
    const token = device.split('=')[1]!;
    expect(deviceOf(config.sessionSecret, token, OWNER, 0)).toBeDefined();
    expect(deviceOf(config.sessionSecret, token, 'helper@example.com', 0)).toBeUndefined();
    expect(deviceOf('another secret entirely, 0123456789abcdef', token, OWNER, 0)).toBeUndefined();
    const forged = deviceToken('another secret entirely, 0123456789abcdef', OWNER, 0);
    expect(deviceOf(config.sessionSecret, forged, OWNER, 0)).toBeUndefined();
    // A cookie of an earlier generation (before "Sign out other devices" or a new password) is no longer one.
    expect(deviceOf(config.sessionSecret, token, OWNER, 1)).toBeUndefined();
  });
});
