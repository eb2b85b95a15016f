// Every route of the owner's area, found by walking the app's own routes (not a
// hand-kept list), is guarded: no session, 401; a state change from another site,
// 403, even with a session; never cached nor indexed. A route added later without
// the owner scope fails here.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routesOf } from '../../../tests/support/app-routes.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { expectApiError, startApp, type TestApp } from '../../../tests/support/test-app.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';
import { hashPassword } from './password.js';

const OWNER = 'owner@example.com';
const PASSWORD = 'a long owner passphrase';
const SIGN_IN = 'POST /api/owner/session';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function ownerCookie(app: FastifyInstance, dataDir: string): Promise<string> {
  const owners = openSqliteOwnerStore(dataDir);
  await owners.createOwner(OWNER, await hashPassword(PASSWORD));
  await owners.close();
  const response = await app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
    payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

describe('the owner scope', () => {
  it('guards every owner route the app serves', async () => {
    t = await startApp();
    const inquiry = buildNewInquiry();
    await t.store.create(inquiry);
    const routes = routesOf(t.app).filter((route) => route.includes(' /api/owner/') && route !== SIGN_IN);
    // The walk found the inbox's and the notifications' routes alike.
    expect(routes).toEqual(expect.arrayContaining(['GET /api/owner/inquiries', 'GET /api/owner/notifications']));
    expect(routes.length).toBeGreaterThan(10);
    const cookie = await ownerCookie(t.app, t.config.dataDir);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = path.replace(/:id/g, inquiry.id);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const headers = { origin: 'http://localhost:80', ...(payload ? { 'content-type': 'application/json' } : {}) };

      const anonymous = await t.app.inject({ method, url, headers, payload });
      expectApiError(anonymous, 401);
      expect(anonymous.headers['cache-control'], route).toBe('no-store');
      expect(anonymous.headers['x-robots-tag'], route).toBe('noindex, nofollow');

      if (method !== 'GET') {
        const foreign = { ...headers, origin: 'https://evil.example', cookie };
        expectApiError(await t.app.inject({ method, url, headers: foreign, payload }), 403);
      }
    }
    // The session survived all that, and the inquiry is untouched.
    const session = await t.app.inject({ method: 'GET', url: '/api/owner/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect((await t.store.list()).map((row) => row.id)).toEqual([inquiry.id]);
  });

  it('takes the site from PUBLIC_URL or the Host header, never from X-Forwarded-Host, even behind a trusted proxy', async () => {
    t = await startApp({ TRUST_PROXY: '1' });
    const cookie = await ownerCookie(t.app, t.config.dataDir);
    const change = (headers: Record<string, string>) =>
      t!.app.inject({
        method: 'PUT',
        url: '/api/owner/account/email',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ notifyByEmail: false }),
      });
    const forged = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    expectApiError(await change(forged), 403);
    expect((await change({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/owner/account',
      headers: { cookie, 'x-forwarded-host': 'evil.example' },
    });
    expect(account.json().calendarFeedUrl).toMatch(/^http:\/\/localhost:80\/calendar\//);
  });

  it('takes a state change from PUBLIC_URL’s origin when a proxy rewrote the Host header', async () => {
    t = await startApp({ PUBLIC_URL: 'https://tacos.example' });
    const cookie = await ownerCookie(t.app, t.config.dataDir);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/owner/account/email',
      headers: { cookie, host: '127.0.0.1:3000', origin: 'https://tacos.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ notifyByEmail: false }),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
