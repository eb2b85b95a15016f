// Configuration comes from environment variables, read once at start; a bad
// value stops the server with a message naming the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { ConfigError } from './config-error.js';
import { loadNotifyConfig, type NotifyConfig } from './notify/notify-config.js';
import { loadPaymentSettings, type PaymentSettings } from './payments/payment-settings.js';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  /** Directory of the built site; the API still works without it. */
  clientDir: string;
  /** Off, the number of proxy hops in front, or the proxies' addresses (decision record 018). */
  trustProxy: TrustProxy;
  minFillMs: number;
  limits: {
    sessionsPerIp: RateLimit;
    inquiriesPerIp: RateLimit;
    inquiriesPerSession: RateLimit;
    /** The owner's sign-in attempts, per address and per account (e-mail). */
    ownerSignInsPerIp: RateLimit;
    ownerSignInsPerAccount: RateLimit;
    /** Posts to one quote link (its forms), from anyone holding it (record 190). */
    quotePostsPerLink: RateLimit;
    /** Pre-orders one address places for one stop (record 390). */
    ordersPerStopPerIp: RateLimit;
  };
  logLevel: string;
  /** GET /metrics answers only a request bearing this token (METRICS_TOKEN); unset: 404. */
  metricsToken: string | undefined;
  /** E-mail and webhooks (notify/notify-config.ts). */
  notify: NotifyConfig;
  /** The payment providers (payments/payment-settings.ts). */
  payments: PaymentSettings;
  /** When the sale's reminders are due (issue 31, record 180). */
  followUp: FollowUpConfig;
}

export interface FollowUpConfig {
  /** A lead still New this long after it came in is pushed again, within the business hours (ESCALATE_AFTER_MINUTES; 0: never). */
  escalateAfterMs: number;
  /** A quote nobody answered gets one reminder to the customer this many days after it was sent (QUOTE_NUDGE_DAYS; 0: never). */
  quoteNudgeDays: number;
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range} (got "${raw}")`);
  }
  return Number(raw);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): string {
  const raw = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(raw))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return raw;
}

/** A true/false variable (kept for the variables that are one). */
export function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (the default), a number of proxy hops, or a comma-separated
 * list of proxy addresses and CIDR ranges. `true` is refused: it would trust
 * every X-Forwarded-For entry, and the leftmost one is written by the client.
 */
function trustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true is refused: it takes the client address from the leftmost X-Forwarded-For entry, ' +
        'which the client writes itself, so anyone could walk around the per-address limits. ' +
        'Set the number of proxies in front (TRUST_PROXY=1 for one nginx or Caddy) or their addresses ' +
        '(TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.0.2.10)',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a number of proxy hops from 1 to 10 (got "${raw}")`);
    return { hops };
  }
  const addresses = raw.split(',').map((entry) => entry.trim());
  const bad = addresses.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (got "${bad}" in "${raw}")`,
    );
  }
  return { addresses };
}

/**
 * Session tokens are signed with SESSION_SECRET. Several instances behind a load
 * balancer must share it; a single instance may leave it unset and a random
 * secret is kept in DATA_DIR so sessions survive restarts.
 */
function sessionSecret(env: Env, dataDir: string): string {
  const given = env.SESSION_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters');
    return given;
  }
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readSecret(file);
  // Inquiries and the session secret are personal and secret: the owner's eyes only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // Written whole under a temporary name, then linked into place: another
  // instance starting at the same time never reads a half-written (empty) secret.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, secret, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    // Another instance wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError(
      `${file} holds no usable session secret (under 32 characters): delete it to make a new one, or set SESSION_SECRET`,
    );
  }
  return secret;
}

function databaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return raw;
}

const MINUTE = 60_000;

function metricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 printable characters, no spaces (e.g. openssl rand -hex 24)',
    );
  }
  return raw;
}

/** Where the inquiries are kept, as the server finds them; reads the environment only, writes nothing. */
export function loadStoreConfig(env: Env = process.env, cwd = process.cwd()): Pick<Config, 'dataDir' | 'databaseUrl'> {
  return { dataDir: resolve(cwd, env.DATA_DIR || 'data'), databaseUrl: databaseUrl(env) };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const { dataDir, databaseUrl: url } = loadStoreConfig(env, cwd);
  const port = integer(env, 'PORT', 3000, 0, 65_535);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: url,
    sessionSecret: sessionSecret(env, dataDir),
    clientDir: resolve(cwd, env.CLIENT_DIR || 'dist/client'),
    trustProxy: trustProxy(env),
    minFillMs: integer(env, 'MIN_FILL_SECONDS', 3) * 1000,
    limits: {
      sessionsPerIp: { max: integer(env, 'RATE_LIMIT_SESSIONS_PER_IP', 30, 1), windowMs: 10 * MINUTE },
      inquiriesPerIp: { max: integer(env, 'RATE_LIMIT_INQUIRIES_PER_IP', 60, 1), windowMs: 10 * MINUTE },
      inquiriesPerSession: { max: integer(env, 'RATE_LIMIT_INQUIRIES_PER_SESSION', 10, 1), windowMs: 10 * MINUTE },
      ownerSignInsPerIp: { max: integer(env, 'RATE_LIMIT_OWNER_SIGNINS_PER_IP', 20, 1), windowMs: 15 * MINUTE },
      ownerSignInsPerAccount: {
        max: integer(env, 'RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT', 10, 1),
        windowMs: 15 * MINUTE,
      },
      quotePostsPerLink: { max: integer(env, 'RATE_LIMIT_QUOTE_POSTS_PER_LINK', 20, 1), windowMs: 10 * MINUTE },
      // A stop's pickup times are not all taken by one visitor's "Pay at pickup" orders (record 390).
      ordersPerStopPerIp: {
        max: integer(env, 'RATE_LIMIT_ORDERS_PER_STOP_PER_IP', 100, 1),
        windowMs: 24 * 60 * MINUTE,
      },
    },
    logLevel: logLevel(env),
    metricsToken: metricsToken(env),
    notify: loadNotifyConfig(env, port),
    followUp: {
      escalateAfterMs: integer(env, 'ESCALATE_AFTER_MINUTES', 15, 0, 24 * 60) * MINUTE,
      quoteNudgeDays: integer(env, 'QUOTE_NUDGE_DAYS', 3, 0, 60),
    },
    payments: loadPaymentSettings(env),
  };
}
