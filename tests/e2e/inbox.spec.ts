// The owner's inbox in real Chromium against the production build: an owner made
// with the built CLI signs in, sees a visitor's inquiry arrive without a reload,
// works it, exports, erases, signs out; and the sign-in's refusals read clearly.
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { inboxFormat } from '../../src/inbox/format.js';
import { BOOK_THE_TRUCK, content, PACKAGE, TRUCK } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';
import { addOwner, PASSWORD, sendByApi, signIn, unique } from './owner.js';
import { inDays } from './visitor.js';
import { expectNoViolations } from './axe.js';

async function signedIn(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();
}

/** A visitor sends an inquiry through the landing page's form, as a person would. */
async function visitorSends(page: Page, lastName: string, email: string): Promise<void> {
  await openPage(page);
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell us about your event' });
  const answers: [string, string][] = [
    ['First name', 'Marisol'],
    ['Last name', lastName],
    ['Email', email],
    ['Phone', '+1 512 555 0142'],
    ['Company or school (optional)', 'Riverbend Elementary'],
    ['Event name (optional)', 'Spring fair'],
    ['Date', inDays(40)],
    ['Start time', '11:00'],
    ['End time', '14:30'],
    ['Planned guests', '180'],
    ['Street address', '12 Oak St'],
    ['City', 'Austin'],
    ['State', 'TX'],
    ['Postal code', '78701'],
    ['Notes (optional)', 'Two vegan options, please.'],
  ];
  for (const [label, value] of answers) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByLabel('Service', { exact: true }).selectOption(TRUCK);
  await dialog.getByLabel('Package', { exact: true }).selectOption(PACKAGE);
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.locator('.toast-message').filter({ hasText: 'We got your inquiry!' })).toBeVisible();
}

async function storedIds(): Promise<string[]> {
  const store = openSqliteStore(process.env.E2E_DATA_DIR!);
  try {
    return (await store.list()).map((inquiry) => inquiry.id);
  } finally {
    await store.close();
  }
}

// The list's link to an inquiry: in the table on a wide screen, on its card on a narrow one.
const rowLink = (page: Page, name: string): Locator => page.getByRole('link', { name, exact: true });

test.describe('the owner’s inbox', () => {
  test('an owner signs in, sees a new inquiry within 5 s, searches, works it, exports, erases another, signs out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const owner = addOwner();
    await signedIn(page, owner);

    // A visitor, elsewhere, sends an inquiry while the inbox is open.
    const lastName = `Quintana${unique()}`;
    const visitorEmail = `${lastName.toLowerCase()}@example.com`;
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitorSends(visitor, lastName, visitorEmail);
    await visitorContext.close();
    const fullName = `Marisol ${lastName}`;
    await expect(rowLink(page, fullName)).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('status').filter({ hasText: /new inquir/ })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: fullName }) });
    await expect(row).toContainText('Unread');
    await expect(row).toContainText('180');
    await expect(row).toContainText(`${TRUCK} · ${PACKAGE}`);
    await expect(row).toContainText('New');
    await expect(row).toContainText(/just now|min ago/);
    await expect(page).toHaveTitle(/^\(\d+\) Inquiries · Inbox$/);

    // Another inquiry, to erase later.
    const otherName = `Erasable${unique()}`;
    const otherId = await sendByApi(page.request, otherName);

    // Search: only the one inquiry, and the view is in the address.
    await page.getByLabel('Search').fill(lastName);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}`));
    await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);
    await expect(rowLink(page, fullName)).toBeVisible();

    // Export the current view.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const csvLines = csv.trim().split('\r\n');
    expect(csvLines[0]).toMatch(/^Inquiry id,Filled in at,First name,Last name,Email,/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(visitorEmail);

    // Open it: every field, the one-tap actions.
    await rowLink(page, fullName).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeFocused();
    await expect(page.getByText(visitorEmail).first()).toBeVisible();
    await expect(page.getByText('12 Oak St, Austin, TX 78701')).toBeVisible();
    const reply = page.getByRole('link', { name: 'Reply by email' });
    const replyHref = (await reply.getAttribute('href'))!;
    expect(replyHref.startsWith(`mailto:${visitorEmail}?subject=`)).toBe(true);
    expect(decodeURIComponent(replyHref.split('subject=')[1]!)).toBe(
      `Re: Spring fair on ${inboxFormat(content.locale).eventDay(inDays(40))}`,
    );
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15125550142');
    const [calendar] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(calendar.suggestedFilename()).toMatch(/\.ics$/);
    const ics = readFileSync((await calendar.path())!, 'utf8');
    // In the business's time zone (record 170).
    expect(ics).toMatch(new RegExp(`DTSTART;TZID=[\\w/]+:${inDays(40).replace(/-/g, '')}T110000`));

    // Mark it Contacted, add a note: both in the history, with who and when. Choosing in
    // the select saves nothing (WCAG 3.2.2); "Save status" does, and says so in its card.
    const card = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { level: 2, name, exact: true }) });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Quoted' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Contacted' });
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(card('Status').getByRole('status')).toHaveText('Status saved: Contacted.');
    await page.getByLabel('Note', { exact: true }).fill('Called back, sending a quote on Friday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(card('Notes').getByRole('status')).toHaveText('Note added.');
    await expect(card('Status').getByRole('status')).toHaveCount(0);
    await expect(card('Notes').getByRole('listitem')).toContainText(['Called back, sending a quote on Friday.']);
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    const history = page.getByRole('list').filter({ hasText: 'Received' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').nth(1)).toContainText(`Status set to Contacted by ${owner}`);
    await expect(history.getByRole('listitem').nth(2)).toContainText(`Note by ${owner}`);
    await expect(history.getByRole('listitem').nth(2)).toContainText('Called back, sending a quote on Friday.');

    // Back on the list (the search kept), it reads Contacted and no longer unread.
    await page.getByRole('link', { name: '← All inquiries' }).click();
    await expect(page.getByLabel('Search')).toHaveValue(lastName);
    const worked = page.getByRole('row').filter({ has: page.getByRole('link', { name: fullName }) });
    await expect(worked).toContainText('Contacted');
    await expect(worked).not.toContainText('Unread');

    // Erase the other one, after confirming.
    await page.getByLabel('Search').fill(otherName);
    await rowLink(page, `Erin ${otherName}`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Erin ${otherName}` })).toBeVisible();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Erin ${otherName}` })).toBeVisible();
    expect(await storedIds()).toContain(otherId);
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByRole('status')).toContainText(`The inquiry from Erin ${otherName} was erased.`);
    expect(question).toContain('for good');
    await expect(page.getByText('No inquiries match this view.')).toBeVisible();
    expect(await storedIds()).not.toContain(otherId);

    // Sign out: the sign-in form, also after a reload.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const after = await page.request.get('/api/owner/inquiries');
    expect(after.status()).toBe(401);
  });

  test('the inbox wears the owner’s brand colour, as the site does', async ({ page }) => {
    await signIn(page, addOwner());
    const exportCsv = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportCsv).toBeVisible();
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(content.theme.primary.slice(at, at + 2), 16));
    await expect(exportCsv).toHaveCSS('color', `rgb(${red}, ${green}, ${blue})`);
  });

  test('a wrong password says so, and the account’s limit says when to try again', async ({ page }) => {
    // No console error on the way either: the form posts and is redirected, no 4xx reaches a script.
    const owner = addOwner();
    await signIn(page, owner, 'not the right password');
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    // The e-mail is still there; the message does not stay in the address.
    await expect(page.getByLabel('Email')).toHaveValue(owner);
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByLabel('Password')).toBeVisible();
    // The account allows 10 attempts per 15 minutes (the first was above); then it waits.
    for (let attempt = 2; attempt <= 10; attempt++) {
      await page.getByLabel('Password').fill('still not the right one');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    }
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Too many sign-in attempts for this account\. Please try again in \d+ seconds\.$/,
    );
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  });

  test('a bookmarked view reloads as it was; the inbox is not for search engines', async ({ page }) => {
    const owner = addOwner();
    await signedIn(page, owner);
    await page.getByLabel('Filter by status').selectOption({ label: 'Booked' });
    await expect(page).toHaveURL(/status=booked/);
    await page.reload();
    await expect(page.getByLabel('Filter by status')).toHaveValue('booked');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /inbox');
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('inbox');
  });
});

test.describe('the inbox, accessible', () => {
  test.use({ colorScheme: 'light' });

  async function noSidewaysScroll(page: Page): Promise<void> {
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  }

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`sign-in, list and inquiry pages have no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const owner = addOwner();
      const name = `Axe${unique()}`;
      await sendByApi(page.request, name);
      await page.goto('/inbox');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoViolations(page);
      await noSidewaysScroll(page);

      await signedIn(page, owner);
      await expect(rowLink(page, `Erin ${name}`)).toBeVisible();
      await expectNoViolations(page);
      await noSidewaysScroll(page);

      await rowLink(page, `Erin ${name}`).click();
      await expect(page.getByRole('heading', { level: 1, name: `Erin ${name}` })).toBeVisible();
      await expectNoViolations(page);
      await noSidewaysScroll(page);
    });
  }

  test('works with the keyboard alone', async ({ page }) => {
    const owner = addOwner();
    const name = `Keys${unique()}`;
    await sendByApi(page.request, name);
    await page.goto('/inbox');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(owner);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeFocused();
    await page.getByLabel('Search').focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);
    // Tab on to the inquiry's link and open it with Enter.
    const link = rowLink(page, `Erin ${name}`);
    for (let i = 0; i < 20 && !(await link.evaluate((element) => element === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Erin ${name}` })).toBeFocused();
  });
});
