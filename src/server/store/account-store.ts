// The owners' accounts, one interface for both engines: each owner, their sessions
// (only a token's hash is kept) and their own choices (e-mail about new inquiries, the
// calendar feed's seed: its address is derived with the server's secret, record 155).
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
  /** Device cookies name it: signing out the other devices and a new password move it on, retiring them. */
  deviceGeneration: number;
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
  /**
   * Sets a new password hash and ends every way in of that owner's but the password
   * (record 155): every session, the device cookies (a new generation), the calendar
   * feed's address (a new seed). False if there is no such owner. The push devices are
   * the device store's: removeDevicesNotFrom.
   */
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
  /**
   * "Sign out other devices" (record 155): ends every session of the owner but the one
   * whose hash is `keep`, retires the device cookies (a new generation) and gives the
   * calendar feed a new address; returns how many sessions ended.
   */
  signOutOthers(ownerId: string, keep: string): Promise<number>;

  // Each owner's own choices
  /** Whether this owner is e-mailed about new inquiries. False if there is no such owner. */
  setNotifyByEmail(ownerId: string, on: boolean): Promise<boolean>;
  /** The seed of the owner's calendar feed's address, made on first use. */
  calendarSeed(ownerId: string): Promise<string>;
  /** A new seed for the owner's calendar feed: the old address stops working. */
  resetCalendarSeed(ownerId: string): Promise<string>;
  /** Every owner's calendar seed that was made (the feed finds its owner among them). */
  calendarSeeds(): Promise<{ ownerId: string; seed: string }[]>;
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

/** A calendar feed's seed: 32 random bytes, URL-safe. */
export const newCalendarSeed = () => randomBytes(32).toString('base64url');
/** What a calendar feed's secret looks like (anything else is not looked up). */
export const CALENDAR_TOKEN = /^[\w-]{43}$/;
