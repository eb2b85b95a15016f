// The owner's inbox, one interface for both engines: each inquiry's status and notes
// as an append-only history beside the create-only inquiry row, search and filters,
// the Booked calendar, and erasure (the personal data goes for good; a tombstone stays).
import type { InboxQuery, InquiryDetail, InquiryStatus } from '../../shared/inbox-views.js';
import { PATTERNS } from '../../shared/inquiry.js';
import { MIN_PHONE_DIGITS } from '../../shared/text-rules.js';
import type { DayRule } from './day-claim.js';
import type { Actor } from './actor.js';
import type { StoredInquiry } from './stored-inquiry.js';

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

export interface InboxStore {
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
  /**
   * Records a status change (only when it changes). False if there is no such inquiry.
   * Booked on a full day (`rule`, default one a day) throws DayFullError, unless `rule.override`
   * ("Book anyway"), which the history then says (record 280).
   */
  setStatus(id: string, status: InquiryStatus, by: Actor, at: Date, rule?: DayRule): Promise<boolean>;
  /** Appends a note. False if there is no such inquiry. */
  addNote(id: string, note: string, by: Actor, at: Date): Promise<boolean>;
  /**
   * Removes the inquiry's personal data for good (its row, search entry, notes and
   * history, its quotes and checkouts, and its notifications in the outbox with their
   * attempts) and records a tombstone, in one transaction. Its payments stay, as
   * accounting records, their notes and void reasons cleared. False if there is no such inquiry.
   */
  erase(id: string, by: Actor, at: Date): Promise<boolean>;
  /**
   * Resolves once the engine's files hold no copy of what the erasures so far removed:
   * a bounded step in the background after each erasure (PostgreSQL rewrites the
   * tables and their indexes; SQLite's WAL is emptied by its checkpointer), record 081.
   */
  erasureSettled(): Promise<void>;
  erasures(): Promise<Erasure[]>;
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
