// One contract, two engines: a reminder is queued once per inquiry and topic, with its
// outbox pending row in the same transaction, never for an erased inquiry, and leaves
// with the inquiry's erasure.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };

describe.each(OWNER_STORE_ENGINES)('the reminder store on $name', (engine) => {
  const open = freshOwnerStores(engine);
  const pendingTopics = async (rows: Record<string, unknown>[]) =>
    rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((row) => `${row.inquiryId} ${row.topic}`);

  it('queues each reminder once, with its outbox row, however often and however concurrently it is asked', async () => {
    const [one, two] = [buildNewInquiry(), buildNewInquiry()];
    const stores = await open(one, two);
    const at = new Date('2026-12-01T15:00:00Z');
    const reminders = [
      { inquiryId: one.id, topic: `final-count-14:${one.id}` },
      { inquiryId: two.id, topic: `final-count-14:${two.id}` },
    ];
    expect(await stores.owners.reminders.queue(reminders, at)).toEqual(reminders);
    const again = await Promise.all([1, 2, 3].map(() => stores.owners.reminders.queue(reminders, at)));
    expect(again).toEqual([[], [], []]);
    expect(await pendingTopics(await stores.rows('outboxPending'))).toEqual(
      reminders.map((reminder) => `${reminder.inquiryId} ${reminder.topic}`),
    );
    // Another topic for the same inquiry is another reminder.
    expect(
      await stores.owners.reminders.queue([{ inquiryId: one.id, topic: `final-count-3:${one.id}` }], at),
    ).toHaveLength(1);
    expect((await stores.owners.reminders.queuedFor([one.id])).map((each) => [each.topic, each.queuedAt])).toEqual([
      [`final-count-14:${one.id}`, at.toISOString()],
      [`final-count-3:${one.id}`, at.toISOString()],
    ]);
  });

  it('queues nothing for an inquiry that is not there, and forgets an erased one’s', async () => {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    const at = new Date();
    expect(await stores.owners.reminders.queue([{ inquiryId: 'gone', topic: 'final-count-14:x' }], at)).toEqual([]);
    await stores.owners.reminders.queue([{ inquiryId: inquiry.id, topic: 'final-count-14:x' }], at);
    expect(await stores.owners.inbox.erase(inquiry.id, OWNER, at)).toBe(true);
    expect(await stores.owners.reminders.queuedFor([inquiry.id])).toEqual([]);
    expect(await stores.rows('outboxPending')).toEqual([]);
    // Nor again after the erasure.
    expect(await stores.owners.reminders.queue([{ inquiryId: inquiry.id, topic: 'final-count-3:x' }], at)).toEqual([]);
  });
});
