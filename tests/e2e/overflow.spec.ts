// Nothing ever widens the page: at every width, on phones with a mobile
// viewport (where the layout viewport grows to the widest box), before, during
// and after the entrance animations, with the menu, the dialog and toasts open.
// Toasts and the dialog stay inside the visual viewport, close buttons in reach.
import { devices, type Locator, type Page } from '@playwright/test';
import { BOOK_THE_TRUCK } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';
import { buildVisitor, dialogOf, fill, pressIncompleteSend } from './visitor.js';

// A phone's profile (mobile viewport, touch, its pixel ratio and user agent), browser aside.
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];

async function expectNoSidewaysScroll(page: Page, width: number, when: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    layoutViewport: innerWidth,
    visualViewport: Math.round(visualViewport!.width),
  }));
  expect(sizes.scrollWidth, `${when}: scrollWidth`).toBeLessThanOrEqual(sizes.clientWidth);
  // On a phone the layout viewport would grow to the widest box: it stays the screen's width.
  expect(sizes.layoutViewport, `${when}: layout viewport`).toBe(width);
  expect(sizes.visualViewport, `${when}: visual viewport`).toBe(width);
}

/** The element (and its close button) lies wholly inside the visual viewport, horizontally. */
async function expectInsideViewport(page: Page, element: Locator, close: Locator, what: string): Promise<void> {
  const viewport = await page.evaluate(() => ({ left: visualViewport!.offsetLeft, width: visualViewport!.width }));
  for (const [name, locator] of [
    [what, element],
    [`${what}'s close button`, close],
  ] as const) {
    const box = (await locator.boundingBox())!;
    expect(box, name).not.toBeNull();
    expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(viewport.left - 0.5);
    expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(viewport.left + viewport.width + 0.5);
    expect(box.y, `${name}: top edge`).toBeGreaterThanOrEqual(-0.5);
  }
}

for (const width of [320, 360, 412, 768, 1024, 1440]) {
  const phone = width <= 412;
  test.describe(`at ${width} px${phone ? ' on a phone (mobile viewport, touch)' : ''}`, () => {
    test.use(phone ? { ...PHONE, viewport: { width, height: 800 } } : { viewport: { width, height: 900 } });

    test('nothing scrolls sideways before, during and after the entrances, nor with the menu open', async ({
      page,
    }) => {
      await page.goto('/');
      await expectNoSidewaysScroll(page, width, 'first paint');
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      await expectNoSidewaysScroll(page, width, 'hydrated, before the entrances');
      // Scroll down in steps, checking while the cards and the why-us text slide in.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 300) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(60);
        await expectNoSidewaysScroll(page, width, `during the entrances at ${y} px`);
      }
      await expect
        .poll(() =>
          page
            .locator('.package-card')
            .first()
            .evaluate((card) => getComputedStyle(card).opacity),
        )
        .toBe('1');
      await expectNoSidewaysScroll(page, width, 'after the entrances');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const toggle = page.locator('.nav-toggle');
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(page.locator('.navbar')).toHaveClass(/\bnav-active\b/);
        await expectNoSidewaysScroll(page, width, 'menu open');
      }
    });

    test('the dialog and its toasts stay on the screen, their close buttons in reach', async ({ page }) => {
      await openPage(page);
      await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      await expectNoSidewaysScroll(page, width, 'dialog open');
      await expectInsideViewport(page, dialog, dialog.getByRole('button', { name: 'Close', exact: true }), 'dialog');

      // The 'Wait' toast, shown inside the open dialog.
      await pressIncompleteSend(dialog.getByRole('button', { name: 'Send inquiry' }));
      const wait = page.locator('.toast').first();
      await expect(wait).toBeVisible();
      await expectNoSidewaysScroll(page, width, 'toast over the dialog');
      await expectInsideViewport(page, wait, wait.getByRole('button', { name: 'Dismiss notification' }), 'toast');
      await wait.getByRole('button', { name: 'Dismiss notification' }).click();

      // The success toast, on the page once the dialog has closed, scrolled anywhere.
      await fill(dialog, buildVisitor());
      await dialog.getByRole('button', { name: 'Send inquiry' }).click();
      const sent = page.locator('.toast-success');
      await expect(sent).toBeVisible();
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: 'instant' }));
      await expectNoSidewaysScroll(page, width, 'success toast');
      await expectInsideViewport(page, sent, sent.getByRole('button', { name: 'Dismiss notification' }), 'toast');
    });
  });
}
