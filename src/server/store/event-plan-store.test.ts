// One contract, two engines: the final guest count kept as its own rows with their
// history (the customer's are found for the owner's quarter-hour notice, the owner's own
// are not, the same count twice is one), what the customer told of the day, and both erased with
// the inquiry, on a real SQLite file and a real PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { ACTOR, freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import type { FinalCount } from './event-plan-store.js';

const noteOf = (previous: FinalCount | undefined) => `count (was ${previous?.guests ?? 'none'})`;

describe.each(OWNER_STORE_ENGINES)('the event plan store on $name', (engine) => {
  const open = freshOwnerStores(engine);
  const pendingTopics = async (rows: Record<string, unknown>[]) =>
    rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((row) => row.topic as string);

  it('keeps every final count in order, with its history; the customer’s are found for the owner’s notice', async () => {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    const plans = stores.owners.eventPlans;
    const dietary = [
      { label: 'Vegetarian', count: 12 },
      { label: 'Vegan', count: 4 },
    ];
    const first = await plans.setFinalCount(inquiry.id, { guests: 120, dietary }, null, new Date(), noteOf);
    expect(first).toMatchObject({ inquiryId: inquiry.id, guests: 120, dietary, by: null });
    // The same count again (a reload, a double tap) is no change: nothing written, no one told.
    expect(await plans.setFinalCount(inquiry.id, { guests: 120, dietary }, null, new Date(), noteOf)).toBe('unchanged');
    const second = await plans.setFinalCount(inquiry.id, { guests: 130, dietary: [] }, ACTOR, new Date(), noteOf);
    expect(second).toMatchObject({ guests: 130, by: ACTOR.email });
    if (first === 'unchanged' || !first) throw new Error('no first count');

    expect((await plans.finalCounts(inquiry.id)).map((count) => [count.guests, count.by])).toEqual([
      [120, null],
      [130, ACTOR.email],
    ]);
    expect(await plans.finalCount(first.id)).toEqual(first);
    expect((await plans.latestFinalCounts([inquiry.id, 'none'])).get(inquiry.id)?.guests).toBe(130);
    // Only the customer's change is the owner's news, told by the quarter hour (record 190): no notice owed yet.
    expect((await plans.customerCountsSince(new Date(Date.parse(first.at) - 1))).map((count) => count.id)).toEqual([
      first.id,
    ]);
    expect(await plans.customerCountsSince(new Date(Date.parse(first.at) + 1))).toEqual([]);
    expect(await pendingTopics(await stores.rows('outboxPending'))).toEqual([]);
    const history = (await stores.owners.inbox.getInquiry(inquiry.id))!.history.filter((e) => e.kind === 'sale');
    expect(history.map((entry) => [entry.note, entry.by])).toEqual([
      ['count (was none)', null],
      ['count (was 120)', ACTOR.email],
    ]);
    expect(await plans.setFinalCount('missing', { guests: 1, dietary: [] }, null, new Date(), noteOf)).toBeUndefined();
  });

  // Its erasure's scrub on PostgreSQL waits for older transactions in the whole cluster (other test files').
  it('keeps what the customer told of the day, replaced by their next answer, and erases it all with the inquiry', {
    timeout: 90_000,
  }, async () => {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    const plans = stores.owners.eventPlans;
    const marker = `Site${Date.now()}Marker`;
    const details = {
      onSiteName: `Sam ${marker}`,
      onSitePhone: '+1 512 555 0101',
      siteAnswers: [{ question: 'Power?', answer: 'A 30 A outlet by the gym door' }],
    };
    expect(await plans.setDetails(inquiry.id, details, new Date(), () => 'told')).toBe(true);
    expect(await plans.setDetails(inquiry.id, details, new Date(), () => 'told')).toBe('unchanged');
    const changed = { ...details, onSitePhone: '+1 512 555 0102' };
    expect(await plans.setDetails(inquiry.id, changed, new Date(), (previous) => `was ${previous?.onSitePhone}`)).toBe(
      true,
    );
    expect(await plans.details(inquiry.id)).toMatchObject({ inquiryId: inquiry.id, ...changed });
    expect((await plans.detailsOf([inquiry.id])).get(inquiry.id)?.siteAnswers).toEqual(details.siteAnswers);
    const notes = (await stores.owners.inbox.getInquiry(inquiry.id))!.history.map((entry) => entry.note);
    expect(notes).toContain('was +1 512 555 0101');
    expect(await plans.setDetails('missing', details, new Date(), () => 'told')).toBe(false);

    await plans.setFinalCount(inquiry.id, { guests: 90, dietary: [] }, null, new Date(), noteOf);
    await stores.analyze(); // as autovacuum may (record 157)
    expect(await stores.owners.inbox.erase(inquiry.id, ACTOR, new Date())).toBe(true);
    expect(await stores.rows('finalCounts')).toEqual([]);
    expect(await stores.rows('eventDetails')).toEqual([]);
    expect(await stores.rows('outboxPending')).toEqual([]);
    expect(await plans.details(inquiry.id)).toBeUndefined();
    // Nor is anything the customer told left in the engine's files (record 085).
    await stores.owners.inbox.erasureSettled();
    expect(await stores.filesHolding([marker])).toEqual([]);
  });
});
