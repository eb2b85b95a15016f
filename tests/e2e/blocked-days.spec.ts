// "Block a day" in real Chromium against the production build (issue 38, record 240):
// at a phone's width the owner blocks a day from the Schedule page with a private
// reason; the public availability names the day and nothing else; the block is listed
// and removed, and the day is free again. Axe finds nothing; nothing scrolls sideways.
import { content } from '../../content/index.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { expect, test } from './fixtures.js';
import { addOwner, signIn, unique } from './owner.js';
import { buildVisitor, fill, storedByEmail } from './visitor.js';
import { expectNoViolations } from './axe.js';

test.use({ viewport: { width: 360, height: 780 } });

test('an owner blocks a day from the phone, the public sees it taken (not why), and removes it', async ({
  page,
  browser,
}) => {
  const today = localNow(new Date(), content.timeZone).date;
  // Far ahead: the other tests' inquiries are for the next weeks.
  const day = addDays(today, 600 + Math.floor(Math.random() * 100));
  const reason = `Family ${unique()}`;
  const availability = async () => {
    const response = await page.request.get(`/api/availability?from=${day}&to=${day}`);
    expect(response.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
    return {
      body: await response.text(),
      unavailable: ((await response.json()) as { unavailable: string[] }).unavailable,
    };
  };

  await signIn(page, addOwner());
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('form', { name: 'Block a day' });
  await form.getByLabel('Date', { exact: true }).fill(addDays(today, -1));
  await form.getByRole('button', { name: 'Block a day' }).click();
  await expect(form.getByLabel('Date', { exact: true })).toHaveAccessibleDescription(
    'Date: pick today or a later day.',
  );
  expect((await availability()).unavailable).toEqual([]);

  await form.getByLabel('Date', { exact: true }).fill(day);
  await form.getByLabel('Reason', { exact: true }).fill(reason);
  await form.getByRole('button', { name: 'Block a day' }).click();
  await expect(page.getByRole('status')).toContainText('Blocked: ');
  const item = page.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toBeVisible();
  const answer = await availability();
  expect(answer.unavailable).toEqual([day]);
  expect(answer.body).not.toContain('Family');

  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The form without JavaScript refuses the day beside Event date, keeping what was typed.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/inquiry');
    const answers = buildVisitor({ Date: day });
    await fill(visitor.locator('form'), answers);
    await visitor.getByRole('button', { name: 'Send inquiry' }).click();
    const date = visitor.getByLabel('Date', { exact: true });
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toHaveAccessibleDescription(
      /We’re already booked on that date\. Please choose another\.|We're already booked on that date\. Please choose another\./,
    );
    await expect(date).toHaveValue(day);
    await expect(visitor.getByLabel('Email', { exact: true })).toHaveValue(answers.Email);
    expect(await storedByEmail(answers.Email)).toEqual([]);
  } finally {
    await visitorContext.close();
  }

  await item.getByRole('button', { name: /^Remove the block on / }).click();
  await expect(page.getByRole('status')).toContainText('Removed the block on ');
  await expect(page.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  expect((await availability()).unavailable).toEqual([]);
});
