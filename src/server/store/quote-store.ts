// Quotes (issue 28, record 142), one interface for both engines: each inquiry's
// versions, written once when the owner sends them and never edited. What happens
// to a version afterwards (viewed, replaced, accepted, declined) is set once each, in
// the transaction that also writes the inquiry's history, its status and the
// notifications the event owes (an outbox pending row, record 142).
import type { QuoteLine, QuoteRates, QuoteTotals } from '../../shared/pricing.js';
import type { RevisedVersion } from '../../shared/quote-views.js';
import type { QuoteState } from '../sale/quote-state.js';
import type { Actor } from './actor.js';

/** What the owner sends: the lines and rates, and the last day it can be accepted. */
export interface QuoteDraft {
  lines: QuoteLine[];
  rates: QuoteRates;
  /** 'YYYY-MM-DD' in the business's time zone, accepted through the end of that day. */
  validUntil: string;
  /** The owner's own line to the customer, in the quote's e-mail and on its page ('' for none; record 213). */
  message: string;
}

/** A version as sent: its draft, what it came to, and the words the customer accepts. */
export interface NewQuote extends QuoteDraft {
  currency: string;
  totals: QuoteTotals;
  terms: string;
}

export interface Acceptance {
  at: string;
  /** The client's address (as TRUST_PROXY reads it). */
  from: string;
  /** What the page showed, as canonical JSON, and its SHA-256 (hex). */
  snapshot: string;
  hash: string;
}

export interface Quote extends NewQuote {
  id: string;
  inquiryId: string;
  /** 1, 2, … for the inquiry. */
  version: number;
  sentAt: string;
  /** The owner's e-mail. */
  sentBy: string;
  viewedAt: string | null;
  replacedAt: string | null;
  accepted: Acceptance | null;
  declinedAt: string | null;
  declineReason: string | null;
  /** When what was paid reached its deposit (payment-store.ts), after its acceptance. */
  depositPaidAt: string | null;
}

// A quote's state is the sale's rule (src/server/sale/quote-state.ts), re-exported for the stores.
export { type QuoteState, quoteState } from '../sale/quote-state.js';

/**
 * A send identical to the newest version (same lines, rates and last day, by the same
 * owner, unanswered) within this long is that version again: a request retried after a
 * lost answer, or a double tap, sends one quote and one e-mail.
 */
export const REPEAT_WITHIN_MS = 10 * 60 * 1000;

/** The events of a quote that owe notifications (outbox topics, record 142). */
export const QUOTE_EVENTS = { sent: 'quote-sent', accepted: 'quote-accepted', declined: 'quote-declined' } as const;

export type { RevisedVersion };

/** A revision refused: the customer accepted the version in between, or a newer version was sent since. */
export interface SendConflict {
  conflict: 'accepted' | 'newer';
  version: number;
}

/** Why a revision of `revises` cannot go out over the inquiry's current version, or undefined. */
export function revisionConflict(
  revises: RevisedVersion | undefined,
  current: { version: number; accepted: boolean } | undefined,
): SendConflict | undefined {
  if (!revises || !current) return undefined;
  if (current.version !== revises.version) return { conflict: 'newer', version: current.version };
  if (current.accepted && !revises.accepted) return { conflict: 'accepted', version: current.version };
  return undefined;
}

/** The owner's notice (and the customer's receipt) of a quote accepted with "Book now" (record 350): 'instant-booked:<quote id>'. */
export const INSTANT_BOOKED_EVENT = 'instant-booked';

/** Who sent an instant booking's quote (its sentBy): the site, on the content's terms, not an owner. */
export const INSTANT_SENDER = 'instant booking';

/** The day an instant booking must find free (the calendar's one definition, record 281). */
export interface FreeDayRule {
  perDay: number;
  heldSince: Date;
}

/**
 * An instant booking refused, nothing changed: no such inquiry, it has a quote already,
 * its status is not New (or it is Spam), or its day is unavailable.
 */
export type InstantResult =
  | { ok: true; quote: Quote }
  | { ok: false; refused: 'missing' | 'quoted' | 'notNew' | 'dayTaken' };

/** Why an answer was refused: the quote's state then, or that there is no such quote. */
export type AnswerResult = { ok: true; quote: Quote } | { ok: false; state: QuoteState | 'missing'; quote?: Quote };

export interface QuoteStore {
  /**
   * Sends a new version of the inquiry's quote: the versions before it are replaced, the
   * inquiry's status becomes Quoted (a Booked one stays Booked), the history says who
   * sent what (`historyNote`), and the customer's e-mail with the link is queued.
   * The same send repeated within REPEAT_WITHIN_MS answers the version it made.
   * Undefined if there is no such inquiry.
   */
  send(inquiryId: string, quote: NewQuote, by: Actor, at: Date, historyNote: string): Promise<Quote | undefined>;
  /**
   * Sends as `send` does a revision that names the version it revises, or refuses it
   * (nothing changed) when that version was accepted since, or is no longer the newest:
   * checked in the send's transaction, so an acceptance landing at the same moment is
   * never replaced unseen (record 202).
   */
  revise(
    inquiryId: string,
    quote: NewQuote,
    by: Actor,
    at: Date,
    historyNote: string,
    revises: RevisedVersion,
  ): Promise<Quote | SendConflict | undefined>;
  /** The inquiry's versions, oldest first. */
  forInquiry(inquiryId: string): Promise<Quote[]>;
  get(id: string): Promise<Quote | undefined>;
  /** The newest version of each of these inquiries (the CSV, the webhook). */
  latestOf(inquiryIds: readonly string[]): Promise<Map<string, Quote>>;
  /** Notes the customer's first look (later looks change nothing). */
  markViewed(id: string, at: Date): Promise<void>;
  /**
   * Accepts it once, with what the page showed, if it is still open on `today` (not
   * accepted, declined, replaced or past its date); the owner is told.
   */
  accept(id: string, acceptance: Acceptance, today: string): Promise<AnswerResult>;
  /** Declines it, with the customer's optional reason, under the same conditions; the owner is told. */
  decline(id: string, reason: string, at: Date, today: string): Promise<AnswerResult>;
  /**
   * "Book now" (record 350): in one transaction, if the inquiry is New with no quote and
   * its day is free (checked with the day locked, as a Booked is), sends `quote` (its
   * history, Quoted) and accepts it as `accept` does with `acceptance(quote)`, so its
   * hold applies; the owner is told by INSTANT_BOOKED_EVENT. Otherwise nothing changes.
   */
  bookInstantly(
    inquiryId: string,
    quote: NewQuote,
    historyNote: string,
    acceptance: (sent: Quote) => Acceptance,
    day: FreeDayRule,
    today: string,
    at: Date,
  ): Promise<InstantResult>;
}

/** A quotes row as either engine returns it (PostgreSQL: Date times, parsed jsonb, bigint as text). */
export function rowToQuote(row: Record<string, unknown>): Quote {
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : ((value as string | null) ?? null));
  const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const acceptedAt = time(row.acceptedAt);
  return {
    id: row.id as string,
    inquiryId: row.inquiryId as string,
    version: Number(row.version),
    currency: row.currency as string,
    lines: json(row.lines),
    rates: json(row.rates),
    totals: json(row.totals),
    validUntil: row.validUntil as string,
    terms: row.terms as string,
    message: (row.message as string | null) ?? '',
    sentAt: time(row.sentAt)!,
    sentBy: row.sentBy as string,
    viewedAt: time(row.viewedAt),
    replacedAt: time(row.replacedAt),
    accepted: acceptedAt
      ? {
          at: acceptedAt,
          from: row.acceptedFrom as string,
          hash: row.acceptedHash as string,
          snapshot: row.acceptedSnapshot as string,
        }
      : null,
    declinedAt: time(row.declinedAt),
    declineReason: (row.declineReason as string | null) ?? null,
    depositPaidAt: time(row.depositPaidAt),
  };
}
