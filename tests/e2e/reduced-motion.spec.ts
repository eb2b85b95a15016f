import type { Locator } from '@playwright/test';
import { expect, openPage, test } from './fixtures.js';

test.use({ reducedMotion: 'reduce' });

const transformOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).transform);

test('reduced motion: no parallax, no slides, no scrolling; all content visible at once', async ({ page }) => {
  await openPage(page);
  // Every package card and the why-us text are visible without scrolling to them.
  for (const card of await page.locator('#packages [role=tabpanel]:not([hidden]) .package-card').all()) {
    await expect(card).toHaveCSS('opacity', '1');
    expect(await transformOf(card)).toBe('none');
  }
  await expect(page.locator('.why-us-text')).toHaveCSS('opacity', '1');
  expect(await transformOf(page.locator('.why-us-text'))).toBe('none');

  // The pointer moves nothing.
  const box = (await page.locator('.hero').boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height - 2, { steps: 5 });
  await page.waitForTimeout(300);
  for (const selector of ['.hero-truck', '.hero-lights', '.hero-blob']) {
    expect(await transformOf(page.locator(selector).first())).toBe('none');
  }
  // Why-us does not move with the scroll.
  await page.evaluate(() =>
    window.scrollTo({ top: document.getElementById('why-us')!.offsetTop - 200, behavior: 'instant' }),
  );
  await page.waitForTimeout(200);
  expect(await transformOf(page.locator('.why-us-inner'))).toBe('none');

  // The logo scroller still duplicates its children, hidden from assistive technology,
  // but stands still and shows each name once.
  const scroller = page.locator('.logo-scroller');
  const originals = await scroller.locator('li:not([aria-hidden="true"])').count();
  await expect(scroller.locator('li[aria-hidden="true"]')).toHaveCount(originals);
  await expect(scroller.locator('ul')).toHaveCSS('animation-name', 'none');
  for (const copy of await scroller.locator('li[aria-hidden="true"]').all()) await expect(copy).toBeHidden();
  for (const original of await scroller.locator('li:not([aria-hidden="true"])').all())
    await expect(original).toBeVisible();

  // The lights still switch (not motion).
  await page.getByRole('button', { name: 'Truck lights' }).click();
  await expect(page.locator('.hero')).toHaveClass(/lights-on/);
});
