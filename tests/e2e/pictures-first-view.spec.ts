// Issue 11: the owner's pictures cost the first view nothing below the fold and
// never move the layout. A first view (no scrolling) fetches only the images
// something in the first viewport shows; package photos load once their cards
// come in, and client logos once the scroller is near. Expected pictures come
// from the content file the site was built from (the alternative content has
// none, so these tests then check only that nothing else is fetched).
import type { Page } from '@playwright/test';
import { content } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const photoCount = content.packageGroups
  .flatMap((group) => group.packages)
  .filter((card) => card.photo !== undefined).length;

/** The image requests the page makes from now on, by absolute URL. */
function imageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') urls.push(request.url());
  });
  return urls;
}

/** The absolute URLs shown by images that intersect the viewport. */
const shownInViewport = (page: Page) =>
  page.locator('img').evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0;
      })
      .map((image) => image.currentSrc),
  );

/** Loads the page and lets it settle (hydrated, idle chunk loaded) without scrolling. */
async function firstView(page: Page): Promise<string[]> {
  const requested = imageRequests(page);
  await openPage(page);
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  return requested;
}

async function expectNothingBelowTheFold(page: Page) {
  const requested = await firstView(page);
  const shown = new Set(await shownInViewport(page));
  expect(
    requested.filter((url) => !shown.has(url)),
    'images fetched on first view that nothing in the viewport shows',
  ).toEqual([]);
  expect(requested.filter((url) => url.includes('/assets/pictures/') && !shown.has(url))).toEqual([]);
}

for (const [name, profile] of [
  ['phone 412×823', PHONE],
  ['desktop', {}],
] as const) {
  test.describe(`first view, ${name}`, () => {
    test.use(profile);

    test('nothing below the fold is fetched before scrolling', async ({ page }) => {
      await expectNothingBelowTheFold(page);
    });

    test('package photos load once their section is scrolled into view, and decode', async ({ page }) => {
      test.skip(photoCount === 0, 'this content has no package photos');
      const requested = await firstView(page);
      expect(requested.some((url) => url.includes('/assets/pictures/') && /\.(avif|webp|jpe?g|png)$/.test(url))).toBe(
        false,
      );
      const photos = page.locator('#packages [role=tabpanel]:not([hidden]) .package-photo img');
      await page.locator('#packages [role=tabpanel]:not([hidden])').evaluate((panel) => {
        panel.scrollIntoView({ block: 'start', behavior: 'instant' });
      });
      for (const photo of await photos.all()) {
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        expect(
          await photo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
        ).toBeGreaterThan(0);
      }
    });
  });
}

test('pictures that arrive late shift nothing (layout shifts sum to 0)', async ({ page }) => {
  // Every picture arrives a second late, so the page is laid out and revealed before any of them.
  await page.route('**/assets/pictures/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        // As CLS counts them: a shift right after the visitor's own input (a tab click) is expected.
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.className || source.node.tagName : String(source.node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openPage(page);
  // Through the packages (every group) and down to the logos, waiting at each for its pictures.
  const tabs = page.locator('#packages [role=tab]');
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    await page.locator('#packages').evaluate((section) => section.scrollIntoView({ behavior: 'instant' }));
    for (const img of await page.locator('#packages [role=tabpanel]:not([hidden]) img').all()) {
      await img.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
  }
  // The logos move sideways: wait for those in view now (the others load as they come near).
  await page.locator('.logo-scroller').evaluate((element) => element.scrollIntoView({ behavior: 'instant' }));
  const logosInView = page.locator('.logo-scroller img').filter({
    visible: true,
  });
  for (const img of await logosInView.all()) {
    const inView = await img.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.right > 0 && box.left < innerWidth;
    });
    if (inView) {
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
  }
  await page.waitForTimeout(300);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number }[] }).shifts);
  expect(shifts, 'layout shifts').toEqual([]);
});

test('should the page script never arrive, the photos still load (lazily, once the wait has ended)', async ({
  page,
  consoleWatch,
}) => {
  test.skip(photoCount === 0, 'this content has no package photos');
  test.setTimeout(45_000);
  consoleWatch.allow('Failed to load resource');
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  const photo = page.locator('#packages [role=tabpanel]:not([hidden]) .package-photo img').first();
  await photo.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(photo).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the photos are lazy as usual: each loads when scrolled to', async ({ page }) => {
    test.skip(photoCount === 0, 'this content has no package photos');
    await page.goto('/');
    const photo = page.locator('#packages [role=tabpanel]:not([hidden]) .package-photo img').first();
    await expect(photo).toHaveAttribute('loading', 'lazy');
    await photo.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(photo).toBeVisible();
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the pictures are there without any entrance: visible, decoded, standing still', async ({ page }) => {
    test.skip(photoCount === 0 && content.clients.logos.every((logo) => typeof logo === 'string'), 'no pictures');
    await openPage(page);
    const pictures = page.locator(
      '#packages [role=tabpanel]:not([hidden]) .package-photo img, .logo-scroller li:not([aria-hidden="true"]) img',
    );
    for (const img of await pictures.all()) {
      await img.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      // Nothing on its way in: its card (or chip) is opaque and in place at once.
      const holder = img.locator('xpath=ancestor::*[contains(@class, "package-card") or contains(@class, "logo")][1]');
      await expect(holder).toHaveCSS('opacity', '1');
      expect(await holder.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    }
  });
});
