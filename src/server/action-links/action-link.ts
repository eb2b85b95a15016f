// A notification's action link (issue 31, record 182): /act/<token>, where the token
// holds the link's own id, the inquiry, the action, when it expires and the owner it
// was sent to (none for an e-mail to several owners), with a MAC under a key derived
// from SESSION_SECRET. It opens that action on that inquiry and nothing else; whether
// it was used is the store's (a row per link used, on every instance).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LinkAction } from '../store/action-link-store.js';

/** How long a link works after it was sent: a lead is answered within days or not at all. */
export const ACTION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const ACTIONS: readonly LinkAction[] = ['contacted', 'decline'];
const UUID_BYTES = 16;
const MAC_BYTES = 16;
/** link id, inquiry id, action, expiry (s), owner id (zeros: none), MAC. */
const TOKEN_BYTES = UUID_BYTES * 3 + 1 + 4 + MAC_BYTES;
const NO_OWNER = Buffer.alloc(UUID_BYTES);

export interface ActionLink {
  linkId: string;
  inquiryId: string;
  action: LinkAction;
  /** ms since the epoch. */
  expiresAt: number;
  /** The owner it was sent to, or undefined (an e-mail to several owners). */
  ownerId: string | undefined;
}

/** The key the links are signed with, derived once from the server's secret. */
export function actionLinkKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'curbside action link', 32));
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const macOf = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

/** A new link's token (a fresh link id each time). */
export function signActionLink(key: Buffer, link: Omit<ActionLink, 'linkId'>): string {
  const expires = Buffer.alloc(4);
  expires.writeUInt32BE(Math.ceil(link.expiresAt / 1000));
  const body = Buffer.concat([
    randomBytes(UUID_BYTES),
    uuidBytes(link.inquiryId),
    Buffer.from([ACTIONS.indexOf(link.action)]),
    expires,
    link.ownerId ? uuidBytes(link.ownerId) : NO_OWNER,
  ]);
  return Buffer.concat([body, macOf(key, body)]).toString('base64url');
}

/** What a token says, or undefined when it is not one of ours (its expiry is the caller's to check). */
export function readActionLink(key: Buffer, token: string): ActionLink | undefined {
  if (!/^[\w-]+$/.test(token) || token.length > 200) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // Only the token as it was written: base64url decoding would drop stray trailing characters.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return undefined;
  const body = bytes.subarray(0, TOKEN_BYTES - MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(TOKEN_BYTES - MAC_BYTES), macOf(key, body))) return undefined;
  const action = ACTIONS[body[UUID_BYTES * 2]!];
  if (!action) return undefined;
  const owner = body.subarray(UUID_BYTES * 2 + 5);
  return {
    linkId: uuidOf(body.subarray(0, UUID_BYTES)),
    inquiryId: uuidOf(body.subarray(UUID_BYTES, UUID_BYTES * 2)),
    action,
    expiresAt: body.readUInt32BE(UUID_BYTES * 2 + 1) * 1000,
    ownerId: owner.equals(NO_OWNER) ? undefined : uuidOf(owner),
  };
}

export const actionPath = (token: string) => `/act/${token}`;
