// The customer's reminders (issue 31, record 181), with the clock moved: a quote nobody
// answered gets one nudge QUOTE_NUDGE_DAYS (default 3) after it was sent and a last note
// the day before its last; none once they accepted or declined (before the sweep, or
// after it, before the e-mail went out). A booking gets a thank-you with the content's
// review link the day after its event. Real SMTP.
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import type { NewInquiry } from '../../src/server/store/inquiry-store.js';
import type { Quote } from '../../src/server/store/quote-store.js';
import { addDays } from '../../src/shared/truck-schedule.js';
import { OWNER } from '../support/owner-app.js';
import { buildQuote, receivedAt } from '../support/builders.js';
import { until } from '../support/until.js';
import { dayAt, nextMinute, type NeverSilent, startNeverSilent } from './support.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ACTOR = { id: 'owner-1', email: OWNER };

describe('a quote nobody answered', () => {
  let t: NeverSilent;
  afterEach(() => t?.stop());

  it('gets one nudge and a last note, none once answered; a booking its thank-you', { timeout: 60_000 }, async () => {
    const sentAt = nextMinute(nextMinute(Date.now() + DAY, false)) + 120 * MINUTE;
    t = await startNeverSilent(sentAt);
    const today = dayAt(sentAt);
    const validUntil = addDays(today, 14);
    const people = ['Open', 'Declined', 'Accepted', 'Late'].map((lastName) =>
      receivedAt(new Date(sentAt - DAY).toISOString(), { document: { firstName: 'Noor', lastName } }),
    );
    const booked = receivedAt(new Date(sentAt - 30 * DAY).toISOString(), {
      document: { firstName: 'Noor', lastName: 'Booked', eventDate: addDays(today, 1) },
    });
    for (const each of [...people, booked]) await t.inquiries.create(each);
    await t.owners.inbox.setStatus(booked.id, 'booked', ACTOR, new Date(sentAt - 20 * DAY));
    const quotes = [];
    for (const each of people) {
      quotes.push((await t.owners.quotes.send(each.id, buildQuote({ validUntil }), ACTOR, new Date(sentAt), 'Sent'))!);
    }
    const [open, declined, accepted, late] = quotes as [Quote, Quote, Quote, Quote];
    await t.owners.quotes.decline(declined.id, '', new Date(sentAt + DAY), addDays(today, 1));
    const acceptance = { at: new Date(sentAt + 2 * DAY).toISOString(), from: '203.0.113.9', snapshot: '{}', hash: 'h' };
    await t.owners.quotes.accept(accepted.id, acceptance, addDays(today, 2));

    const sweepAt = async (at: number) => {
      t.now.at = at;
      await t.app.reminders.sweep();
    };
    const queued = async () =>
      (await t.owners.reminders.queuedFor([...people, booked].map((each) => each.id))).map((each) => each.topic);

    await sweepAt(sentAt + DAY);
    expect(await queued()).toEqual([]);
    await sweepAt(sentAt + 2 * DAY); // the day after the event: thanked
    expect(await queued()).toEqual([`thank-you:${booked.id}`]);
    await sweepAt(sentAt + 3 * DAY); // three days exactly: not yet past
    expect(await queued()).toHaveLength(1);
    await sweepAt(sentAt + 3 * DAY + MINUTE);
    expect((await queued()).slice(1).sort()).toEqual([`quote-nudge:${open.id}`, `quote-nudge:${late.id}`].sort());
    // The customer declines after the nudge was queued, before it went out: it is skipped.
    await t.owners.quotes.decline(
      late.id,
      'Went with another caterer',
      new Date(sentAt + 3 * DAY + 2 * MINUTE),
      addDays(today, 3),
    );
    await sweepAt(sentAt + 5 * DAY);
    await sweepAt(sentAt + 12 * DAY);
    // The accepted quote's deposit unpaid for the hold's 7 days: the owner is told its hold ended (record 281).
    expect(await queued()).toHaveLength(4);
    expect(await queued()).toContain(`hold-ended:${accepted.id}`);
    await sweepAt(sentAt + 13 * DAY); // the day before the last one
    expect((await queued()).at(-1)).toBe(`quote-expiring:${open.id}`);
    await sweepAt(sentAt + 14 * DAY);
    expect(await queued()).toHaveLength(5);

    await t.app.notifier.start();
    const mailsOf = (person: NewInquiry, subject: RegExp) =>
      t.smtp.received.filter((mail) => mail.rcptTo.includes(person.document.email) && subject.test(mail.subject));
    const nudge = /is still open$/;
    const lastNote = /can be accepted until/;
    const openPerson = people[0]!;
    await until('the nudge, the last note and the thank-you', () =>
      mailsOf(openPerson, nudge).length && mailsOf(openPerson, lastNote).length && mailsOf(booked, /^Thank you/).length
        ? true
        : undefined,
    );
    // Nothing more is on its way: the outbox has nothing queued, pending or in flight (record 311).
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 10_000 }).toBeUndefined();
    const [nudged] = mailsOf(openPerson, nudge);
    expect(nudged!.subject).toBe(`Your quote from ${content.name} is still open`);
    expect(nudged!.text).toContain(`Hello ${openPerson.document.firstName},`);
    expect(nudged!.text).toMatch(/See your quote: https:\/\/tacos\.example\/quote\/[\w-]{43}/);
    expect(mailsOf(openPerson, nudge)).toHaveLength(1);
    expect(mailsOf(openPerson, lastNote)).toHaveLength(1);
    for (const answered of people.slice(1)) {
      expect(mailsOf(answered, nudge), answered.document.lastName).toEqual([]);
      expect(mailsOf(answered, lastNote), answered.document.lastName).toEqual([]);
    }
    const [thanks] = mailsOf(booked, /^Thank you/);
    expect(thanks!.text).toContain(`Leave a review: ${content.sale.reviewUrl}`);
  });
});
