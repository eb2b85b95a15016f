// Pre-orders at a public stop in real Chromium against the production build (issue 40,
// record 290): the owner opens a stop to pre-orders from a 360 px phone; a customer with
// no JavaScript at 320 px follows "Order ahead" and orders ("Pay at pickup"); the full
// pickup time is marked "Full", not selectable, and a post for it refused; "Pay now" goes
// to Stripe Checkout (stood in for) and Stripe's signed event marks the order paid; the
// owner's Orders page: "Ready" and "Cancel stop", which refunds the paid order through
// the provider. axe finds nothing on the order page or the Orders page.
import type { Browser } from '@playwright/test';
import { content } from '../../content/index.js';
import { timeInWords } from '../../src/shared/date-words.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { expect, test } from './fixtures.js';
import { addOwner, signIn, unique } from './owner.js';
import { postCheckoutCompleted, standInCheckoutPage, stripeStandInForTheFile } from './stripe.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.describe.configure({ mode: 'serial' });

const stripe = stripeStandInForTheFile(PORT);

const [first, second] = content.menu!.groups.flatMap((group) => group.items);
const place = `Market ${unique()}`;
const owner = addOwner();
let orderPath = '';
let paidSession = '';
// The first pickup time as the content's locale writes it ("11:00 AM" in en-US, "11:00" in en-GB).
const elevenAm = timeInWords('11:00', content.locale);

async function phone(browser: Browser, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width, height: 780 }, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test('the owner opens a stop to pre-orders from a phone', async ({ browser }) => {
  const { context, page } = await phone(browser, 360);
  await signIn(page, owner);
  await page.goto('/inbox/schedule');
  const form = page.getByRole('form', { name: 'Add a stop' });
  const date = addDays(localNow(new Date(), content.timeZone).date, 3);
  for (const [label, value] of Object.entries({
    Date: date,
    Starts: '11:00',
    Ends: '12:00',
    Place: place,
    Address: '1 Main St',
  }))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Add stop' }).click();
  await expect(page.getByRole('status').first()).toContainText(`Added: ${place}`);

  const card = page.getByRole('listitem').filter({ hasText: place });
  await card.getByLabel('Take pre-orders').check();
  await card.getByLabel(first!.name, { exact: true }).check();
  await card.getByLabel(`Cap for ${first!.name}`).fill('10');
  await card.getByLabel(second!.name, { exact: true }).check();
  await expect(card.getByLabel('Pickup every')).toHaveValue('15');
  await expect(card.getByLabel('Order by')).toHaveValue('60');
  await card.getByLabel('Orders per pickup time').fill('1');
  await card.getByRole('button', { name: /^Save pre-orders/ }).click();
  await expect(card.getByText(`Pre-orders open for ${place}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page);
  await context.close();
});

test('an order without JavaScript at 320 px; the full pickup time marked "Full" and refused', async ({ browser }) => {
  const { context, page } = await phone(browser, 320, false);
  await page.goto('/');
  const stop = page.locator('#schedule li').filter({ hasText: place });
  await stop.getByRole('link', { name: 'Order ahead' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ahead: ${place}`);
  orderPath = new URL(page.url()).pathname;
  await page.getByLabel(first!.name).fill('2');
  await page.getByLabel(elevenAm, { exact: true }).check();
  await page.getByLabel('Name').fill('Ana Ruiz');
  await page.getByLabel('Phone').fill('512 555 0199');
  await page.getByLabel('E-mail').fill('ana@example.com');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: 'Pay at pickup' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order #\d+$/);
  await expect(page.getByText('You pay at pickup.')).toBeVisible();

  await page.goto(orderPath);
  await expect(page.getByRole('radio', { name: new RegExp(`^${elevenAm}`) })).toBeDisabled();
  await expect(page.locator('.times label').first()).toContainText('Full');
  const refused = await page.request.post(orderPath, {
    headers: { origin: ORIGIN },
    form: { 'item-0': '1', pickup: '11:00', name: 'Bo', phone: '512 555 0100', email: 'bo@example.com', pay: 'pickup' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('That pickup time is Full');
  await context.close();

  const withScript = await phone(browser, 320);
  await withScript.page.goto(orderPath);
  await expectNoViolations(withScript.page);
  await withScript.context.close();
});

test('"Pay now" goes to Stripe Checkout; Stripe’s signed event marks the order paid', async ({ page }) => {
  await standInCheckoutPage(page);
  await page.goto(orderPath);
  await page.getByLabel(second!.name).fill('1');
  await page.getByLabel(timeInWords('11:15', content.locale), { exact: true }).check();
  await page.getByLabel('Name').fill('Cy Lee');
  await page.getByLabel('Phone').fill('512 555 0111');
  await page.getByLabel('E-mail').fill('cy@example.com');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveTitle('Stripe Checkout');
  paidSession = page.url().split('/').at(-1)!;
  const session = stripe().sessions.get(paidSession)!;
  expect(session.amount_total).toBe(Math.round(second!.price * 100));

  await postCheckoutCompleted(page.request, stripe(), paidSession);
  await page.goto(new URL(session.success_url).pathname);
  await expect(page.getByText('Paid. See you at pickup.')).toBeVisible();
});

test('the Orders page: "Ready" tells the customer; "Cancel order" frees a place; "Cancel stop" refunds the paid order', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, 360);
  await signIn(page, owner);
  await page.goto(`/inbox/orders?stop=${orderPath.split('/').at(-1)}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(place);
  await expect(page.getByRole('region', { name: 'Totals per item' })).toContainText(`2 × ${first!.name}`);
  await expect(page.getByRole('region', { name: 'Totals per item' })).toContainText(`1 × ${second!.name}`);
  await expectNoViolations(page);

  // "Cancel order" (record 390), asked once more: the unpaid order goes, its pickup time free again.
  const unpaid = page.locator('.inbox-cards > li').filter({ hasText: 'Pay at pickup' });
  await unpaid.getByRole('button', { name: /^Cancel order Order #/ }).click();
  await page.getByRole('button', { name: /^Yes, cancel Order #/ }).click();
  await expect(page.getByRole('status')).toContainText(
    'cancelled: its pickup time is free again, the customer is told.',
  );
  await expect(unpaid.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);

  const ready = page.getByRole('button', { name: /^Ready Order #/ }).first();
  await ready.click();
  await expect(page.getByRole('status')).toContainText('is ready: the customer is told.');

  const before = stripe().refunds.length;
  await page.getByRole('button', { name: 'Cancel stop' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the stop' }).click();
  await expect(page.getByRole('status')).toContainText('Stop cancelled: 1 order cancelled');
  expect(stripe().refunds.slice(before)).toEqual([
    expect.objectContaining({ paymentIntent: `pi_for_${paidSession}`, amount: Math.round(second!.price * 100) }),
  ]);
  await context.close();
});
