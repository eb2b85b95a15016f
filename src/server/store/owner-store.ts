// The owner's side of the store, one interface for both engines: accounts,
// sessions (only a token's hash is kept), and the inbox: each inquiry's status
// and notes as an append-only history beside the create-only inquiry row, search
// and filters, and erasure (the personal data goes for good; a tombstone stays).
import { randomBytes } from 'node:crypto';
import { PATTERNS } from '../../shared/inquiry.js';
import type { InboxPage, InboxQuery, InquiryDetail, InquiryStatus } from '../../shared/inbox-views.js';
import { MIN_PHONE_DIGITS } from '../../shared/text-rules.js';
import type { StoredInquiry } from './inquiry-store.js';
import type { QuoteStore } from './quote-store.js';
import type { ScheduleStore } from './schedule-store.js';

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

/** Who does something in the inbox, for the history. */
export interface Actor {
  id: string;
  email: string;
}

export interface Erasure {
  inquiryId: string;
  erasedAt: string;
  erasedBy: string;
}

export type ListQuery = Omit<InboxQuery, 'before'> & {
  before: { createdAt: string; id: string } | undefined;
  limit: number;
};

export type InboxInquiry = StoredInquiry & { status: InquiryStatus; readAt: string | null };

export interface OwnerWork {
  notes: string[];
  lastStatusAt: string | null;
}

/** Folds history rows (in order) into each inquiry's notes and last status change. */
export function workFromEvents(events: { inquiryId: string; kind: string; note: string | null; at: string }[]) {
  const work = new Map<string, OwnerWork>();
  for (const event of events) {
    const entry = work.get(event.inquiryId) ?? { notes: [], lastStatusAt: null };
    if (event.kind === 'note' && event.note !== null) entry.notes.push(event.note);
    if (event.kind === 'status') entry.lastStatusAt = event.at;
    work.set(event.inquiryId, entry);
  }
  return work;
}

/** A browser's PushSubscription, as the inbox sends it, with a name for the device. */
export interface NewPushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** What the owner sees in the list ("Chrome on Android"). */
  label: string;
}

export interface PushDevice extends NewPushDevice {
  id: string;
  ownerId: string;
  createdAt: string;
}

export class OwnerExistsError extends Error {
  override name = 'OwnerExistsError';
}

export interface OwnerStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The truck's stops (record 111). */
  readonly schedule: ScheduleStore;
  /** Each inquiry's quotes (record 142). */
  readonly quotes: QuoteStore;

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

  // Push to the owners' devices (record 121)
  /** Keeps a browser's push subscription for the owner (a known endpoint is renewed, and moves to this owner). */
  addPushDevice(ownerId: string, device: NewPushDevice, now: Date): Promise<PushDevice>;
  /** The owner's devices, or every owner's when no owner is given; oldest first. */
  pushDevices(ownerId?: string): Promise<PushDevice[]>;
  pushDevice(id: string): Promise<PushDevice | undefined>;
  /** Removes one of the owner's devices by its endpoint ("Remove", or the browser unsubscribing). False if it had none such. */
  removePushDevice(ownerId: string, endpoint: string): Promise<boolean>;
  /** Removes a device whose push service said it is gone (404 or 410). */
  forgetPushDevice(id: string): Promise<void>;
  /** A key the server makes once and keeps (`make` runs only the first time; two instances agree on one). */
  serverKey(name: string, make: () => string): Promise<string>;

  // The inbox
  /** A page, newest first (createdAt, then id, descending); `limit` + 1 rows are read to know if more follow. */
  listInquiries(query: ListQuery): Promise<{ rows: InboxInquiry[]; more: boolean }>;
  /**
   * The Booked inquiries, by event date and start time: from a day on (`from`), or on one
   * day (`on`), or all of them.
   */
  bookedInquiries(query: { from?: string; on?: string }): Promise<InboxInquiry[]>;
  /** The inquiry with its history (received, status changes, notes), or undefined. */
  getInquiry(id: string): Promise<{ inquiry: InboxInquiry; history: InquiryDetail['history'] } | undefined>;
  /** The owner's work on these inquiries, for the inbox's CSV: each one's notes, oldest first, and its last status change. */
  workOn(ids: readonly string[]): Promise<Map<string, OwnerWork>>;
  /** Marks it read (once; the first reading stays). False if there is no such inquiry. */
  markRead(id: string, at: Date): Promise<boolean>;
  /** Records a status change (only when it changes). False if there is no such inquiry. */
  setStatus(id: string, status: InquiryStatus, by: Actor, at: Date): Promise<boolean>;
  /** Appends a note. False if there is no such inquiry. */
  addNote(id: string, note: string, by: Actor, at: Date): Promise<boolean>;
  /**
   * Removes the inquiry's personal data for good (its row, search entry, notes and
   * history, and its notifications in the outbox with their attempts) and records a
   * tombstone, in one transaction. False if there is no such inquiry.
   */
  erase(id: string, by: Actor, at: Date): Promise<boolean>;
  /**
   * Resolves once the engine's files hold no copy of what the erasures so far removed:
   * a bounded step in the background after each erasure (PostgreSQL rewrites the
   * tables and their indexes; SQLite's WAL is emptied by its checkpointer), record 081.
   */
  erasureSettled(): Promise<void>;
  erasures(): Promise<Erasure[]>;

  close(): Promise<void>;
}

export type { InboxPage };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A calendar feed's secret: 32 random bytes, URL-safe. */
export const newCalendarToken = () => randomBytes(32).toString('base64url');
/** What a calendar feed's secret looks like (anything else is not looked up). */
export const CALENDAR_TOKEN = /^[\w-]{43}$/;
/** A search that reads as a phone number: only what a phone number may hold (and enough digits). */
const PHONE_SEARCH = new RegExp(`^(?:${PATTERNS.phone})$`);

/** Words an inquiry must all hold: each as the start of one of its words, or (`prefix: false`) as a whole word. */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}

/**
 * What a search looks for: alternatives (an inquiry matching any is found). Words are
 * split as both engines index text: lowercased runs of letters and digits (so
 * 'ana.ruiz@example.com' is 'ana', 'ruiz', 'example', 'com'). A search that reads as
 * a phone number also looks for its digits as one word, so a number is found
 * whichever way either side grouped it (search-text.ts indexes a phone's digits); its
 * groups then match whole (an area code as a prefix would match the digits of nearly
 * every number: slow), which still finds a ZIP+4 or a date by its parts.
 */
export function searchTerms(text: string): SearchTerm[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const digits = text.replace(/\D/g, '');
  if (words.length > 1 && digits.length >= MIN_PHONE_DIGITS && PHONE_SEARCH.test(text.trim())) {
    return [
      { words, prefix: false },
      { words: [digits], prefix: true },
    ];
  }
  return words.length > 0 ? [{ words, prefix: true }] : [];
}

/** The effective status of an inquiry nobody has touched: spam if flagged, else new. */
export const initialStatus = (spamReason: string | null): InquiryStatus => (spamReason ? 'spam' : 'new');
