// Stripe's settings: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (both or neither), and
// STRIPE_API_BASE, another address for Stripe's API (a local stand-in in the tests, or
// stripe-mock), read into the host, port and protocol the `stripe` package takes. A bad
// value stops the server naming the variable, never echoing a secret.
import { ConfigError } from '../../../config-error.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Unset: Stripe's own API (api.stripe.com). */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

type Env = Record<string, string | undefined>;

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{16,}$/;

function apiBase(raw: string): StripeSettings['apiBase'] {
  const refused = new ConfigError(
    `STRIPE_API_BASE must be an address such as http://127.0.0.1:12111, without a path (got "${raw}")`,
  );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash)
    throw refused;
  if (url.username || url.password) throw refused;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // The package wants a bare host: an IPv6 address without its brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** Which of Stripe's modes the key is for: test (no real money) or live. */
export const stripeMode = (settings: StripeSettings): 'test' | 'live' =>
  settings.secretKey.split('_')[1] === 'live' ? 'live' : 'test';

/** Stripe's settings, or undefined when it is not set up (no online payments). */
export function stripeSettings(env: Env): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  const base = env.STRIPE_API_BASE ?? '';
  if (!secretKey && !webhookSecret) {
    if (base) throw new ConfigError('STRIPE_API_BASE is set but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not');
    return undefined;
  }
  if (!secretKey || !webhookSecret) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or neither: no online payments)',
    );
  }
  if (!SECRET_KEY.test(secretKey)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be a Stripe secret key, sk_live_… or sk_test_… (or a restricted key, rk_…), as the Dashboard shows it',
    );
  }
  if (!WEBHOOK_SECRET.test(webhookSecret)) {
    throw new ConfigError(
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret, whsec_…, as the Dashboard's webhook page shows it",
    );
  }
  return { secretKey, webhookSecret, apiBase: base ? apiBase(base) : undefined };
}
