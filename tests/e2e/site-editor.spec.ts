// The owner's own site from the phone (issue 37 items 3 and 4), in real Chromium against
// the production build at 360 px: the owner raises a package's price and adds a menu item
// with a photo from the camera (GPS in its EXIF) on the inbox's "Site" page, publishes,
// and a new inquiry's estimate (and, once the server renders the page on publish, the
// public page) follows within 10 s; the served photo carries no metadata; a publish from
// a second device makes the first one's publish stale, refused with the design's message
// and keeping what was typed; History and Restore bring the old price back. Axe finds
// nothing on any view of the page, and nothing scrolls sideways.
//
// The server's content is shared with the other browser tests running beside this one:
// the price changed is a package none of them reads (not PACKAGE nor OTHER_PACKAGE), and
// the test ends by restoring the version it started from, whatever happened.
import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import type { BusinessContent } from '../../content/content-types.js';
import { truckPackages } from '../../content/helpers.js';
import { contentLanguages } from '../../content/languages.js';
import { cardPriceText, spanishCardPriceText } from '../../src/shared/card-price.js';
import { localeFor } from '../../src/shared/language.js';
import { estimateFor, estimateWordsOf } from '../../src/shared/pricing.js';
import { buildInquiryBody } from '../support/builders.js';
import { content, OTHER_PACKAGE, PACKAGE, TRUCK } from '../support/content-words.js';
import { EXIF_SECRET, gpsJpeg } from '../support/photos.js';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

const PARTS = ['Business', 'Packages', 'Menu', 'Why us', 'Clients', 'Prices and terms', 'Spanish'];
const STALE = 'Published from another device since you opened this';
/**
 * The public page follows a publish only once the server renders it from the published
 * content (the render branch, issue 37 item 2): until that is merged, the page's check
 * is left out (the estimate's and the API's are made either way).
 */
const PAGE_RENDERED_ON_PUBLISH = existsSync('dist/node/src/server/site/site-renderer.js');

/** The package whose price is changed: priced per guest, and no other browser test's. */
const card = truckPackages(content).find(
  (c) => c.pricing?.per === 'guest' && c.name !== PACKAGE && c.name !== OTHER_PACKAGE,
);
const menuGroup = content.menu?.groups[0];
/** The content has a Spanish page, so "Site" shows each text's Spanish beside it (record 410). */
const IN_SPANISH = contentLanguages(content).includes('es');

test.use({ viewport: { width: 360, height: 780 } });

async function clean(page: Page, where: string): Promise<void> {
  await expectNoViolations(page, { where });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(360);
}

const site = async (page: Page) =>
  (await (await page.request.get('/api/owner/site')).json()) as {
    live: { version: number; content: BusinessContent };
  };

/** What a new inquiry for `packageName` and 100 guests is told now (its first reply's estimate). */
async function estimateNow(page: Page, packageName: string): Promise<string | null | undefined> {
  const id = await sendByApi(page.request, `Site${unique()}`, { package: packageName, plannedGuestCount: 100 });
  const detail = await (await page.request.get(`/api/owner/inquiries/${id}`)).json();
  return detail.inquiry.estimate;
}

function expectedEstimate(of: BusinessContent, packageName: string): string {
  const request = { ...buildInquiryBody({ package: packageName, plannedGuestCount: 100 }), operation: TRUCK };
  return estimateWordsOf(estimateFor(of, request)!, of).estimate;
}

const POLL = { timeout: 10_000, intervals: [250, 500, 1_000] };

test('the owner edits the site from the phone; publish, a stale publish, History and Restore', async ({
  page,
  browser,
  consoleWatch,
}) => {
  // The stale publish's answer: a 409 the page says in words.
  consoleWatch.allow('status of 409');
  test.skip(!card || !menuGroup, 'the content has no second priced truck package or no menu to edit');
  test.slow();
  const owner = addOwner();
  await signIn(page, owner);
  await page.getByRole('link', { name: 'Site', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site' })).toBeVisible();
  const start = await site(page);
  const origin = new URL(page.url()).origin;
  let restored = false;
  try {
    for (const part of PARTS) {
      await page.getByRole('link', { name: part, exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
      await clean(page, part);
    }

    // A price: the card's text follows from it.
    await page.getByRole('link', { name: 'Packages', exact: true }).click();
    const cardGroup = page.getByRole('group', { name: card!.name, exact: true });
    // A price whose card text the public page does not show yet (another card may say "From $14 / guest").
    const before = await (await page.request.get('/')).text();
    const priced = (amount: number) => ({ ...card!.pricing!, amount });
    const textOf = (amount: number) => cardPriceText(priced(amount), content.sale.currency, content.locale);
    let newPrice = card!.pricing!.amount + 2;
    while (before.includes(textOf(newPrice))) newPrice += 1;
    const newPricing = priced(newPrice);
    const newText = textOf(newPrice);
    await cardGroup.getByLabel('Price', { exact: true }).fill(String(newPrice));
    await expect(cardGroup.getByText(`The card says: ${newText}`)).toBeVisible();
    // Its Spanish beside it (record 410): its own name and language, and its card's price following too.
    const newSpanishText = spanishCardPriceText(newPricing, content.sale.currency, localeFor('es', content));
    if (IN_SPANISH) {
      await expect(cardGroup.getByLabel('Summary (Spanish)', { exact: true })).toHaveAttribute('lang', 'es');
      await expect(cardGroup.getByText(newSpanishText)).toBeVisible();
    }
    // Preview: the page with the draft, for the owner only (the public page is not the draft).
    if (PAGE_RENDERED_ON_PUBLISH) {
      await page.getByRole('link', { name: 'Preview' }).click();
      await expect(page).toHaveURL(/\/inbox\/site\/preview$/);
      // In the page's text, not necessarily on screen: the card may sit in a tab not open at first.
      await expect(page.locator('#packages')).toContainText(newText);
      expect(await (await page.request.get('/')).text()).not.toContain(newText);
      await page.goto('/inbox/site?part=packages');
      await expect(
        page.getByRole('group', { name: card!.name, exact: true }).getByLabel('Price', { exact: true }),
      ).toHaveValue(String(newPrice));
    }

    // A menu item with a photo from the camera, its GPS position in its EXIF.
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    const group = page.getByRole('group', { name: menuGroup!.name, exact: true });
    await group.getByRole('button', { name: 'Add item' }).click();
    const itemName = `Photo taco ${unique()}`;
    await group.getByLabel('Name', { exact: true }).last().fill(itemName);
    const item = page.getByRole('group', { name: itemName, exact: true });
    await item.getByLabel('Price', { exact: true }).fill('6');
    await item.getByLabel('Description', { exact: true }).fill('Grilled, with salsa verde.');
    await item.getByLabel('Vegan').check();
    await item
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'taco.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg() });
    await expect(item.locator('img.site-thumbnail')).toBeVisible({ timeout: 20_000 });
    await item.getByLabel('Photo description', { exact: true }).fill('A taco on a plate');
    await clean(page, 'Menu with a photo');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toContainText('Published: the site shows it now');
    const published = (await site(page)).live;
    const after = published.content;
    expect(truckPackages(after).find((c) => c.name === card!.name)).toMatchObject({
      price: newText,
      pricing: newPricing,
    });
    const cardAt = after.packageGroups.flatMap((g, gi) => g.packages.map((c, ci) => ({ c, gi, ci })));
    const { gi, ci } = cardAt.find(({ c }) => c.name === card!.name)!;
    if (IN_SPANISH) expect(after.es?.packageGroups?.[gi]?.packages?.[ci]?.price).toBe(newSpanishText);
    const added = after.menu!.groups[0]!.items.find((i) => i.name === itemName)!;
    expect(added.photo!.src).toMatch(/^upload:[0-9a-f]{64}$/);

    // The served photo, the original and a file the page uses, carries no metadata.
    const hash = added.photo!.src.slice('upload:'.length);
    for (const name of [`${hash}.jpg`, `${hash}-dish-240.webp`, `${hash}-dish-160.avif`]) {
      const served = await page.request.get(`/photos/${name}`);
      expect(served.status(), name).toBe(200);
      const bytes = await served.body();
      const { exif, xmp, iptc, icc } = await sharp(bytes).metadata();
      expect({ name, exif, xmp, iptc, icc }).toEqual({
        name,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      expect(bytes.includes(EXIF_SECRET)).toBe(false);
    }

    // A new inquiry's estimate follows within 10 s (and the page, once rendered on publish).
    const raised = expectedEstimate(after, card!.name);
    expect(raised).not.toBe(expectedEstimate(content, card!.name));
    await expect.poll(() => estimateNow(page, card!.name), POLL).toBe(raised);
    if (PAGE_RENDERED_ON_PUBLISH) {
      await expect.poll(async () => (await page.request.get('/')).text(), POLL).toContain(newText);
      const home = await (await page.request.get('/')).text();
      expect(home).toContain(itemName);
      expect(home).toContain(`/photos/${hash}-dish-`);
    }

    // A second device publishes first: this one's publish is refused, keeping what was typed.
    const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const second = await other.newPage();
      await signIn(second, owner);
      await second.goto('/inbox/site?part=business');
      await second.getByLabel('Tagline', { exact: true }).fill(`From the other phone ${unique()}`);
      await expect(second.getByRole('status')).toContainText('Draft saved');
      await second.getByRole('button', { name: 'Publish' }).click();
      await expect(second.getByRole('status')).toContainText('Published: the site shows it now');
    } finally {
      await other.close();
    }
    await page.getByRole('link', { name: 'Business', exact: true }).click();
    const typed = `Typed on this phone ${unique()}`;
    await page.getByLabel('Tagline', { exact: true }).fill(typed);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert')).toContainText(STALE);
    await expect(page.getByLabel('Tagline', { exact: true })).toHaveValue(typed);
    await clean(page, 'Stale publish');

    // History says what changed; Restore, once confirmed, brings the old price back.
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
    const entry = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Version ${published.version}` }) });
    await expect(entry).toContainText(`${card!.name}: `);
    await clean(page, 'History');
    await page.getByRole('button', { name: `Restore version ${start.live.version}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Yes, restore version ${start.live.version}` })).toBeVisible();
    await clean(page, 'Restore confirmation');
    await page.getByRole('button', { name: `Yes, restore version ${start.live.version}` }).click();
    await expect(page.getByRole('status')).toContainText(`Restored: version ${start.live.version} is live now.`);
    restored = true;
    expect(truckPackages((await site(page)).live.content).find((c) => c.name === card!.name)!.pricing).toEqual(
      card!.pricing,
    );
    await expect.poll(() => estimateNow(page, card!.name), POLL).toBe(expectedEstimate(content, card!.name));
    if (PAGE_RENDERED_ON_PUBLISH)
      await expect.poll(async () => (await page.request.get('/')).text(), POLL).not.toContain(itemName);
  } finally {
    const headers = { origin };
    await page.request.delete('/api/owner/site/draft', { headers });
    if (!restored) {
      const live = (await site(page)).live.version;
      if (live !== start.live.version)
        await page.request.post('/api/owner/site/restore', {
          headers,
          data: { version: start.live.version, baseVersion: live },
        });
    }
  }
});
