// Holds (issue 38 item 3, record 281) through the real app with the sale's clock moved,
// on both engines: an accepted quote holds its date for the content's `sale.holdDays`
// (default 7) until its deposit is paid; the held day is unavailable by the one
// definition (GET /api/availability); when the hold ends the day is free again, the owner
// is told once (a real SMTP server), and the quote page says the date is no longer held.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { DEFAULT_HOLD_DAYS } from '../../shared/availability.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';
import { topicEvent } from '../store/outbox-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVENT = '2027-09-18';

describe.each(['sqlite', 'postgres'] as const)('a hold on an accepted quote’s date (%s)', (engine) => {
  it('keeps the day unavailable until the hold ends, then frees it and tells the owner once', {
    timeout: 90_000,
  }, async () => {
    expect(content.sale.holdDays ?? DEFAULT_HOLD_DAYS).toBe(7);
    const smtp = await startSmtp();
    const clock = { now: Date.now() };
    try {
      const t = await startOwnerApp(
        {
          ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
          SMTP_URL: smtp.url,
          PUBLIC_URL: 'https://tacos.example',
          MAIL_FROM: 'events@tacos.example',
          CONFIRMATION_EMAIL: 'off',
        },
        { build: { clock: () => clock.now } },
      );
      const cookie = await cookieOf(t.app);
      const inquiry = buildNewInquiry({ document: { eventDate: EVENT, firstName: 'Holly' } });
      await t.inquiries.create(inquiry);
      const { draft } = (
        await call(t.app, 'GET', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie })
      ).json() as QuotesAnswer;
      const sent = await call(t.app, 'POST', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie, body: draft });
      expect(sent.statusCode, sent.body).toBe(201);
      const path = new URL((sent.json() as QuoteView).url).pathname;
      const unavailable = async () =>
        (await call(t.app, 'GET', `/api/availability?from=${EVENT}&to=${EVENT}`)).json().unavailable;
      const page = async () => (await t.app.inject({ method: 'GET', url: path })).body;
      const holdEnded = async () =>
        (await t.owners.reminders.queuedFor([inquiry.id])).filter((each) => topicEvent(each.topic) === 'hold-ended');

      // Sent, not accepted: nothing held.
      expect(await unavailable()).toEqual([]);
      expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
      expect(await unavailable()).toEqual([EVENT]);
      expect(await page()).toContain('We hold your date until');

      // A minute before the hold ends: still held, nothing to tell.
      const acceptedAt = clock.now;
      clock.now = acceptedAt + 7 * DAY_MS - 60_000;
      await t.app.reminders.sweep();
      expect(await unavailable()).toEqual([EVENT]);
      expect(await holdEnded()).toEqual([]);

      // The hold ends: free again, the owner told once, the quote page says so.
      clock.now = acceptedAt + 7 * DAY_MS + 60_000;
      expect(await unavailable()).toEqual([]);
      await t.app.reminders.sweep();
      await t.app.reminders.sweep();
      expect(await holdEnded()).toHaveLength(1);
      const told = () =>
        smtp.received.filter((mail) => mail.rcptTo.includes(OWNER) && mail.subject.startsWith('Hold ended:'));
      await expect.poll(() => told().length, { timeout: 15_000 }).toBe(1);
      expect(told()[0]!.subject).toContain('Holly');
      expect(told()[0]!.text).toContain('is no longer held');
      expect(await page()).toContain('Your date is no longer held');
    } finally {
      await smtp.stop();
    }
  });
});
