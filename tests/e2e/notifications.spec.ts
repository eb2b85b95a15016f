// Notifications in the inbox, in real Chromium against the production build: an
// inquiry's page lists its notifications with their state and reason (here the
// owner e-mail refused by a real SMTP server, and a webhook to a loopback address
// refused as private), "Send again" tries again, the list marks the inquiry whose
// owner e-mail failed, and the settings view reports the set-up and sends a test
// e-mail that the SMTP server receives.
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { OPERATIONS, TRUCK_OPERATION } from '../../src/shared/inquiry.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { expect, test } from './fixtures.js';

const PASSWORD = 'a long owner passphrase';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const unique = () => `${Date.now().toString(36)}${Math.round(Math.random() * 1e6).toString(36)}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function addOwner(email = `owner.${unique()}@example.com`): string {
  execFileSync('node', ['dist/node/src/cli/owner.js', 'add', email], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return email;
}

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
  const { token } = (await (await request.post('/api/session')).json()) as { token: string };
  const id = randomUUID();
  const created = await request.put(`/api/inquiries/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      dateCreated: new Date().toISOString(),
      firstName: 'Erin',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      phoneNumber: '+1 512 555 0100',
      company: '',
      eventName: 'Office lunch',
      eventDate: inDays(20),
      siteAddress: '1 Main St, Austin, TX 78701',
      startTime: '12:00',
      endTime: '13:00',
      plannedGuestCount: 40,
      // Any operation but the truck (which needs a package), from the content file in use.
      operation: OPERATIONS.find((operation) => operation !== TRUCK_OPERATION),
      package: '',
      notes: '',
      reference: '',
      website: '',
      fillMs: 60_000,
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/inbox');
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
  await ownerEmail.getByRole('button', { name: 'Send again' }).click();
  await expect(notifications.getByText('Owner e-mail: queued to be sent again.')).toBeVisible();
  await expect(ownerEmail).toContainText('Sent', { timeout: 15_000 });
  const delivered = smtp.received.filter((mail) => mail.rcptTo.includes(owner));
  expect(delivered.map((mail) => mail.parsed.headers.get('x-curbside-inquiry'))).toContain(id);

  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('from inquiries@e2e.example')).toBeVisible();
  await expect(page.getByText(`http://127.0.0.1:${PORT + 2}/…`)).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(page.getByRole('status')).toHaveText(`A test e-mail was sent to ${owner}.`);
  expect(smtp.received.some((mail) => mail.rcptTo.includes(owner) && /test/i.test(mail.subject))).toBe(true);
});
