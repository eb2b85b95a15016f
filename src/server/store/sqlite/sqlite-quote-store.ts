// Quotes on SQLite (quote-store.ts), on the owner store's connection: each event in
// one IMMEDIATE transaction with its history line, status and outbox pending row.
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor.js';
import {
  type Acceptance,
  type AnswerResult,
  type FreeDayRule,
  INSTANT_BOOKED_EVENT,
  INSTANT_SENDER,
  type InstantResult,
  type NewQuote,
  type Quote,
  QUOTE_EVENTS,
  type QuoteStore,
  quoteState,
  REPEAT_WITHIN_MS,
  type RevisedVersion,
  revisionConflict,
  rowToQuote,
} from '../quote-store.js';
import { QUOTE_NOTES } from '../../sale/history-words.js';
import { OPEN_QUOTE_SQL } from './sqlite-sale-sql.js';
import { saleRecords } from './sqlite-sale-records.js';
import { UNAVAILABLE_SQL } from './sqlite-calendar-store.js';
import { STATUS_OF_SQL } from './sqlite-status-change.js';

type Prepare = (sql: string) => Database.Statement;

const UNANSWERED = 'acceptedAt IS NULL AND declinedAt IS NULL';

/** What an acceptance sets (the customer's, and an instant booking's). */
const ACCEPT_SET = 'acceptedAt = @at, acceptedFrom = @from, acceptedHash = @hash, acceptedSnapshot = @snapshot';

/** Deletes an inquiry's quotes: run it inside the erasure's transaction. */
export const FORGET_QUOTES_SQL = 'DELETE FROM quotes WHERE inquiryId = ?';

/** The newest version, if this send repeats it within REPEAT_WITHIN_MS (quote-store.ts): its id. */
function repeatedSend(prepare: Prepare, inquiryId: string, quote: NewQuote, by: Actor, at: string) {
  return prepare(
    `SELECT id FROM quotes WHERE inquiryId = @inquiryId AND ${UNANSWERED} AND replacedAt IS NULL AND lines = @lines
     AND rates = @rates AND validUntil = @validUntil AND message = @message AND sentBy = @by AND sentAt >= @since`,
  )
    .pluck()
    .get({
      inquiryId,
      lines: JSON.stringify(quote.lines),
      rates: JSON.stringify(quote.rates),
      validUntil: quote.validUntil,
      message: quote.message,
      by: by.email,
      since: new Date(Date.parse(at) - REPEAT_WITHIN_MS).toISOString(),
    }) as string | undefined;
}

/** The inquiry's next version, replacing the ones before it; its id. */
function insertVersion(prepare: Prepare, inquiryId: string, quote: NewQuote, by: Actor, at: string): string {
  const version =
    (prepare('SELECT coalesce(max(version), 0) FROM quotes WHERE inquiryId = ?').pluck().get(inquiryId) as number) + 1;
  prepare('UPDATE quotes SET replacedAt = ? WHERE inquiryId = ? AND replacedAt IS NULL').run(at, inquiryId);
  const id = randomUUID();
  prepare(
    `INSERT INTO quotes (id, inquiryId, version, currency, lines, rates, total, deposit, totals, validUntil, terms, message, sentAt, sentBy)
   VALUES (@id, @inquiryId, @version, @currency, @lines, @rates, @total, @deposit, @totals, @validUntil, @terms, @message, @at, @by)`,
  ).run({
    id,
    inquiryId,
    version,
    currency: quote.currency,
    lines: JSON.stringify(quote.lines),
    rates: JSON.stringify(quote.rates),
    total: quote.totals.total,
    deposit: quote.totals.deposit,
    totals: JSON.stringify(quote.totals),
    validUntil: quote.validUntil,
    terms: quote.terms,
    message: quote.message,
    at,
    by: by.email,
  });
  return id;
}

/** Why "Book now" cannot go ahead for the inquiry (record 350), or undefined: read in its IMMEDIATE transaction. */
function instantRefusal(prepare: Prepare, inquiryId: string, day: FreeDayRule): InstantRefused | undefined {
  const status = prepare(STATUS_OF_SQL).pluck().get(inquiryId) as string | undefined;
  if (status === undefined) return { ok: false, refused: 'missing' };
  if (prepare('SELECT 1 FROM quotes WHERE inquiryId = ?').get(inquiryId)) return { ok: false, refused: 'quoted' };
  if (status !== 'new') return { ok: false, refused: 'notNew' };
  const date = prepare('SELECT eventDate FROM eventInquiries WHERE id = ?').pluck().get(inquiryId) as string;
  const heldSince = day.heldSince.toISOString();
  const taken = prepare(UNAVAILABLE_SQL).get({ from: date, to: date, perDay: day.perDay, heldSince });
  return taken ? { ok: false, refused: 'dayTaken' } : undefined;
}

type InstantRefused = Extract<InstantResult, { ok: false }>;
type AnswerTx = (
  id: string,
  set: string,
  values: Record<string, unknown>,
  event: string,
  note: (quote: Quote) => string,
) => unknown;

/** "Book now"'s transaction (quote-store.ts bookInstantly): the checks, the version sent, then the customer's accept path. */
function instantTransaction(
  db: Database.Database,
  prepare: Prepare,
  answerTx: AnswerTx,
  get: (id: string) => Quote | undefined,
) {
  const { history, advance } = saleRecords(prepare);
  return db.transaction(
    (
      inquiryId: string,
      quote: NewQuote,
      note: string,
      acceptance: (sent: Quote) => Acceptance,
      day: FreeDayRule,
      today: string,
      at: string,
    ): InstantResult => {
      const refused = instantRefusal(prepare, inquiryId, day);
      if (refused) return refused;
      const id = insertVersion(prepare, inquiryId, quote, { id: '', email: INSTANT_SENDER }, at);
      history(inquiryId, note, null, at);
      advance(inquiryId, 'quoteSent', null, at);
      // The customer's acceptance path itself (a savepoint inside this transaction): the hold applies.
      const answered = answerTx(id, ACCEPT_SET, { ...acceptance(get(id)!), today }, INSTANT_BOOKED_EVENT, (sent) =>
        QUOTE_NOTES.accepted(sent.version),
      ) as AnswerResult;
      if (!answered.ok) throw new Error(`instant booking: the new quote could not be accepted (${answered.state})`);
      return { ok: true, quote: answered.quote };
    },
  );
}

export function sqliteQuoteStore(db: Database.Database, prepare: Prepare): QuoteStore {
  const get = (id: string) => {
    const row = prepare('SELECT * FROM quotes WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return row && rowToQuote(row);
  };
  const { history, owe, advance } = saleRecords(prepare);

  const sendTx = db.transaction(
    (inquiryId: string, quote: NewQuote, by: Actor, at: string, note: string, revises?: RevisedVersion) => {
      if (!prepare('SELECT 1 FROM eventInquiries WHERE id = ?').get(inquiryId)) return undefined;
      const repeated = repeatedSend(prepare, inquiryId, quote, by, at);
      if (repeated) return get(repeated);
      const current = prepare(
        'SELECT version, acceptedAt IS NOT NULL AS accepted FROM quotes WHERE inquiryId = ? AND replacedAt IS NULL',
      ).get(inquiryId) as { version: number; accepted: number } | undefined;
      const conflict = revisionConflict(revises, current && { ...current, accepted: current.accepted === 1 });
      if (conflict) return conflict;
      const id = insertVersion(prepare, inquiryId, quote, by, at);
      history(inquiryId, note, by, at);
      advance(inquiryId, 'quoteSent', by, at);
      owe(inquiryId, QUOTE_EVENTS.sent, id);
      return get(id);
    },
  );

  /** Sets the answer if the quote is open; the history and the owner's notifications with it. */
  const answerTx = db.transaction(
    (id: string, set: string, values: Record<string, unknown>, event: string, note: (quote: Quote) => string) => {
      const changed = prepare(`UPDATE quotes SET ${set} WHERE id = @id AND ${OPEN_QUOTE_SQL()}`).run({
        id,
        ...values,
      }).changes;
      const quote = get(id);
      if (!quote) return { ok: false, state: 'missing' } satisfies AnswerResult;
      if (changed === 0) return { ok: false, state: quoteState(quote, values.today as string), quote } as AnswerResult;
      history(quote.inquiryId, note(quote), null, values.at as string);
      owe(quote.inquiryId, event, id);
      return { ok: true, quote } as AnswerResult;
    },
  );

  const instantTx = instantTransaction(db, prepare, answerTx, get);

  return {
    async bookInstantly(inquiryId, quote, note, acceptance, day, today, at) {
      return instantTx.immediate(inquiryId, quote, note, acceptance, day, today, at.toISOString());
    },
    async send(inquiryId, quote, by, at, note) {
      // Naming no version, it cannot conflict.
      return sendTx.immediate(inquiryId, quote, by, at.toISOString(), note) as Quote | undefined;
    },
    async revise(inquiryId, quote, by, at, note, revises) {
      return sendTx.immediate(inquiryId, quote, by, at.toISOString(), note, revises);
    },
    async forInquiry(inquiryId) {
      return (
        prepare('SELECT * FROM quotes WHERE inquiryId = ? ORDER BY version').all(inquiryId) as Record<string, unknown>[]
      ).map(rowToQuote);
    },
    async get(id) {
      return get(id);
    },
    async latestOf(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const rows = prepare(
        `SELECT q.* FROM quotes q WHERE q.inquiryId IN (SELECT value FROM json_each(?))
           AND q.version = (SELECT max(version) FROM quotes WHERE inquiryId = q.inquiryId)`,
      ).all(JSON.stringify(inquiryIds)) as Record<string, unknown>[];
      return new Map(rows.map((row) => [row.inquiryId as string, rowToQuote(row)]));
    },
    async markViewed(id, at) {
      prepare('UPDATE quotes SET viewedAt = ? WHERE id = ? AND viewedAt IS NULL').run(at.toISOString(), id);
    },
    async accept(id, acceptance, today) {
      return answerTx.immediate(id, ACCEPT_SET, { ...acceptance, today }, QUOTE_EVENTS.accepted, (quote) =>
        QUOTE_NOTES.accepted(quote.version),
      );
    },
    async decline(id, reason, at, today) {
      return answerTx.immediate(
        id,
        'declinedAt = @at, declineReason = @reason',
        { at: at.toISOString(), reason, today },
        QUOTE_EVENTS.declined,
        (quote) => QUOTE_NOTES.declined(quote.version, reason),
      );
    },
  };
}
