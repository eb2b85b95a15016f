// A payment provider (issue 29, record 145): what the site asks of one, as notification
// channels are what the outbox asks of each. A provider is one folder under providers/
// and one line in providers/index.ts; the site knows nothing of its API beyond this.
import type { Minor } from '../../shared/money.js';

/** What a checkout asks the customer to pay: one amount for one quote. */
export interface CheckoutRequest {
  /** The quote it pays, as the provider carries it back (Stripe: client_reference_id and metadata.quoteId). */
  quoteId: string;
  amount: Minor;
  /** ISO 4217, upper case. */
  currency: string;
  /** Prefilled on the provider's page. */
  customerEmail: string;
  /** What the provider's page calls it. */
  description: string;
  /** Where the provider sends the customer back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /**
   * The same key for the same checkout: a request sent again (a double press, a retry
   * after a lost answer) answers the checkout the first one made.
   */
  idempotencyKey: string;
  /** When the checkout stops taking payment (a pre-order's, record 390); unset: the provider's default (Stripe: 24 hours). */
  expiresAt?: Date;
}

/** Money paid back of one payment the provider took. */
export interface RefundRequest {
  paymentRef: string;
  amount: Minor;
  idempotencyKey: string;
}

/** A checkout as the provider made it: where to send the customer, and until when. */
export interface Checkout {
  /** The provider's id of it (Stripe: the Checkout Session's cs_…). */
  id: string;
  url: string;
  amount: Minor;
  currency: string;
  /** ISO time it can no longer be paid. */
  expiresAt: string;
}

/** An event a provider posted, once its signature is verified, in the site's terms. */
export type ProviderEvent =
  /** A checkout was paid: what was paid, and the reference the site gave it. */
  | {
      type: 'paid';
      id: string;
      checkoutId: string;
      amount: Minor;
      currency: string;
      /** The provider's payment (Stripe: the PaymentIntent), which its refunds name. */
      paymentRef: string | null;
    }
  /** Money paid back: `refundedTotal` is all of the payment refunded so far, not this refund alone. */
  | { type: 'refunded'; id: string; paymentRef: string; refundedTotal: Minor; currency: string }
  /** Anything else: acknowledged and ignored. */
  | { type: 'other'; id: string; name: string };

/** The event's signature did not verify: the request is refused (400) and nothing changes. */
export class BadSignature extends Error {
  override name = 'BadSignature';
}

export interface PaymentProvider {
  /** Its name in the store and in its events' address (/api/payments/<name>). Never changes. */
  readonly name: string;
  /** What the owner reads ('Stripe'). */
  readonly label: string;
  /** The origins of its checkout pages: the quote page's form may lead there (its CSP's form-action). */
  readonly checkoutOrigins: readonly string[];
  /** Makes a checkout for the amount; throws when the provider cannot be reached or refuses. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Pays back `amount` of a payment it took (`paymentRef`): a cancelled pre-order (record
   * 290). The same key answers the first refund: asked again, nothing more is paid back.
   * Throws when the provider cannot be reached or refuses.
   */
  refund(request: RefundRequest): Promise<void>;
  /** Verifies the signature of a posted event on its raw body and reads it; throws BadSignature. */
  readEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}
