// The customer's link to a quote: /quote/<token>, where the token is the quote's id and
// a MAC of it under a key derived from SESSION_SECRET (record 142). Unguessable without
// the secret, the same on every instance, and nothing to keep in the database or its
// backups; a quote erased with its inquiry leaves a token that finds nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const ID_BYTES = 16;
const MAC_BYTES = 16;

/** The key the links are signed with, derived once from the server's secret. */
export function quoteLinkKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'curbside quote link', 32));
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const macOf = (key: Buffer, id: Buffer) => createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);

/** The token of a quote's link (43 URL-safe characters). */
export function quoteToken(key: Buffer, quoteId: string): string {
  const id = uuidBytes(quoteId);
  return Buffer.concat([id, macOf(key, id)]).toString('base64url');
}

/** The quote id a token stands for, or undefined when it is not one of ours. */
export function quoteIdOf(key: Buffer, token: string): string | undefined {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== ID_BYTES + MAC_BYTES) return undefined;
  const id = bytes.subarray(0, ID_BYTES);
  return timingSafeEqual(bytes.subarray(ID_BYTES), macOf(key, id)) ? uuidOf(id) : undefined;
}

export const quotePath = (key: Buffer, quoteId: string) => `/quote/${quoteToken(key, quoteId)}`;
