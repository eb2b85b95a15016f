// The customer's quote page on phones (issue 35 item 4, issue 41 item 3), in real Chromium
// against the production build, JavaScript on and off: at 320 and 412 px the table of
// lines fits with every word whole, the unit price shown and the totals under the
// amounts; after "Accept quote" the notice at the top names the deposit and its amount,
// and "Pay deposit" is on the first screen. "Viewed" comes from a person's touch on the
// page, never from fetching the link (a mail scanner's GET). The owner's path at 360 px
// (issue 35 item 6): "Write a quote" first on the lead, a line of their own previewed,
// sent, and on the customer's page. Axe finds nothing.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { content } from '../../content/index.js';
import { formatMoney } from '../../src/shared/money.js';
import type { QuoteLine } from '../../src/shared/pricing.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { expect, test } from './fixtures.js';
import { addOwner, PASSWORD, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);

/** The newcomer's lines: the one that broke every two letters at 320 px, a long one, and big amounts. */
const LINES: QuoteLine[] = [
  { description: 'Basic package, per guest', quantity: 120, unitPrice: 1_500, kind: 'package' },
  { description: 'Churro cart with cinnamon sugar and chocolate sauce', quantity: 1, unitPrice: 45_000, kind: 'item' },
  { description: 'Travel', quantity: 1, unitPrice: 7_500, kind: 'travel' },
];

const money = (amount: number, currency: string) => formatMoney(amount, currency, content.locale);

/** An inquiry from Erin <lastName> and its quote, sent through the owner's API (the request signs in as `owner`). */
async function sendQuote(request: APIRequestContext, owner: string, lastName: string) {
  const id = await sendByApi(request, lastName);
  const origin = `http://127.0.0.1:${PORT}`;
  const signedIn = await request.post('/api/owner/session', {
    headers: { origin },
    data: { email: owner, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const { draft } = (await (await request.get(`/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
  const sent = await request.post(`/api/owner/inquiries/${id}/quotes`, {
    headers: { origin },
    data: { ...draft, lines: LINES },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const quote = (await sent.json()) as QuoteView;
  return { id, quote, path: new URL(quote.url).pathname };
}

/** The page's width problems: wider than the screen, the table past its section, a word broken inside a cell. */
function widthProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const table = document.querySelector('table')!;
    const box = table.closest('section')!.getBoundingClientRect();
    if (table.getBoundingClientRect().right > box.right) problems.push('the table is wider than its section');
    for (const cell of table.querySelectorAll('th, td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index!);
          range.setEnd(node, word.index! + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) problems.push(`“${word[0]}” broken over ${lines.size} lines`);
        }
      }
    }
    // The totals' amounts sit under the lines' amounts (one column, not a fourth of their own).
    const rights = [...table.querySelectorAll('tr')].map((row) =>
      Math.round(row.lastElementChild!.getBoundingClientRect().right),
    );
    if (new Set(rights).size > 1) problems.push(`amounts end at ${[...new Set(rights)].join(', ')} px`);
    return problems;
  });
}

const expectAxeClean = (page: Page, what: string) => expectNoViolations(page, { where: what });

async function customerPage(browser: Browser, baseURL: string, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 568 }, javaScriptEnabled, baseURL });
  return { context, page: await context.newPage() };
}

for (const width of [320, 412]) {
  for (const javaScript of [true, false]) {
    test(`at ${width} px, JavaScript ${javaScript ? 'on' : 'off'}: the lines fit, whole, with their unit price; after “Accept quote” the deposit is the next step, one tap away`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const { quote, path } = await sendQuote(page.request, addOwner(), `Phone${unique()}`);
      const { context, page: customer } = await customerPage(browser, baseURL!, width, javaScript);
      try {
        await customer.goto(path);
        const table = customer.getByRole('table');
        await expect(table.getByRole('columnheader', { name: 'Unit price' })).toBeVisible();
        for (const line of LINES) {
          const row = table.getByRole('row', { name: new RegExp(`^${line.description}`) });
          // Item, Qty, Unit price, Amount.
          const unit = row.getByRole('cell').nth(2);
          await expect(unit).toBeVisible();
          await expect(unit).toHaveText(money(line.unitPrice, quote.currency));
        }
        await expect(table.getByRole('row', { name: /Deposit due/ })).toContainText(
          money(quote.totals.deposit, quote.currency),
        );
        expect(await widthProblems(customer)).toEqual([]);
        if (javaScript) await expectAxeClean(customer, 'the quote page');

        await customer.getByLabel('I accept the terms').check();
        await customer.getByRole('button', { name: 'Accept quote' }).click();
        const notice = customer.getByRole('status');
        await expect(notice).toContainText('Accepted');
        await expect(notice).toContainText(`Next: the deposit, ${money(quote.totals.deposit, quote.currency)}`);
        // Named at the top, and its button on the first screen: one tap.
        await expect(notice).toBeInViewport({ ratio: 1 });
        await expect(customer.getByRole('button', { name: 'Pay deposit' })).toBeInViewport({ ratio: 1 });
        expect(await widthProblems(customer)).toEqual([]);
        if (javaScript) await expectAxeClean(customer, 'the accepted quote page');
      } finally {
        await context.close();
      }
    });
  }
}

test('“Viewed” comes from a person on the page, not from fetching its link', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { id, path } = await sendQuote(page.request, addOwner(), `Seen${unique()}`);
  const stateNow = async () => {
    const answer = (await (await page.request.get(`/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
    return answer.quotes[0]!.state;
  };
  // A mail scanner: fetches the link, and renders it (scripts on) without a person's touch.
  expect((await request.get(path)).status()).toBe(200);
  const scanner = await customerPage(browser, baseURL!, 412, true);
  try {
    await scanner.page.goto(path, { waitUntil: 'networkidle' });
    expect(await stateNow()).toBe('sent');
  } finally {
    await scanner.context.close();
  }

  // The customer scrolls the page on the phone: Viewed.
  const { context, page: customer } = await customerPage(browser, baseURL!, 320, true);
  try {
    await customer.goto(path, { waitUntil: 'networkidle' });
    expect(await stateNow()).toBe('sent');
    await customer.mouse.wheel(0, 400);
    await expect.poll(stateNow).toBe('viewed');
  } finally {
    await context.close();
  }
});

test('the owner’s path at 360 px: the quote is the lead’s first action, its form in view, a line of the owner’s own previewed and sent', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = addOwner();
  const lastName = `Path${unique()}`;
  const id = await sendByApi(page.request, lastName);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, owner);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(`/inbox/inquiries/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${lastName}` })).toBeVisible();

  // First, above Status and Notes, and on the first screen.
  const write = page.getByRole('button', { name: 'Write a quote' });
  await expect(write).toBeInViewport({ ratio: 1 });
  const above = (locator: typeof write) => locator.evaluate((node) => node.getBoundingClientRect().top);
  expect(await above(write)).toBeLessThan(await above(page.getByRole('heading', { level: 2, name: 'Status' })));
  expect(await above(write)).toBeLessThan(await above(page.getByRole('heading', { level: 2, name: 'Notes' })));
  await write.click();
  const form = page.getByRole('form', { name: 'New quote' });
  await expect(form.getByRole('heading', { name: 'New quote' })).toBeInViewport();
  await expect(
    form.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Description', { exact: true }),
  ).toBeVisible();

  // A line of the owner's own, in the preview of what the customer gets.
  const message = `Hi Erin, lovely to hear from you. The churro cart is on us!`;
  await form.getByLabel('Message to the customer (optional)').fill(message);
  const preview = form.getByRole('region', { name: 'What the customer gets' });
  await expect(preview).toContainText(`“Your quote from ${content.name}”, with your message:`);
  await expect(preview).toContainText(message);
  const total = await form.locator('.inbox-quote-key div:has(> dt:text-is("Total")) > dd').textContent();
  await expect(preview).toContainText(`Total ${total}`);
  await expectAxeClean(page, 'the quote form with its preview');

  await form.getByRole('button', { name: 'Send quote' }).click();
  const sent = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Version 1' }) });
  await expect(sent.locator('.inbox-status')).toHaveText('Sent');
  await expect(sent).toContainText(message);
  const link = (await page.getByRole('link', { name: 'Open quote' }).getAttribute('href'))!;
  // The list shows what the lead is worth now.
  await page.getByRole('link', { name: '← All inquiries' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `Erin ${lastName}` })).toContainText(total!);

  const customer = await customerPage(browser, baseURL!, 320, false);
  try {
    await customer.page.goto(new URL(link).pathname);
    const note = customer.page.getByRole('region', { name: `A note from ${content.name}` });
    await expect(note).toContainText(message);
  } finally {
    await customer.context.close();
  }
});
