// A quote from the owner's phone to the customer's yes (issue 28), in real Chromium
// against the production build: at 360 px the owner writes a quote from the draft (a
// line changed, one added, one removed) with Total and Deposit following and in view,
// sends it (version 1 Sent, the inquiry Quoted), revises it (version 2; version 1
// Replaced); the customer opens the link with JavaScript off at 320 px and accepts it;
// the owner then sees Accepted. Axe finds nothing on the form or the customer's page.
// The expected amounts are the shared arithmetic on the content's rates, as the server
// works them out; the form's own arithmetic is checked by hand in quote-form.test.tsx.
import type { Locator, Page } from '@playwright/test';
import { formatMoney, toMinor } from '../../src/shared/money.js';
import { type QuoteLine, type QuoteRates, quoteTotals } from '../../src/shared/pricing.js';
import type { QuotesAnswer } from '../../src/shared/quote-views.js';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

const expectAxeClean = (page: Page, what: string) => expectNoViolations(page, { where: what });

async function expectNothingWider(page: Page, what: string): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${what}: page width`).toBeLessThanOrEqual(client!);
}

/** An amount in the form's totals ('Total', 'Deposit'). */
const summaryAmount = (form: Locator, term: string) =>
  form.locator(`.inbox-quote-key div:has(> dt:text-is("${term}")) > dd`);

/** A version in the inquiry's list, by its heading. */
const version = (page: Page, number: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: `Version ${number}` }) });

const stateOf = (item: Locator) => item.locator('.inbox-status');

test('the owner writes, revises and sends a quote at 360 px; the customer accepts it without JavaScript', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two quotes sent, a second browser, axe three times: a long test on a busy machine.
  test.slow();
  const owner = addOwner();
  const lastName = `Quote${unique()}`;
  const id = await sendByApi(page.request, lastName);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, owner);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(`/inbox/inquiries/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${lastName}` })).toBeVisible();

  // What the server offers to start from, and how it will work the totals out.
  const answer = (await (await page.request.get(`/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
  const { draft, tax } = answer;
  const money = (minor: number) => formatMoney(minor, answer.currency, answer.locale);
  const rates = (deposit = draft.deposit): QuoteRates => ({
    serviceCharge: draft.serviceCharge,
    tax: tax.rate,
    taxOnServiceCharge: tax.onServiceCharge,
    taxOnTravel: tax.onTravel,
    deposit,
  });

  await page.getByRole('button', { name: 'Write a quote' }).click();
  const form = page.getByRole('form', { name: 'New quote' });
  const line = (number: number) => form.getByRole('group', { name: `Line ${number}`, exact: true });
  const lineCount = Math.max(draft.lines.length, 1);
  await expect(form.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(lineCount);
  if (draft.lines.length > 0) {
    await expect(line(1).getByLabel('Description', { exact: true })).toHaveValue(draft.lines[0]!.description);
    await expect(summaryAmount(form, 'Total')).toHaveText(money(quoteTotals(draft.lines, rates()).total));
  }

  // Line 1 changed; two lines added and the first of them removed.
  const first: QuoteLine = {
    description: draft.lines[0]?.description ?? 'Tacos for the fair',
    quantity: 40,
    unitPrice: toMinor(12.5, answer.currency)!,
    kind: draft.lines[0]?.kind ?? 'item',
  };
  await line(1).getByLabel('Description', { exact: true }).fill(first.description);
  await line(1).getByLabel('Quantity', { exact: true }).fill('40');
  await line(1).getByLabel('Unit price', { exact: true }).fill('12.50');
  // The totals stay in view while the top of the form is edited.
  await expect(summaryAmount(form, 'Total')).toBeInViewport({ ratio: 1 });
  await expect(summaryAmount(form, 'Deposit')).toBeInViewport({ ratio: 1 });
  for (const [description, price] of [
    ['Churro cart', '150'],
    ['Extra hour of service', '200'],
  ] as const) {
    await form.getByRole('button', { name: 'Add line' }).click();
    const added = form.getByRole('group', { name: /^Line \d+$/ }).last();
    await expect(added.getByLabel('Description', { exact: true })).toBeFocused();
    await added.getByLabel('Description', { exact: true }).fill(description);
    await added.getByLabel('Unit price', { exact: true }).fill(price);
  }
  await line(lineCount + 1)
    .getByRole('button', { name: `Remove line ${lineCount + 1}` })
    .click();
  await expect(line(lineCount + 1).getByLabel('Description', { exact: true })).toHaveValue('Extra hour of service');
  await expect(line(lineCount + 2)).toHaveCount(0);

  const extraHour: QuoteLine = {
    description: 'Extra hour of service',
    quantity: 1,
    unitPrice: toMinor(200, answer.currency)!,
    kind: 'item',
  };
  const lines = [first, ...draft.lines.slice(1), extraHour];
  const written = quoteTotals(lines, rates());
  await expect(summaryAmount(form, 'Total')).toHaveText(money(written.total));
  await expect(summaryAmount(form, 'Deposit')).toHaveText(money(written.deposit));

  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expectNothingWider(page, `the quote form at ${width} px`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAxeClean(page, 'the quote form');

  await form.getByRole('button', { name: 'Send quote' }).click();
  await expect(stateOf(version(page, 1))).toHaveText('Sent');
  await expect(version(page, 1)).toContainText(money(written.total));
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('quoted');
  await expect(form).toHaveCount(0);

  // The revision starts from version 1; a new deposit.
  await page.getByRole('button', { name: 'Revise quote' }).click();
  const revision = page.getByRole('form', { name: 'Version 2, replacing version 1' });
  await expect(
    revision.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Quantity', { exact: true }),
  ).toHaveValue('40');
  // A deposit other than the draft's (the same quote sent again would be version 1 again).
  const deposit = draft.deposit === 30_000 ? 40 : 30;
  await revision.getByLabel('Deposit (%)').fill(String(deposit));
  const revised = quoteTotals(lines, rates(deposit * 1000));
  await expect(summaryAmount(revision, 'Deposit')).toHaveText(money(revised.deposit));
  await revision.getByRole('button', { name: 'Send quote' }).click();
  await expect(stateOf(version(page, 2))).toHaveText('Sent');
  await expect(stateOf(version(page, 1))).toHaveText('Replaced');
  await expect(page.getByRole('link', { name: 'Open quote' })).toHaveCount(1);
  const link = (await page.getByRole('link', { name: 'Open quote' }).getAttribute('href'))!;

  const quotePath = new URL(link).pathname;

  // The customer, on a small phone with JavaScript off. (Axe is a script: it reads the
  // same page in a context of its own; the page's own script changes nothing it reads.)
  const customer = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 320, height: 640 },
    baseURL: baseURL!,
  });
  const checker = await browser.newContext({ viewport: { width: 320, height: 640 }, baseURL: baseURL! });
  try {
    const axePage = await checker.newPage();
    await axePage.goto(quotePath);
    await expectAxeClean(axePage, 'the quote page');

    const quotePage = await customer.newPage();
    await quotePage.goto(quotePath);
    await expect(quotePage.getByRole('heading', { level: 1 })).toContainText('Quote for');
    await expect(quotePage.getByRole('row', { name: /Deposit due/ })).toContainText(money(revised.deposit));
    await expectNothingWider(quotePage, 'the quote page at 320 px');
    await quotePage.getByLabel('I accept the terms').check();
    await quotePage.getByRole('button', { name: 'Accept quote' }).click();
    await expect(quotePage.getByRole('status')).toContainText('Accepted');
    await expect(quotePage.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
    await expectNothingWider(quotePage, 'the accepted quote at 320 px');

    await axePage.reload();
    await expect(axePage.getByRole('status')).toContainText('Accepted');
    await expectAxeClean(axePage, 'the accepted quote page');
  } finally {
    await customer.close();
    await checker.close();
  }

  await page.reload();
  await expect(stateOf(version(page, 2))).toHaveText('Accepted');
  await expect(stateOf(version(page, 1))).toHaveText('Replaced');
  // When: the customer's acceptance, beside when it was sent.
  await expect(version(page, 2).locator('dt')).toContainText(['Sent', 'Accepted']);
});
