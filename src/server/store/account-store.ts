// The owners' accounts, one interface for both engines: each owner, their sessions
// (only a token's hash is kept) and their own choices (e-mail about new inquiries, the
// calendar feed's secret).
import { randomBytes, randomUUID } from 'node:crypto';

export interface Owner {
  id: string;
  /** Lowercased. */
  email: string;
  createdAt: string;
  notifyByEmail: boolean;
}

export interface OwnerWithHash extends Owner {
  passwordHash: string;
}

export interface NewOwnerSession {
  /** SHA-256 of the cookie's token (base64url); the token itself is never stored. */
  tokenHash: string;
  ownerId: string;
  createdAt: string;
  /** The absolute end of the session. */
  expiresAt: string;
}

export class OwnerExistsError extends Error {
  override name = 'OwnerExistsError';
}

export interface AccountStore {
  // Accounts
  /** Creates an owner; throws OwnerExistsError when the e-mail is taken. */
  createOwner(email: string, passwordHash: string, now?: Date): Promise<Owner>;
  findOwnerByEmail(email: string): Promise<OwnerWithHash | undefined>;
  listOwners(): Promise<Owner[]>;
  /** Sets a new password hash and ends every session of that owner. False if there is no such owner. */
  setPassword(email: string, passwordHash: string): Promise<boolean>;
  /** Removes the owner and every session of theirs. False if there is no such owner. */
  removeOwner(email: string): Promise<boolean>;

  // Sessions
  createSession(session: NewOwnerSession): Promise<void>;
  /**
   * The owner of a live session, its lastSeenAt moved to `now`; undefined (and the
   * row deleted) once it is past its absolute expiry or idle longer than `idleMs`.
   */
  resumeSession(tokenHash: string, now: Date, idleMs: number): Promise<Owner | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of the owner but the one whose hash is `keep` ("Sign out other devices"); returns how many. */
  deleteOtherSessions(ownerId: string, keep: string): Promise<number>;

  // Each owner's own choices
  /** Whether this owner is e-mailed about new inquiries. False if there is no such owner. */
  setNotifyByEmail(ownerId: string, on: boolean): Promise<boolean>;
  /** The secret of the owner's calendar feed, made on first use. */
  calendarToken(ownerId: string): Promise<string>;
  /** A new secret for the owner's calendar feed: the old URL stops working. */
  resetCalendarToken(ownerId: string): Promise<string>;
  /** The owner whose calendar feed this secret opens, if any. */
  ownerByCalendarToken(token: string): Promise<Owner | undefined>;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An owner as createOwner makes one: a new id, the e-mail lowercased, e-mailed about new inquiries. */
export const newOwner = (email: string, now: Date): Owner => ({
  id: randomUUID(),
  email: normalizeEmail(email),
  createdAt: now.toISOString(),
  notifyByEmail: true,
});

export const ownerExists = (owner: Owner) =>
  new OwnerExistsError(`An owner with the e-mail ${owner.email} already exists.`);

/** A calendar feed's secret: 32 random bytes, URL-safe. */
export const newCalendarToken = () => randomBytes(32).toString('base64url');
/** What a calendar feed's secret looks like (anything else is not looked up). */
export const CALENDAR_TOKEN = /^[\w-]{43}$/;
