// The owner's own choices and the Booked inquiries in real Chromium: the e-mail's
// link survives signing in, "Already booked that day", the upcoming bookings, and on
// the Notifications page the calendar feed with "Reset link", e-mail on or off and
// "Sign out other devices".
import { expect, test } from './fixtures.js';
import { addOwner, PASSWORD, sendByApi, signIn, unique } from './owner.js';
import { inDays } from './visitor.js';
import { expectNoViolations } from './axe.js';

test('the inbox link in an e-mail opens that inquiry once signed in, after a wrong password too', async ({ page }) => {
  const owner = addOwner();
  const lastName = `Linked${unique()}`;
  const id = await sendByApi(page.request, lastName);
  await page.goto(`/inbox?id=${id}`);
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password').fill('not the right password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${lastName}` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/inbox/inquiries/${id}`);
});

test('a second inquiry for a Booked day says so, naming and linking the booking; Bookings lists it', async ({
  page,
}) => {
  const owner = addOwner();
  const day = inDays(75);
  const bookedName = `Booked${unique()}`;
  const askingName = `Asking${unique()}`;
  const booked = await sendByApi(page.request, bookedName, { eventDate: day });
  const asking = await sendByApi(page.request, askingName, { eventDate: day });
  await signIn(page, owner);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const origin = new URL(page.url()).origin;
  const set = await page.request.put(`/api/owner/inquiries/${booked}/status`, {
    headers: { origin },
    data: { status: 'booked' },
  });
  expect(set.status()).toBe(200);

  await page.goto(`/inbox/inquiries/${asking}`);
  const notice = page.getByText('Already booked that day:');
  await expect(notice).toBeVisible();
  await page.getByRole('link', { name: `Erin ${bookedName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${bookedName}` })).toBeVisible();

  await page.getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Erin ${bookedName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Erin ${askingName}` })).toHaveCount(0);
  await expectNoViolations(page);
});

test('the Notifications page: the calendar feed and its reset, e-mail off for me, sign out other devices', async ({
  page,
  browser,
}) => {
  const owner = addOwner();
  // Another device of the same owner.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, owner);
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await signIn(page, owner);
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const feed = page.getByLabel('Calendar feed address');
  await expect(feed).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  const oldUrl = await feed.inputValue();
  expect((await page.request.get(new URL(oldUrl).pathname)).headers()['content-type']).toBe(
    'text/calendar; charset=utf-8',
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Reset link' }).click();
  await expect(page.getByText('A new link was made; the old one no longer works.')).toBeVisible();
  await expect(feed).not.toHaveValue(oldUrl);
  expect((await page.request.get(new URL(oldUrl).pathname)).status()).toBe(404);

  const emailMe = page.getByLabel(/E-mail me .* about each new inquiry/);
  await expect(emailMe).toBeChecked();
  await emailMe.uncheck();
  await expect(page.getByText('You will not be e-mailed about new inquiries.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/E-mail me .* about each new inquiry/)).not.toBeChecked();

  // What signing out covers is said before it is done; the feed's address changes with it.
  await expect(page.getByText(/It also turns off notifications on every device but this one/)).toBeVisible();
  const feedBefore = await feed.inputValue();
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('Signed out of 1 other device. The calendar feed has a new address.')).toBeVisible();
  await expect(feed).not.toHaveValue(feedBefore);
  expect((await page.request.get(new URL(feedBefore).pathname)).status()).toBe(404);
  await other.reload();
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await otherContext.close();

  await expectNoViolations(page);
});
