// Who may try a password now (decision record 080). A stranger must not be able to
// lock the owner out by typing wrong passwords for their address, which is often
// public. So the account's limit counts failures, not attempts, and applies only to
// browsers that have never signed in to that account: a browser that has carries a
// device cookie (OWASP's device-cookie scheme), signed with the server's secret, and is
// held only by its own failures. Unknown browsers slow down (429 with Retry-After)
// once the account has had too many failures in the window.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RateLimit } from '../config.js';

export const DEVICE_COOKIE = 'curbside_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** A device cookie is kept a year; each sign-in renews it. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Failures one device cookie may have in a window before it is held too. */
const DEVICE_FAILURES = 10;

/** A fixed-window count per key (in this process: several instances each count their own, record 080). */
class WindowCounts {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly windowMs: number) {}
  /** Seconds until the key's window ends, if it has reached `max`; otherwise undefined. */
  blocked(key: string, max: number, now: number): number | undefined {
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now || entry.count < max) return undefined;
    return Math.ceil((entry.resetAt - now) / 1000);
  }
  add(key: string, now: number): void {
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      // Forget ended windows now and then, so the map stays small.
      if (this.counts.size > 10_000)
        for (const [old, value] of this.counts) if (value.resetAt <= now) this.counts.delete(old);
      this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
    } else entry.count++;
  }
}

export interface SignInGuard {
  /** Seconds to wait before this attempt may check a password, or undefined when it may now. */
  waitSeconds(account: string, device: string | undefined, now?: number): number | undefined;
  /** A wrong password (or an unknown account) for `account`, from this device (if it has a cookie for it). */
  failed(account: string, device: string | undefined, now?: number): void;
}

export function signInGuard(limit: RateLimit): SignInGuard {
  const accounts = new WindowCounts(limit.windowMs);
  const devices = new WindowCounts(limit.windowMs);
  return {
    waitSeconds(account, device, now = Date.now()) {
      if (device) return devices.blocked(device, DEVICE_FAILURES, now);
      return accounts.blocked(account, limit.max, now);
    },
    failed(account, device, now = Date.now()) {
      accounts.add(account, now);
      if (device) devices.add(device, now);
    },
  };
}

const mac = (secret: string, account: string, nonce: string) =>
  createHmac('sha256', secret).update(`curbside device\n${account}\n${nonce}`).digest('base64url');

/** A new device cookie's value for an account (its normalised e-mail). */
export function deviceToken(secret: string, account: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${Buffer.from(account).toString('base64url')}.${nonce}.${mac(secret, account, nonce)}`;
}

/** The device's own id (its nonce) if `token` is a genuine device cookie for `account`; else undefined. */
export function deviceOf(secret: string, token: string | undefined, account: string): string | undefined {
  const [encoded, nonce, signature] = token?.split('.') ?? [];
  if (!encoded || !nonce || !signature) return undefined;
  if (Buffer.from(encoded, 'base64url').toString() !== account) return undefined;
  const expected = Buffer.from(mac(secret, account, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** The device cookie's value from a Cookie header (the secure name over https). */
export function readDeviceCookie(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  for (const part of cookieHeader?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function deviceCookie(token: string, secure: boolean): string {
  const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_MAX_AGE_S}${secure ? '; Secure' : ''}`;
}
