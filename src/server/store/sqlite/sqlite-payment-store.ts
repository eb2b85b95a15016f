// Payments on SQLite (payment-store.ts), on the owner store's connection: each payment,
// void and provider event in one IMMEDIATE transaction with its history line and, when
// the deposit is reached, the quote marked, the inquiry Booked and the owner's notice owed.
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { Minor } from '../../../shared/money.js';
import type { Actor } from '../actor.js';
import { type DayRule, ONE_A_DAY } from '../day-claim.js';
import {
  type EventOutcome,
  handRow,
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
  type StoredCheckout,
} from '../payment-store.js';
import { type AcceptedQuote, settleDeposit as depositSettled, unsettledDeposit } from '../../sale/deposit.js';
import { sqliteDayHasRoom } from './sqlite-day-claim.js';
import { PAID_SQL } from './sqlite-sale-sql.js';
import { saleRecords } from './sqlite-sale-records.js';
import type { Prepare } from './sqlite-statements.js';

/** An erasure keeps an inquiry's payments (accounting records) without the customer's words; run it in its transaction. */
export const SCRUB_PAYMENTS_SQL = `UPDATE payments SET note = '', voidReason = CASE WHEN voidedAt IS NULL THEN NULL ELSE '' END WHERE inquiryId = ?`;
/** An erasure forgets the checkouts made for the inquiry. */
export const FORGET_CHECKOUTS_SQL = 'DELETE FROM checkoutSessions WHERE inquiryId = ?';

/** The reads and writes the payment store's transactions are made of. */
function paymentRecords(prepare: Prepare) {
  const { history, owe, advance } = saleRecords(prepare);
  const get = (id: string) => {
    const row = prepare('SELECT * FROM payments WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return row && rowToPayment(row);
  };
  const paid = (inquiryId: string) => prepare(PAID_SQL('?')).pluck().get(inquiryId) as Minor;
  /** The newest accepted quote's id, version, deposit and whether it is marked paid. */
  const acceptedQuote = (inquiryId: string): AcceptedQuote | undefined => {
    const row = prepare(
      `SELECT id, version, deposit, currency, depositPaidAt IS NOT NULL AS depositPaid FROM quotes
       WHERE inquiryId = ? AND acceptedAt IS NOT NULL AND declinedAt IS NULL ORDER BY version DESC LIMIT 1`,
    ).get(inquiryId) as (Omit<AcceptedQuote, 'depositPaid'> & { depositPaid: number }) | undefined;
    return row && { ...row, depositPaid: row.depositPaid === 1 };
  };

  /**
   * Applies what the deposit rule (sale/deposit.ts) says the inquiry's payments settle; on a
   * day already full (record 280) Booked is not written: true then.
   */
  const settleDeposit = (
    inquiryId: string,
    payment: Payment,
    by: Actor | null,
    at: string,
    rule: DayRule,
    locale: string,
  ) => {
    const settled = depositSettled(
      acceptedQuote(inquiryId),
      paid(inquiryId),
      () => sqliteDayHasRoom(prepare, inquiryId, rule.perDay),
      locale,
    );
    if (!settled) return false;
    prepare('UPDATE quotes SET depositPaidAt = ? WHERE id = ? AND depositPaidAt IS NULL').run(at, settled.quoteId);
    for (const [index, note] of settled.notes.entries()) history(inquiryId, note, index === 0 ? by : null, at);
    if (settled.status) advance(inquiryId, settled.status, by, at);
    owe(inquiryId, settled.event, payment.id);
    return settled.dayFull;
  };
  /** A void took what was paid below the deposit: the quote's deposit is no longer paid (the status stays the owner's). */
  const unsettleDeposit = (inquiryId: string) => {
    const quoteId = unsettledDeposit(acceptedQuote(inquiryId), paid(inquiryId));
    if (quoteId) prepare('UPDATE quotes SET depositPaidAt = NULL WHERE id = ?').run(quoteId);
  };

  /** Notes a provider's event once; false if it was seen before. */
  const firstSight = (provider: string, eventId: string, at: string) =>
    prepare(
      `INSERT INTO paymentEvents (provider, eventId, outcome, receivedAt) VALUES (?, ?, 'received', ?)
       ON CONFLICT DO NOTHING`,
    ).run(provider, eventId, at).changes > 0;
  const settleEvent = (provider: string, eventId: string, outcome: EventOutcome) => {
    prepare('UPDATE paymentEvents SET outcome = ? WHERE provider = ? AND eventId = ?').run(outcome, provider, eventId);
    return outcome;
  };
  const insert = (row: PaymentRow) =>
    prepare(
      `INSERT INTO payments (id, inquiryId, quoteId, kind, amount, currency, method, provider, providerRef, providerPayment,
         note, recordedAt, recordedBy)
       VALUES (@id, @inquiryId, @quoteId, @kind, @amount, @currency, @method, @provider, @providerRef, @providerPayment,
         @note, @recordedAt, @recordedBy)
       ON CONFLICT DO NOTHING`,
    ).run(row).changes > 0;
  return { history, owe, get, paid, acceptedQuote, settleDeposit, unsettleDeposit, firstSight, settleEvent, insert };
}

/** A provider's paid and refunded events, each to run in its own transaction: applied once, with what it settles. */
function providerEvents(prepare: Prepare, records: ReturnType<typeof paymentRecords>) {
  const { history, owe, get, settleDeposit, firstSight, settleEvent, insert } = records;
  const paid = (
    event: Parameters<PaymentStore['applyPaid']>[0],
    at: string,
    locale: string,
    rule: DayRule,
  ): EventOutcome => {
    if (!firstSight(event.provider, event.eventId, at)) return 'duplicate';
    const outcome = (result: EventOutcome) => settleEvent(event.provider, event.eventId, result);
    const row = prepare('SELECT * FROM checkoutSessions WHERE provider = ? AND id = ?').get(
      event.provider,
      event.checkoutId,
    ) as Record<string, unknown> | undefined;
    if (!row) return outcome('ignored');
    const asked = rowToCheckout(row);
    if (asked.amount !== event.amount || asked.currency !== event.currency) {
      history(asked.inquiryId, paymentNotes(locale).mismatch(asked, event), null, at);
      return outcome('mismatch');
    }
    const id = randomUUID();
    const stored = insert(paidRow(asked, event, id, at));
    if (!stored) return outcome('duplicate');
    const payment = get(id)!;
    history(asked.inquiryId, paymentNotes(locale).received(payment, event.label), null, at);
    owe(asked.inquiryId, PAYMENT_RECEIVED_EVENT, payment.id);
    settleDeposit(asked.inquiryId, payment, null, at, rule, locale);
    return outcome('applied');
  };

  const refund = (event: Parameters<PaymentStore['applyRefund']>[0], at: string, locale: string): EventOutcome => {
    if (!firstSight(event.provider, event.eventId, at)) return 'duplicate';
    const outcome = (result: EventOutcome) => settleEvent(event.provider, event.eventId, result);
    const row = prepare(`SELECT * FROM payments WHERE provider = ? AND providerPayment = ? AND kind = 'payment'`).get(
      event.provider,
      event.paymentRef,
    ) as Record<string, unknown> | undefined;
    if (!row || row.currency !== event.currency) return outcome('ignored');
    const payment = rowToPayment(row);
    const refunded = prepare(
      `SELECT coalesce(sum(amount), 0) FROM payments WHERE provider = ? AND providerPayment = ? AND kind = 'refund'`,
    )
      .pluck()
      .get(event.provider, event.paymentRef) as number;
    const add = refundToAdd(payment, event, refunded);
    if (add.amount <= 0) return outcome('duplicate');
    const id = randomUUID();
    const stored = insert(refundRow(payment, event, add, id, at, locale));
    if (!stored) return outcome('duplicate');
    history(payment.inquiryId, paymentNotes(locale).refunded(add.amount, event.currency, event.label), null, at);
    if (add.clamped) owe(payment.inquiryId, REFUND_CLAMPED_EVENT, id);
    return outcome('applied');
  };
  return { paid, refund };
}

/** Voids a payment with its reason and history line; below the deposit again, the quote's deposit is no longer paid. */
function voidTransaction(db: Database.Database, prepare: Prepare, records: ReturnType<typeof paymentRecords>) {
  const { history, get, unsettleDeposit } = records;
  return db.transaction(
    (inquiryId: string, paymentId: string, reason: string, by: Actor, at: string, locale: string) => {
      const changed = prepare(
        'UPDATE payments SET voidedAt = ?, voidedBy = ?, voidReason = ? WHERE id = ? AND inquiryId = ? AND voidedAt IS NULL',
      ).run(at, by.email, reason, paymentId, inquiryId).changes;
      const payment = get(paymentId);
      if (!payment || payment.inquiryId !== inquiryId) return { ok: false, reason: 'missing' } as const;
      if (changed > 0) {
        history(inquiryId, paymentNotes(locale).voided(payment), by, at);
        unsettleDeposit(inquiryId);
      }
      return { ok: true, payment } as const;
    },
  );
}

export function sqlitePaymentStore(db: Database.Database, prepare: Prepare): PaymentStore {
  const records = paymentRecords(prepare);
  const { history, owe, get, acceptedQuote, settleDeposit, insert } = records;
  const events = providerEvents(prepare, records);
  const applyPaidTx = db.transaction(events.paid);
  const applyRefundTx = db.transaction(events.refund);

  const recordTx = db.transaction(
    (
      inquiryId: string,
      payment: Parameters<PaymentStore['record']>[1],
      by: Actor,
      at: string,
      locale: string,
      rule: DayRule,
    ): RecordResult => {
      if (!prepare('SELECT 1 FROM eventInquiries WHERE id = ?').get(inquiryId)) return { ok: false, reason: 'missing' };
      const stored = insert(handRow(inquiryId, payment, acceptedQuote(inquiryId)?.id ?? null, by, at));
      const saved = get(payment.id)!;
      if (!stored) {
        return samePayment(saved, inquiryId, payment)
          ? { ok: true, payment: saved, created: false }
          : { ok: false, reason: 'conflict' };
      }
      history(inquiryId, paymentNotes(locale).recorded(saved), by, at);
      owe(inquiryId, PAYMENT_RECEIVED_EVENT, saved.id);
      const dayFull = settleDeposit(inquiryId, saved, by, at, rule, locale);
      return { ok: true, payment: saved, created: true, ...(dayFull ? { dayFull } : {}) };
    },
  );

  const voidTx = voidTransaction(db, prepare, records);

  return {
    async checkoutFor(provider, quoteId, amount, currency, openAfter) {
      const rows = (
        prepare('SELECT * FROM checkoutSessions WHERE provider = ? AND quoteId = ? ORDER BY createdAt').all(
          provider,
          quoteId,
        ) as Record<string, unknown>[]
      ).map(rowToCheckout);
      const open = rows.find(
        (checkout) =>
          checkout.amount === amount && checkout.currency === currency && checkout.expiresAt > openAfter.toISOString(),
      );
      return open ? { reuse: open } : { earlier: rows.length };
    },
    async saveCheckout(checkout: StoredCheckout) {
      prepare(
        `INSERT INTO checkoutSessions (provider, id, quoteId, inquiryId, amount, currency, url, createdAt, expiresAt)
         VALUES (@provider, @id, @quoteId, @inquiryId, @amount, @currency, @url, @createdAt, @expiresAt)
         ON CONFLICT DO NOTHING`,
      ).run(checkout);
    },
    async applyPaid(event, at, locale, rule = ONE_A_DAY) {
      return applyPaidTx.immediate(event, at.toISOString(), locale, rule);
    },
    async applyRefund(event, at, locale) {
      return applyRefundTx.immediate(event, at.toISOString(), locale);
    },
    async record(inquiryId, payment, by, at, locale, rule = ONE_A_DAY) {
      return recordTx.immediate(inquiryId, payment, by, at.toISOString(), locale, rule);
    },
    async void(inquiryId, paymentId, reason, by, at, locale) {
      return voidTx.immediate(inquiryId, paymentId, reason, by, at.toISOString(), locale);
    },
    async forInquiry(inquiryId) {
      return (
        prepare('SELECT * FROM payments WHERE inquiryId = ? ORDER BY recordedAt, rowid').all(inquiryId) as Record<
          string,
          unknown
        >[]
      ).map(rowToPayment);
    },
    async get(id) {
      return get(id);
    },
    async accountsOf(inquiryIds) {
      const rows = prepare(
        `SELECT i.value AS inquiryId, (${PAID_SQL('i.value')}) AS paid,
           (SELECT total FROM quotes WHERE inquiryId = i.value AND acceptedAt IS NOT NULL AND declinedAt IS NULL
            ORDER BY version DESC LIMIT 1) AS total
         FROM json_each(?) i`,
      ).all(JSON.stringify(inquiryIds)) as { inquiryId: string; paid: number; total: number | null }[];
      return new Map(rows.map(({ inquiryId, paid, total }) => [inquiryId, { paid, total }]));
    },
  };
}
