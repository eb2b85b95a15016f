// Quotes on PostgreSQL (quote-store.ts), on the owner store's pool: each event in one
// transaction with its history line, status and outbox pending row. Two instances
// answering one quote at once: the conditional UPDATE lets exactly one of them win.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from '../actor.js';
import {
  type Acceptance,
  type AnswerResult,
  type FreeDayRule,
  INSTANT_BOOKED_EVENT,
  INSTANT_SENDER,
  type InstantResult,
  QUOTE_EVENTS,
  type Quote,
  type QuoteStore,
  quoteState,
  type NewQuote,
  REPEAT_WITHIN_MS,
  type RevisedVersion,
  revisionConflict,
  rowToQuote,
  type SendConflict,
} from '../quote-store.js';
import { QUOTE_NOTES } from '../../sale/history-words.js';
import { OPEN_QUOTE_SQL } from './postgres-sale-sql.js';
import { advanceStatus, owe, type Query, saleHistory } from './postgres-sale-records.js';
import { inTransaction } from './postgres-transaction.js';
import { UNAVAILABLE_SQL } from './postgres-calendar-store.js';
import { lockDay } from './postgres-day-claim.js';
import { STATUS_FOR_UPDATE_SQL } from './postgres-status-change.js';

/** Deletes an inquiry's quotes ($1): run it inside the erasure's transaction. */
export const FORGET_QUOTES_SQL = 'DELETE FROM "quotes" WHERE "inquiryId" = $1';

const getOn = async (db: Query, id: string) => {
  const { rows } = await db.query('SELECT * FROM "quotes" WHERE "id" = $1', [id]);
  return rows[0] ? rowToQuote(rows[0]) : undefined;
};

/** The inquiry's next version, replacing the ones before it; its id. */
async function insertVersionOn(client: Query, inquiryId: string, quote: NewQuote, sentBy: string, at: Date) {
  const { rows } = await client.query(
    'SELECT coalesce(max("version"), 0)::int AS "version" FROM "quotes" WHERE "inquiryId" = $1',
    [inquiryId],
  );
  await client.query('UPDATE "quotes" SET "replacedAt" = $1 WHERE "inquiryId" = $2 AND "replacedAt" IS NULL', [
    at,
    inquiryId,
  ]);
  const id = randomUUID();
  await client.query(
    `INSERT INTO "quotes" ("id", "inquiryId", "version", "currency", "lines", "rates", "totals", "total", "deposit",
           "validUntil", "terms", "sentAt", "sentBy", "message")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      id,
      inquiryId,
      (rows[0]!.version as number) + 1,
      quote.currency,
      JSON.stringify(quote.lines),
      JSON.stringify(quote.rates),
      JSON.stringify(quote.totals),
      quote.totals.total,
      quote.totals.deposit,
      quote.validUntil,
      quote.terms,
      at,
      sentBy,
      quote.message,
    ],
  );
  return id;
}

/** Sends a version, or refuses a revision of a version answered or replaced since (quote-store.ts). */
async function sendOn(
  client: Query,
  inquiryId: string,
  quote: NewQuote,
  by: Actor,
  at: Date,
  note: string,
  revises: RevisedVersion | undefined,
): Promise<Quote | SendConflict | undefined> {
  // The inquiry's row, locked: two sends at once number their versions one after the other.
  const { rowCount } = await client.query('SELECT 1 FROM "eventInquiries" WHERE "id" = $1 FOR UPDATE', [inquiryId]);
  if (rowCount === 0) return undefined;
  // The current version's row, locked: an acceptance in flight is waited for and seen;
  // one after it waits for this send, and then finds its quote replaced (record 202).
  const current = await client.query(
    `SELECT "version", "acceptedAt" IS NOT NULL AS "accepted" FROM "quotes"
         WHERE "inquiryId" = $1 AND "replacedAt" IS NULL FOR UPDATE`,
    [inquiryId],
  );
  const repeated = await client.query(
    `SELECT "id" FROM "quotes" WHERE "inquiryId" = $1 AND "acceptedAt" IS NULL AND "declinedAt" IS NULL
           AND "replacedAt" IS NULL AND "lines" = $2::jsonb AND "rates" = $3::jsonb AND "validUntil" = $4
           AND "sentBy" = $5 AND "sentAt" >= $6 AND "message" = $7`,
    [
      inquiryId,
      JSON.stringify(quote.lines),
      JSON.stringify(quote.rates),
      quote.validUntil,
      by.email,
      new Date(at.getTime() - REPEAT_WITHIN_MS),
      quote.message,
    ],
  );
  if (repeated.rows[0]) return getOn(client, repeated.rows[0].id as string);
  const conflict = revisionConflict(revises, current.rows[0] as { version: number; accepted: boolean } | undefined);
  if (conflict) return conflict;
  const id = await insertVersionOn(client, inquiryId, quote, by.email, at);
  await saleHistory(client, inquiryId, note, by, at);
  await advanceStatus(client, inquiryId, 'quoteSent', by, at);
  await owe(client, inquiryId, QUOTE_EVENTS.sent, id);
  return getOn(client, id);
}

/** Sets the answer if the quote is open; the history and the owner's notifications with it. */
async function answerOn(
  client: Query,
  id: string,
  today: string,
  at: Date,
  set: { sql: string; values: unknown[] },
  event: string,
  note: (quote: Quote) => string,
): Promise<AnswerResult> {
  const changed = await client.query(`UPDATE "quotes" SET ${set.sql} WHERE "id" = $1 AND ${OPEN_QUOTE_SQL('$2')}`, [
    id,
    today,
    ...set.values,
  ]);
  const quote = await getOn(client, id);
  if (!quote) return { ok: false, state: 'missing' };
  if (changed.rowCount === 0) return { ok: false, state: quoteState(quote, today), quote };
  await saleHistory(client, quote.inquiryId, note(quote), null, at);
  await owe(client, quote.inquiryId, event, id);
  return { ok: true, quote };
}

/** What an acceptance sets (the customer's, and an instant booking's). */
const acceptSet = (acceptance: Acceptance) => ({
  sql: '"acceptedAt" = $3, "acceptedFrom" = $4, "acceptedHash" = $5, "acceptedSnapshot" = $6',
  values: [acceptance.at, acceptance.from, acceptance.hash, acceptance.snapshot],
});

/**
 * Why "Book now" cannot go ahead for the inquiry (record 350), or undefined. The
 * inquiry's row is locked (two presses one after the other: the second finds the
 * quote), then its day (a Booked or another hold on it waits, as record 280's count does).
 */
async function instantRefusal(
  client: Query,
  inquiryId: string,
  day: FreeDayRule,
): Promise<Extract<InstantResult, { ok: false }> | undefined> {
  const status = (await client.query(STATUS_FOR_UPDATE_SQL, [inquiryId])).rows[0]?.status as string | undefined;
  if (status === undefined) return { ok: false, refused: 'missing' };
  const quoted = await client.query('SELECT 1 FROM "quotes" WHERE "inquiryId" = $1', [inquiryId]);
  if (quoted.rowCount) return { ok: false, refused: 'quoted' };
  if (status !== 'new') return { ok: false, refused: 'notNew' };
  const { rows } = await client.query('SELECT "eventDate" FROM "eventInquiries" WHERE "id" = $1', [inquiryId]);
  const date = rows[0]!.eventDate as string;
  await lockDay(client, date);
  const taken = await client.query(UNAVAILABLE_SQL, [date, date, day.perDay, day.heldSince]);
  return taken.rowCount ? { ok: false, refused: 'dayTaken' } : undefined;
}

export function postgresQuoteStore(pool: pg.Pool): QuoteStore {
  const send = (inquiryId: string, quote: NewQuote, by: Actor, at: Date, note: string, revises?: RevisedVersion) =>
    inTransaction(pool, (client) => sendOn(client, inquiryId, quote, by, at, note, revises));
  const answer = (
    id: string,
    today: string,
    at: Date,
    set: { sql: string; values: unknown[] },
    event: string,
    note: (quote: Quote) => string,
  ) => inTransaction(pool, (client) => answerOn(client, id, today, at, set, event, note));

  const bookInstantly = (
    inquiryId: string,
    quote: NewQuote,
    note: string,
    acceptance: (sent: Quote) => Acceptance,
    day: FreeDayRule,
    today: string,
    at: Date,
  ) =>
    inTransaction(pool, async (client): Promise<InstantResult> => {
      const refused = await instantRefusal(client, inquiryId, day);
      if (refused) return refused;
      // Sent by the site, not an owner; no "see and accept" e-mail: it is accepted at once.
      const id = await insertVersionOn(client, inquiryId, quote, INSTANT_SENDER, at);
      await saleHistory(client, inquiryId, note, null, at);
      await advanceStatus(client, inquiryId, 'quoteSent', null, at);
      const sent = (await getOn(client, id))!;
      // The customer's acceptance path itself, in this transaction: the hold applies.
      const answered = await answerOn(
        client,
        sent.id,
        today,
        at,
        acceptSet(acceptance(sent)),
        INSTANT_BOOKED_EVENT,
        (q) => QUOTE_NOTES.accepted(q.version),
      );
      if (!answered.ok) throw new Error(`instant booking: the new quote could not be accepted (${answered.state})`);
      return { ok: true, quote: answered.quote };
    });

  return {
    async send(inquiryId, quote, by, at, note) {
      // Naming no version, it cannot conflict.
      return (await send(inquiryId, quote, by, at, note, undefined)) as Quote | undefined;
    },
    revise: (inquiryId, quote, by, at, note, revises) => send(inquiryId, quote, by, at, note, revises),
    async forInquiry(inquiryId) {
      const { rows } = await pool.query('SELECT * FROM "quotes" WHERE "inquiryId" = $1 ORDER BY "version"', [
        inquiryId,
      ]);
      return rows.map(rowToQuote);
    },
    get: (id) => getOn(pool, id),
    async latestOf(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const { rows } = await pool.query(
        `SELECT DISTINCT ON ("inquiryId") * FROM "quotes" WHERE "inquiryId" = ANY($1::text[])
         ORDER BY "inquiryId", "version" DESC`,
        [inquiryIds],
      );
      return new Map(rows.map((row) => [row.inquiryId as string, rowToQuote(row)]));
    },
    async markViewed(id, at) {
      await pool.query('UPDATE "quotes" SET "viewedAt" = $2 WHERE "id" = $1 AND "viewedAt" IS NULL', [id, at]);
    },
    bookInstantly,
    accept(id, acceptance, today) {
      return answer(id, today, new Date(acceptance.at), acceptSet(acceptance), QUOTE_EVENTS.accepted, (quote) =>
        QUOTE_NOTES.accepted(quote.version),
      );
    },
    decline(id, reason, at, today) {
      return answer(
        id,
        today,
        at,
        { sql: '"declinedAt" = $3, "declineReason" = $4', values: [at, reason] },
        QUOTE_EVENTS.declined,
        (quote) => QUOTE_NOTES.declined(quote.version, reason),
      );
    },
  };
}
