// Transport security: HSTS only over TLS, as a trusted proxy reports it.
import { describe, expect, it } from 'vitest';
import { expectSecurityHeaders, startApp } from '../../tests/support/test-app.js';

describe('HSTS', () => {
  const cases: [string, Record<string, string>, Record<string, string>, boolean][] = [
    ['absent over plain http', {}, {}, false],
    ['absent when a client claims https without a trusted proxy', {}, { 'x-forwarded-proto': 'https' }, false],
    ['absent behind a trusted proxy over http', { TRUST_PROXY: '1' }, { 'x-forwarded-proto': 'http' }, false],
    [
      'present behind a trusted proxy that terminated TLS',
      { TRUST_PROXY: '1' },
      { 'x-forwarded-proto': 'https' },
      true,
    ],
    [
      'present behind a proxy trusted by its address that terminated TLS',
      { TRUST_PROXY: '127.0.0.1' },
      { 'x-forwarded-proto': 'https' },
      true,
    ],
  ];

  it.each(cases)('is %s', async (_, env, headers, present) => {
    const t = await startApp(env);
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/health' },
        { method: 'GET' as const, url: '/api/nothing' },
        { method: 'POST' as const, url: '/api/session' },
      ]) {
        const response = await t.app.inject({ ...request, headers });
        const hsts = response.headers['strict-transport-security'];
        if (present) expect(hsts).toMatch(/max-age=\d{7,}/);
        else expect(hsts).toBeUndefined();
        expectSecurityHeaders(response);
      }
    } finally {
      await t.close();
    }
  });
});
