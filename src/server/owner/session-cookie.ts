// The owner's session cookie: 32 random bytes, HttpOnly, SameSite=Strict, Path=/;
// over https also Secure with the __Host- prefix (bound to this host). The store
// keeps only the token's SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { cookieValue } from '../cookie-value.js';

export const COOKIE = 'curbside_owner';
export const SECURE_COOKIE = `__Host-${COOKIE}`;

export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The token from a Cookie header (the secure name over https, the plain one otherwise). */
export function readToken(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const value = cookieValue(cookieHeader, secure ? SECURE_COOKIE : COOKIE);
  return value !== undefined && /^[\w-]{43}$/.test(value) ? value : undefined;
}

export function sessionCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  const name = secure ? SECURE_COOKIE : COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearedCookie(secure: boolean): string {
  return sessionCookie('', secure, 0);
}
