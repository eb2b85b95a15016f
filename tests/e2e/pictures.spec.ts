// Issue 11: link previews, icons and the owner's pictures, in real Chromium
// against the production build. Everything expected comes from the content file
// the site was built from: the demo has logos, photos and a logo mark; the
// alternative content (coffee cart) has none, and shows text chips and the drawn mark.
import type { Locator, Page } from '@playwright/test';
import { content } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';

const absolute = (path: string) => new URL(path, content.siteUrl).href;

/** Scrolls the element into view and waits until its image is loaded and decoded. */
async function decoded(img: Locator): Promise<{ naturalWidth: number; naturalHeight: number; currentSrc: string }> {
  // Not Playwright's scrollIntoViewIfNeeded: it waits for the element to stand still, and the logos move.
  await img.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    return { naturalWidth: element.naturalWidth, naturalHeight: element.naturalHeight, currentSrc: element.currentSrc };
  });
}

const boxOf = (img: Locator) =>
  // Layout size (offsetWidth/Height), so a reveal animation's transform does not count.
  img.evaluate((element: HTMLElement) => ({ width: element.offsetWidth, height: element.offsetHeight }));

const clientsWithLogos = content.clients.logos.filter((logo) => typeof logo !== 'string');
const clientsWithoutLogos = content.clients.logos.filter((logo) => typeof logo === 'string');

test('link previews: Open Graph and Twitter large-image tags with absolute URLs to a PNG card', async ({
  page,
  request,
}) => {
  await openPage(page);
  const head = page.locator('head');
  const meta = (attribute: 'property' | 'name', key: string) =>
    head.locator(`meta[${attribute}="${key}"]`).getAttribute('content');
  const image = await meta('property', 'og:image');
  expect(image).toBe(absolute('/social-card.png'));
  expect(new URL(image!).protocol).toMatch(/^https?:$/);
  expect(await meta('property', 'og:image:width')).toBe('1200');
  expect(await meta('property', 'og:image:height')).toBe('630');
  expect(await meta('property', 'og:image:type')).toBe('image/png');
  expect(await meta('property', 'og:image:alt')).toBe(content.shareImage?.alt ?? `${content.name}: ${content.tagline}`);
  expect(await meta('property', 'og:url')).toBe(absolute('/'));
  expect(await meta('name', 'twitter:card')).toBe('summary_large_image');
  expect(await meta('name', 'twitter:image')).toBe(image);
  expect((await meta('name', 'twitter:image:alt'))!.length).toBeGreaterThan(0);
  // No SVG card is offered any more: the networks do not show SVG previews.
  await expect(head.locator('meta[content$=".svg"]')).toHaveCount(0);

  // The card itself, served by this server at the same path.
  const card = await request.get(new URL(image!).pathname);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  const bytes = await card.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
});

test('icons: favicon.ico, apple-touch-icon and the manifest naming the business', async ({ page, request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  await openPage(page);
  const head = page.locator('head');
  await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  const appleHref = await head.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const apple = await request.get(appleHref!);
  expect(apple.status()).toBe(200);
  expect(apple.headers()['content-type']).toBe('image/png');
  expect((await apple.body()).readUInt32BE(16)).toBe(180);

  const manifestHref = await head.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    name: string;
    short_name: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe(content.name);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.short_name).toBe(content.shortName ?? manifest.short_name);
  expect(content.name.startsWith(manifest.short_name) || manifest.short_name === content.shortName).toBe(true);
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') {
      const size = Number(icon.sizes.split('x')[0]);
      expect((await response.body()).readUInt32BE(16), icon.src).toBe(size);
    }
  }
});

test('client logos: pictures with the client name as alt, text chips for the rest, copies hidden', async ({ page }) => {
  await openPage(page);
  const originals = page.locator('.logo-scroller li:not([aria-hidden="true"])');
  await expect(originals).toHaveCount(content.clients.logos.length);
  await expect(page.locator('.logo-scroller li[aria-hidden="true"]')).toHaveCount(content.clients.logos.length);
  await expect(page.locator('.logo-scroller img')).toHaveCount(2 * clientsWithLogos.length);
  for (const logo of clientsWithLogos) {
    const img = originals.getByRole('img', { name: logo.name, exact: true });
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', '48');
    const { naturalWidth } = await decoded(img);
    expect(naturalWidth, logo.name).toBeGreaterThan(0);
  }
  for (const name of clientsWithoutLogos) {
    await expect(originals.filter({ hasText: name })).toHaveCount(1);
  }
  // The copies' pictures are not announced: inside aria-hidden items.
  for (const img of await page.locator('.logo-scroller li[aria-hidden="true"] img').all()) {
    expect(await img.getAttribute('alt')).not.toBeNull();
  }
});

/** Every package photo the content gives, by group. */
const photos = content.packageGroups.flatMap((group) =>
  group.packages.flatMap((card) => (card.photo ? [{ group, card, photo: card.photo }] : [])),
);

async function showGroup(page: Page, label: string) {
  const tab = page.locator('#packages [role=tab]').filter({ hasText: label });
  if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

test('package photos: alt from the content, AVIF first, decoded, and their box fixed before they load', async ({
  page,
}) => {
  await openPage(page);
  await expect(page.locator('.package-card img')).toHaveCount(photos.length);
  // The frames reserved before any photo loads (the photos wait below the fold, unrendered until their cards come in)…
  const before = new Map<string, { width: number; height: number }>();
  for (const { group, card } of photos) {
    await showGroup(page, group.label);
    const frame = page
      .locator('.package-card', { has: page.getByRole('heading', { name: card.name, exact: true }) })
      .locator('.package-photo');
    before.set(`${group.id}/${card.name}`, await boxOf(frame));
  }
  for (const { group, card, photo } of photos) {
    await showGroup(page, group.label);
    const article = page.locator('.package-card', { has: page.getByRole('heading', { name: card.name, exact: true }) });
    // A photo is rendered (and fetched) once its card comes in: bring it into view first.
    await article.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const img = article.getByRole('img', { name: photo.alt, exact: true });
    await expect(img).toHaveCount(1);
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
    const { naturalWidth, currentSrc } = await decoded(img);
    expect(naturalWidth).toBeGreaterThan(0);
    expect(currentSrc).toMatch(/\/assets\/pictures\/.+\.avif$/);
    // …are the boxes they fill once loaded: nothing moves when a photo arrives.
    const key = `${group.id}/${card.name}`;
    expect(before.get(key)!.height, key).toBeGreaterThan(0);
    expect(await boxOf(article.locator('.package-photo')), key).toEqual(before.get(key));
    expect(await boxOf(img), key).toEqual(before.get(key));
  }
});

test('the logo mark: the owner’s picture or the drawn mark beside the name, decorative', async ({ page }) => {
  await openPage(page);
  const brand = page.locator('.navbar-brand');
  await expect(brand).toContainText(content.name);
  if (content.logoMark) {
    const img = brand.locator('img.brand-mark');
    await expect(img).toHaveAttribute('alt', '');
    await expect(img).toHaveAttribute('loading', 'eager');
    expect((await decoded(img)).naturalWidth).toBeGreaterThan(0);
    // Drawn with the first paint: a small SVG mark is in the page itself, a larger or raster one is a file.
    const source = (await img.getAttribute('src'))!;
    if (content.logoMark.endsWith('.svg') && source.startsWith('data:')) {
      expect(source).toMatch(/^data:image\/svg\+xml,/);
    }
  } else {
    await expect(brand.locator('svg.brand-mark')).toHaveCount(1);
  }
});

test('pictures are served from hashed names with a long cache', async ({ page, request }) => {
  await openPage(page);
  const sources = await page
    .locator('.package-card img, .logo-scroller img, .navbar-brand img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))
    // A small SVG logo mark is written into the page (a data: URL): nothing to fetch or cache.
    .then((all) => all.filter((source) => !source.startsWith('data:')));
  test.skip(sources.length === 0, 'this content has no pictures of its own');
  for (const source of new Set(sources)) {
    const response = await request.get(new URL(source).pathname);
    expect(response.status(), source).toBe(200);
    expect(response.headers()['cache-control'], source).toContain('immutable');
    expect(response.headers()['content-type'], source).toMatch(/^image\//);
  }
});
