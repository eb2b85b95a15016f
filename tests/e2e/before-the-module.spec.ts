// No dead taps (issue 32 item 1, record 160): with the page's module held back, every
// control on the page does its job from the first paint (the menu, the package tabs by
// mouse and keyboard, the hero's lights, a Book button and the form it shows), and once
// the module arrives it takes over from the state the visitor left, without undoing
// any of it.
import type { Page, Route } from '@playwright/test';
import { BOOK_THE_TRUCK, content } from '../support/content-words.js';
import { expect, test } from './fixtures.js';
import { dialogOf } from './visitor.js';

/** Holds the page's module until `release()` is called. */
async function holdModule(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Loads the page with its module held back; resolves once the body (and its boot script) is parsed. */
async function openWithoutModule(page: Page): Promise<() => void> {
  const release = await holdModule(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('script[data-src]').waitFor({ state: 'attached' });
  return release;
}

const hydrated = (page: Page) => page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
const moduleRan = (page: Page) => page.evaluate(() => window.curbsideModule === true);

test('the menu opens and closes, and a followed link closes it, before the module; open, the module keeps it open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const release = await openWithoutModule(page);
  const toggle = page.locator('.nav-toggle');
  const navbar = page.locator('.navbar');
  const links = page.locator('#nav-links');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toBeHidden();

  await toggle.click();
  await expect(links).toBeVisible();
  await expect(navbar).toHaveClass(/\bnav-active\b/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The keyboard's way out.
  await page.keyboard.press('Escape');
  await expect(links).toBeHidden();
  await expect(navbar).not.toHaveClass(/\bnav-active\b/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // A followed link closes it.
  await toggle.click();
  const first = content.nav[0]!;
  await links.getByRole('link', { name: first.label }).click();
  await expect(links).toBeHidden();
  expect(new URL(page.url()).hash).toBe(first.href);
  expect(await moduleRan(page)).toBe(false);

  // Left open when the module arrives: it stays open, and the module closes it.
  await toggle.click();
  release();
  await hydrated(page);
  await expect(links).toBeVisible();
  await expect(navbar).toHaveClass(/\bnav-active\b/);
  await toggle.click();
  await expect(links).toBeHidden();
  await expect(navbar).not.toHaveClass(/\bnav-active\b/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the package tabs answer clicks, arrows, Home and End before the module; the module keeps the tab chosen', async ({
  page,
}) => {
  test.skip(content.packageGroups.length < 2, 'the content has one package group');
  const release = await openWithoutModule(page);
  const tabs = page.locator('#packages [role=tab]');
  const count = await tabs.count();
  const expectSelected = async (index: number) => {
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
      await expect(tab).toHaveAttribute('aria-selected', String(i === index));
      if (i === index) {
        await expect(tab).toHaveClass(/\bactive\b/);
        await expect(panel).toBeVisible();
      } else {
        await expect(tab).not.toHaveClass(/\bactive\b/);
        await expect(panel).toBeHidden();
      }
    }
  };
  await expectSelected(0);
  await tabs.nth(1).click();
  await expectSelected(1);
  await expect(tabs.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expectSelected(0);
  await page.keyboard.press('End');
  await expectSelected(count - 1);
  await page.keyboard.press('Home');
  await expectSelected(0);
  await page.keyboard.press('ArrowRight');
  await expectSelected(1);
  // The panel's cards are shown as it scrolls into view, as the module would.
  const panel = page.locator('#packages [role=tabpanel]:not([hidden])');
  await panel.scrollIntoViewIfNeeded();
  await expect(panel).toHaveAttribute('data-revealed', '');
  await expect(panel.locator('.package-card').first()).toBeVisible();
  expect(await moduleRan(page)).toBe(false);

  release();
  await hydrated(page);
  await expectSelected(1);
  // The module carries on from there.
  await tabs.nth(1).focus();
  await page.keyboard.press('ArrowRight');
  await expectSelected(2 % count);
});

test('the hero’s lights switch from a click on the area or on the lights before the module; the module keeps them on', async ({
  page,
}) => {
  const release = await openWithoutModule(page);
  const hero = page.locator('.hero');
  const lights = page.getByRole('button', { name: 'Truck lights' });
  await expect(hero).not.toHaveClass(/\blights-on\b/);
  await page.locator('.hero-lead').click();
  await expect(hero).toHaveClass(/\blights-on\b/);
  await expect(lights).toHaveAttribute('aria-pressed', 'true');
  await lights.focus();
  await page.keyboard.press('Enter');
  await expect(hero).not.toHaveClass(/\blights-on\b/);
  await expect(lights).toHaveAttribute('aria-pressed', 'false');
  await lights.click();
  await expect(hero).toHaveClass(/\blights-on\b/);
  expect(await moduleRan(page)).toBe(false);

  release();
  await hydrated(page);
  await expect(hero).toHaveClass(/\blights-on\b/);
  await expect(lights).toHaveAttribute('aria-pressed', 'true');
  // One click, one switch: the module does not answer a click the boot script answered too.
  await lights.click();
  await expect(hero).not.toHaveClass(/\blights-on\b/);
  await expect(lights).toHaveAttribute('aria-pressed', 'false');
});

test('a Book button shows the form before the module, Escape closes it, and the module turns it into the overlay', async ({
  page,
}) => {
  const release = await openWithoutModule(page);
  const book = page.getByRole('button', { name: BOOK_THE_TRUCK });
  const form = page.locator('#inquiry');
  await book.click();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await book.click();
  await expect(form).toBeVisible();
  await form.getByLabel('First name').fill('Early');
  await form.getByLabel('Email').fill('early@example.com');
  expect(await moduleRan(page)).toBe(false);

  release();
  await hydrated(page);
  const dialog = dialogOf(page);
  await expect(dialog).toHaveAttribute('open', '');
  await expect(dialog.getByLabel('First name')).toHaveValue('Early');
  // Turned into the overlay in place: no entrance played, and the field being typed in keeps the focus.
  expect(await dialog.evaluate((element) => element.getAnimations().length)).toBe(0);
  await expect(dialog.getByLabel('Email')).toBeFocused();
});
