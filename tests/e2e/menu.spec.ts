// The menu (#menu): every group and item of the content file, with its price in the
// menu's currency, its line and its dietary marks as words; prerendered, so the
// same without JavaScript; linked from the navigation and, as JSON-LD, from the business.
import { DIETARY_LABELS, menuPrice } from '../../content/helpers.js';
import { content } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';

const menu = content.menu!;

test.describe('the menu', () => {
  test.skip(!content.menu, 'this content file has no menu');

  for (const javaScript of [true, false]) {
    test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled: javaScript });

      test('every group and item with its price, line and dietary marks in words', async ({ page }) => {
        if (javaScript) await openPage(page);
        else await page.goto('/');
        const section = page.locator('#menu');
        await expect(section.getByRole('heading', { level: 2, name: 'Menu' })).toBeVisible();
        for (const group of menu.groups) {
          const region = section.getByRole('region', { name: group.name, exact: true });
          await expect(region.getByRole('heading', { level: 3 })).toHaveText(group.name);
          const items = region.locator('.menu-item');
          await expect(items).toHaveCount(group.items.length);
          for (const [index, item] of group.items.entries()) {
            const entry = items.nth(index);
            await expect(entry.locator('.menu-item-name')).toHaveText(item.name);
            await expect(entry.locator('.menu-item-price')).toHaveText(
              menuPrice(item.price, menu.currency, content.locale),
            );
            if (item.description) await expect(entry).toContainText(item.description);
            const tags = entry.getByRole('list', { name: 'Dietary' }).getByRole('listitem');
            await expect(tags).toHaveText((item.tags ?? []).map((tag) => DIETARY_LABELS[tag]));
          }
        }
      });
    });
  }

  test('the navigation leads to it; search engines find it linked from the business', async ({ page }) => {
    await openPage(page);
    const link = content.nav.find((entry) => entry.href === '#menu');
    expect(link, 'the content file’s navigation has a link to #menu').toBeDefined();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link!.label, exact: true }).click();
    await expect(page).toHaveURL(/#menu$/);
    await expect(page.locator('#menu h2')).toBeInViewport();

    const business = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent())!);
    expect(business.hasMenu['@type']).toBe('Menu');
    const names = business.hasMenu.hasMenuSection.flatMap((section: { hasMenuItem: { name: string }[] }) =>
      section.hasMenuItem.map((item) => item.name),
    );
    expect(names).toEqual(menu.groups.flatMap((group) => group.items.map((item) => item.name)));
  });

  test('photos: alt from the content, decoded, in a fixed 80 px square', async ({ page }) => {
    const items = menu.groups.flatMap((group) => group.items).filter((item) => item.photo);
    test.skip(items.length === 0, 'no menu photos in this content file');
    await openPage(page);
    for (const item of items) {
      const img = page.locator('#menu').getByRole('img', { name: item.photo!.alt, exact: true });
      await img.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect
        .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
      const box = await img.evaluate((element: HTMLImageElement) => ({
        width: element.offsetWidth,
        height: element.offsetHeight,
        src: element.currentSrc,
      }));
      expect(box).toMatchObject({ width: 80, height: 80, src: expect.stringMatching(/\/assets\/pictures\/.+\.avif$/) });
    }
  });
});
