// The inbox on a phone (issue 18 item 1), in real Chromium against the production
// build: at 320, 360 and 412 px (a Pixel 7) the list is cards, at 1440 px a table;
// with 60-character names and long company names nothing is clipped and nothing
// scrolls sideways; each item links to the inquiry by the customer's full name; the
// inquiry's Reply, Call and Save status are big enough to tap; axe finds nothing.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

/** Small phones, a common phone, a Pixel 7, a desktop. */
const WIDTHS = [
  [320, 640],
  [360, 740],
  [412, 915],
  [1440, 900],
] as const;

async function expectNothingWider(page: Page, width: number): Promise<void> {
  const sizes = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(sizes[0], `page width at ${width} px`).toBeLessThanOrEqual(sizes[1]!);
}

/** The link's text is all there: inside the viewport and not cut off by its box. */
async function expectWhole(page: Page, name: string, width: number): Promise<void> {
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x, `${name} at ${width} px`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
  const clipped = await link.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') return true;
    }
    return false;
  });
  expect(clipped, `${name} clipped at ${width} px`).toBe(false);
}

test('the list is cards on a phone and a table on a desktop, long names whole, at every width', async ({ page }) => {
  const owner = addOwner();
  const tag = unique();
  // 60 characters with the space: the longest names people type.
  const longFirst = `Maximiliana-Alejandra ${tag}`.padEnd(30, 'x').slice(0, 30);
  const longLast = 'Konstantinopoulou-Vanderberg';
  const fullName = `${longFirst} ${longLast}`;
  expect(fullName.length).toBeGreaterThanOrEqual(59);
  await sendByApi(page.request, longLast, {
    firstName: longFirst,
    company: 'The Extraordinarily Long-Named Elementary and Middle School District of Somewhere',
  });
  const shortName = `Short${tag}`;
  await sendByApi(page.request, shortName);

  await signIn(page, owner);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/inbox');
    await expect(page.getByRole('link', { name: fullName, exact: true })).toBeVisible();
    if (width < 768) {
      await expect(page.getByRole('table')).toBeHidden();
      await expect(page.getByRole('list', { name: 'Inquiries, newest first' })).toBeVisible();
    } else {
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Inquiries, newest first' })).toBeHidden();
    }
    await expectWhole(page, fullName, width);
    await expectWhole(page, `Erin ${shortName}`, width);
    await expectNothingWider(page, width);
    await expectNoViolations(page);
  }

  // The inquiry on the smallest phone: whole, and its actions big enough to tap.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.getByRole('link', { name: fullName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expectNothingWider(page, 320);
  for (const target of [
    page.getByRole('link', { name: 'Reply by email' }),
    page.getByRole('link', { name: 'Call' }),
    page.getByRole('button', { name: 'Save status' }),
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
});

test('no inbox page scrolls sideways, from 320 px to a desktop; the Status select is big enough to tap', async ({
  page,
}) => {
  // Sixteen page loads, and axe on each page at 320 px.
  test.slow();
  const owner = addOwner();
  const longLast = `Konstantinopoulou-Vanderberg${unique()}`;
  const id = await sendByApi(page.request, longLast, {
    company: 'The Extraordinarily Long-Named Elementary and Middle School District of Somewhere',
  });
  await signIn(page, owner);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const booked = await page.request.put(`/api/owner/inquiries/${id}/status`, {
    headers: { origin: new URL(page.url()).origin },
    data: { status: 'booked' },
  });
  expect(booked.status()).toBe(200);

  const pages = [
    { path: `/inbox/inquiries/${id}`, heading: `Erin ${longLast}` },
    // The calendar feed's long address and the push devices are here.
    { path: '/inbox/settings', heading: 'Notifications' },
    { path: '/inbox/bookings', heading: 'Upcoming bookings' },
    { path: '/inbox/schedule', heading: 'Schedule' },
  ];
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Nor does a field run over its box (a date input will not shrink below its date).
      const overrun = await page.evaluate(() =>
        [...document.querySelectorAll('.inbox-field')]
          .filter((field) => field.scrollWidth > field.clientWidth + 1)
          .map((field) => field.className),
      );
      expect(overrun, `${path} at ${width} px`).toEqual([]);
      if (width === 320) {
        await expectNoViolations(page, { where: path });
      }
      await expectNothingWider(page, width);
    }
  }

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/inbox/inquiries/${id}`);
  const box = (await page.getByLabel('Status', { exact: true }).boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
});

test('on a 320 px phone the inbox opens on the leads: an inquiry in the first screen, the filters one tap away', async ({
  page,
}) => {
  const owner = addOwner();
  await sendByApi(page.request, `Lead${unique()}`);
  // The iPhone SE's screen.
  await page.setViewportSize({ width: 320, height: 568 });
  await signIn(page, owner);
  const first = page.locator('.inbox-cards > li').first().getByRole('link').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y + box.height, 'the first inquiry’s name is in the first screen').toBeLessThanOrEqual(568);
  // The search stays; the other filters fold behind one button, and open with it.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(page.getByLabel('Filter by status')).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByLabel('Filter by status')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expectNothingWider(page, 320);
});
