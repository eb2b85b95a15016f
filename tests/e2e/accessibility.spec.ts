import { BOOK_THE_TRUCK, TRUCK } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';
import { pressIncompleteSend } from './visitor.js';
import { expectNoViolations } from './axe.js';

// Axe reads colours as painted: show everything (no entrance animations) first.
test.use({ colorScheme: 'light' });
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('the page has no axe violations (WCAG 2.2 A and AA)', async ({ page }) => {
  await openPage(page);
  await expectNoViolations(page);
});

test('no axe violations with the inquiry dialog open, the package select shown and a toast up', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  await page.getByRole('dialog').getByLabel('Service').selectOption(TRUCK);
  await pressIncompleteSend(page.getByRole('dialog').getByRole('button', { name: 'Send inquiry' }));
  await expect(page.locator('.toast')).toBeVisible();
  await expectNoViolations(page);
});

test('no axe violations on a phone with the menu open, with the lights on and the other tab shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPage(page);
  await page.getByRole('button', { name: 'Truck lights' }).click();
  await page.locator('#packages [role=tab]').nth(1).click();
  await page.locator('.nav-toggle').click();
  await expectNoViolations(page);
});

test('landmarks, one h1, a skip link, and targets of at least 24 px', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea')]
      .filter((element) => element.offsetParent !== null && !element.closest('.honeypot'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const inline = getComputedStyle(element).display === 'inline' && element.closest('p, li');
        return !inline && (box.width < 24 || box.height < 24);
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
});
