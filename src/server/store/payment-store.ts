// Payments (issue 29, record 146), one interface for both engines: money paid online
// through a provider and money the owner took outside the site, in integer minor units
// of the sale's currency. A payment is never edited or deleted: it is voided, with a
// reason. Each is applied in one transaction with its history line, and when what was
// paid reaches the newest accepted quote's deposit, in that same transaction, the
// quote's deposit is marked paid, the inquiry becomes Booked and the owner is owed a
// "Deposit paid" notice (an outbox pending row, record 142).
//
// Once only, by the store's own constraints: a provider's event by its id (a primary
// key), a checkout by its id (a unique key on the payment), a recorded payment by the
// id its form chose (its primary key).
//
// Payments are accounting records: an inquiry's erasure keeps them, without anything
// of the customer (their notes and void reasons cleared; none holds a name or address).
import { formatMoney, type Minor } from '../../shared/money.js';
import { type PaymentMethod, type PaymentView, paymentWords } from '../../shared/payment-views.js';
import type { Actor } from './actor.js';
import type { DayRule } from './day-claim.js';

/** A payment as stored (a provider's refund too). */
export interface Payment extends Omit<PaymentView, 'provider'> {
  inquiryId: string;
  /** The quote it paid towards: the checkout's, or the newest accepted one when recorded by hand. */
  quoteId: string | null;
  /** The provider's name ('stripe'), or null when recorded by hand. */
  provider: string | null;
}

/** What the owner records by hand: `id` chosen by the form (a retried post is the same payment). */
export interface NewPayment {
  id: string;
  amount: Minor;
  currency: string;
  method: PaymentMethod;
  note: string;
}

/** A checkout the site asked a provider for: what it asked, and where the customer pays it. */
export interface StoredCheckout {
  provider: string;
  id: string;
  quoteId: string;
  inquiryId: string;
  amount: Minor;
  currency: string;
  url: string;
  createdAt: string;
  expiresAt: string;
}

/** A still-open checkout for the same quote and amount, or how many earlier ones there were (its idempotency key's count). */
export type CheckoutLookup = { reuse: StoredCheckout } | { earlier: number };

/** A provider's checkout paid, as its verified event says. */
export interface PaidEvent {
  provider: string;
  /** The provider's name for people ('Stripe'). */
  label: string;
  eventId: string;
  checkoutId: string;
  amount: Minor;
  currency: string;
  /** The provider's payment, which its refunds name. */
  paymentRef: string | null;
}

/** A provider's refund: `refundedTotal` of the payment `paymentRef` is refunded so far. */
export interface RefundEvent {
  provider: string;
  label: string;
  eventId: string;
  paymentRef: string;
  refundedTotal: Minor;
  currency: string;
}

/**
 * applied: recorded now; duplicate: this event, or this checkout's payment or this
 * refund, was applied before; ignored: not one the site caused (no such checkout or
 * payment); mismatch: paid other than what was asked (not counted, in the history).
 */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'mismatch';

export type RecordResult =
  /** `dayFull`: the deposit was reached on a day already booked, so the inquiry is not Booked (record 280). */
  { ok: true; payment: Payment; created: boolean; dayFull?: true } | { ok: false; reason: 'missing' | 'conflict' };

export type VoidResult = { ok: true; payment: Payment } | { ok: false; reason: 'missing' };

/** The receipt each payment owes the customer (outbox topic 'payment-received:<payment id>'; record 203). */
export const PAYMENT_RECEIVED_EVENT = 'payment-received';

/** The notice a deposit paid owes the owner (outbox topic 'deposit-paid:<payment id>'). */
export const DEPOSIT_PAID_EVENT = 'deposit-paid';

export interface PaymentStore {
  /** A checkout for this quote and amount still open after `openAfter`, or the count of the others made for the quote. */
  checkoutFor(
    provider: string,
    quoteId: string,
    amount: Minor,
    currency: string,
    openAfter: Date,
  ): Promise<CheckoutLookup>;
  /** Keeps a checkout (the same one again changes nothing). */
  saveCheckout(checkout: StoredCheckout): Promise<void>;
  /**
   * Records a provider's paid checkout once per event and once per checkout, if it is one the site made.
   * A deposit reached on a day full by `rule` (default one a day) is kept but not Booked (record 280).
   */
  applyPaid(event: PaidEvent, at: Date, locale: string, rule?: DayRule): Promise<EventOutcome>;
  /** Records what a provider refunded of one of the site's payments, once per event and per amount refunded. */
  applyRefund(event: RefundEvent, at: Date, locale: string): Promise<EventOutcome>;
  /** Records money taken outside the site; the same id again answers the payment it made ('conflict' if it differs). */
  record(
    inquiryId: string,
    payment: NewPayment,
    by: Actor,
    at: Date,
    locale: string,
    rule?: DayRule,
  ): Promise<RecordResult>;
  /** Voids one of the inquiry's payments with a reason (voiding it again changes nothing). */
  void(inquiryId: string, paymentId: string, reason: string, by: Actor, at: Date, locale: string): Promise<VoidResult>;
  /** The inquiry's payments and refunds, oldest first. */
  forInquiry(inquiryId: string): Promise<Payment[]>;
  get(id: string): Promise<Payment | undefined>;
  /** Each of these inquiries' account: what it has paid, and its newest accepted quote's total. */
  accountsOf(inquiryIds: readonly string[]): Promise<Map<string, Account>>;
}

/** An inquiry's account: payments less refunds (the voided left out), and what it owes in all (null: no quote accepted). */
export interface Account {
  paid: Minor;
  total: Minor | null;
}

/**
 * The history's words for each payment event (the owner's entries say who, beside them),
 * money as `locale` (the live content's, handed in by the caller: record 371) writes it.
 */
export const paymentNotes = (locale: string) => {
  const money = (amount: Minor, currency: string) => formatMoney(amount, currency, locale);
  return {
    received: (payment: Payment, label: string) =>
      `Payment received through ${label}: ${money(payment.amount, payment.currency)}`,
    recorded: (payment: Payment) => `Payment recorded: ${paymentWords({ ...payment, provider: null }, locale)}`,
    voided: (payment: Payment) =>
      `Payment voided: ${paymentWords({ ...payment, provider: null }, locale)}. Reason: ${payment.voided?.reason ?? ''}`,
    refunded: (amount: Minor, currency: string, label: string) => `Refund through ${label}: ${money(amount, currency)}`,
    mismatch: (asked: StoredCheckout, event: PaidEvent) =>
      `A payment through ${event.label} did not match what was asked (${money(asked.amount, asked.currency)}): ` +
      `${money(event.amount, event.currency)} paid. Not counted: check it in ${event.label}’s dashboard.`,
    depositPaid: (deposit: Minor, currency: string, version: number) =>
      `Deposit paid: ${money(deposit, currency)} (quote version ${version})`,
  };
};

/** A payments row as either engine returns it (PostgreSQL: Date times, bigint as text). */
export function rowToPayment(row: Record<string, unknown>): Payment {
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : ((value as string | null) ?? null));
  const voidedAt = time(row.voidedAt);
  return {
    id: row.id as string,
    inquiryId: row.inquiryId as string,
    quoteId: (row.quoteId as string | null) ?? null,
    kind: row.kind as Payment['kind'],
    amount: Number(row.amount),
    currency: row.currency as string,
    method: row.method as PaymentMethod,
    provider: (row.provider as string | null) ?? null,
    note: row.note as string,
    recordedAt: time(row.recordedAt)!,
    recordedBy: (row.recordedBy as string | null) ?? null,
    voided: voidedAt ? { at: voidedAt, by: row.voidedBy as string, reason: row.voidReason as string } : null,
  };
}

/** A checkoutSessions row as either engine returns it. */
export function rowToCheckout(row: Record<string, unknown>): StoredCheckout {
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));
  return {
    provider: row.provider as string,
    id: row.id as string,
    quoteId: row.quoteId as string,
    inquiryId: row.inquiryId as string,
    amount: Number(row.amount),
    currency: row.currency as string,
    url: row.url as string,
    createdAt: time(row.createdAt),
    expiresAt: time(row.expiresAt),
  };
}

/** A payments row as both engines insert it (`recordedAt` an ISO time). */
export interface PaymentRow {
  id: string;
  inquiryId: string;
  quoteId: string | null;
  kind: Payment['kind'];
  amount: Minor;
  currency: string;
  method: PaymentMethod;
  provider: string | null;
  providerRef: string | null;
  providerPayment: string | null;
  note: string;
  recordedAt: string;
  recordedBy: string | null;
}

/** The row of a provider's paid checkout: its provider's reference is the checkout (one payment each). */
export const paidRow = (asked: StoredCheckout, event: PaidEvent, id: string, at: string): PaymentRow => ({
  id,
  inquiryId: asked.inquiryId,
  quoteId: asked.quoteId,
  kind: 'payment',
  amount: event.amount,
  currency: event.currency,
  method: 'online',
  provider: event.provider,
  providerRef: event.checkoutId,
  providerPayment: event.paymentRef,
  note: '',
  recordedAt: at,
  recordedBy: null,
});

/** The notice a refund larger than its payment owes the owner (outbox topic 'refund-clamped:<refund id>'; record 201). */
export const REFUND_CLAMPED_EVENT = 'refund-clamped';

/**
 * What a refund event adds to the refunds recorded of `payment` (`refunded` so far): the
 * provider's total refunded, but never more than the payment (a provider cannot give back
 * more than it took; a larger total is recorded as all of it, and the owner is told).
 */
export function refundToAdd(payment: Payment, event: RefundEvent, refunded: Minor) {
  const total = Math.min(event.refundedTotal, payment.amount);
  return { amount: total - refunded, total, clamped: total < event.refundedTotal };
}

/** The row of what a refund added: keyed by the total refunded, so each total counts once, whichever event brings it first. */
export const refundRow = (
  payment: Payment,
  event: RefundEvent,
  add: ReturnType<typeof refundToAdd>,
  id: string,
  at: string,
  locale: string,
): PaymentRow => ({
  id,
  inquiryId: payment.inquiryId,
  quoteId: payment.quoteId,
  kind: 'refund',
  amount: add.amount,
  currency: event.currency,
  method: 'online',
  provider: event.provider,
  providerRef: `${event.paymentRef}:refunded:${add.total}`,
  providerPayment: event.paymentRef,
  note: add.clamped
    ? `${event.label} reported ${formatMoney(event.refundedTotal, event.currency, locale)} refunded of a payment of ${formatMoney(payment.amount, payment.currency, locale)}; recorded up to the payment.`
    : '',
  recordedAt: at,
  recordedBy: null,
});

/** The row of a payment the owner recorded by hand, towards the accepted quote (if any). */
export const handRow = (
  inquiryId: string,
  payment: NewPayment,
  quoteId: string | null,
  by: Actor,
  at: string,
): PaymentRow => ({
  ...payment,
  inquiryId,
  quoteId,
  kind: 'payment',
  provider: null,
  providerRef: null,
  providerPayment: null,
  recordedAt: at,
  recordedBy: by.email,
});

/** Whether a payment recorded again with the same id is the same payment (a retried post). */
export const samePayment = (stored: Payment, inquiryId: string, payment: NewPayment) =>
  stored.inquiryId === inquiryId &&
  stored.provider === null &&
  stored.amount === payment.amount &&
  stored.currency === payment.currency &&
  stored.method === payment.method &&
  stored.note === payment.note;
