// Quotes on PostgreSQL (quote-store.ts), on the owner store's pool: each event in one
// transaction with its history line, status and outbox pending row. Two instances
// answering one quote at once: the conditional UPDATE lets exactly one of them win.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from '../actor.js';
import {
  type AnswerResult,
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

/** Deletes an inquiry's quotes ($1): run it inside the erasure's transaction. */
export const FORGET_QUOTES_SQL = 'DELETE FROM "quotes" WHERE "inquiryId" = $1';

const getOn = async (db: Query, id: string) => {
  const { rows } = await db.query('SELECT * FROM "quotes" WHERE "id" = $1', [id]);
  return rows[0] ? rowToQuote(rows[0]) : undefined;
};

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
      by.email,
      quote.message,
    ],
  );
  await saleHistory(client, inquiryId, note, by, at);
  await advanceStatus(client, inquiryId, 'quoteSent', by, at);
  await owe(client, inquiryId, QUOTE_EVENTS.sent, id);
  return getOn(client, id);
}

export function postgresQuoteStore(pool: pg.Pool): QuoteStore {
  const send = (inquiryId: string, quote: NewQuote, by: Actor, at: Date, note: string, revises?: RevisedVersion) =>
    inTransaction(pool, (client) => sendOn(client, inquiryId, quote, by, at, note, revises));
  /** Sets the answer if the quote is open; the history and the owner's notifications with it. */
  const answer = (
    id: string,
    today: string,
    at: Date,
    set: { sql: string; values: unknown[] },
    event: string,
    note: (quote: Quote) => string,
  ) =>
    inTransaction(pool, async (client): Promise<AnswerResult> => {
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
    accept(id, acceptance, today) {
      return answer(
        id,
        today,
        new Date(acceptance.at),
        {
          sql: '"acceptedAt" = $3, "acceptedFrom" = $4, "acceptedHash" = $5, "acceptedSnapshot" = $6',
          values: [acceptance.at, acceptance.from, acceptance.hash, acceptance.snapshot],
        },
        QUOTE_EVENTS.accepted,
        (quote) => QUOTE_NOTES.accepted(quote.version),
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
