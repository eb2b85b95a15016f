// POST /api/session: anonymous sessions, in-process with app.inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUid, TEST_SESSION_SECRET } from '../../../tests/support/builders.js';
import { expectSecurityHeaders, startApp, type TestApp } from '../../../tests/support/test-app.js';
import { issueSession, verifySession } from '../../server/session-token.js';

describe('POST /api/session', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startApp()));
  afterAll(() => t.close());

  it('issues an anonymous uid and a token that carries it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(response.statusCode).toBe(200);
    const { uid, token } = response.json();
    expect(uid).toMatch(/^[\w-]{22}$/);
    expect(verifySession(t.config.sessionSecret, token)).toBe(uid);
    expectSecurityHeaders(response);
  });

  it('gives every new visitor a different uid', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/session' });
    const b = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(a.json().uid).not.toBe(b.json().uid);
  });

  it('keeps the uid of a visitor who brings a valid token, with a token that still works', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/session' })).json();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().uid).toBe(first.uid);
    expect(verifySession(t.config.sessionSecret, again.json().token)).toBe(first.uid);
  });

  it.each([
    ['forged with another secret', () => issueSession('another-secret-of-at-least-32-characters!!', buildUid()).token],
    ['garbled', () => 'v1.not-a-token'],
    [
      'with its signature altered',
      () => {
        const token = issueSession(TEST_SESSION_SECRET, buildUid()).token;
        return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    ['expired', () => issueSession(TEST_SESSION_SECRET, buildUid(), Date.now() - 2 * 365 * 24 * 3600 * 1000).token],
  ])('gives a new uid to a token %s', async (_, token) => {
    const given = token();
    const claimed = given.split('.')[1];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${given}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().uid).toMatch(/^[\w-]{22}$/);
    expect(response.json().uid).not.toBe(claimed);
  });

  it('keeps the uid of a token signed with its secret (so the cases above are refused for what they show)', async () => {
    const uid = buildUid();
    const fresh = issueSession(t.config.sessionSecret, uid).token;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(response.json().uid).toBe(uid);
  });

  it('ignores a non-Bearer authorization header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().uid).toMatch(/^[\w-]{22}$/);
  });
});
