import type { Locator, Page } from '@playwright/test';
import { content } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

/** The translation of an element's current (computed, possibly mid-transition) transform. */
async function translation(locator: Locator): Promise<{ x: number; y: number }> {
  return locator.evaluate((element) => {
    const matrix = new DOMMatrixReadOnly(getComputedStyle(element).transform);
    return { x: matrix.m41, y: matrix.m42 };
  });
}

test.describe('navbar', () => {
  test('turns sticky past 800 px, gone back under 300 px, and settles under 150 px', async ({ page }) => {
    await openPage(page);
    const navbar = page.locator('.navbar');
    await scrollTo(page, 500);
    await expect(navbar).not.toHaveClass(/\bsticky\b/);
    await scrollTo(page, 900);
    await expect(navbar).toHaveClass(/\bsticky\b/);
    await expect(navbar).not.toHaveClass(/\bgone\b/);
    await scrollTo(page, 400);
    await expect(navbar).toHaveClass(/\bsticky\b/);
    await scrollTo(page, 250);
    await expect(navbar).toHaveClass(/\bgone\b/);
    await expect(navbar).not.toHaveClass(/\bsticky\b/);
    await scrollTo(page, 200);
    await expect(navbar).toHaveClass(/\bgone\b/);
    await scrollTo(page, 100);
    await expect(navbar).not.toHaveClass(/\b(gone|sticky)\b/);
  });

  test('the mobile toggle opens and closes the links and marks the navbar nav-active', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page);
    const toggle = page.locator('.nav-toggle');
    const links = page.locator('#nav-links');
    await expect(toggle).toHaveAttribute('aria-controls', 'nav-links');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(links).toBeHidden();
    await toggle.click();
    await expect(page.locator('.navbar')).toHaveClass(/\bnav-active\b/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const firstLink = content.nav[0]!.label;
    await expect(links.getByRole('link', { name: firstLink })).toBeVisible();
    await toggle.click();
    await expect(page.locator('.navbar')).not.toHaveClass(/\bnav-active\b/);
    await expect(links).toBeHidden();
    // Escape closes it too, and a followed link closes it.
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await links.getByRole('link', { name: firstLink }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('hero', () => {
  test('truck and lights follow the pointer up to 25 px, blobs up to 15 px, and spring back to 0 over 2 s', async ({
    page,
  }) => {
    await openPage(page);
    const hero = page.locator('.hero');
    const truck = page.locator('.hero-truck');
    const lights = page.locator('.hero-lights');
    const blob = page.locator('.hero-blob').first();
    const box = (await hero.boundingBox())!;
    // The lower corners, or as low as the window shows (a longer heading makes the hero taller).
    const bottom = Math.min(box.y + box.height, page.viewportSize()!.height) - 1;
    const corners = [
      { x: box.x + 1, y: bottom, sign: { x: -1, y: 1 } },
      { x: box.x + box.width - 1, y: bottom, sign: { x: 1, y: 1 } },
    ];
    for (const corner of corners) {
      await page.mouse.move(corner.x, corner.y, { steps: 4 });
      // At a corner the offset reaches (almost exactly) the full range, never beyond it.
      await expect.poll(async () => (await translation(truck)).x * corner.sign.x).toBeGreaterThan(24);
      for (const [element, range] of [
        [truck, 25],
        [lights, 25],
        [blob, 15],
      ] as const) {
        await expect.poll(async () => Math.abs((await translation(element)).x)).toBeGreaterThan(range - 1.5);
        const { x, y } = await translation(element);
        expect(Math.abs(x)).toBeLessThanOrEqual(range);
        expect(Math.abs(y)).toBeLessThanOrEqual(range);
      }
    }
    // Leaving: a 2 s transition back to 0.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200, { steps: 2 });
    await expect(hero).toHaveAttribute('data-pointer', 'out');
    expect(await truck.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('2s');
    for (const element of [truck, lights, blob]) {
      await expect.poll(async () => Math.abs((await translation(element)).x), { timeout: 4000 }).toBeLessThan(0.5);
      await expect.poll(async () => Math.abs((await translation(element)).y), { timeout: 4000 }).toBeLessThan(0.5);
    }
  });

  test('a click on the area or on the lights toggles the lights; the lights are a keyboard button', async ({
    page,
  }) => {
    await openPage(page);
    const hero = page.locator('.hero');
    const lights = page.getByRole('button', { name: 'Truck lights' });
    await expect(hero).not.toHaveClass(/\blights-on\b/);
    await page.locator('.hero-lead').click();
    await expect(hero).toHaveClass(/\blights-on\b/);
    await expect(lights).toHaveAttribute('aria-pressed', 'true');
    await lights.click();
    await expect(hero).not.toHaveClass(/\blights-on\b/);
    await lights.focus();
    await page.keyboard.press('Enter');
    await expect(hero).toHaveClass(/\blights-on\b/);
    await page.keyboard.press('Space');
    await expect(hero).not.toHaveClass(/\blights-on\b/);
    // The hero's own buttons and links keep their own job.
    await page.getByRole('link', { name: 'See packages' }).click();
    await expect(hero).not.toHaveClass(/\blights-on\b/);
  });
});

test.describe('packages', () => {
  test('tabs: a click marks the tab active and selected and shows only its group; arrows, Home and End move', async ({
    page,
  }) => {
    await openPage(page);
    const tabs = page.locator('#packages [role=tab]');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    const expectSelected = async (index: number) => {
      for (let i = 0; i < count; i++) {
        const tab = tabs.nth(i);
        const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
        await expect(panel).toHaveAttribute('role', 'tabpanel');
        if (i === index) {
          await expect(tab).toHaveClass(/\bactive\b/);
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await expect(panel).toBeVisible();
        } else {
          await expect(tab).not.toHaveClass(/\bactive\b/);
          await expect(tab).toHaveAttribute('aria-selected', 'false');
          await expect(panel).toBeHidden();
        }
      }
    };
    await expectSelected(0);
    await tabs.nth(1).click();
    await expectSelected(1);
    await expect(page.locator('#packages [role=tabpanel]:visible .package-card').first()).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expectSelected(0);
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowLeft'); // wraps to the last
    await expectSelected(count - 1);
    await page.keyboard.press('Home');
    await expectSelected(0);
    await page.keyboard.press('End');
    await expectSelected(count - 1);
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await expectSelected(0);
  });

  test('cards slide in from 400 px to the right and fade in, 1 s each, 0.1 s apart', async ({ page }) => {
    await openPage(page);
    const cards = page.locator('#packages [role=tabpanel]:not([hidden]) .package-card');
    const first = cards.first();
    expect(await translation(first)).toEqual({ x: 400, y: 0 });
    expect(await first.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    await scrollTo(
      page,
      await page.locator('#packages').evaluate((element) => element.getBoundingClientRect().top + scrollY),
    );
    await expect(page.locator('#packages [role=tabpanel]:not([hidden])')).toHaveAttribute('data-revealed', '');
    const timings = await cards.evaluateAll((elements) =>
      elements.map((element) => [
        getComputedStyle(element).transitionDuration,
        getComputedStyle(element).transitionDelay,
      ]),
    );
    timings.forEach(([duration, delay], index) => {
      expect(duration).toBe('1s, 1s');
      expect(delay!.split(', ')[0]).toBe(`${index === 0 ? 0 : Math.round(index * 10) / 100}s`);
    });
    for (let i = 0; i < (await cards.count()); i++) {
      await expect.poll(() => translation(cards.nth(i)), { timeout: 4000 }).toEqual({ x: 0, y: 0 });
      await expect
        .poll(() => cards.nth(i).evaluate((element) => getComputedStyle(element).opacity), { timeout: 4000 })
        .toBe('1');
    }
  });
});

test('why-us moves up with the scroll and its text fades in from the right', async ({ page }) => {
  await openPage(page);
  const section = page.locator('#why-us');
  const inner = section.locator('.why-us-inner');
  const text = section.locator('.why-us-text');
  expect((await translation(text)).x).toBeGreaterThan(0);
  const top = await section.evaluate((element) => element.getBoundingClientRect().top + scrollY);
  await scrollTo(page, top - 400);
  await expect.poll(() => text.evaluate((element) => getComputedStyle(element).opacity), { timeout: 4000 }).toBe('1');
  await expect.poll(async () => (await translation(text)).x, { timeout: 4000 }).toBe(0);
  const lower = (await translation(inner)).y;
  await scrollTo(page, top);
  await expect.poll(async () => (await translation(inner)).y).toBeLessThan(lower - 20);
});

test('logo scroller: children duplicated, copies hidden from assistive technology, seamless loop', async ({ page }) => {
  await openPage(page);
  const scroller = page.locator('.logo-scroller');
  const originals = scroller.locator('li:not([aria-hidden="true"])');
  const copies = scroller.locator('li[aria-hidden="true"]');
  const names = await originals.allTextContents();
  expect(names.length).toBeGreaterThan(1);
  expect(await copies.allTextContents()).toEqual(names);
  // The copies start exactly half-way along the track, so moving it by -50% loops without a jump.
  const seam = await scroller.evaluate((element) => {
    const track = element.querySelector('ul')!;
    const firstCopy = element.querySelector<HTMLElement>('li[aria-hidden="true"]')!;
    return {
      copyStart:
        firstCopy.offsetLeft - track.children[0]!.getBoundingClientRect().left + track.getBoundingClientRect().left,
      half: track.scrollWidth / 2,
    };
  });
  expect(Math.abs(seam.copyStart - seam.half)).toBeLessThan(1);
  expect(await scroller.locator('ul').evaluate((element) => getComputedStyle(element).animationName)).toBe(
    'logo-scroll',
  );
  // Pausable (WCAG 2.2.2).
  await page.getByRole('button', { name: 'Pause client logos' }).click();
  await expect(scroller.locator('ul')).toHaveCSS('animation-play-state', 'paused');
});

test('found and shared: title, description, canonical, Open Graph, Twitter, JSON-LD and site files', async ({
  page,
  request,
}) => {
  await openPage(page);
  await expect(page).toHaveTitle(content.seo.title);
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', content.seo.description);
  const home = new URL('/', content.siteUrl).href;
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', home);
  for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
    await expect(head.locator(`meta[property="${property}"]`)).toHaveCount(1);
  }
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd['@type']).toBe('FoodEstablishment');
  expect(jsonLd.name).toBe(content.name);
  expect(jsonLd.priceRange).toBe(content.priceRange);
  await expect(page.locator('.package-price').first()).toHaveText(content.packageGroups[0]!.packages[0]!.price);
  await expect(page.locator('h1')).toHaveCount(1);
  for (const [path, type] of [
    ['/robots.txt', 'text/plain'],
    ['/sitemap.xml', 'xml'],
    ['/manifest.webmanifest', 'manifest+json'],
    ['/icon.svg', 'image/svg+xml'],
    ['/social-card.png', 'image/png'],
    ['/favicon.ico', 'icon'],
  ]) {
    const response = await request.get(path!);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
  }
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${home}sitemap.xml`);
});

test('no request leaves the origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:')) foreign.push(url);
  });
  await openPage(page);
  await scrollTo(page, 100_000);
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});

for (const width of [360, 768, 1440]) {
  test(`looks right at ${width} px: nothing overflows sideways; screenshot kept`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' }); // everything visible for the picture
    await openPage(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const path = testInfo.outputPath(`landing-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
  });
}
