// Abuse limits per address and per session, answered with 429 and Retry-After.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../../../tests/support/builders.js';
import { bareAddress, clientKey } from './rate-limit.js';
import {
  expectApiError,
  expectSecurityHeaders,
  newId,
  putInquiry,
  signIn,
  startApp,
  type TestApp,
} from '../../../tests/support/test-app.js';

describe('rate limits', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  async function limitedApp(env: Record<string, string>): Promise<TestApp> {
    const t = await startApp(env);
    apps.push(t);
    return t;
  }

  function expect429(response: LightMyRequestResponse): void {
    expect(expectApiError(response, 429).error).toBe('rate_limited');
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expectSecurityHeaders(response);
  }

  it('limits inquiries per session, not the other sessions of the same address', async () => {
    const t = await limitedApp({ RATE_LIMIT_INQUIRIES_PER_SESSION: '3' });
    const token = await signIn(t.app);
    for (let i = 0; i < 3; i++)
      expect((await putInquiry(t.app, newId(), buildInquiryBody(), { token })).statusCode).toBe(201);
    const limited = await putInquiry(t.app, newId(), buildInquiryBody(), { token });
    expect429(limited);
    expect(await t.store.count()).toBe(3);
    // Another session from the same address is fine.
    expect((await putInquiry(t.app, newId(), buildInquiryBody(), { token: await signIn(t.app) })).statusCode).toBe(201);
  });

  it('limits inquiries per address, whatever the session, not other addresses', async () => {
    const t = await limitedApp({ RATE_LIMIT_INQUIRIES_PER_IP: '3' });
    for (let i = 0; i < 3; i++) {
      const response = await putInquiry(t.app, newId(), buildInquiryBody(), {
        token: await signIn(t.app, '203.0.113.7'),
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(201);
    }
    const fresh = await signIn(t.app, '203.0.113.7');
    expect429(await putInquiry(t.app, newId(), buildInquiryBody(), { token: fresh, remoteAddress: '203.0.113.7' }));
    // Counted before authentication: anonymous floods are limited too.
    expect429(await putInquiry(t.app, newId(), buildInquiryBody(), { remoteAddress: '203.0.113.7' }));
    expect(await t.store.count()).toBe(3);
    expect(
      (await putInquiry(t.app, newId(), buildInquiryBody(), { token: fresh, remoteAddress: '198.51.100.1' }))
        .statusCode,
    ).toBe(201);
  });

  /** A sign-in as it reaches us through a proxy at `proxy` that appended `client` to what the client sent. */
  const viaProxy = (app: FastifyInstance, proxy: string, sent: string | undefined, client: string) =>
    app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': sent === undefined ? client : `${sent}, ${client}` },
    });

  it.each([
    ['one trusted hop', '1'],
    ['the proxy’s address', '127.0.0.1'],
    ['the proxy’s range', '127.0.0.0/8,10.0.0.0/8'],
  ])('counts the address the proxy saw, whatever the client forged on the left, trusting %s', async (_, trust) => {
    const t = await limitedApp({ RATE_LIMIT_SESSIONS_PER_IP: '2', TRUST_PROXY: trust });
    const proxy = '127.0.0.1';
    // A new forged leftmost entry each time (what walked around the limit with TRUST_PROXY=true).
    expect((await viaProxy(t.app, proxy, '192.0.2.1', '203.0.113.9')).statusCode).toBe(200);
    expect((await viaProxy(t.app, proxy, '192.0.2.2, 10.9.9.9', '203.0.113.9')).statusCode).toBe(200);
    expect429(await viaProxy(t.app, proxy, '192.0.2.3', '203.0.113.9'));
    expect429(await viaProxy(t.app, proxy, undefined, '203.0.113.9'));
    // Another client behind the same proxy is counted apart.
    expect((await viaProxy(t.app, proxy, '203.0.113.9', '198.51.100.7')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (const env of [{}, { TRUST_PROXY: '127.0.0.1' }] as Record<string, string>[]) {
      const t = await limitedApp({ RATE_LIMIT_SESSIONS_PER_IP: '2', ...env });
      for (const forged of ['192.0.2.1', '192.0.2.2']) {
        expect((await viaProxy(t.app, '203.0.113.50', undefined, forged)).statusCode).toBe(200);
      }
      expect429(await viaProxy(t.app, '203.0.113.50', undefined, '192.0.2.3'));
    }
  });

  it('counts an address the proxy sends with a port as that address, and every unreadable one under one key', async () => {
    const t = await limitedApp({ RATE_LIMIT_SESSIONS_PER_IP: '3', TRUST_PROXY: '127.0.0.1' });
    const statusesFor = async (client: (n: number) => string) => {
      const statuses: number[] = [];
      for (let n = 1; n <= 5; n++) statuses.push((await viaProxy(t.app, '127.0.0.1', undefined, client(n))).statusCode);
      return statuses;
    };
    const limited = [200, 200, 200, 429, 429];
    expect(await statusesFor((n) => `198.51.100.9:${40_000 + n}`)).toEqual(limited);
    expect(await statusesFor((n) => `[2001:db8:5:6::${n}]:${443 + n}`)).toEqual(limited);
    expect(await statusesFor((n) => `garbage-${n}`)).toEqual(limited);
    expect(await statusesFor(() => 'unknown')).toEqual([429, 429, 429, 429, 429]);
    // Said once in the log, without the value.
    const told = t.logs.filter((line) => line.includes('is not an IP address'));
    expect(told).toHaveLength(1);
    expect(told[0]).not.toContain('garbage');
  });

  it('limits sign-ins per address', async () => {
    const t = await limitedApp({ RATE_LIMIT_SESSIONS_PER_IP: '2' });
    for (let i = 0; i < 2; i++)
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9' })).statusCode,
      ).toBe(200);
    expect429(await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9' }));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '198.51.100.2' })).statusCode,
    ).toBe(200);
  });
});

describe('the client a per-address limit counts', () => {
  it('is an IPv4 address, or an IPv6 /64 network however it is written', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('is read from a bare address, with a port taken off; anything else is no address', () => {
    expect(bareAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(bareAddress('203.0.113.7:8080')).toBe('203.0.113.7');
    expect(bareAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(bareAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(bareAddress('2001:db8::1')).toBe('2001:db8::1');
    for (const notOne of [
      'garbage',
      '',
      '203.0.113.7:',
      '999.1.1.1:80',
      '[nothing]:80',
      'unknown',
      '203.0.113.7:80:80',
    ])
      expect(bareAddress(notOne), notOne).toBeUndefined();
  });

  it('holds a whole IPv6 /64 to one limit: a new address in it for every request gains nothing', async () => {
    const t = await startApp({ RATE_LIMIT_SESSIONS_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/session',
          remoteAddress: `2001:db8:7:9::${i}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another /64 is another client.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '2001:db8:7:a::1' })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
