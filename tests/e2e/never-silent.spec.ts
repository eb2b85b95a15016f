// Never silent in real Chromium against the production build (issue 31): the list shows
// how long each New lead has waited and lists them oldest first on request; the Numbers
// page, linked from the navigation, reads at 320, 360 and 1440 px (no row name broken mid-word) with nothing wider than
// the screen, its chart named with its table beside it, axe clean, and its CSV
// downloads; an action link asks before it acts and says what it did once its button
// is pressed (a real form post: Chromium's Origin must pass); and the public page gains
// no cookie beyond its form's and no request to anyone else or to the owner's side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionLinkKey, signActionLink } from '../../src/server/action-links/action-link.js';
import { expect, openPage, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

/** The words of these cells split over two lines (a row name broken mid-word). */
function brokenWords(cells: import('@playwright/test').Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
      return broken;
    }),
  );
}

async function nothingWider(page: import('@playwright/test').Page, width: number): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `page width at ${width} px`).toBeLessThanOrEqual(client);
}

test('the list says how long each New lead has waited, and lists them oldest first on request', async ({ page }) => {
  const owner = addOwner();
  const tag = unique();
  await sendByApi(page.request, `Waiting${tag}`);
  await signIn(page, owner);
  await page.setViewportSize({ width: 1440, height: 900 });
  const row = page.getByRole('row', { name: new RegExp(`Erin Waiting${tag}`) });
  await expect(row).toContainText(/New\s*(Just in|Waiting \d+ min)/);
  await page.getByRole('link', { name: 'Oldest waiting first' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for an answer' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Waiting for an answer, oldest first' })).toContainText(
    `Erin Waiting${tag}`,
  );
  await expect(page).toHaveTitle(/^\(\d+\) Waiting for an answer · Inbox$/);
});

test('the Numbers page reads at 320, 360 and 1440 px, no row name broken mid-word, axe clean, with its chart, its tables and its CSV', async ({
  page,
}) => {
  const owner = addOwner();
  const source = `Leaflet ${unique()}`;
  await sendByApi(page.request, `Numbers${unique()}`, { reference: source });
  await sendByApi(page.request, `Numbers${unique()}`, { reference: source.toLowerCase().replace(' ', '  ') });
  await signIn(page, owner);
  await page.getByRole('link', { name: 'Numbers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
  await expect(page).toHaveURL(/\/inbox\/numbers$/);
  for (const width of [320, 360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const both = page.getByRole('table', { name: 'The last 30 and 365 days' });
    await expect(both.getByRole('columnheader', { name: 'Last 30 days' })).toBeVisible();
    await expect(both.getByRole('columnheader', { name: 'Last 365 days' })).toBeVisible();
    await expect(both.getByRole('rowheader', { name: 'Spam (kept apart)' })).toBeVisible();
    expect(await brokenWords(both.locator('th')), `words broken at ${width} px`).toEqual([]);
    await expect(page.getByRole('img', { name: /Inquiries by week, last 30 days/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Inquiries by week, spam apart' })).toBeVisible();
    // The two spellings are one source.
    const sources = page.getByRole('table', { name: /Where inquiries came from/ });
    await expect(sources.getByRole('row', { name: new RegExp(source) })).toContainText('2');
    await nothingWider(page, width);
    await expectNoViolations(page);
  }
  await page.getByRole('radio', { name: 'Last 365 days' }).check();
  await expect(page.getByRole('img', { name: /Inquiries by week, last 365 days/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^numbers-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync((await download.path())!, 'utf8')).toMatch(
    /^Period,Measure,Item,Value\r\nLast 30 days,Inquiries,All,\d+/,
  );
});

test('an action link asks first, then acts on its button and says what it did, at 320 px, axe clean', async ({
  page,
}) => {
  const lastName = `Linked${unique()}`;
  const id = await sendByApi(page.request, lastName);
  // Signed as the server signs its notifications' links: with its secret from DATA_DIR.
  const secret = readFileSync(join(process.env.E2E_DATA_DIR!, 'session-secret'), 'utf8').trim();
  const token = signActionLink(actionLinkKey(secret), {
    inquiryId: id,
    action: 'contacted',
    expiresAt: Date.now() + 60 * 60_000,
    ownerId: undefined,
  });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/act/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mark this inquiry as contacted?' })).toBeVisible();
  await expect(page.getByText(`Erin ${lastName}`)).toBeVisible();
  await nothingWider(page, 320);
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Mark as contacted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marked as contacted' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Erin ${lastName}’s inquiry: marked as contacted on`);
  await expectNoViolations(page);
  // Once: a reload shows what was done, and changes nothing.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Marked as contacted' })).toBeVisible();
});

test('the public page gains no cookie but its form’s, and asks nothing of anyone else or of the owner’s side', async ({
  page,
  context,
  baseURL,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await openPage(page);
  await page.mouse.wheel(0, 100_000);
  await page.waitForLoadState('networkidle');
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['curbside_form_started']);
  const own = requests.filter((url) => !url.startsWith('data:'));
  expect(own.filter((url) => !url.startsWith(baseURL!))).toEqual([]);
  expect(own.filter((url) => /\/api\/owner|\/act\/|numbers|waiting/.test(new URL(url).pathname))).toEqual([]);
  // No script but the site's own.
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
  expect(scripts.filter((src) => !src.startsWith(baseURL!))).toEqual([]);
});
