// One visitor in a hundred never gets the JavaScript. With it off, every
// `.book-us` still leads to the form, which posts as a plain HTML form; the
// server applies the API's rules and answers with a page: the form again with
// every value kept and each error by its field, or the thank-you page. A double
// submit stores one inquiry.
import { BOOK_THE_TRUCK, content, PACKAGE, TRUCK, TRUCK_GROUP } from '../support/content-words.js';
import { expect, test } from './fixtures.js';
import { buildVisitor, fill, inDays, storedByEmail } from './visitor.js';

test.use({ javaScriptEnabled: false });

const SENT = 'We got your inquiry! 🎉';

test('every book-us control leads to the form, and Close leads back', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#inquiry');
  await expect(form).toBeHidden();
  const openers = page.locator('.book-us');
  expect(await openers.count()).toBeGreaterThanOrEqual(4);
  // A package's button leads to the form page with that package chosen; the others to the page's form.
  const links = await openers.evaluateAll((all) =>
    all.map((link) => ({ href: link.getAttribute('href'), package: link.getAttribute('data-package') })),
  );
  for (const link of links) {
    expect(link.href).toBe(link.package ? `/inquiry?package=${encodeURIComponent(link.package)}` : '#inquiry');
  }
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('First name')).toBeVisible();
  // Without the script the package choice is always there (the server ignores it for other services).
  await expect(form.getByLabel('Package', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form).toBeHidden();
});

test(`"Book ${PACKAGE}" opens the form with the truck and ${PACKAGE} chosen, and sends it so`, async ({ page }) => {
  // Without the script only the first tab's cards are shown.
  test.skip(content.packageGroups[0]!.id !== TRUCK_GROUP.id, 'the truck’s packages are not the first tab');
  await page.goto('/');
  await page.getByRole('button', { name: `Book ${PACKAGE}` }).click();
  await expect(page).toHaveURL(`/inquiry?package=${encodeURIComponent(PACKAGE)}`);
  await expect(page.getByLabel('Service', { exact: true })).toHaveValue(TRUCK);
  await expect(page.getByLabel('Package', { exact: true })).toHaveValue(PACKAGE);
  const { Service: _service, Package: _package, ...rest } = buildVisitor();
  await fill(page.locator('form'), rest as ReturnType<typeof buildVisitor>);
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  const [stored] = await storedByEmail(rest.Email);
  expect(stored).toMatchObject({ operation: TRUCK, package: PACKAGE });
});

test('an invalid inquiry comes back with its errors by their fields and every value kept; a valid one is stored once', async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow('status of 400'); // the form comes back as a 400 page, which Chromium notes
  await page.goto('/');
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const form = page.locator('#inquiry');
  // Wrong in ways only the server can tell without the script: a past date, an end before the start.
  const visitor = buildVisitor({ Date: inDays(-3), 'Start time': '14:00', 'End time': '12:00' });
  await fill(form, visitor);
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/inquiry'));
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  // The landing page's prerendered form has no time of its own: the page's signed render
  // time goes with the post as a cookie, and the form page it comes back on carries it on (record 084).
  const started = /curbside_form_started=(\d{13}\.[\w-]{43})/.exec(
    (await (await posted).headerValue('cookie')) ?? '',
  )?.[1];
  expect(started).toBeDefined();

  await expect(page).toHaveURL(/\/inquiry$/);
  await expect(page.locator('input[name="started"]')).toHaveValue(started!);
  await expect(page.getByRole('alert')).toContainText('Please check these 2 fields');
  await expect(page.locator('#inquiry-eventDate-error')).toHaveText('Event date can’t be in the past.');
  await expect(page.locator('#inquiry-endTime-error')).toHaveText('End time must be after the start time.');
  await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Date', { exact: true })).toHaveAccessibleDescription(
    'Event date can’t be in the past.',
  );
  for (const [label, value] of Object.entries(visitor)) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field, label).toHaveValue(value);
  }
  expect(await storedByEmail(visitor.Email)).toHaveLength(0);

  await page.getByLabel('Date', { exact: true }).fill(inDays(40));
  await page.getByLabel('End time', { exact: true }).fill('16:00');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  const [stored, ...others] = await storedByEmail(visitor.Email);
  expect(others).toHaveLength(0);
  expect(stored).toMatchObject({
    firstName: visitor['First name'],
    email: visitor.Email,
    eventDate: inDays(40),
    startTime: '14:00',
    endTime: '16:00',
    siteAddress: '12 Oak St, Austin, TX 78701',
    plannedGuestCount: 180,
    operation: TRUCK,
    package: visitor.Package,
    source: 'web',
    spamReason: null,
  });
});

test('a double submit stores one inquiry', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: BOOK_THE_TRUCK }).click();
  const form = page.locator('#inquiry');
  const visitor = buildVisitor();
  await fill(form, visitor);
  // Two presses in a row: the browser sends the form twice.
  const posts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
  await form.getByRole('button', { name: 'Send inquiry' }).dblclick();
  await expect(page.getByRole('status')).toHaveText(SENT);
  expect(posts.length).toBeGreaterThanOrEqual(1);
  // And once more, as a reload of the answer would.
  const again = await page.request.post('/inquiry', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: formBody(visitor),
  });
  expect(again.status()).toBe(200);
  expect(await again.text()).toContain(SENT);
  expect(await storedByEmail(visitor.Email)).toHaveLength(1);
});

/** The form's urlencoded body for `visitor`, as the browser sends it. */
function formBody(visitor: ReturnType<typeof buildVisitor>): string {
  return new URLSearchParams({
    firstName: visitor['First name'],
    lastName: visitor['Last name'],
    email: visitor.Email,
    phoneNumber: visitor.Phone,
    company: visitor['Company or school (optional)'],
    eventName: visitor['Event name (optional)'],
    eventDate: visitor.Date,
    startTime: visitor['Start time'],
    endTime: visitor['End time'],
    plannedGuestCount: visitor['Planned guests'],
    streetAddress: visitor['Street address'],
    city: visitor.City,
    state: visitor.State,
    postalCode: visitor['Postal code'],
    operation: visitor.Service,
    packageChoice: visitor.Package,
    notes: visitor['Notes (optional)'],
    reference: visitor['How did you hear about us? (optional)'],
    website: '',
  }).toString();
}

test('the form is a page of its own too, and the honeypot flags without dropping', async ({ page }) => {
  await page.goto('/inquiry');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tell us about your event');
  const visitor = buildVisitor();
  const response = await page.request.post('/inquiry', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: formBody(visitor).replace('website=', 'website=https%3A%2F%2Fspam.example'),
  });
  expect(response.status()).toBe(200);
  const [stored] = await storedByEmail(visitor.Email);
  expect(stored).toMatchObject({ spamReason: 'honeypot' });
});
