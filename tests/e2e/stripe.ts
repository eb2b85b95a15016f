// Stripe in the browser tests, shared by the deposits' and the pre-orders' specs: the
// local stand-in for its API (on the port the server under test is told, with its
// secrets: stripe-settings.ts), Stripe's checkout page stood in for, and Stripe's signed
// event posted as Stripe would post it.
import type { APIRequestContext, Page } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.js';
import { expect, test } from './fixtures.js';
import { E2E_STRIPE } from './stripe-settings.js';

/** Starts the stand-in before the file's tests and closes it after them; the answer reads it. */
export function stripeStandInForTheFile(serverPort: number): () => StripeStandIn {
  let stripe: StripeStandIn | undefined;
  test.beforeAll(async () => {
    stripe = await startStripeStandIn({
      port: E2E_STRIPE.port(serverPort),
      secretKey: E2E_STRIPE.secretKey,
      webhookSecret: E2E_STRIPE.webhookSecret,
    });
  });
  test.afterAll(async () => {
    await stripe?.close();
  });
  return () => {
    if (!stripe) throw new Error('The Stripe stand-in is started before the tests');
    return stripe;
  };
}

/** Stripe's checkout page, stood in for: it cannot be reached from here. */
export async function standInCheckoutPage(page: Page): Promise<void> {
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Pay</h1>' }),
  );
}

/** Stripe's signed event that the session's checkout was completed, posted to the server: it takes it. */
export async function postCheckoutCompleted(
  request: APIRequestContext,
  stripe: StripeStandIn,
  sessionId: string,
): Promise<void> {
  const event = stripe.completed(sessionId);
  const posted = await request.post('/api/payments/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    data: event.body,
  });
  expect(posted.status()).toBe(200);
}
