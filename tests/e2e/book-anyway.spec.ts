// "Book anyway" in real Chromium against the production build (issue 38, record 280):
// two inquiries for one day that takes one event; the owner books the first; Booked on
// the second is refused with the day already booked, and "Book anyway" books it, the
// inquiry's history saying so. Axe finds nothing on the refusal.
import { content } from '../../content/index.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

test('Booked on a day already booked is refused; "Book anyway" books it and the history says so', async ({
  page,
  consoleWatch,
}) => {
  // The refusal is the API's 409, which Chromium logs.
  consoleWatch.allow('status of 409');
  // A day of its own, far from the other tests' days.
  const day = addDays(localNow(new Date(), content.timeZone).date, 800 + Math.floor(Math.random() * 100));
  const first = await sendByApi(page.request, `First${unique()}`, { eventDate: day });
  const second = await sendByApi(page.request, `Second${unique()}`, { eventDate: day });
  await signIn(page, addOwner());

  const book = async (id: string) => {
    await page.goto(`/inbox/inquiries/${id}`);
    await page.getByLabel('Status', { exact: true }).selectOption('booked');
    await page.getByRole('button', { name: 'Save status' }).click();
  };
  await book(first);
  await expect(page.getByRole('status').filter({ hasText: 'Status saved: Booked.' })).toBeVisible();

  await book(second);
  const refusal = page.getByRole('alert').filter({ hasText: 'That day is already booked.' });
  await expect(refusal).toBeVisible();
  await expectNoViolations(page);
  await refusal.getByRole('button', { name: 'Book anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status saved: Booked (booked anyway).' })).toBeVisible();
  const history = page.getByRole('list').filter({ hasText: 'Booked anyway: the day was already booked' });
  await expect(history).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
