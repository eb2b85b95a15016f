// Anonymous sessions are signed tokens, not server state, so any number of
// instances sharing SESSION_SECRET accept each other's tokens.
// Format: v1.<uid>.<issued, seconds>.<HMAC-SHA256 of the first three parts>
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
/** A token older than this is refused; visitors get a new one (same uid) on every page load. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface Session {
  uid: string;
  token: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueSession(secret: string, uid = randomBytes(16).toString('base64url'), now = Date.now()): Session {
  const payload = `${VERSION}.${uid}.${Math.floor(now / 1000)}`;
  return { uid, token: `${payload}.${sign(secret, payload)}` };
}

/** The uid a token carries, or undefined when it is malformed, forged or expired. */
export function verifySession(secret: string, token: string, now = Date.now()): string | undefined {
  return verifiedSession(secret, token, now)?.uid;
}

/** A genuine token's uid and when it was issued (ms, by the server's clock; to the second). */
function verifiedSession(secret: string, token: string, now: number): { uid: string; issuedAt: number } | undefined {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return undefined;
  const [version, uid, issued, signature] = parts as [string, string, string, string];
  if (!/^[\w-]{22}$/.test(uid) || !/^\d{1,12}$/.test(issued)) return undefined;
  const expected = Buffer.from(sign(secret, `${version}.${uid}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now / 1000 - Number(issued);
  if (age < -300 || age > MAX_AGE_SECONDS) return undefined;
  return { uid, issuedAt: Number(issued) * 1000 };
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([\w.-]{1,200})$/.exec(header ?? '');
  return match?.[1];
}

/** The session an `Authorization` header carries (its uid, and when the server issued it), if it is valid. */
export function sessionOf(
  secret: string,
  authorization: string | undefined,
  now = Date.now(),
): { uid: string; issuedAt: number } | undefined {
  const token = bearerToken(authorization);
  return token ? verifiedSession(secret, token, now) : undefined;
}

/** The uid of the session an `Authorization` header carries, if it carries a valid one. */
export function sessionUid(secret: string, authorization: string | undefined): string | undefined {
  return sessionOf(secret, authorization)?.uid;
}
