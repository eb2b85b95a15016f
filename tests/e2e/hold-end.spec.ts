// A hold's end in real Chromium against the production build (issue 38 item 3, records
// 281 and 431): a quote accepted without its deposit holds its date; with the server's
// clock moved past `sale.holdDays` (the test clock file, honoured only with NODE_ENV=test)
// the quote page says the date is no longer held, the public form (without JavaScript)
// takes that date again, and the inquiry's page in the owner's inbox lists the owner's
// notice of the hold's end. The clock is put back after, whatever happens.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { content } from '../../content/index.js';
import { holdDaysOf } from '../../src/shared/availability.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { expect, test } from './fixtures.js';
import { addOwner, PASSWORD, sendByApi, unique } from './owner.js';
import { buildVisitor, fill, storedByEmail } from './visitor.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const CLOCK_FILE = process.env.E2E_CLOCK_FILE!;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the server's sale clock `ms` ahead of the system's (written whole: the server reads it at each use). */
function moveServerClock(ms: number): void {
  writeFileSync(`${CLOCK_FILE}.new`, String(ms));
  renameSync(`${CLOCK_FILE}.new`, CLOCK_FILE);
}

test.afterEach(() => rmSync(CLOCK_FILE, { force: true }));

test('a hold that ends: the quote page says so, the form takes the date again, the owner is told', async ({
  page,
  browser,
}) => {
  const today = localNow(new Date(), content.timeZone).date;
  // Beyond the days the other tests send for (owner.ts: up to 700 days ahead).
  const day = addDays(today, 710 + Math.floor(Math.random() * 15));
  const lastName = `Hold${unique()}`;
  const owner = addOwner();
  const id = await sendByApi(page.request, lastName, { eventDate: day });
  const origin = `http://127.0.0.1:${PORT}`;
  const signedIn = await page.request.post('/api/owner/session', {
    headers: { origin },
    data: { email: owner, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const { draft } = (await (await page.request.get(`/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
  const sent = await page.request.post(`/api/owner/inquiries/${id}/quotes`, { headers: { origin }, data: draft });
  expect(sent.status(), await sent.text()).toBe(201);
  const quotePath = new URL(((await sent.json()) as QuoteView).url).pathname;
  const unavailable = async () =>
    ((await (await page.request.get(`/api/availability?from=${day}&to=${day}`)).json()) as { unavailable: string[] })
      .unavailable;

  const customerContext = await browser.newContext({ javaScriptEnabled: false });
  try {
    const customer = await customerContext.newPage();
    await customer.goto(quotePath);
    await customer.getByLabel('I accept the terms').check();
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    await expect(customer.getByRole('status')).toContainText('Accepted');
    await expect(customer.getByText(/We hold your date until/)).toBeVisible();
    expect(await unavailable()).toEqual([day]);

    // A day after the hold's end, by the server's clock; the deposit was never paid.
    moveServerClock((holdDaysOf(content.sale) + 1) * DAY_MS);
    await customer.reload();
    await expect(customer.getByText(/Your date is no longer held/)).toBeVisible();
    expect(await unavailable()).toEqual([]);

    // The public form, without JavaScript, takes the day again.
    await customer.goto('/inquiry');
    const visitor = buildVisitor({ Date: day });
    await fill(customer.locator('form'), visitor);
    await customer.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(customer.getByRole('status')).toHaveText('We got your inquiry! 🎉');
    expect(await storedByEmail(visitor.Email)).toMatchObject([{ eventDate: day }]);
  } finally {
    await customerContext.close();
  }

  // The owner (signed in above, on this page's context) is told: the inquiry's page lists the notice.
  const labels = async () => {
    const answer = await page.request.get(`/api/owner/inquiries/${id}/deliveries`);
    return ((await answer.json()) as { deliveries: { label: string }[] }).deliveries.map((each) => each.label);
  };
  await expect.poll(labels, { timeout: 15_000 }).toContainEqual(expect.stringMatching(/\(hold ended\)$/));
  await page.goto(`/inbox?id=${id}`);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('listitem').filter({ hasText: 'hold ended' }).first()).toBeVisible();
});
