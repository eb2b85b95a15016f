// Instant booking (issue 38 item 5, record 350) in real Chromium against the production
// build: a visitor sends the form for the package the content marks `instantBook`, on a
// free day in a travel area; the note after the send offers "Book now", which makes the
// quote from the estimate and accepts it, and leads to the quote page; "Pay deposit" goes
// to Stripe Checkout (stood in for) and Stripe's signed event makes it Booked with no step
// by the owner, who is told (a delivery "booked instantly" on the inquiry). A second
// "Book now" is refused with a page that says why. axe finds nothing on the note.
import { randomInt } from 'node:crypto';
import { content } from '../../content/index.js';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.js';
import { expect, test } from './fixtures.js';
import { addOwner, signIn } from './owner.js';
import { E2E_STRIPE } from './stripe-settings.js';
import { buildVisitor, dialogOf, fill, inDays, storedByEmail } from './visitor.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const INSTANT = content.packageGroups.flatMap((group) => group.packages).find((card) => card.instantBook);

let stripe: StripeStandIn;
test.beforeAll(async () => {
  stripe = await startStripeStandIn({
    port: E2E_STRIPE.port(PORT),
    secretKey: E2E_STRIPE.secretKey,
    webhookSecret: E2E_STRIPE.webhookSecret,
  });
});
test.afterAll(async () => {
  await stripe.close();
});

test('from the form to Booked: “Book now”, the deposit through Stripe, and the owner told', async ({
  page,
  browser,
}) => {
  test.skip(!INSTANT, 'the content marks no package instantBook');
  const owner = addOwner();
  // Stripe's checkout page, stood in for: it cannot be reached from here.
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Pay</h1>' }),
  );
  // A day of its own, nearer than the other tests' (owner.ts): free, so "Book now" is offered.
  const visitor = buildVisitor({ Package: INSTANT!.name, Date: inDays(90 + randomInt(10)) });
  await page.goto('/');
  await page.locator('.navbar .book-us').click();
  const dialog = dialogOf(page);
  await fill(dialog, visitor);
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();

  const note = page.locator('.send-note');
  await expect(note).toContainText('Estimate');
  const bookNow = note.getByRole('button', { name: 'Book now', exact: true });
  await expect(bookNow).toBeVisible();
  await expectNoViolations(page, { include: '.send-note' });
  const bookNowUrl = await note.locator('form').getAttribute('action');

  // "Book now": the quote, accepted, on its page with the deposit to pay.
  await bookNow.click();
  await expect(page).toHaveURL(/\/quote\/[\w-]{43}$/);
  const quotePath = new URL(page.url()).pathname;
  await expect(page.getByRole('button', { name: 'Pay deposit' })).toBeVisible();
  await expect(page.getByText('We hold your date until')).toBeVisible();
  const [inquiry] = await storedByEmail(visitor.Email);

  await page.getByRole('button', { name: 'Pay deposit' }).click();
  await expect(page).toHaveTitle('Stripe Checkout');
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
  const event = stripe.completed(sessionId);
  const posted = await page.request.post('/api/payments/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    data: event.body,
  });
  expect(posted.status()).toBe(200);
  await page.goto(quotePath);
  await expect(page.getByRole('heading', { name: 'Deposit paid' })).toBeVisible();

  // "Book now" again (the customer's back button and a second press): refused, saying why.
  const again = await page.request.post(bookNowUrl!, {
    headers: { origin: `http://127.0.0.1:${PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: '',
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('This inquiry has its quote already');

  // The owner did nothing: the inquiry is Booked, and they were told it was booked instantly.
  const context = await browser.newContext();
  try {
    const ownerPage = await context.newPage();
    await signIn(ownerPage, owner);
    await expect(ownerPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await ownerPage.goto(`/inbox?id=${inquiry!.id}`);
    await expect(ownerPage.getByLabel('Status', { exact: true })).toHaveValue('booked');
    const labels = async () => {
      const answer = await ownerPage.request.get(`/api/owner/inquiries/${inquiry!.id}/deliveries`);
      return ((await answer.json()) as { deliveries: { label: string }[] }).deliveries.map((each) => each.label);
    };
    await expect.poll(labels, { timeout: 15_000 }).toContainEqual(expect.stringMatching(/\(booked instantly\)$/));
  } finally {
    await context.close();
  }
});
