// Deposits in real Chromium against the production build (issue 29). The customer, on
// the quote page with no JavaScript of ours, accepts and presses "Pay deposit": the
// browser is sent on to Stripe Checkout (its page stood in for here; the page's CSP must
// let the form lead there), and the session asked of Stripe's API (a local stand-in on
// STRIPE_API_BASE) is for the deposit and the quote; once Stripe's signed event arrives
// the page says "Deposit paid" and offers no button. The owner, on a 360 px phone,
// records a payment taken outside and voids it with a reason: "Paid" and "Balance due"
// right to the cent, both in the history; axe finds nothing on either page.
import type { APIRequestContext } from '@playwright/test';
import { content } from '../../content/index.js';
import { formatMoney } from '../../src/shared/money.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { expect, test } from './fixtures.js';
import { addOwner, PASSWORD, sendByApi, unique } from './owner.js';
import { postCheckoutCompleted, standInCheckoutPage, stripeStandInForTheFile } from './stripe.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// One stand-in on a fixed port for the file: its tests run one after another, in one worker.
test.describe.configure({ mode: 'default' });

const stripe = stripeStandInForTheFile(PORT);

const money = (amount: number, currency: string) => formatMoney(amount, currency, content.locale);

/** An inquiry from Erin <lastName>, and a quote for it sent by `owner` (signed in) through the owner's API. */
async function quoted(request: APIRequestContext, owner: string, lastName: string) {
  const id = await sendByApi(request, lastName);
  const origin = `http://127.0.0.1:${PORT}`;
  const signedIn = await request.post('/api/owner/session', {
    headers: { origin },
    data: { email: owner, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const { draft } = (await (await request.get(`/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
  // Lines of its own: whatever the content's prices, a quote with a total.
  const lines = [{ description: 'Tacos, per guest', quantity: 100, unitPrice: 1_650, kind: 'package' as const }];
  const sent = await request.post(`/api/owner/inquiries/${id}/quotes`, {
    headers: { origin },
    data: { ...draft, lines },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { id, quote: (await sent.json()) as QuoteView };
}

test('“Pay deposit” leads to Stripe Checkout for the deposit; once Stripe says it is paid, the page says so', async ({
  page,
}) => {
  const owner = addOwner();
  const { quote } = await quoted(page.request, owner, `Deposit${unique()}`);
  const path = new URL(quote.url).pathname;
  await standInCheckoutPage(page);

  await page.goto(path);
  await page.getByLabel('I accept the terms').check();
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText('Accepted', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(`Deposit due: ${money(quote.totals.deposit, quote.currency)}`)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Pay deposit' }).click();
  await expect(page).toHaveTitle('Stripe Checkout');
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
  const session = stripe().sessions.get(sessionId)!;
  expect(page.url()).toBe(session.url);
  expect(session).toMatchObject({
    amount_total: quote.totals.deposit,
    currency: quote.currency.toLowerCase(),
    client_reference_id: quote.id,
    metadata: { quoteId: quote.id },
  });

  // Back on the site, paid: Stripe's signed event arrives, and the page says so, with no button.
  await page.goto(`${path}?payment=done`);
  await expect(page.getByText('Your payment is being confirmed')).toBeVisible();
  await postCheckoutCompleted(page.request, stripe(), sessionId);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deposit paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
  await expectNoViolations(page);
});

for (const javaScriptEnabled of [true, false]) {
  test(`back from checkout before Stripe’s event, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: no second “Pay deposit”, then “Deposit paid” ${javaScriptEnabled ? 'without a reload' : 'on “Check again”'}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { quote } = await quoted(page.request, addOwner(), `Back${unique()}`);
    const path = new URL(quote.url).pathname;
    const deposit = money(quote.totals.deposit, quote.currency);
    // The customer's phone: no owner's cookie.
    const context = await browser.newContext({ viewport: { width: 320, height: 568 }, javaScriptEnabled, baseURL });
    try {
      const customer = await context.newPage();
      await standInCheckoutPage(customer);
      await customer.goto(path);
      await customer.getByLabel('I accept the terms').check();
      await customer.getByRole('button', { name: 'Accept quote' }).click();
      await customer.getByRole('button', { name: 'Pay deposit' }).click();
      await expect(customer).toHaveTitle('Stripe Checkout');
      const session = stripe().sessions.get(new URL(customer.url()).pathname.split('/').at(-1)!)!;

      // The quote's link again while the checkout is open: it says so, and leads back to that checkout only.
      await customer.goto(path);
      const notice = customer.getByRole('status');
      await expect(notice).toContainText(`A payment of ${deposit} was started`);
      await expect(customer.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
      await expect(notice.getByRole('link', { name: 'Continue the payment' })).toHaveAttribute('href', session.url);

      // Back from Stripe, paid, before its event: said at the top, and no second payment offered.
      await customer.goto(`${path}?payment=done`);
      await expect(notice).toContainText('Your payment is being confirmed');
      await expect(notice).toBeInViewport({ ratio: 1 });
      await expect(customer.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
      await expect(customer.getByRole('heading', { name: 'Deposit paid' })).toHaveCount(0);

      // A mark on the page's window: still there at the end, the page was never reloaded.
      if (javaScriptEnabled) await customer.evaluate(() => Object.assign(window, { notReloaded: true }));
      await postCheckoutCompleted(page.request, stripe(), session.id);
      if (!javaScriptEnabled) await notice.getByRole('link', { name: 'Check again' }).click();
      // With JavaScript the page turns by itself (it asks every 2 s); the test's own reloads are none.
      await expect(customer.getByRole('heading', { name: 'Deposit paid' })).toBeVisible({ timeout: 10_000 });
      await expect(customer.getByRole('status')).toContainText('Deposit paid');
      await expect(customer.getByRole('button', { name: 'Pay deposit' })).toHaveCount(0);
      // (Axe is a script: it runs where scripts do.)
      if (javaScriptEnabled) {
        expect(await customer.evaluate(() => 'notReloaded' in window)).toBe(true);
        await expectNoViolations(customer);
      }
    } finally {
      await context.close();
    }
  });
}

test('“Record a payment” on a phone: Paid and Balance due to the cent, voided with a reason, both in the history', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const owner = addOwner();
  const lastName = `Cash${unique()}`;
  const { id, quote } = await quoted(page.request, owner, lastName);
  await page.goto(new URL(quote.url).pathname);
  await page.getByLabel('I accept the terms').check();
  await page.getByRole('button', { name: 'Accept quote' }).click();

  // Signed in already (the quote was sent through the owner's API in this browser).
  await page.goto(`/inbox?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${lastName}` })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments' });
  const account = (term: string) => payments.locator('dt', { hasText: term }).locator('+ dd');
  await expect(account('Paid')).toHaveText(money(0, quote.currency));
  await expect(account('Balance due')).toHaveText(money(quote.totals.total, quote.currency));

  await payments.getByRole('button', { name: 'Record a payment' }).click();
  const form = payments.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount').fill('1,000.10');
  await form.getByLabel('Method').selectOption('Check');
  await form.getByLabel('Note').fill('Check 1042');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments.getByRole('status')).toHaveText(`Payment of ${money(1_000_10, quote.currency)} recorded.`);
  await expect(account('Paid')).toHaveText(money(1_000_10, quote.currency));
  await expect(account('Balance due')).toHaveText(money(quote.totals.total - 1_000_10, quote.currency));
  await expect(page.getByRole('heading', { name: 'History' }).locator('+ ol')).toContainText(
    `Payment recorded: ${money(1_000_10, quote.currency)} (Check) by ${owner}`,
  );
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await expectNoViolations(page);

  await payments.getByRole('button', { name: /^Void/ }).click();
  await payments.getByLabel('Reason').fill('The check bounced');
  await payments.getByRole('button', { name: 'Void payment' }).click();
  await expect(account('Paid')).toHaveText(money(0, quote.currency));
  await expect(account('Balance due')).toHaveText(money(quote.totals.total, quote.currency));
  await expect(payments).toContainText('The check bounced');
  await expect(page.getByRole('heading', { name: 'History' }).locator('+ ol')).toContainText(
    `Payment voided: ${money(1_000_10, quote.currency)} (Check). Reason: The check bounced by ${owner}`,
  );
  await expectNoViolations(page);
});
