// Everyone taps before hydration ends: a click on the hero's call to action as
// soon as the HTML has painted still ends with a stored inquiry, whether the
// page's script has not arrived yet or the overlay's code is still on its way.
import type { Page, Route } from '@playwright/test';
import { content, truckOperation } from '../../content/index.js';
import { BOOK_THE_TRUCK } from '../support/content-words.js';
import { expect, test } from './fixtures.js';
import { buildVisitor, dialogOf, fill, storedByEmail } from './visitor.js';

const SENT = 'We got your inquiry! 🎉';

/** Holds the responses for `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('clicked before the page script has arrived: the form shows at once, becomes the overlay, and sends', async ({
  page,
}) => {
  const release = await hold(page, '**/assets/index-*.js');
  await page.goto('/', { waitUntil: 'commit' });
  const bookTheTruck = page.getByRole('button', { name: BOOK_THE_TRUCK });
  await bookTheTruck.click();
  // No script yet: the link shows the form (#inquiry) as a plain HTML form.
  const form = page.locator('#inquiry');
  await expect(form).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  await form.getByLabel('First name').fill('Early');

  release();
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  // The script has turned it into the modal overlay, keeping what was typed.
  const dialog = dialogOf(page);
  await expect(dialog).toHaveAttribute('open', '');
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect(dialog.getByLabel('First name')).toHaveValue('Early');
  expect(new URL(page.url()).hash).toBe('');

  const visitor = buildVisitor({ 'First name': 'Early' });
  await fill(dialog, visitor);
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.locator('.toast-message').filter({ hasText: SENT })).toBeVisible();
  const stored = await storedByEmail(visitor.Email);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.firstName).toBe('Early');
});

test('clicked while the overlay’s code is still loading: it opens as soon as it has arrived, and sends', async ({
  page,
}) => {
  const release = await hold(page, '**/assets/inquiry-island-*.js');
  // The page's module loads after the first paint, possibly after `load`: once it
  // asks for the overlay's code (held here), its click listeners are in place.
  const overlayRequested = page.waitForRequest('**/assets/inquiry-island-*.js');
  await page.goto('/');
  await overlayRequested;
  const bookTheTruck = page.getByRole('button', { name: BOOK_THE_TRUCK });
  await bookTheTruck.click();
  // The click was taken by the page script: no jump to #inquiry, the overlay is on its way.
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.locator('#inquiry')).toBeHidden();

  release();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  const visitor = buildVisitor();
  await fill(dialog, visitor);
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.locator('.toast-message').filter({ hasText: SENT })).toBeVisible();
  // Closing gives focus back to the button that was clicked before the overlay existed.
  await expect(bookTheTruck).toBeFocused();
  expect(await storedByEmail(visitor.Email)).toHaveLength(1);
});

test('a package’s Book pressed before the page script: the overlay opens on that package, unless the visitor chose meanwhile', async ({
  page,
}) => {
  // The first tab's last card (the first tab is open in the HTML). Until the script runs the
  // cards wait off to the side for their entrance, so it is pressed from the keyboard.
  const group = content.packageGroups[0]!;
  const card = group.packages.at(-1)!;
  const truck = group.id === content.truckPackageGroup;
  const operation = truck ? truckOperation(content) : (card.operation ?? group.operation ?? '');
  const book = page.getByRole('tabpanel', { name: group.label }).getByRole('button', { name: `Book ${card.name}` });

  for (const visitorChooses of [false, true]) {
    const release = await hold(page, '**/assets/index-*.js');
    await page.goto('/', { waitUntil: 'commit' });
    // The body parsed (its boot script ends it), the module held back.
    await page.locator('script[data-src]').waitFor({ state: 'attached' });
    await book.press('Enter');
    const form = page.locator('#inquiry');
    await expect(form).toBeVisible();
    const service = form.getByLabel('Service', { exact: true });
    const other = await service.evaluate(
      (select: HTMLSelectElement, chosen) => [...select.options].find((o) => o.value && o.value !== chosen)!.value,
      operation,
    );
    if (visitorChooses) await service.selectOption(other);

    release();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const dialog = dialogOf(page);
    await expect(dialog).toHaveAttribute('open', '');
    await expect(dialog.getByLabel('Service', { exact: true })).toHaveValue(visitorChooses ? other : operation);
    if (truck && !visitorChooses) await expect(dialog.getByLabel('Package', { exact: true })).toHaveValue(card.name);
    await page.unroute('**/assets/index-*.js');
    await page.evaluate(() => localStorage.clear());
  }
});
