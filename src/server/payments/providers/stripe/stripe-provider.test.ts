// Stripe through the official package, against the local stand-in for its API
// (tests/support/stripe-stand-in.ts) reached through STRIPE_API_BASE: the Checkout
// Session asked for, one per idempotency key whatever the retries; events verified by
// the package's constructEvent and read in the site's terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../../../tests/support/stripe-stand-in.js';
import { BadSignature, type CheckoutRequest, type PaymentProvider } from '../../payment-provider.js';
import { stripeProvider } from './stripe-provider.js';
import { stripeSettings } from './stripe-settings.js';

let standIn: StripeStandIn;
let stripe: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = stripeProvider(stripeSettings(standIn.env)!);
});
afterAll(() => standIn?.close());

let sequence = 0;
const buildRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  quoteId: `6f1c2b1e-0d0a-4c55-9a51-${String(++sequence).padStart(12, '0')}`,
  amount: 1_277_35,
  currency: 'USD',
  customerEmail: 'rosa@example.com',
  description: 'Deposit: Lucky Lime Tacos, Saturday, December 12, 2026',
  successUrl: 'https://tacos.example/quote/abc?payment=done',
  cancelUrl: 'https://tacos.example/quote/abc?payment=cancelled',
  idempotencyKey: `key-${sequence}`,
  ...overrides,
});

describe('Stripe Checkout', () => {
  it('asks for a session of the amount in the currency, carrying the quote, the e-mail and the way back', async () => {
    const request = buildRequest();
    const checkout = await stripe.createCheckout(request);
    const asked = standIn.asked.at(-1)!;
    expect(asked.authorization).toBe(`Bearer ${standIn.env.STRIPE_SECRET_KEY}`);
    expect(asked.idempotencyKey).toBe(request.idempotencyKey);
    expect(asked.fields).toMatchObject({
      mode: 'payment',
      client_reference_id: request.quoteId,
      'metadata[quoteId]': request.quoteId,
      'payment_intent_data[metadata][quoteId]': request.quoteId,
      customer_email: 'rosa@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '127735',
      'line_items[0][price_data][product_data][name]': request.description,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    expect(checkout).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      amount: 1_277_35,
      currency: 'USD',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new URL(checkout.url).origin).toBe(stripe.checkoutOrigins[0]);
  });

  it('makes one session for one key, however often it is asked or retried', async () => {
    const request = buildRequest();
    const first = await stripe.createCheckout(request);
    const second = await stripe.createCheckout(request);
    standIn.failNext(1);
    const retried = await stripe.createCheckout(request);
    expect(new Set([first.id, second.id, retried.id]).size).toBe(1);
    expect(standIn.asked.filter((each) => each.idempotencyKey === request.idempotencyKey).length).toBe(4);
  });
});

describe('Stripe’s events', () => {
  const read = (body: string, signature: string | undefined) =>
    stripe.readEvent(Buffer.from(body), signature === undefined ? {} : { 'stripe-signature': signature });

  it('reads a paid checkout, verified by its signature', async () => {
    const checkout = await stripe.createCheckout(buildRequest());
    const event = standIn.completed(checkout.id);
    expect(read(event.body, event.signature)).toEqual({
      type: 'paid',
      id: event.id,
      checkoutId: checkout.id,
      amount: 1_277_35,
      currency: 'USD',
      paymentRef: `pi_for_${checkout.id}`,
    });
  });

  it('refuses an event whose signature does not verify: another secret, another body, none', async () => {
    const checkout = await stripe.createCheckout(buildRequest());
    const forged = standIn.completed(checkout.id);
    const otherSecret = standIn.event('checkout.session.completed', JSON.parse(forged.body).data.object, 'whsec_other');
    expect(() => read(otherSecret.body, otherSecret.signature)).toThrow(BadSignature);
    expect(() => read(forged.body.replace('127735', '1'), forged.signature)).toThrow(BadSignature);
    expect(() => read(forged.body, undefined)).toThrow(BadSignature);
    expect(() => read(forged.body, 't=1,v1=00')).toThrow(BadSignature);
  });

  it('reads a completed checkout not yet paid, a refund and anything else in the site’s terms', async () => {
    const checkout = await stripe.createCheckout(buildRequest());
    const unpaid = standIn.completed(checkout.id, { payment_status: 'unpaid' });
    expect(read(unpaid.body, unpaid.signature)).toMatchObject({ type: 'other' });
    const refund = standIn.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_1',
      amount: 1_277_35,
      amount_refunded: 500_00,
      currency: 'usd',
    });
    expect(read(refund.body, refund.signature)).toEqual({
      type: 'refunded',
      id: refund.id,
      paymentRef: 'pi_1',
      refundedTotal: 500_00,
      currency: 'USD',
    });
    const other = standIn.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(read(other.body, other.signature)).toEqual({ type: 'other', id: other.id, name: 'customer.created' });
  });
});
