// Payments as the inbox and the server exchange them (issue 29, record 146): the methods
// money taken outside the site is recorded with, what the owner sends, the rules it must
// meet (checked in the form and again on the server), and what the inquiry's page shows.
import { formatMoney, type Minor } from './money.js';
import { textProblem } from './text-rules.js';

/** How money taken outside the site came in ("Record a payment"). */
export const HAND_METHODS = ['cash', 'check', 'bank-transfer', 'card', 'other'] as const;
export type HandMethod = (typeof HAND_METHODS)[number];
/** A payment's method: one of the above, or online through a provider. */
export type PaymentMethod = HandMethod | 'online';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  other: 'Other',
  online: 'Online',
};

export const PAYMENT_LIMITS = {
  /** The largest payment recorded by hand, in minor units. */
  amount: 100_000_000_00,
  note: 500,
  voidReason: 500,
} as const;

/** A payment (or a provider's refund) as the inquiry's page lists it. Never edited: voided, with a reason. */
export interface PaymentView {
  id: string;
  kind: 'payment' | 'refund';
  /** Minor units, more than 0 (a refund's too: it is taken off what was paid). */
  amount: Minor;
  currency: string;
  method: PaymentMethod;
  /** The provider's name ('Stripe') for one that came through it; null when recorded by hand. */
  provider: string | null;
  note: string;
  recordedAt: string;
  /** The owner who recorded it; null for a provider's. */
  recordedBy: string | null;
  voided: { at: string; by: string; reason: string } | null;
}

/** GET /api/owner/inquiries/:id/payments. */
export interface PaymentsAnswer {
  payments: PaymentView[];
  currency: string;
  locale: string;
  /** Payments less refunds, voided ones left out. */
  paid: Minor;
  /** The newest accepted quote's total and deposit, or null when no quote was accepted. */
  total: Minor | null;
  deposit: Minor | null;
  /** total − paid (less than 0: paid too much), or null without an accepted quote. */
  balanceDue: Minor | null;
}

/** POST /api/owner/inquiries/:id/payments: `id` is chosen by the form, so a retried post records one payment. */
export interface RecordPaymentBody {
  id: string;
  amount: Minor;
  method: HandMethod;
  note: string;
}

/** What a payment adds to what was paid: a refund takes away, a voided one counts for nothing (undefined). */
export function countedAmount(payment: Pick<PaymentView, 'kind' | 'amount' | 'voided'>): Minor | undefined {
  if (payment.voided) return undefined;
  return payment.kind === 'refund' ? -payment.amount : payment.amount;
}

/** What has been paid: payments less refunds, the voided left out. */
export function paidOf(payments: readonly Pick<PaymentView, 'kind' | 'amount' | 'voided'>[]): Minor {
  return payments.reduce((sum, payment) => sum + (countedAmount(payment) ?? 0), 0);
}

/** Each rule a payment breaks, by field, worded for the owner. */
export function paymentProblems(body: Omit<RecordPaymentBody, 'id'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isSafeInteger(body.amount) || body.amount <= 0)
    problems.amount = 'An amount more than nothing, such as 250.00.';
  else if (body.amount > PAYMENT_LIMITS.amount) problems.amount = 'That is more than one payment can be.';
  if (!(HAND_METHODS as readonly string[]).includes(body.method)) problems.method = 'Choose how it was paid.';
  const note = textProblem({ kind: 'lines' }, body.note);
  if (note) problems.note = `The note ${note}.`;
  else if (body.note.length > PAYMENT_LIMITS.note) problems.note = `At most ${PAYMENT_LIMITS.note} characters.`;
  return problems;
}

/** The reason a payment is voided: required, one or a few lines. */
export function voidReasonProblem(reason: string): string | undefined {
  if (reason.trim() === '') return 'Say why it is voided.';
  const problem = textProblem({ kind: 'lines' }, reason);
  if (problem) return `The reason ${problem}.`;
  if (reason.length > PAYMENT_LIMITS.voidReason) return `At most ${PAYMENT_LIMITS.voidReason} characters.`;
  return undefined;
}

/** A payment in words for its history line: '$250.00 (Cash)', '$1,277.35 (Online, Stripe)'. */
export function paymentWords(
  payment: Pick<PaymentView, 'amount' | 'currency' | 'method'> & { provider: string | null },
  locale: string,
): string {
  const how = payment.provider
    ? `${METHOD_LABELS[payment.method]}, ${payment.provider}`
    : METHOD_LABELS[payment.method];
  return `${formatMoney(payment.amount, payment.currency, locale)} (${how})`;
}
