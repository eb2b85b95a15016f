// A send that cannot be misread (issue 32 item 2, record 161): the overlay still closes
// at once and the spec's toasts keep their words and times, but a note stays on the page
// saying what became of the inquiry: being sent; not sent, with "Try again", which
// reopens the form with every value and choice as the visitor left them; or sent, with
// what was asked for, what happens next and the server's estimate. The Wait toast never
// covers the open form's controls, goes once the form is complete, and never stacks on
// the success toast.
import type { Locator, Page } from '@playwright/test';
import { BOOK_THE_TRUCK, content, PACKAGE, TRUCK, TRUCK_GROUP } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';
import { buildVisitor, dialogOf, fill, pressIncompleteSend, storedByEmail } from './visitor.js';

const SENT = 'We got your inquiry! 🎉';
const FAILED = 'Couldn’t send your inquiry. Please try again.';
const WAIT_MESSAGE = 'Please fill out all required fields before submitting...';

const note = (page: Page) => page.locator('.send-note');

/** The visitor's answers but the service and package, which the Book button chose. */
function withoutChoice(visitor: ReturnType<typeof buildVisitor>) {
  const { Service: _service, Package: _package, ...rest } = visitor;
  return rest as ReturnType<typeof buildVisitor>;
}

async function expectAllKept(dialog: Locator, visitor: ReturnType<typeof buildVisitor>): Promise<void> {
  for (const [label, value] of Object.entries(visitor)) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  }
}

test('a failed send reopens nothing, says so on the page and offers Try again, which keeps every value and choice', async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow('not sent');
  consoleWatch.allow('Failed to load resource');
  await page.setViewportSize({ width: 412, height: 839 });
  await openPage(page);
  await page.getByRole('tab', { name: TRUCK_GROUP.label }).click();
  await page.getByRole('button', { name: `Book ${PACKAGE}` }).click();
  const dialog = dialogOf(page);
  const visitor = buildVisitor();
  // The Book button chose the service and the package; the visitor fills in the rest.
  await fill(dialog, withoutChoice(visitor));
  await page.route('**/api/inquiries/*', (route) => route.abort('internetdisconnected'));

  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  // The overlay closes at once (spec §4), and the page says the inquiry is on its way.
  await expect(dialog).toBeHidden();
  await expect(note(page).getByRole('heading')).toHaveText('Sending your inquiry…');
  await expect(note(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);

  await expect(page.locator('.toast-error .toast-message')).toHaveText(FAILED, { timeout: 15_000 });
  await expect(note(page).getByRole('heading')).toHaveText('Your inquiry was not sent');
  await expect(dialog).toBeHidden();

  await note(page).getByRole('button', { name: 'Try again' }).click();
  await expect(dialog).toBeVisible();
  await expectAllKept(dialog, visitor);

  // Closed and opened again from a button that chooses nothing, the choice stays too.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send an inquiry' }).click();
  await expectAllKept(dialog, visitor);

  await page.unroute('**/api/inquiries/*');
  const created = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.status() === 201,
  );
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  const answer = (await (await created).json()) as { estimate?: string };
  await expect(page.locator('.toast-message').filter({ hasText: SENT })).toBeVisible();
  await expect(note(page).getByRole('heading')).toHaveText('Inquiry sent');
  // The estimate as the server gave it, or none when it gave none (a package without a price).
  if (answer.estimate) await expect(note(page).locator('.send-note-estimate')).toHaveText(answer.estimate);
  else await expect(note(page)).not.toContainText('Estimate');
  const stored = await storedByEmail(visitor.Email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ operation: TRUCK, package: PACKAGE });
});

test('after a success a note stays on the page: what was sent, what happens next, and the estimate the server gave', async ({
  page,
}) => {
  const ESTIMATE = '$2,880–$3,240';
  const NOTE = 'Basic for 120 guests and travel to your address. An estimate, not a quote.';
  // The real server stores it; its answer carries this estimate, whatever the content's prices.
  await page.route('**/api/inquiries/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, estimate: ESTIMATE, estimateNote: NOTE } });
  });
  await openPage(page);
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const dialog = dialogOf(page);
  const visitor = buildVisitor({ 'Planned guests': '120' });
  await fill(dialog, visitor);
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();

  const toast = page.locator('.toast').filter({ hasText: SENT });
  await expect(toast).toBeVisible();
  // The spec's toast goes after its 5 s (and its 1 s fade); the note stays.
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  await expect(note(page)).toBeVisible();
  await expect(note(page).getByRole('heading')).toHaveText('Inquiry sent');
  await expect(note(page)).toContainText(`${PACKAGE} · ${TRUCK}`);
  await expect(note(page)).toContainText('120 guests');
  const day = new Intl.DateTimeFormat(content.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${visitor.Date}T12:00:00Z`));
  await expect(note(page)).toContainText(day);
  await expect(note(page)).toContainText(`What happens next`);
  await expect(note(page)).toContainText(visitor.Email);
  await expect(note(page).locator('.send-note-estimate')).toHaveText(`Estimate: ${ESTIMATE}`);
  await expect(note(page)).toContainText(NOTE);
  expect(await storedByEmail(visitor.Email)).toHaveLength(1);

  await note(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(note(page)).toHaveCount(0);
});

test('on a phone the Wait toast takes its own room above the form, goes once the form is complete, and never stacks on the success toast', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 839 });
  await page.clock.install();
  await openPage(page);
  // From here on, time moves only when the test says so: the toasts' 5 s never run out by themselves.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const dialog = dialogOf(page);
  const send = dialog.getByRole('button', { name: 'Send inquiry' });
  // Exposed as disabled (record 220), described by what it waits for.
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await expect(send).toHaveAccessibleDescription('Fill in every required field to send.');
  await pressIncompleteSend(send);

  const wait = page.locator('.toast').filter({ hasText: WAIT_MESSAGE });
  await expect(wait).toBeVisible();
  const toastBox = (await wait.boundingBox())!;
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  for (const control of [dialog.getByRole('heading', { name: 'Tell us about your event' }), close]) {
    const box = (await control.boundingBox())!;
    const apart =
      box.y >= toastBox.y + toastBox.height ||
      toastBox.y >= box.y + box.height ||
      box.x >= toastBox.x + toastBox.width ||
      toastBox.x >= box.x + box.width;
    expect(apart, 'the toast does not cover the form’s title or its Close button').toBe(true);
  }
  const closeBox = (await close.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.inquiry-close') !== null, {
    x: closeBox.x + closeBox.width / 2,
    y: closeBox.y + closeBox.height / 2,
  });
  expect(hit, 'a tap on Close reaches Close').toBe(true);

  // Complete, the Wait toast goes at once (its 5 s have not passed: the clock stands still).
  await fill(dialog, buildVisitor());
  await expect(wait).toHaveClass(/toast-hiding/);
  await expect(send).not.toHaveAttribute('aria-describedby');
  await page.clock.runFor(1000);
  await expect(wait).toHaveCount(0);

  await send.click();
  await expect(page.locator('.toast').filter({ hasText: SENT })).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(1);
});

test('on a 320 px phone the success toast never covers the note’s heading, and both stay where the spec puts them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  // A long note: the estimate and its breakdown, as a real answer can carry.
  await page.route('**/api/inquiries/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    const estimateNote =
      'Basic: 120 guests × $16.00 = $1,920.00; service 18% = $345.60; tax 8.25% = $186.91; travel to your address included. An estimate from our listed prices, not a quote: we confirm the price with your quote.';
    await route.fulfill({ response, json: { ...body, estimate: '$2,452.51', estimateNote } });
  });
  await page.clock.install();
  await openPage(page);
  // From here on the toast's 5 s never run out by themselves.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const dialog = dialogOf(page);
  await fill(dialog, buildVisitor({ 'Planned guests': '120' }));
  await dialog.getByRole('button', { name: 'Send inquiry' }).click();
  const toast = page.locator('.toast').filter({ hasText: SENT });
  const heading = note(page).getByRole('heading', { name: 'Inquiry sent' });
  await expect(toast).toBeVisible();
  await expect(heading).toBeVisible();
  await page.clock.runFor(400); // the toast's 300 ms fade-in: where it will stay
  const toastBox = (await toast.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  // The toast stays top centre (spec §9).
  expect(Math.abs(toastBox.x + toastBox.width / 2 - 160)).toBeLessThan(10);
  expect(toastBox.y).toBeLessThan(40);
  expect(headingBox.y, 'the note’s heading is below the toast').toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
  // Nothing of the note is wider than the phone (a long e-mail address wraps).
  const noteBox = (await note(page).boundingBox())!;
  expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(320);
  expect(await note(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // The rest of the note is there to scroll to, Dismiss included.
  await note(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(note(page)).toHaveCount(0);
});
