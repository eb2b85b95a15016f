// Stripe Checkout through the official `stripe` package (record 145): a Checkout
// Session for the deposit (the quote's id in client_reference_id and metadata.quoteId,
// the customer's e-mail prefilled, back to the quote page after), and Stripe's events
// verified by the package's own webhooks.constructEvent on the raw body. The site pays
// Stripe's card fee and nobody else's: no platform account, no application fee.
import Stripe from 'stripe';
import {
  BadSignature,
  type Checkout,
  type PaymentProvider,
  type ProviderEvent,
  type RefundRequest,
} from '../../payment-provider.js';
import type { StripeSettings } from './stripe-settings.js';

/** Its name in the store and its events' address, and what the owner reads. */
export const STRIPE = { name: 'stripe', label: 'Stripe' } as const;

/** The customer is sent to Stripe's own checkout pages. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** The events that pay a checkout: completed, or (a bank debit) its payment arriving later. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A verified Stripe event in the site's terms. */
export function siteEvent(event: Stripe.Event): ProviderEvent {
  if (PAID_EVENTS.has(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    // Completed but not yet paid (a bank debit on its way): its async_payment_succeeded comes later.
    if (session.payment_status !== 'paid' || session.amount_total === null || session.currency === null) {
      return { type: 'other', id: event.id, name: `${event.type} (${session.payment_status})` };
    }
    return {
      type: 'paid',
      id: event.id,
      checkoutId: session.id,
      amount: session.amount_total,
      currency: session.currency.toUpperCase(),
      paymentRef: idOf(session.payment_intent),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentRef = idOf(charge.payment_intent);
    if (paymentRef) {
      return {
        type: 'refunded',
        id: event.id,
        paymentRef,
        refundedTotal: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
  }
  return { type: 'other', id: event.id, name: event.type };
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.apiBase ?? {}),
    // Retried with the same idempotency key: a lost answer never makes a second session.
    maxNetworkRetries: 2,
    // The customer waits on the "Pay deposit" press.
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Curbside' },
  });

  return {
    ...STRIPE,
    checkoutOrigins: [STRIPE_CHECKOUT_ORIGIN],
    async createCheckout(request): Promise<Checkout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.quoteId,
          metadata: { quoteId: request.quoteId },
          // Its refunds name the PaymentIntent, which carries the quote too.
          payment_intent_data: { metadata: { quoteId: request.quoteId } },
          customer_email: request.customerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe made a Checkout Session without a URL');
      return {
        id: session.id,
        url: session.url,
        amount: session.amount_total ?? request.amount,
        currency: (session.currency ?? request.currency).toUpperCase(),
        expiresAt: new Date(session.expires_at * 1000).toISOString(),
      };
    },
    async refund(request: RefundRequest) {
      await stripe.refunds.create(
        { payment_intent: request.paymentRef, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      );
    },
    readEvent(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') throw new BadSignature('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new BadSignature((error as Error).message);
      }
      return siteEvent(event);
    },
  };
}
