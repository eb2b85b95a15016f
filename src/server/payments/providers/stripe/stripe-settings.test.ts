// Stripe's settings as the server loads them (config.ts): off when unset, the keys
// together, STRIPE_API_BASE read into the package's host, port and protocol, and a
// refusal naming the variable, never echoing a secret.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SESSION_SECRET } from '../../../../../tests/support/builders.js';
import { freshDataDir } from '../../../../../tests/support/databases.js';
import { ConfigError } from '../../../config-error.js';
import { loadConfig } from '../../../config.js';

const removals: (() => void)[] = [];
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
});

const KEY = 'sk_test_51AbCdEf0123456789';
const SECRET = 'whsec_0123456789abcdefABCDEF';

function load(env: Record<string, string>) {
  const data = freshDataDir();
  removals.push(data.remove);
  return loadConfig({ DATA_DIR: data.dir, SESSION_SECRET: TEST_SESSION_SECRET, ...env }).payments;
}

describe('Stripe’s settings', () => {
  it('are off when unset', () => {
    expect(load({})).toEqual({ stripe: undefined });
    expect(load({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' })).toEqual({
      stripe: undefined,
    });
  });

  it('read the keys, with Stripe’s own API by default', () => {
    expect(load({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET })).toEqual({
      stripe: { secretKey: KEY, webhookSecret: SECRET, apiBase: undefined },
    });
  });

  it.each([
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['https://stripe-mock.internal', { host: 'stripe-mock.internal', port: 443, protocol: 'https' }],
    ['http://[::1]:8420/', { host: '::1', port: 8420, protocol: 'http' }],
  ])('read STRIPE_API_BASE=%s as the package’s host, port and protocol', (base, apiBase) => {
    expect(
      load({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: base }).stripe?.apiBase,
    ).toEqual(apiBase);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: KEY }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ STRIPE_WEBHOOK_SECRET: SECRET }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [{ STRIPE_SECRET_KEY: 'pk_test_123abc', STRIPE_WEBHOOK_SECRET: SECRET }, 'STRIPE_SECRET_KEY must be'],
    [{ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET must be'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:12111' }, 'STRIPE_API_BASE is set but'],
    [{ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: 'localhost:12111' }, 'STRIPE_API_BASE'],
    [{ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: 'ftp://x.example' }, 'STRIPE_API_BASE'],
    [
      { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: 'http://x.example/v1' },
      'STRIPE_API_BASE',
    ],
  ])('refuse %o, naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('never echo a refused secret', () => {
    const key = 'sk_test_has-a-dash-so-it-is-refused';
    const secret = 'whsec_short';
    for (const env of [
      { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: SECRET },
      { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: secret },
    ]) {
      try {
        load(env);
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).not.toContain(env.STRIPE_SECRET_KEY);
        expect((error as Error).message).not.toContain(env.STRIPE_WEBHOOK_SECRET);
      }
    }
  });
});
