// What the server wrote from the content file at start now follows a publish (record 371),
// on both engines, through the real app: the payment history writes money as the
// published locale does, and a final-count reminder on a day only the published content
// names is sent (a real SMTP server) and labelled in the inbox.
import { afterEach, describe, expect, it } from 'vitest';
import { menuPrice } from '../../../content/helpers.js';
import { content } from '../../../content/index.js';
import type { BusinessContent } from '../../../content/schema.js';
import { bookedEvent } from '../../../tests/support/booked-event.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import { until } from '../../../tests/support/until.js';
import { offsetAt } from '../../shared/time-zone.js';

const EVENT = '2027-03-20';
/** Ten days before EVENT: a day the content file's reminders (14 and 3) do not name. */
const TEN_DAYS_BEFORE = '2027-03-10';

/** The content as published: money written as in Germany, the count asked for 10 and 3 days before. */
function published(): BusinessContent {
  const next = structuredClone(content);
  next.locale = 'de-DE';
  // Each card's price text as the new locale writes its amount (the schema holds them together).
  for (const card of next.packageGroups.flatMap((group) => group.packages)) {
    if (!card.pricing) continue;
    const amount = card.pricing.amount;
    card.price = card.price.replace(
      menuPrice(amount, next.sale.currency, content.locale),
      menuPrice(amount, next.sale.currency, next.locale),
    );
  }
  next.event = {
    ...next.event,
    reminders: { ...next.event?.reminders, finalCount: { on: true, daysBefore: [10, 3] } },
  };
  return next;
}

/** The instant it is `time` on `day` in the business's time zone. */
function localInstant(day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  return wall - offsetAt(content.timeZone, wall - offsetAt(content.timeZone, wall) * 60_000) * 60_000;
}

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

describe.each(['sqlite', 'postgres'] as const)('a publish read by what was fixed at start (%s)', (engine) => {
  it('writes payments in the published locale and sends the reminder on a published day', {
    timeout: 90_000,
  }, async () => {
    expect(content.locale).not.toBe('de-DE');
    expect(content.event?.reminders?.finalCount?.daysBefore).not.toContain(10);
    smtp = await startSmtp();
    const mail = smtp;
    const clock = { now: localInstant('2027-02-20', '10:00') };
    const t = await startOwnerApp(
      {
        ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
        SMTP_URL: mail.url,
        PUBLIC_URL: 'https://tacos.example',
        MAIL_FROM: 'events@tacos.example',
      },
      { build: { clock: () => clock.now } },
    );
    const cookie = await cookieOf(t.app);
    await call(t.app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: published() } });
    const publish = await call(t.app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(publish.json()).toEqual({ version: 2 });

    const booked = await bookedEvent(t, cookie, { eventDate: EVENT, startTime: '11:00', endTime: '14:30' });
    const paid = await call(t.app, 'POST', `/api/owner/inquiries/${booked.id}/payments`, {
      cookie,
      body: { id: crypto.randomUUID(), amount: 123_45, method: 'cash', note: '' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const history = (await t.owners.inbox.getInquiry(booked.id))!.history.map((entry) => entry.note ?? '');
    expect(history).toContainEqual(expect.stringMatching(/^Payment recorded: 123,45\s\$/));

    await t.app.notifier.start();
    clock.now = localInstant(TEN_DAYS_BEFORE, '09:30');
    expect(await t.app.reminders.sweep()).toBe(1);
    const reminder = await until('the reminder 10 days before', () =>
      mail.received.find(
        (each) => each.to.includes(booked.inquiry.document.email) && /final guest count/.test(each.subject),
      ),
    );
    expect(reminder.text).toContain('final guest count');
    const { deliveries } = (
      await call(t.app, 'GET', `/api/owner/inquiries/${booked.id}/deliveries`, { cookie })
    ).json() as { deliveries: { label: string }[] };
    expect(deliveries.map((each) => each.label)).toContain('Customer e-mail (final count, 10 days before)');
  });
});
