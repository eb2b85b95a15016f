// The owner's session as a request carries it: its cookie, its lifetime.
import type { FastifyRequest } from 'fastify';
import type { AccountStore, Owner } from '../store/account-store.js';
import { readToken, tokenHash } from './session-cookie.js';

/** A session ends after this long unused, and in any case this long after sign-in. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether the owner's cookies are Secure (and `__Host-`): over https, and whenever
 * PUBLIC_URL is https, so a TLS proxy whose hop is not trusted (TRUST_PROXY unset, the
 * request looks like http here) still gets them (set by the owner scope's hook).
 */
export const isSecure = (request: FastifyRequest) => request.secureCookies;

/** The owner whose live session the request's cookie names, if any (and its token). */
export async function sessionOf(
  owners: AccountStore,
  request: FastifyRequest,
): Promise<{ owner: Owner | undefined; token: string | undefined }> {
  const token = readToken(request.headers.cookie, isSecure(request));
  const owner = token ? await owners.resumeSession(tokenHash(token), new Date(), SESSION_IDLE_MS) : undefined;
  return { owner, token };
}
