// What a deposit settles (issue 36 item 1, record 146), decided once for both engines:
// once what was paid reaches the newest accepted quote's deposit, the quote is marked
// paid, the inquiry becomes Booked and the owner is told; a void that takes what was
// paid below it unmarks the quote (the status stays the owner's). Each engine reads the
// accepted quote and what was paid in its transaction, asks here, and applies the answer.
import type { Minor } from '../../shared/money.js';
import { DAY_FULL_EVENT, DAY_FULL_NOTES } from '../store/day-claim.js';
import { DEPOSIT_PAID_EVENT, paymentNotes } from '../store/payment-store.js';
import type { StatusChange } from './status.js';

/** The newest accepted (not declined) quote of an inquiry, as the engines read it. */
export interface AcceptedQuote {
  id: string;
  version: number;
  deposit: Minor;
  currency: string;
  depositPaid: boolean;
}

/** What reaching the deposit writes, in the payment's transaction. */
export interface DepositSettled {
  /** The quote whose depositPaidAt is set. */
  quoteId: string;
  /** The history lines. */
  notes: string[];
  /** Booked, unless the day is full (record 280): then the payment and the mark stay, and the status does not move. */
  status: StatusChange | undefined;
  /** The outbox event the owner is told by. */
  event: typeof DEPOSIT_PAID_EVENT | typeof DAY_FULL_EVENT;
  /** The deposit was paid for a day already full. */
  dayFull: boolean;
}

/** Whether `paid` reaches `quote`'s deposit not yet marked paid. */
export function depositReached(quote: AcceptedQuote | undefined, paid: Minor): quote is AcceptedQuote {
  return quote !== undefined && !quote.depositPaid && paid >= quote.deposit;
}

/**
 * What `paid` settles of `quote`'s deposit, or undefined when nothing changes. `dayHasRoom`
 * is asked (in the same transaction) only when the deposit is reached; `locale` writes the money.
 */
export function settleDeposit(
  quote: AcceptedQuote | undefined,
  paid: Minor,
  dayHasRoom: () => boolean,
  locale: string,
): DepositSettled | undefined {
  if (!depositReached(quote, paid)) return undefined;
  const note = paymentNotes(locale).depositPaid(quote.deposit, quote.currency, quote.version);
  if (!dayHasRoom()) {
    return {
      quoteId: quote.id,
      notes: [note, DAY_FULL_NOTES.depositKept],
      status: undefined,
      event: DAY_FULL_EVENT,
      dayFull: true,
    };
  }
  return { quoteId: quote.id, notes: [note], status: 'depositPaid', event: DEPOSIT_PAID_EVENT, dayFull: false };
}

/** The quote whose deposit is no longer paid now that `paid` is below it, or undefined. */
export function unsettledDeposit(quote: AcceptedQuote | undefined, paid: Minor): string | undefined {
  return quote?.depositPaid && paid < quote.deposit ? quote.id : undefined;
}
