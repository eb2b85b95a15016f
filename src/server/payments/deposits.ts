// The deposit, paid online (record 145): what is left of an accepted quote's deposit,
// and the checkout for it. Pressing "Pay deposit" twice never makes two payments: a
// checkout the site made and kept is reused while it is open, and a new one is asked
// for with an idempotency key derived from the quote, the amount and how many checkouts
// the quote had before, so two presses at once (on two instances too) get the provider's
// one session.
import { dayInWords } from '../../shared/date-words.js';
import type { Minor } from '../../shared/money.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { StoredCheckout } from '../store/payment-store.js';
import type { Quote } from '../store/quote-store.js';
import type { ContentPort } from '../site/content-port.js';
import type { PaymentProvider } from './payment-provider.js';

/** A checkout kept is reused only while the customer still has this long to pay it. */
const OPEN_FOR_AT_LEAST_MS = 30 * 60 * 1000;

export interface Deposits {
  provider: PaymentProvider;
  /** A checkout for `amount` of the quote's deposit: an open one kept, or a new one. */
  checkout(quote: Quote, inquiry: StoredInquiry, amount: Minor, pageUrl: string): Promise<StoredCheckout>;
}

export function deposits(owners: OwnerStore, provider: PaymentProvider, content: ContentPort): Deposits {
  return {
    provider,
    async checkout(quote, inquiry, amount, pageUrl) {
      const now = new Date();
      const { name, locale } = content.current().content;
      const found = await owners.payments.checkoutFor(
        provider.name,
        quote.id,
        amount,
        quote.currency,
        new Date(now.getTime() + OPEN_FOR_AT_LEAST_MS),
      );
      if ('reuse' in found) return found.reuse;
      const made = await provider.createCheckout({
        quoteId: quote.id,
        amount,
        currency: quote.currency,
        customerEmail: inquiry.email,
        description: `Deposit: ${name}, ${dayInWords(inquiry.eventDate, locale)}`,
        successUrl: `${pageUrl}?payment=done`,
        cancelUrl: `${pageUrl}?payment=cancelled`,
        idempotencyKey: `curbside-deposit-${quote.id}-${amount}-${found.earlier}`,
      });
      // What was asked is what a paid event is checked against.
      const checkout: StoredCheckout = {
        provider: provider.name,
        id: made.id,
        quoteId: quote.id,
        inquiryId: quote.inquiryId,
        amount,
        currency: quote.currency,
        url: made.url,
        createdAt: now.toISOString(),
        expiresAt: made.expiresAt,
      };
      await owners.payments.saveCheckout(checkout);
      return checkout;
    },
  };
}
