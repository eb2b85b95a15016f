// A lead nobody answers is pushed again (issue 31, record 180), with the clock moved:
// once per lead, ESCALATE_AFTER_MINUTES (default 15) after it came in, within the
// content's business hours, and at the next opening for a lead that came in after
// closing; never for spam, nor for a lead an owner answered (before the sweep, or after
// it, before the push went out). The push is marked urgent (title, Urgency: high) and
// carries the lead's action links. Real SMTP and a real push service.
import { afterEach, describe, expect, it } from 'vitest';
import { call, cookieOf, OWNER } from '../support/owner-app.js';
import { receivedAt } from '../support/builders.js';
import { until } from '../support/until.js';
import { nextMinute, type NeverSilent, PUBLIC_URL, startNeverSilent } from './support.js';

const MINUTE = 60_000;
const ACTOR = { id: 'owner-1', email: OWNER };
const iso = (at: number) => new Date(at).toISOString();

describe('a lead nobody answered', () => {
  let t: NeverSilent;
  afterEach(() => t?.stop());

  it('is pushed again once, marked urgent, after 15 minutes within the hours, at the next opening after closing, never for spam or an answered lead', {
    timeout: 60_000,
  }, async () => {
    // A day's opening, tomorrow or later (dates relative to today: the test never rots).
    const opening = nextMinute(nextMinute(Date.now() + 24 * 60 * MINUTE, false));
    t = await startNeverSilent(opening + 30 * MINUTE);
    const sweepAt = async (at: number) => {
      t.now.at = at;
      return t.app.reminders.sweep();
    };
    const name = (lastName: string) => ({ document: { firstName: 'Lena', lastName } });
    const lead = receivedAt(iso(opening + 20 * MINUTE), name('Waiting'));
    const spam = receivedAt(iso(opening + 20 * MINUTE), { ...name('Spammy'), spamReason: 'too-fast' });
    const noted = receivedAt(iso(opening + 20 * MINUTE), name('Noted'));
    const lateAnswer = receivedAt(iso(opening + 25 * MINUTE), name('Late'));
    for (const each of [lead, spam, noted, lateAnswer]) await t.inquiries.create(each);
    await t.owners.inbox.addNote(noted.id, 'Called her back', ACTOR, new Date(opening + 30 * MINUTE));
    // Reading it is not answering it.
    await t.owners.inbox.markRead(lead.id, new Date(opening + 31 * MINUTE));

    expect(await sweepAt(opening + 35 * MINUTE)).toBe(0); // 15 minutes exactly: not yet past
    expect(await sweepAt(opening + 36 * MINUTE)).toBe(1);
    expect(await sweepAt(opening + 41 * MINUTE)).toBe(1); // the late one, 16 minutes on
    expect(await sweepAt(opening + 60 * MINUTE)).toBe(0);
    // Answered after its escalation was queued, before the push went out: the push is skipped.
    await t.owners.inbox.setStatus(lateAnswer.id, 'contacted', ACTOR, new Date(opening + 61 * MINUTE));

    // After closing: a lead that comes in waits for the next opening.
    const closing = nextMinute(opening, false);
    const night = receivedAt(iso(closing + 10 * MINUTE), name('Night'));
    await t.inquiries.create(night);
    expect(await sweepAt(closing + 60 * MINUTE)).toBe(0);
    const nextOpening = nextMinute(closing);
    expect(await sweepAt(nextOpening - MINUTE)).toBe(0);
    expect(await sweepAt(nextOpening)).toBe(1);
    expect(await sweepAt(nextOpening + 5 * MINUTE)).toBe(0);

    await t.app.notifier.start();
    const urgent = () => t.pushes().filter((each) => each.title.startsWith('Urgent:'));
    await until('both urgent pushes', () => (urgent().length >= 2 ? urgent() : undefined));
    // The arrivals' pushes too (not the spam's), so nothing else is still on its way.
    await until('the arrivals’ pushes', () => (t.pushes().length >= 6 ? true : undefined));
    // Nothing more is on its way: the outbox has nothing queued, pending or in flight (record 311).
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 10_000 }).toBeUndefined();
    expect(urgent().map((each) => each.title)).toEqual([
      'Urgent: Lena Waiting is still waiting for an answer',
      'Urgent: Lena Night is still waiting for an answer',
    ]);
    const [first] = urgent();
    expect(first).toMatchObject({
      urgency: 'high',
      urgent: true,
      tag: lead.id,
      url: `${PUBLIC_URL}/inbox?id=${lead.id}`,
      actions: [
        {
          action: 'contacted',
          title: 'Mark as contacted',
          url: expect.stringMatching(`^${PUBLIC_URL}/act/[\\w-]{92}$`),
        },
        { action: 'decline', title: 'Decline', url: expect.stringMatching(`^${PUBLIC_URL}/act/[\\w-]{92}$`) },
      ],
    });
    expect(first!.body).toMatch(/not answered yet\.$/);
    expect(t.pushes().filter((each) => each.title.includes('Spammy'))).toEqual([]);

    // The inbox lists each lead's notifications: the late one's urgent push was skipped, on record.
    const listed = await call(t.app, 'GET', `/api/owner/inquiries/${lateAnswer.id}/deliveries`, {
      cookie: await cookieOf(t.app),
    });
    const { deliveries } = listed.json() as { deliveries: { label: string; status: string }[] };
    expect(deliveries.find((each) => each.label === 'Push (still waiting, urgent)')).toMatchObject({
      status: 'skipped',
    });
  });

  it('is never pushed again with ESCALATE_AFTER_MINUTES=0', async () => {
    const opening = nextMinute(nextMinute(Date.now() + 24 * 60 * MINUTE, false));
    t = await startNeverSilent(opening + 60 * MINUTE, { ESCALATE_AFTER_MINUTES: '0' });
    await t.inquiries.create(receivedAt(iso(opening)));
    expect(await t.app.reminders.sweep()).toBe(0);
  });
});
