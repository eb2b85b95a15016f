// Payments on PostgreSQL (payment-store.ts), on the owner store's pool: each payment,
// void and provider event in one transaction that first locks the inquiry's row, so two
// instances applying two events of one inquiry at once settle its deposit one after the
// other; the unique keys decide which of two copies of one event or checkout counts.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from '../actor.js';
import { type DayRule, ONE_A_DAY } from '../day-claim.js';
import {
  type EventOutcome,
  type PaidEvent,
  type RefundEvent,
  handRow,
  type NewPayment,
  paidRow,
  type Payment,
  paymentNotes,
  PAYMENT_RECEIVED_EVENT,
  type PaymentRow,
  type PaymentStore,
  type RecordResult,
  REFUND_CLAMPED_EVENT,
  refundRow,
  refundToAdd,
  rowToCheckout,
  rowToPayment,
  samePayment,
  type VoidResult,
} from '../payment-store.js';
import {
  type AcceptedQuote,
  depositReached,
  settleDeposit as depositSettled,
  unsettledDeposit,
} from '../../sale/deposit.js';
import { postgresDayHasRoom } from './postgres-day-claim.js';
import { PAID_SQL } from './postgres-sale-sql.js';
import { advanceStatus, owe, type Query, saleHistory } from './postgres-sale-records.js';
import { inTransaction } from './postgres-transaction.js';

/** An erasure keeps an inquiry's payments (accounting records) without the customer's words ($1: the inquiry). */
export const SCRUB_PAYMENTS_SQL = `UPDATE "payments" SET "note" = '',
  "voidReason" = CASE WHEN "voidedAt" IS NULL THEN NULL ELSE '' END WHERE "inquiryId" = $1`;
/** An erasure forgets the checkouts made for the inquiry ($1). */
export const FORGET_CHECKOUTS_SQL = 'DELETE FROM "checkoutSessions" WHERE "inquiryId" = $1';

const getOn = async (db: Query, id: string) => {
  const { rows } = await db.query('SELECT * FROM "payments" WHERE "id" = $1', [id]);
  return rows[0] ? rowToPayment(rows[0]) : undefined;
};

/** Locks the inquiry's row for the transaction; false if there is none. */
const lockInquiry = async (client: Query, inquiryId: string) =>
  ((await client.query('SELECT 1 FROM "eventInquiries" WHERE "id" = $1 FOR UPDATE', [inquiryId])).rowCount ?? 0) > 0;

const paid = async (client: Query, inquiryId: string) =>
  Number((await client.query({ text: PAID_SQL('$1'), values: [inquiryId], rowMode: 'array' })).rows[0]![0]);

/** The newest accepted quote's id, version, deposit and whether it is marked paid. */
async function acceptedQuote(client: Query, inquiryId: string): Promise<AcceptedQuote | undefined> {
  const { rows } = await client.query(
    `SELECT "id", "version", "deposit", "currency", "depositPaidAt" FROM "quotes"
     WHERE "inquiryId" = $1 AND "acceptedAt" IS NOT NULL AND "declinedAt" IS NULL ORDER BY "version" DESC LIMIT 1`,
    [inquiryId],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id as string,
        version: row.version as number,
        deposit: Number(row.deposit),
        currency: row.currency as string,
        depositPaid: row.depositPaidAt !== null,
      }
    : undefined;
}

/**
 * Applies what the deposit rule (sale/deposit.ts) says the inquiry's payments settle; on a
 * day already full (record 280, the day locked here) Booked is not written: true then.
 */
async function settleDeposit(
  client: Query,
  inquiryId: string,
  payment: Payment,
  by: Actor | null,
  at: Date,
  rule: DayRule,
  locale: string,
): Promise<boolean> {
  const quote = await acceptedQuote(client, inquiryId);
  const paidNow = await paid(client, inquiryId);
  if (!depositReached(quote, paidNow)) return false;
  const room = await postgresDayHasRoom(client, inquiryId, rule.perDay);
  const settled = depositSettled(quote, paidNow, () => room, locale)!;
  await client.query('UPDATE "quotes" SET "depositPaidAt" = $2 WHERE "id" = $1 AND "depositPaidAt" IS NULL', [
    settled.quoteId,
    at,
  ]);
  for (const [index, note] of settled.notes.entries()) {
    await saleHistory(client, inquiryId, note, index === 0 ? by : null, at);
  }
  if (settled.status) await advanceStatus(client, inquiryId, settled.status, by, at);
  await owe(client, inquiryId, settled.event, payment.id);
  return settled.dayFull;
}

/** Notes a provider's event once; false if it was seen before. */
const firstSight = async (client: Query, provider: string, eventId: string, at: Date) =>
  ((
    await client.query(
      `INSERT INTO "paymentEvents" ("provider", "eventId", "outcome", "receivedAt") VALUES ($1, $2, 'received', $3)
       ON CONFLICT DO NOTHING`,
      [provider, eventId, at],
    )
  ).rowCount ?? 0) > 0;

const settleEvent = async (client: Query, provider: string, eventId: string, outcome: EventOutcome) => {
  await client.query('UPDATE "paymentEvents" SET "outcome" = $3 WHERE "provider" = $1 AND "eventId" = $2', [
    provider,
    eventId,
    outcome,
  ]);
  return outcome;
};

const PAYMENT_COLUMNS: readonly (keyof PaymentRow)[] = [
  'id',
  'inquiryId',
  'quoteId',
  'kind',
  'amount',
  'currency',
  'method',
  'provider',
  'providerRef',
  'providerPayment',
  'note',
  'recordedAt',
  'recordedBy',
];

/** Inserts a payment unless its id, or its provider's reference, is there already; true if it was. */
const insert = async (client: Query, row: PaymentRow) =>
  ((
    await client.query(
      `INSERT INTO "payments" (${PAYMENT_COLUMNS.map((column) => `"${column}"`).join(', ')})
       VALUES (${PAYMENT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING`,
      PAYMENT_COLUMNS.map((column) => row[column]),
    )
  ).rowCount ?? 0) > 0;

/** A provider's payment event, in a transaction (PaymentStore.applyPaid). */
async function applyPaidOn(
  client: Query,
  event: PaidEvent,
  at: Date,
  locale: string,
  rule: DayRule,
): Promise<EventOutcome> {
  const { rows } = await client.query('SELECT * FROM "checkoutSessions" WHERE "provider" = $1 AND "id" = $2', [
    event.provider,
    event.checkoutId,
  ]);
  if (rows[0]) await lockInquiry(client, rows[0].inquiryId as string);
  if (!(await firstSight(client, event.provider, event.eventId, at))) return 'duplicate';
  const outcome = (result: EventOutcome) => settleEvent(client, event.provider, event.eventId, result);
  if (!rows[0]) return outcome('ignored');
  const asked = rowToCheckout(rows[0]);
  if (asked.amount !== event.amount || asked.currency !== event.currency) {
    await saleHistory(client, asked.inquiryId, paymentNotes(locale).mismatch(asked, event), null, at);
    return outcome('mismatch');
  }
  const id = randomUUID();
  const stored = await insert(client, paidRow(asked, event, id, at.toISOString()));
  if (!stored) return outcome('duplicate');
  const payment = (await getOn(client, id))!;
  await saleHistory(client, asked.inquiryId, paymentNotes(locale).received(payment, event.label), null, at);
  await owe(client, asked.inquiryId, PAYMENT_RECEIVED_EVENT, payment.id);
  await settleDeposit(client, asked.inquiryId, payment, null, at, rule, locale);
  return outcome('applied');
}

/** A provider's refund event, in a transaction (PaymentStore.applyRefund). */
async function applyRefundOn(client: Query, event: RefundEvent, at: Date, locale: string): Promise<EventOutcome> {
  const { rows } = await client.query(
    `SELECT * FROM "payments" WHERE "provider" = $1 AND "providerPayment" = $2 AND "kind" = 'payment'`,
    [event.provider, event.paymentRef],
  );
  if (rows[0]) await lockInquiry(client, rows[0].inquiryId as string);
  if (!(await firstSight(client, event.provider, event.eventId, at))) return 'duplicate';
  const outcome = (result: EventOutcome) => settleEvent(client, event.provider, event.eventId, result);
  if (!rows[0] || rows[0].currency !== event.currency) return outcome('ignored');
  const payment = rowToPayment(rows[0]);
  const refunded = await client.query(
    `SELECT coalesce(sum("amount"), 0)::bigint AS "refunded" FROM "payments"
     WHERE "provider" = $1 AND "providerPayment" = $2 AND "kind" = 'refund'`,
    [event.provider, event.paymentRef],
  );
  const add = refundToAdd(payment, event, Number(refunded.rows[0].refunded));
  if (add.amount <= 0) return outcome('duplicate');
  const id = randomUUID();
  const stored = await insert(client, refundRow(payment, event, add, id, at.toISOString(), locale));
  if (!stored) return outcome('duplicate');
  await saleHistory(
    client,
    payment.inquiryId,
    paymentNotes(locale).refunded(add.amount, event.currency, event.label),
    null,
    at,
  );
  if (add.clamped) await owe(client, payment.inquiryId, REFUND_CLAMPED_EVENT, id);
  return outcome('applied');
}

/** A payment the owner took by hand, with its history line, the owner's notice and what it settles. */
async function recordOn(
  client: Query,
  inquiryId: string,
  payment: NewPayment,
  by: Actor,
  at: Date,
  locale: string,
  rule: DayRule,
): Promise<RecordResult> {
  if (!(await lockInquiry(client, inquiryId))) return { ok: false, reason: 'missing' };
  const quoteId = (await acceptedQuote(client, inquiryId))?.id ?? null;
  const stored = await insert(client, handRow(inquiryId, payment, quoteId, by, at.toISOString()));
  const saved = (await getOn(client, payment.id))!;
  if (!stored) {
    return samePayment(saved, inquiryId, payment)
      ? { ok: true, payment: saved, created: false }
      : { ok: false, reason: 'conflict' };
  }
  await saleHistory(client, inquiryId, paymentNotes(locale).recorded(saved), by, at);
  await owe(client, inquiryId, PAYMENT_RECEIVED_EVENT, saved.id);
  const dayFull = await settleDeposit(client, inquiryId, saved, by, at, rule, locale);
  return { ok: true, payment: saved, created: true, ...(dayFull ? { dayFull } : {}) };
}

/** Voids a payment with its reason and history line; below the deposit again, the quote's deposit is no longer paid. */
async function voidOn(
  client: Query,
  inquiryId: string,
  paymentId: string,
  reason: string,
  by: Actor,
  at: Date,
  locale: string,
): Promise<VoidResult> {
  if (!(await lockInquiry(client, inquiryId))) return { ok: false, reason: 'missing' };
  const changed = await client.query(
    `UPDATE "payments" SET "voidedAt" = $3, "voidedBy" = $4, "voidReason" = $5
     WHERE "id" = $1 AND "inquiryId" = $2 AND "voidedAt" IS NULL`,
    [paymentId, inquiryId, at, by.email, reason],
  );
  const payment = await getOn(client, paymentId);
  if (!payment || payment.inquiryId !== inquiryId) return { ok: false, reason: 'missing' };
  if (changed.rowCount) {
    await saleHistory(client, inquiryId, paymentNotes(locale).voided(payment), by, at);
    // The status stays the owner's.
    const quoteId = unsettledDeposit(await acceptedQuote(client, inquiryId), await paid(client, inquiryId));
    if (quoteId) await client.query('UPDATE "quotes" SET "depositPaidAt" = NULL WHERE "id" = $1', [quoteId]);
  }
  return { ok: true, payment };
}

export function postgresPaymentStore(pool: pg.Pool): PaymentStore {
  return {
    async checkoutFor(provider, quoteId, amount, currency, openAfter) {
      const { rows } = await pool.query(
        'SELECT * FROM "checkoutSessions" WHERE "provider" = $1 AND "quoteId" = $2 ORDER BY "createdAt"',
        [provider, quoteId],
      );
      const checkouts = rows.map(rowToCheckout);
      const open = checkouts.find(
        (checkout) =>
          checkout.amount === amount && checkout.currency === currency && checkout.expiresAt > openAfter.toISOString(),
      );
      return open ? { reuse: open } : { earlier: checkouts.length };
    },

    async saveCheckout(checkout) {
      await pool.query(
        `INSERT INTO "checkoutSessions" ("provider", "id", "quoteId", "inquiryId", "amount", "currency", "url", "createdAt", "expiresAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
        [
          checkout.provider,
          checkout.id,
          checkout.quoteId,
          checkout.inquiryId,
          checkout.amount,
          checkout.currency,
          checkout.url,
          checkout.createdAt,
          checkout.expiresAt,
        ],
      );
    },

    applyPaid: (event, at, locale, rule = ONE_A_DAY) =>
      inTransaction(pool, (client) => applyPaidOn(client, event, at, locale, rule)),

    applyRefund: (event, at, locale) => inTransaction(pool, (client) => applyRefundOn(client, event, at, locale)),

    record: (inquiryId, payment, by, at, locale, rule = ONE_A_DAY) =>
      inTransaction(pool, (client) => recordOn(client, inquiryId, payment, by, at, locale, rule)),

    void: (inquiryId, paymentId, reason, by, at, locale) =>
      inTransaction(pool, (client) => voidOn(client, inquiryId, paymentId, reason, by, at, locale)),

    async forInquiry(inquiryId) {
      const { rows } = await pool.query('SELECT * FROM "payments" WHERE "inquiryId" = $1 ORDER BY "recordedAt", "id"', [
        inquiryId,
      ]);
      return rows.map(rowToPayment);
    },

    get: (id) => getOn(pool, id),

    async accountsOf(inquiryIds) {
      const { rows } = await pool.query(
        `SELECT i."id" AS "inquiryId", (${PAID_SQL('i."id"')}) AS "paid",
           (SELECT "total" FROM "quotes" WHERE "inquiryId" = i."id" AND "acceptedAt" IS NOT NULL AND "declinedAt" IS NULL
            ORDER BY "version" DESC LIMIT 1) AS "total"
         FROM unnest($1::text[]) AS i("id")`,
        [inquiryIds],
      );
      return new Map(
        rows.map((row) => [
          row.inquiryId as string,
          { paid: Number(row.paid), total: row.total === null ? null : Number(row.total) },
        ]),
      );
    },
  };
}
