// The booked event in real Chromium against the production build (record 170): the
// customer, on a 320 px phone with JavaScript off, accepts the quote and sets the final
// guest count and the day's details on the quote page; the owner books the inquiry, opens
// "Event sheet" from its page and finds every item there, on one printed A4 and one
// Letter page (Chromium's PDF), readable at 320 px; axe finds nothing on either page. An
// event past its cutoff takes no change on the quote page, which says whom to call.
// (The cutoff's exact moment is tested with the server's clock moved, in
// src/server/event-plan/event-plan.test.ts: this server runs on the real clock.)
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { clockTime } from '../../src/inbox/format.js';
import { eventPlanning, type EventSheetView, shiftTime } from '../../src/shared/event-plan.js';
import { formatMoney } from '../../src/shared/money.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { content } from '../support/content-words.js';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { inDays } from './visitor.js';
import { expectNoViolations } from './axe.js';

const settings = eventPlanning(content);

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
}

/** How many pages a PDF Chromium made has (each page is a `/Type /Page` object). */
const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

/** An inquiry sent to the visitor's API and a quote for it sent by the signed-in owner. */
async function quoted(
  page: Page,
  baseURL: string,
  overrides: Parameters<typeof sendByApi>[2],
  extraLines: QuoteView['lines'] = [],
) {
  const lastName = `Sheet${unique()}`;
  const id = await sendByApi(page.request, lastName, overrides);
  const owner = (method: string, path: string, data?: unknown) =>
    page.request.fetch(path, { method, headers: { origin: baseURL }, ...(data === undefined ? {} : { data }) });
  const { draft } = (await (await owner('GET', `/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
  const sent = await owner('POST', `/api/owner/inquiries/${id}/quotes`, {
    ...draft,
    lines: [...draft.lines, ...extraLines],
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { id, lastName, owner, quote: (await sent.json()) as QuoteView };
}

/** The customer's phone: 320 px wide, JavaScript off (the quote page needs none). */
async function customerPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 720 } });
  return context.newPage();
}

/** The page the customer has open, checked by axe (which needs JavaScript to run) at the same 320 px. */
async function expectAccessible(browser: Browser, phone: Page): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 320, height: 720 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(phone.url());
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);
  await context.close();
}

async function accept(phone: Page, quote: QuoteView) {
  await phone.goto(new URL(quote.url).pathname);
  await phone.getByLabel('I accept the terms').check();
  await phone.getByRole('button', { name: 'Accept quote' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Accepted' }).first()).toBeVisible();
}

test.use({ colorScheme: 'light' });

test('the final count and the day from the customer’s phone reach the event sheet, one printed page and 320 px wide', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = addOwner();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // A day as full as most: four more lines on the quote, notes from both sides.
  const { id, lastName, owner, quote } = await quoted(
    page,
    baseURL!,
    {
      eventDate: inDays(60),
      startTime: '11:00',
      endTime: '14:30',
      plannedGuestCount: 120,
      notes: 'Park by the gym, please. The principal will say a few words at noon; please pause service then.',
    },
    [
      { description: 'Churros for dessert', quantity: 120, unitPrice: 350, kind: 'item' },
      { description: 'Agua fresca, two flavours', quantity: 120, unitPrice: 250, kind: 'item' },
      { description: 'Extra hour of service', quantity: 1, unitPrice: 25_000, kind: 'item' },
      { description: 'Travel and parking permit', quantity: 1, unitPrice: 7_500, kind: 'travel' },
    ],
  );
  expect((await owner('POST', `/api/owner/inquiries/${id}/notes`, { note: 'Bring the big canopy.' })).status()).toBe(
    201,
  );

  // The customer accepts, then gives the final count and the day's details.
  const phone = await customerPhone(browser);
  await accept(phone, quote);
  await phone.getByLabel('Final guest count').fill('150');
  const [firstDiet] = settings.dietaryCounts;
  if (firstDiet) await phone.getByLabel(firstDiet, { exact: true }).fill('12');
  await phone.getByRole('button', { name: 'Save final count' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Saved: your final guest count.' })).toBeVisible();
  await expect(phone.getByLabel('Final guest count')).toHaveValue('150');
  await phone.getByLabel('On-site contact').fill('Sam Ortiz');
  await phone.getByLabel('On-site phone').fill('+1 512 555 0101');
  const [firstQuestion] = settings.siteQuestions;
  if (firstQuestion) await phone.getByLabel(firstQuestion).fill('An outlet by the gym door');
  await phone.getByRole('button', { name: 'Save details' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Saved: what you told us of the day.' })).toBeVisible();
  await expect(phone.getByLabel('On-site contact')).toHaveValue('Sam Ortiz');
  await expectNoSidewaysScroll(phone);
  await expectAccessible(browser, phone);
  await phone.context().close();

  // The owner books it and opens its sheet from the inquiry's page.
  await page.goto(`/inbox/inquiries/${id}`);
  await page.getByLabel('Status', { exact: true }).selectOption('booked');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status saved: Booked.' })).toBeVisible();
  // The count is in the inquiry's history.
  await expect(page.getByText('Final guest count set by the customer: 150 (was 120 planned)')).toBeVisible();
  await page.getByRole('link', { name: 'Event sheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Event sheet: Spring fair' })).toBeVisible();

  const sheet = (await (await owner('GET', `/api/owner/inquiries/${id}/event-sheet`)).json()) as EventSheetView;
  const money = (amount: number) => formatMoney(amount, sheet.currency, content.locale);
  const main = page.getByRole('main');
  const arrive = clockTime(shiftTime('11:00', -settings.setupMinutes).time);
  const leave = clockTime(shiftTime('14:30', settings.teardownMinutes).time);
  for (const text of [
    `Erin ${lastName}`,
    '+1 512 555 0199',
    'Sam Ortiz',
    '+1 512 555 0101',
    arrive,
    `${clockTime('11:00')}–${clockTime('14:30')}`,
    leave,
    sheet.address,
    quote.lines[0]!.description,
    'The principal will say a few words at noon',
    'Bring the big canopy.',
    ...(firstQuestion ? [firstQuestion, 'An outlet by the gym door'] : []),
    'No payment recorded.',
    money(sheet.balanceDue!),
  ]) {
    await expect(main.getByText(text, { exact: false }).first(), text).toBeVisible();
  }
  const finalRow = main.locator('dt', { hasText: 'Final guest count' }).locator('xpath=following-sibling::dd');
  await expect(finalRow).toHaveText(firstDiet ? `150, ${firstDiet} 12` : '150');
  await expect(main.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', sheet.mapUrl);
  await expect(main.getByRole('link', { name: '+1 512 555 0101' })).toHaveAttribute('href', 'tel:+15125550101');
  const balance = main.locator('dt', { hasText: 'Balance due' }).locator('xpath=following-sibling::dd');
  await expect(balance).toHaveText(money(sheet.balanceDue!));
  expect(sheet.balanceDue).toBe(sheet.quote!.totalForFinalCount);
  await expectNoViolations(page);

  // Printed: one page, A4 or Letter.
  for (const format of ['A4', 'Letter'] as const) {
    expect(pagesOf(await page.pdf({ format })), format).toBe(1);
  }

  // On a phone: everything in one column, nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(page.getByRole('heading', { level: 2, name: 'What we bring' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoViolations(page);

  // One balance everywhere (record 200): the deposit paid, the customer's page says what the sheet says.
  const deposit = sheet.quote!.totals.deposit;
  const cash = { id: randomUUID(), amount: deposit, method: 'cash', note: '' };
  expect((await owner('POST', `/api/owner/inquiries/${id}/payments`, cash)).status()).toBe(201);
  const paid = (await (await owner('GET', `/api/owner/inquiries/${id}/event-sheet`)).json()) as EventSheetView;
  expect(paid.balanceDue).toBe(sheet.quote!.totalForFinalCount - deposit);
  const customer = await customerPhone(browser);
  await customer.goto(new URL(quote.url).pathname);
  await expect(customer.getByText(`Balance due: ${money(paid.balanceDue!)}.`)).toBeVisible();
  await expect(customer.locator('dt', { hasText: 'Guests' }).locator('xpath=following-sibling::dd')).toHaveText('150');
  await customer.context().close();
});

test('past the cutoff the quote page takes no final count and says whom to call', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = addOwner();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Tomorrow is after the end of the cutoff day (the content's days before the event).
  const { quote } = await quoted(page, baseURL!, { eventDate: inDays(1) });
  const phone = await customerPhone(browser);
  await accept(phone, quote);
  await expect(phone.getByRole('heading', { level: 2, name: 'Final guest count' })).toBeVisible();
  await expect(phone.getByLabel('Final guest count')).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Save final count' })).toHaveCount(0);
  await expect(phone.getByText(`To change it now, call ${content.name} on ${content.contact.phone}.`)).toBeVisible();
  await expect(phone.getByRole('link', { name: content.contact.phone }).first()).toHaveAttribute(
    'href',
    `tel:${content.contact.phone.replace(/[^\d+]/g, '')}`,
  );
  await expectAccessible(browser, phone);
  await phone.context().close();
});
