// Who may try a password now (decision record 080). A stranger must not be able to
// lock the owner out by typing wrong passwords for their address, which is often
// public. So the account's limit counts failures, not attempts, and applies only to
// browsers that have never signed in to that account: a browser that has carries a
// device cookie (OWASP's device-cookie scheme), signed with the server's secret, and is
// held only by its own failures. Unknown browsers slow down (429 with Retry-After)
// once the account has had too many failures in the window.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValue } from '../cookie-value.js';
import type { RateLimit } from '../config.js';
import type { RateCounts } from '../store/rate-counts.js';

export const DEVICE_COOKIE = 'curbside_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** A device cookie is kept a year; each sign-in renews it. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Failures one device cookie may have in a window before it is held too. */
const DEVICE_FAILURES = 10;

export interface SignInGuard {
  /** Seconds to wait before this attempt may check a password, or undefined when it may now. */
  waitSeconds(account: string, device: string | undefined): Promise<number | undefined>;
  /** A wrong password (or an unknown account) for `account`, from this device (if it has a cookie for it). */
  failed(account: string, device: string | undefined): Promise<void>;
}

/** Counts failures in the store's rate counts: on PostgreSQL, one count for every instance. */
export function signInGuard(counts: RateCounts, limit: RateLimit): SignInGuard {
  const accountKey = (account: string) => `owner-sign-in-failures:${account}`;
  const deviceKey = (device: string) => `owner-device-failures:${device}`;
  const blocked = async (key: string, max: number) => {
    const { count, msLeft } = await counts.peek(key);
    return count >= max ? Math.max(1, Math.ceil(msLeft / 1000)) : undefined;
  };
  return {
    waitSeconds: (account, device) =>
      device ? blocked(deviceKey(device), DEVICE_FAILURES) : blocked(accountKey(account), limit.max),
    async failed(account, device) {
      // Lasting: no flood of other keys may make the store forget these (record 152).
      await counts.hit(accountKey(account), limit.windowMs, true);
      if (device) await counts.hit(deviceKey(device), limit.windowMs, true);
    },
  };
}

// The account's device generation is signed in too: "Sign out other devices" and a new
// password move it on, so every device cookie made before is a stranger's (record 155).
const mac = (secret: string, account: string, generation: number, nonce: string) =>
  createHmac('sha256', secret).update(`curbside device\n${account}\n${generation}\n${nonce}`).digest('base64url');

/** A new device cookie's value for an account (its normalised e-mail) at its device generation. */
export function deviceToken(secret: string, account: string, generation: number): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${Buffer.from(account).toString('base64url')}.${nonce}.${mac(secret, account, generation, nonce)}`;
}

/**
 * The device's own id (its nonce) if `token` is a genuine device cookie for `account` at
 * its current device `generation`; else undefined.
 */
export function deviceOf(
  secret: string,
  token: string | undefined,
  account: string,
  generation: number,
): string | undefined {
  const [encoded, nonce, signature] = token?.split('.') ?? [];
  if (!encoded || !nonce || !signature) return undefined;
  if (Buffer.from(encoded, 'base64url').toString() !== account) return undefined;
  const expected = Buffer.from(mac(secret, account, generation, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** The device cookie's value from a Cookie header (the secure name over https). */
export function readDeviceCookie(cookieHeader: string | undefined, secure: boolean): string | undefined {
  return cookieValue(cookieHeader, secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);
}

export function deviceCookie(token: string, secure: boolean): string {
  const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_MAX_AGE_S}${secure ? '; Secure' : ''}`;
}
