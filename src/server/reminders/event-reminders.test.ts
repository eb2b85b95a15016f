// The booked event's reminders through the real app, with the sale's clock moved day by
// day, on both engines (record 170): the customer's final-count reminders 14 and 3 days
// before (the content's), the balance due, and the owner's "Tomorrow" push and e-mail with
// the sheet's link, each once, from the content's time of day in the business's time
// zone, each kind switched off by the content; none for an inquiry cancelled or erased before it was due, and a reminder queued
// for one cancelled or erased since goes to no one. A real SMTP server and a push
// receiver that decrypts what it gets.
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { bookedEvent } from '../../../tests/support/booked-event.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { ACTOR } from '../../../tests/support/owner-store-engines.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { deviceKeys, newDevice, opened, type ReceivedPush } from '../../../tests/support/push-service.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { offsetAt } from '../../shared/time-zone.js';
import { topicEvent } from '../store/outbox-store.js';
import { REMINDER_RULES } from './index.js';

const EVENT = '2027-03-20';
const PUBLIC_URL = 'https://tacos.example';

/** The instant it is `time` on `day` in the business's time zone. */
function localInstant(day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  return wall - offsetAt(content.timeZone, wall - offsetAt(content.timeZone, wall) * 60_000) * 60_000;
}

/** A push service over plain HTTP on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE lets the server post there). */
async function pushReceiver(): Promise<{ url: string; received: ReceivedPush[]; server: Server }> {
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/push/owner-phone`, received, server };
}

describe.each(['sqlite', 'postgres'] as const)('the reminders before the day (%s)', (engine) => {
  it('each once, in the business’s morning; none after a cancellation or an erasure', { timeout: 90_000 }, async () => {
    const smtp = await startSmtp();
    const push = await pushReceiver();
    const clock = { now: localInstant('2027-02-20', '10:00') };
    try {
      const t = await startOwnerApp(
        {
          ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
          SMTP_URL: smtp.url,
          PUBLIC_URL,
          MAIL_FROM: 'events@tacos.example',
          WEBHOOK_ALLOW_PRIVATE: 'true',
        },
        { build: { clock: () => clock.now, notifyRetryDelaysMs: [600_000, 600_000] } },
      );
      const cookie = await cookieOf(t.app);
      const owner = (await t.owners.findOwnerByEmail(OWNER))!;
      const device = newDevice('phone');
      await t.owners.devices.addPushDevice(
        owner.id,
        { endpoint: push.url, ...deviceKeys(device), label: 'Phone' },
        new Date(),
      );
      const event = { eventDate: EVENT, startTime: '11:00', endTime: '14:30', plannedGuestCount: 250 };
      const kept = await bookedEvent(t, cookie, { ...event, firstName: 'Kept' });
      const cancelled = await bookedEvent(t, cookie, { ...event, firstName: 'Cancelled' });
      const erased = await bookedEvent(t, cookie, { ...event, firstName: 'Erased' });
      const cancelledLater = await bookedEvent(t, cookie, { ...event, firstName: 'CancelledLater' });
      const erasedLater = await bookedEvent(t, cookie, { ...event, firstName: 'ErasedLater' });
      const setStatus = (id: string, status: string) =>
        call(t.app, 'PUT', `/api/owner/inquiries/${id}/status`, { cookie, body: { status } });
      const sweep = async (day: string, time: string) => {
        clock.now = localInstant(day, time);
        return t.app.reminders.sweep();
      };
      const queuedEvents = async (id: string) =>
        (await t.owners.reminders.queuedFor([id])).map((reminder) => topicEvent(reminder.topic));

      expect(await sweep('2027-02-20', '10:00')).toBe(0); // four weeks ahead: nothing yet
      await setStatus(cancelled.id, 'declined');
      expect(await t.owners.inbox.erase(erased.id, ACTOR, new Date())).toBe(true);

      // 14 days before: not in the night (before the content's 09:00 in Chicago), then once each.
      // The mail server is out for a while: the first tries fail, the next is ten minutes away.
      await smtp.stop();
      expect(await sweep('2027-03-06', '08:30')).toBe(0);
      expect(await sweep('2027-03-06', '09:05')).toBe(3);
      expect(await sweep('2027-03-06', '12:00')).toBe(0);
      expect(await queuedEvents(kept.id)).toEqual(['final-count-14']);

      // Cancelled or erased after it was queued and tried, before it went out: it goes to no one.
      const reminderOf = async (id: string) =>
        (await t.inquiries.outbox.forInquiry(id)).find((delivery) => delivery.topic.startsWith('final-count'));
      // (Each tried once and waiting: none is in flight, which a change now could not stop.)
      for (const id of [kept.id, cancelledLater.id, erasedLater.id]) {
        await expect.poll(async () => (await reminderOf(id))?.tries ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await setStatus(cancelledLater.id, 'declined');
      expect(await t.owners.inbox.erase(erasedLater.id, ACTOR, new Date())).toBe(true);
      await smtp.start();
      // "Send again" now, rather than in ten minutes.
      for (const id of [kept.id, cancelledLater.id]) {
        expect(await t.app.notifier.resend((await reminderOf(id))!.id)).toBe('queued');
      }
      const mailsTo = (address: string, subject: RegExp) =>
        smtp.received.filter((mail) => mail.rcptTo.includes(address) && subject.test(mail.subject));
      await expect
        .poll(() => mailsTo(kept.inquiry.document.email, /final guest count/).length, { timeout: 15_000 })
        .toBe(1);
      const first = mailsTo(kept.inquiry.document.email, /final guest count/)[0]!;
      expect(first.subject).toBe('Your final guest count for Sat, Mar 20, 2027');
      expect(first.text).toContain('Please tell us your final guest count by the end of Wednesday, March 17, 2027');
      expect(first.text).toContain(`${PUBLIC_URL}${kept.path}`);
      await expect.poll(async () => (await reminderOf(cancelledLater.id))?.state, { timeout: 15_000 }).toBe('skipped');

      // Each kind can be switched off in the content file.
      const off = structuredClone(content);
      off.event = {
        ...off.event,
        reminders: { finalCount: { on: false }, balanceDue: { on: false }, tomorrow: { on: false } },
      };
      for (const day of ['2027-03-17', '2027-03-19']) {
        // The never-silent follow-ups switched off too (record 180): only the event's are looked at.
        const followUp = { escalateAfterMs: 0, quoteNudgeDays: 0 };
        const at = { owners: t.owners, followUp, now: new Date(localInstant(day, '09:30')) };
        for (const rule of REMINDER_RULES) expect(await rule.due({ ...at, content: off }), rule.event).toEqual([]);
        expect((await Promise.all(REMINDER_RULES.map((rule) => rule.due({ ...at, content })))).flat()).not.toEqual([]);
      }

      // 3 days before, the cutoff day: the last call for the count, and the balance due.
      expect(await sweep('2027-03-17', '09:30')).toBe(2);
      expect(await queuedEvents(kept.id)).toEqual(['final-count-14', 'balance-due', 'final-count-3']);
      await expect
        .poll(() => mailsTo(kept.inquiry.document.email, /final guest count|Balance/).length, {
          timeout: 15_000,
        })
        .toBe(3);
      const last = mailsTo(kept.inquiry.document.email, /^Today is the last day/)[0]!;
      expect(last.text).toContain('3 days from now');
      const balance = mailsTo(kept.inquiry.document.email, /^Balance due/)[0]!;
      expect(balance.subject).toBe('Balance due for your event on Sat, Mar 20, 2027');
      expect(balance.text).toContain('is $5,109.40 (total $5,109.40, paid $0.00)');
      expect(balance.text).toContain(content.sale.payOffline);

      // The day before: "Tomorrow" to the owner, by e-mail and push, with the sheet's link.
      expect(await sweep('2027-03-19', '09:00')).toBe(1);
      const sheetUrl = `${PUBLIC_URL}/inbox/inquiries/${kept.id}/event-sheet`;
      await expect.poll(() => mailsTo(OWNER, /^Tomorrow/).length, { timeout: 15_000 }).toBe(1);
      const tomorrow = mailsTo(OWNER, /^Tomorrow/)[0]!;
      expect(tomorrow.subject).toBe(`Tomorrow: Spring fair, Kept ${kept.inquiry.document.lastName}, arrive 10:00 AM`);
      expect(tomorrow.text).toContain('arrive 10:00 AM, serve 11:00 AM–2:30 PM, leave 3:15 PM');
      expect(tomorrow.text).toContain(sheetUrl);
      const pushes = () =>
        push.received.map((each) => opened(device, each)).filter((each) => /^Tomorrow/.test(each.title));
      await expect.poll(() => pushes().length, { timeout: 15_000 }).toBe(1);
      expect(pushes()[0]).toMatchObject({ url: sheetUrl });

      // Sweeps on every minute after change nothing: each was once.
      for (const [day, time] of [
        ['2027-03-19', '18:00'],
        ['2027-03-20', '09:00'],
      ] as const) {
        expect(await sweep(day, time)).toBe(0);
      }
      // Nothing more is on its way to the kept event's customer or owner: none of its reminders is queued or in flight.
      const unsettled = async () =>
        (await t.inquiries.outbox.forInquiry(kept.id))
          .filter(
            (delivery) => delivery.state === 'queued' && /^(final-count|balance-due|tomorrow)/.test(delivery.topic),
          )
          .map((delivery) => `${delivery.kind} ${delivery.topic}`);
      await expect.poll(unsettled, { timeout: 10_000 }).toEqual([]);
      expect(mailsTo(kept.inquiry.document.email, /final guest count|Balance/)).toHaveLength(3);
      expect(mailsTo(OWNER, /^Tomorrow/)).toHaveLength(1);
      expect(pushes()).toHaveLength(1);
      // Nothing ever for the cancelled and erased ones, by e-mail or otherwise.
      expect(await t.owners.reminders.queuedFor([cancelled.id, erased.id, erasedLater.id])).toEqual([]);
      for (const gone of [cancelled, erased, cancelledLater, erasedLater]) {
        expect(mailsTo(gone.inquiry.document.email, /final guest count|Balance/)).toEqual([]);
      }
      expect(smtp.received.filter((mail) => /Tomorrow/.test(mail.subject))).toHaveLength(1);
    } finally {
      await smtp.stop();
      await new Promise((resolve) => push.server.close(resolve));
    }
  });
});
