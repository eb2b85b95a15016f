// The notification settings (SMTP_URL, MAIL_FROM, CONFIRMATION_EMAIL,
// WEBHOOK_URLS, WEBHOOK_ALLOW_PRIVATE, PUBLIC_URL), parsed once with the rest of
// the configuration; a bad value stops the server with the variable's name and
// never echoes a password or a secret.
import { content } from '../../../content/index.js';
import { ConfigError } from '../config-error.js';

export interface WebhookEndpoint {
  url: string;
  /** The signing secret as given, `whsec_` + base64. */
  secret: string;
}

export interface NotifyConfig {
  /** smtp://user:pass@host:port or smtps://…; unset: no e-mail is sent. */
  smtpUrl: string | undefined;
  /** The From of every e-mail: an address of the site's own domain, optionally `Name <address>`. */
  mailFrom: string;
  /** Send the customer a confirmation (only with SMTP, never for spam). */
  confirmationEmail: boolean;
  /**
   * At most this many confirmations to one address in 24 hours, and this many in all in
   * an hour: nobody can make the site mail a stranger again and again (record 082).
   */
  confirmationsPerAddress: number;
  confirmationsPerHour: number;
  webhooks: WebhookEndpoint[];
  /** Allow webhooks to private, loopback and link-local addresses (tests, a LAN). */
  webhookAllowPrivate: boolean;
  /** The site's address, for links in e-mails; no trailing slash. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (without it, links point to this machine). */
  publicUrlSet: boolean;
  /** How long a claimed delivery stays claimed before another worker may take it (NOTIFY_LEASE_SECONDS). */
  leaseMs: number;
  /** The push keys (VAPID) given by VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: made once and kept in the store. */
  vapidKeys: VapidKeys | undefined;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

type Env = Record<string, string | undefined>;

const ADDRESS = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

/** The bare address of `Name <address>` or of `address`, or undefined when it is neither. */
export function mailAddress(value: string): string | undefined {
  const named = /^\s*(?:"[^"]*"|[^<>"]*)\s*<([^<>\s]+)>\s*$/.exec(value);
  const address = (named ? named[1] : value.trim()) ?? '';
  return ADDRESS.test(address) ? address : undefined;
}

function smtpUrl(env: Env): string | undefined {
  const raw = env.SMTP_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  return raw;
}

// Without MAIL_FROM, the content file's name and contact address at start (record 251 lets
// this stay): the sender is the server's set-up, fixed for its life like SMTP_URL, and read
// before any store is open. A bare MAIL_FROM address gets the live business's name on each
// customer's e-mail (messages.ts); the name in a "Name <address>" MAIL_FROM is the owner's choice.
function mailFrom(env: Env): string {
  const raw = env.MAIL_FROM;
  if (raw === undefined || raw === '') return `${content.name} <${content.contact.email}>`;
  if (!mailAddress(raw)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, or "Name <address>", of the site's own domain (got "${raw}")`,
    );
  }
  return raw;
}

function count(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 100_000) {
    throw new ConfigError(`${name} must be a whole number from 0 to 100000 (got "${raw}")`);
  }
  return Number(raw);
}

function onOff(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'on' || raw === 'true' || raw === '1') return true;
  if (raw === 'off' || raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be on or off (got "${raw}")`);
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** The secret's key bytes: the base64 after `whsec_`. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

function webhooks(env: Env): WebhookEndpoint[] {
  const raw = env.WEBHOOK_URLS;
  if (raw === undefined || raw.trim() === '') return [];
  return raw
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair, index) => {
      const bar = pair.lastIndexOf('|');
      const where = `WEBHOOK_URLS entry ${index + 1}`;
      if (bar < 0) throw new ConfigError(`WEBHOOK_URLS must be comma-separated url|whsec_secret pairs (${where})`);
      const url = pair.slice(0, bar).trim();
      const secret = pair.slice(bar + 1).trim();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new ConfigError(`WEBHOOK_URLS must hold http:// or https:// URLs (${where} is not a URL)`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new ConfigError(`WEBHOOK_URLS must hold http:// or https:// URLs (${where})`);
      }
      if (parsed.username || parsed.password) {
        throw new ConfigError(`WEBHOOK_URLS must not hold a user or password in a URL (${where})`);
      }
      const key = secret.slice('whsec_'.length);
      if (
        !secret.startsWith('whsec_') ||
        !/^[A-Za-z0-9+/]+={0,2}$/.test(key) ||
        key.length % 4 !== 0 ||
        secretKey(secret).length < 16
      ) {
        throw new ConfigError(
          `WEBHOOK_URLS must give each URL a secret as whsec_ followed by base64 of at least 16 random bytes (${where})`,
        );
      }
      return { url: parsed.href, secret };
    })
    .map((endpoint, index, all) => {
      // A delivery is one per endpoint URL: a second entry's secret would never be used.
      const first = all.findIndex((other) => other.url === endpoint.url);
      if (first !== index) {
        throw new ConfigError(
          `WEBHOOK_URLS must name each endpoint once (entry ${index + 1} repeats entry ${first + 1})`,
        );
      }
      return endpoint;
    });
}

function publicUrl(env: Env, port: number): string {
  const raw = env.PUBLIC_URL;
  if (raw === undefined || raw === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be the site's address, such as https://tacos.example (got "${raw}")`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL must be the site's address, such as https://tacos.example (got "${raw}")`);
  }
  return url.href.replace(/\/+$/, '');
}

function leaseMs(env: Env): number {
  const raw = env.NOTIFY_LEASE_SECONDS;
  if (raw === undefined || raw === '') return 120_000;
  if (!/^\d+$/.test(raw) || Number(raw) < 5 || Number(raw) > 3600) {
    throw new ConfigError(`NOTIFY_LEASE_SECONDS must be a whole number from 5 to 3600 (got "${raw}")`);
  }
  return Number(raw) * 1000;
}

/** Both VAPID keys or neither, each the URL-safe base64 that `npx web-push generate-vapid-keys` prints. */
function vapidKeys(env: Env): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (!publicKey && !privateKey) return undefined;
  if (!/^[\w-]{87}$/.test(publicKey) || !/^[\w-]{43}$/.test(privateKey)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, as "npx web-push generate-vapid-keys" prints them (or leave both unset: the server makes its own)',
    );
  }
  return { publicKey, privateKey };
}

export function loadNotifyConfig(env: Env, port: number): NotifyConfig {
  return {
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env),
    confirmationEmail: onOff(env, 'CONFIRMATION_EMAIL'),
    confirmationsPerAddress: count(env, 'CONFIRMATIONS_PER_ADDRESS', 3),
    confirmationsPerHour: count(env, 'CONFIRMATIONS_PER_HOUR', 30),
    webhooks: webhooks(env),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    publicUrl: publicUrl(env, port),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    leaseMs: leaseMs(env),
    vapidKeys: vapidKeys(env),
  };
}
