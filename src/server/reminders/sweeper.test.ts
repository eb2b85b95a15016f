// The reminders' sweep through the real app on a real store, with the clock moved: a
// rule's reminders are sent once each through the outbox (a test channel records them),
// however many sweeps ask, and a failing rule does not stop the others.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { startOwnerApp } from '../../../tests/support/owner-app.js';
import type { Channel } from '../notify/channels/channel.js';
import { CHANNELS } from '../notify/channels/index.js';
import { topicEvent } from '../store/outbox-store.js';
import type { ReminderRule } from './reminder-rule.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the reminders’ sweep', () => {
  it('sends each due reminder once, at the time the clock says, and goes on past a failing rule', async () => {
    let now = Date.parse('2026-12-01T15:00:00Z');
    const sent: string[] = [];
    const recorder: Channel = {
      kind: 'test-reminder',
      label: 'Test',
      events: ['test-reminder'],
      plan: () => [null],
      async send(delivery) {
        sent.push(`${delivery.inquiryId} ${topicEvent(delivery.topic)}`);
        return { ok: true };
      },
      describe: () => 'test',
    };
    const inquiry = buildNewInquiry({ document: { eventDate: '2026-12-20' } });
    // Due from 14 days before the event; answered again at every sweep.
    const rule: ReminderRule = {
      event: 'test-reminder',
      async due({ now: at, owners }) {
        const booked = await owners.inbox.bookedInquiries({ from: '2026-12-01' });
        return booked
          .filter((row) => Date.parse(`${row.eventDate}T00:00:00Z`) - at.getTime() <= 14 * DAY_MS)
          .map((row) => ({ inquiryId: row.id, topic: `test-reminder:${row.id}` }));
      },
    };
    const broken: ReminderRule = {
      event: 'broken',
      async due() {
        throw new Error('no such table');
      },
    };
    const t = await startOwnerApp(
      {},
      {
        build: { clock: () => now, reminderRules: [broken, rule], channels: [...CHANNELS, recorder] },
      },
    );
    await t.inquiries.create(inquiry);
    await t.owners.inbox.setStatus(inquiry.id, 'booked', { id: 'o', email: 'o@example.com' }, new Date());

    expect(await t.app.reminders.sweep()).toBe(0);
    now += 6 * DAY_MS; // 2026-12-07: 13 days before
    expect(await t.app.reminders.sweep()).toBe(1);
    expect(await t.app.reminders.sweep()).toBe(0);
    now += DAY_MS;
    await t.app.reminders.sweep();
    await t.app.notifier.start();
    await expect.poll(() => sent, { timeout: 10_000 }).toEqual([`${inquiry.id} test-reminder`]);
    expect(await t.app.reminders.sweep()).toBe(0);
    // Nothing more is on its way: the outbox has nothing queued, pending or in flight.
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 10_000 }).toBeUndefined();
    expect(sent).toHaveLength(1);
  });
});
