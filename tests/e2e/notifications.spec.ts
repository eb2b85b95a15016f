// Notifications in the inbox, in real Chromium against the production build: an
// inquiry's page lists its notifications with their state and reason (here the
// owner e-mail refused by a real SMTP server, and a webhook to a loopback address
// refused as private), "Send again" tries again, the list marks the inquiry whose
// owner e-mail failed, and the settings view reports the set-up and sends a test
// e-mail that the SMTP server receives.
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { expect, test } from './fixtures.js';
import { addOwner, sendByApi, signIn, unique } from './owner.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// One SMTP server on a fixed port for the file: its tests run one after another, in one worker.
test.describe.configure({ mode: 'default' });

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp(PORT + 1);
});
test.afterAll(async () => {
  await smtp.stop();
});

test('an inquiry shows its notifications, failed ones with the reason, and Send again; settings send a test e-mail', async ({
  page,
  request,
}) => {
  const owner = addOwner();
  // Every message is refused for now: the owner e-mail fails for good (5xx).
  smtp.failNext(1_000_000, 550, 'No such mailbox here');
  const lastName = `Notify${unique()}`;
  const id = await sendByApi(request, lastName);

  await signIn(page, owner);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('Owner e-mail failed', { timeout: 15_000 });

  // The link in the owner's e-mail (/inbox?id=) opens the inquiry.
  await page.goto(`/inbox?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Erin ${lastName}` })).toBeVisible();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const ownerEmail = notifications.getByRole('listitem').filter({ hasText: 'Owner e-mail' }).first();
  await expect(ownerEmail).toContainText('Failed: SMTP 550');
  await expect(ownerEmail).toContainText('No such mailbox here');
  const webhook = notifications.getByRole('listitem').filter({ hasText: 'Webhook' }).first();
  await expect(webhook).toContainText('private address');

  // The mailbox is fixed: Send again delivers it.
  smtp.failNext(0, 550);
  // Each button says which notification it sends; focus stays on it once it is queued.
  const sendAgain = ownerEmail.getByRole('button', { name: /^Send again\W+Owner e-mail$/ });
  await sendAgain.click();
  await expect(notifications.getByText('Owner e-mail: queued to be sent again.')).toBeVisible();
  await expect(sendAgain).toBeFocused();
  await expect(ownerEmail).toContainText('Sent', { timeout: 15_000 });
  const delivered = smtp.received.filter((mail) => mail.rcptTo.includes(owner));
  expect(delivered.map((mail) => mail.parsed.headers.get('x-curbside-inquiry'))).toContain(id);

  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('from inquiries@e2e.example')).toBeVisible();
  await expect(page.getByText(`http://127.0.0.1:${PORT + 2}/…`)).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A test e-mail' })).toHaveText(
    `A test e-mail was sent to ${owner}.`,
  );
  expect(smtp.received.some((mail) => mail.rcptTo.includes(owner) && /test/i.test(mail.subject))).toBe(true);
});

test('a look at the notifications that failed is forgotten once the next one succeeds', async ({
  page,
  request,
  consoleWatch,
}) => {
  consoleWatch.allow('Failed to load resource');
  const owner = addOwner();
  smtp.failNext(0, 550);
  const id = await sendByApi(request, `Blip${unique()}`);
  await signIn(page, owner);
  // The first look fails (a network blip); the page keeps looking, and the next one answers.
  let failures = 1;
  await page.route('**/api/owner/inquiries/*/deliveries', (route) =>
    failures-- > 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto(`/inbox?id=${id}`);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('alert')).toHaveText(/Cannot reach the server/);
  await expect(notifications.getByRole('listitem').filter({ hasText: 'Owner e-mail' }).first()).toBeVisible({
    timeout: 10_000,
  });
  await expect(notifications.getByRole('alert')).toHaveCount(0);
});
