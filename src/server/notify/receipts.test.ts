// A receipt in writing (issue 35 item 2, record 203), through the real app and a real
// SMTP server: after acceptance the customer gets, once, what they accepted and how to
// pay; after each payment a receipt; each with the acceptance's keyed digest, the same as
// the quote page and the event sheet show. Days and times as the business writes them.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { bookedEvent } from '../../../tests/support/booked-event.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import type { EventSheetView } from '../../shared/event-plan.js';
import { formatMoney } from '../../shared/money.js';
import { acceptanceDigest, acceptanceKey, digestMatches, shortDigest } from '../quotes/acceptance-digest.js';

const PUBLIC_URL = 'https://tacos.example';
const money = (amount: number) => formatMoney(amount, 'USD', content.locale);
/** What a person must never read in an e-mail: an ISO day or a UTC timestamp. */
const MACHINE_TIME = /\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}|UTC|Z\b/;

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

describe.each(['sqlite', 'postgres'] as const)('the customer’s receipts (%s)', (engine) => {
  it('names the payment’s method in the inquiry’s language (record 360)', { timeout: 60_000 }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const t = await startOwnerApp({
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      SMTP_URL: mail.url,
      PUBLIC_URL,
      MAIL_FROM: 'sales@tacos.example',
    });
    await t.app.notifier.start();
    const cookie = await cookieOf(t.app);
    const { id, inquiry } = await bookedEvent(t, cookie, {}, 'es');
    const body = { id: randomUUID(), amount: 100_00, method: 'bank-transfer', note: '' };
    expect((await call(t.app, 'POST', `/api/owner/inquiries/${id}/payments`, { cookie, body })).statusCode).toBe(201);
    const receipts = () =>
      mail.received.filter((each) => each.to.includes(inquiry.document.email) && /^Recibo/.test(each.subject));
    await expect.poll(() => receipts().length, { timeout: 15_000 }).toBe(1);
    expect(receipts()[0]!.text.replace(/\s+/g, ' ')).toContain('(Transferencia bancaria) el ');
    await t.app.close();
  });

  it('after acceptance and after each payment, with the digest the page and the sheet show', {
    timeout: 60_000,
  }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const secret = 'a session secret for the receipts test, long enough';
    const t = await startOwnerApp({
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      SMTP_URL: mail.url,
      PUBLIC_URL,
      MAIL_FROM: 'sales@tacos.example',
      SESSION_SECRET: secret,
    });
    await t.app.notifier.start();
    const cookie = await cookieOf(t.app);
    const { id, path, quote, inquiry } = await bookedEvent(t, cookie, {
      eventDate: '2027-03-20',
      plannedGuestCount: 250,
      package: 'Basic',
    });
    const customerMails = (subject: RegExp) =>
      mail.received.filter((each) => each.to.includes(inquiry.document.email) && subject.test(each.subject));

    // The digest is the server's HMAC of the snapshot: the store's own words cannot make one.
    const stored = (await t.owners.quotes.get(quote.id))!.accepted!;
    expect(stored.hash).toBe(acceptanceDigest(acceptanceKey(secret), stored.snapshot));
    const digest = shortDigest(stored.hash);
    expect(digest).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect((await t.app.inject({ url: path })).body).toContain(`Acceptance digest: <strong>${digest}</strong>`);
    const sheet = (await call(t.app, 'GET', `/api/owner/inquiries/${id}/event-sheet`, { cookie })).json();
    expect((sheet as EventSheetView).quote).toMatchObject({ digest, digestChecks: true });
    // A snapshot edited in the store no longer matches its digest; nor does one signed under another secret.
    const key = acceptanceKey(secret);
    expect(digestMatches(key, stored.snapshot.replace('"guests":250', '"guests":25'), stored.hash)).toBe(false);
    expect(digestMatches(acceptanceKey(`${secret}!`), stored.snapshot, stored.hash)).toBe(false);

    await expect.poll(() => customerMails(/^You accepted our quote/).length, { timeout: 15_000 }).toBe(1);
    const accepted = customerMails(/^You accepted our quote/)[0]!.text.replace(/\s+/g, ' ');
    for (const words of [
      'Thank you! You accepted version 1 of our quote for your event on Saturday, March 20, 2027, on ',
      `Basic package, per guest: 250 × ${money(1600)} = ${money(400_000)}`,
      `Total: ${money(quote.totals.total)}. Deposit to hold your date: ${money(quote.totals.deposit)}.`,
      `Terms: ${content.sale.terms.split('\n')[0]!.trim()}`,
      content.sale.payOffline,
      `Acceptance digest: ${digest}.`,
      `${PUBLIC_URL}${path}`,
    ]) {
      expect(accepted).toContain(words);
    }
    expect(accepted.replace(`${PUBLIC_URL}${path}`, '')).not.toMatch(MACHINE_TIME);

    // A first payment by hand, then the rest: a receipt for each.
    const pay = (amount: number, method: string) =>
      call(t.app, 'POST', `/api/owner/inquiries/${id}/payments`, {
        cookie,
        body: { id: randomUUID(), amount, method, note: '' },
      });
    expect((await pay(100_00, 'check')).statusCode).toBe(201);
    await expect.poll(() => customerMails(/^Receipt: /).length, { timeout: 15_000 }).toBe(1);
    const first = customerMails(/^Receipt: /)[0]!;
    expect(first.subject).toBe(`Receipt: ${money(100_00)} received by ${content.name}`);
    const firstText = first.text.replace(/\s+/g, ' ');
    expect(firstText).toContain(`We received your payment of ${money(100_00)} (Check) on `);
    expect(firstText).toContain(
      `Total: ${money(quote.totals.total)}. Paid so far: ${money(100_00)}. Left to pay: ${money(quote.totals.total - 100_00)}.`,
    );
    expect(firstText).toContain(`is held once the deposit of ${money(quote.totals.deposit)} is paid.`);
    expect(firstText).toContain(`Acceptance digest: ${digest}.`);
    expect(firstText.replace(`${PUBLIC_URL}${path}`, '')).not.toMatch(MACHINE_TIME);

    expect((await pay(quote.totals.deposit, 'cash')).statusCode).toBe(201);
    await expect.poll(() => customerMails(/^Receipt: /).length, { timeout: 15_000 }).toBe(2);
    const second = customerMails(/^Receipt: /)[1]!.text.replace(/\s+/g, ' ');
    const paid = 100_00 + quote.totals.deposit;
    expect(second).toContain(`Left to pay: ${money(quote.totals.total - paid)}.`);
    expect(second).toContain('Your date, Saturday, March 20, 2027, is held for you.');
    // The acceptance's e-mail went once.
    expect(customerMails(/^You accepted our quote/)).toHaveLength(1);
  });
});
