// One balance everywhere (issue 35, record 200): after the customer's final count and
// after a payment, the customer's quote page, the inbox's API (payments, Bookings, the
// export), the event sheet and the e-mails (a real SMTP server) give the same total,
// balance and guests, on both engines.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { bookedEvent, postForm } from '../../../tests/support/booked-event.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import type { EventSheetView } from '../../shared/event-plan.js';
import type { BookingRow } from '../../shared/inbox-views.js';
import { formatMoney, minorToInput } from '../../shared/money.js';
import type { PaymentsAnswer } from '../../shared/payment-views.js';
import { offsetAt } from '../../shared/time-zone.js';

const EVENT = '2027-03-20';
const PUBLIC_URL = 'https://tacos.example';
const money = (amount: number) => formatMoney(amount, 'USD', content.locale);

function localInstant(day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  return wall - offsetAt(content.timeZone, wall - offsetAt(content.timeZone, wall) * 60_000) * 60_000;
}

/** A page's words, its tags gone. */
const textOf = (html: string) =>
  html
    .replace(/<\/?strong>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

describe.each(['sqlite', 'postgres'] as const)('one balance everywhere (%s)', (engine) => {
  it('after a final count and after a payment, the page, the inbox, the sheet and the e-mails agree', {
    timeout: 60_000,
  }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const clock = { now: localInstant('2027-02-20', '10:00') };
    const t = await startOwnerApp(
      {
        ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
        SMTP_URL: mail.url,
        PUBLIC_URL,
        MAIL_FROM: 'events@tacos.example',
      },
      { build: { clock: () => clock.now } },
    );
    await t.app.notifier.start();
    const cookie = await cookieOf(t.app);
    const { id, path, quote } = await bookedEvent(t, cookie, {
      eventDate: EVENT,
      startTime: '11:00',
      endTime: '14:30',
      plannedGuestCount: 250,
      package: 'Basic',
    });
    const ownerMail = async (subject: RegExp) => {
      const found = () => mail.received.filter((each) => each.rcptTo.includes(OWNER) && subject.test(each.subject));
      await expect.poll(() => found().length, { timeout: 15_000 }).toBe(1);
      return found()[0]!.text.replace(/\s+/g, ' ');
    };

    /** Every place's figures of one inquiry. */
    const everywhere = async () => {
      const page = textOf((await t.app.inject({ url: path })).body);
      const payments = (await call(t.app, 'GET', `/api/owner/inquiries/${id}/payments`, { cookie })).json();
      const sheet = (await call(t.app, 'GET', `/api/owner/inquiries/${id}/event-sheet`, { cookie })).json();
      const bookings = (await call(t.app, 'GET', '/api/owner/bookings?from=2027-01-01', { cookie })).json();
      const csv = (await call(t.app, 'GET', '/api/owner/inquiries.csv', { cookie })).body;
      return {
        page,
        payments: payments as PaymentsAnswer,
        sheet: sheet as EventSheetView,
        booking: (bookings.bookings as BookingRow[]).find((each) => each.id === id)!,
        csv,
      };
    };

    // 250 guests accepted ($5,109.40); the customer's final count is 275 × $16, 18 % service, 8.25 % tax.
    const total = 562_034;
    const { deposit } = quote.totals;
    expect((await postForm(t, `${path}/final-count`, { guests: '275' })).statusCode).toBe(303);
    const afterCount = await everywhere();
    expect(afterCount.page).toContain('Guests 275');
    expect(afterCount.page).toContain(`Total ${money(total)}`);
    expect(afterCount.page).toMatch(/Basic package, per guest 275 /);
    expect(afterCount.payments).toMatchObject({ total, paid: 0, balanceDue: total, deposit });
    expect(afterCount.sheet).toMatchObject({ guests: 275, balanceDue: total, quote: { totalForFinalCount: total } });
    expect(afterCount.sheet.quote!.linesForFinalCount[0]).toMatchObject({ quantity: 275 });
    expect(afterCount.booking.guests).toBe(275);
    expect(afterCount.csv).toContain(`,${minorToInput(total, 'USD')}`);
    // Told once its quarter hour is over (record 190).
    clock.now += 15 * 60_000;
    await t.app.reminders.sweep();
    expect(await ownerMail(/^Final guest count 275/)).toContain(`Balance due: ${money(total)}.`);

    // The deposit, recorded by hand: the inquiry's deposit is paid.
    const paid = { id: randomUUID(), amount: deposit, method: 'cash', note: '' };
    expect((await call(t.app, 'POST', `/api/owner/inquiries/${id}/payments`, { cookie, body: paid })).statusCode).toBe(
      201,
    );
    const balance = total - deposit;
    const afterPayment = await everywhere();
    expect(afterPayment.page).toContain(`Balance due: ${money(balance)}.`);
    expect(afterPayment.page).toContain('Guests 275');
    expect(afterPayment.payments).toMatchObject({ total, paid: deposit, balanceDue: balance });
    expect(afterPayment.sheet).toMatchObject({ guests: 275, paid: deposit, balanceDue: balance });
    expect(afterPayment.booking.guests).toBe(275);
    expect(afterPayment.csv).toContain(`,${minorToInput(deposit, 'USD')},${minorToInput(balance, 'USD')}`);
    expect(await ownerMail(/^Deposit paid/)).toContain(`Balance due: ${money(balance)}.`);
  });
});
