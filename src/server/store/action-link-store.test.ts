// One contract, two engines: a notification's action link acts once, however often and
// however concurrently it is used, only while the inquiry is New, writes who did it in
// the history, and leaves with the inquiry's erasure.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import type { LinkUse } from './action-link-store.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const link = (inquiryId: string, action: LinkUse['action'] = 'contacted'): LinkUse => ({
  linkId: randomUUID(),
  inquiryId,
  action,
  by: OWNER,
});

describe.each(OWNER_STORE_ENGINES)('the action link store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('acts once, whatever the concurrency, and says when it was used', async () => {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    const { actionLinks, inbox } = stores.owners;
    const contacted = link(inquiry.id);
    const at = new Date('2026-12-01T15:00:00.000Z');
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => actionLinks.use(contacted, at)));
    expect(outcomes.filter((each) => each.outcome === 'done')).toHaveLength(1);
    expect(outcomes.filter((each) => each.outcome === 'used')).toEqual([
      { outcome: 'used', usedAt: at.toISOString() },
      { outcome: 'used', usedAt: at.toISOString() },
      { outcome: 'used', usedAt: at.toISOString() },
    ]);
    expect(await actionLinks.usedAt(contacted.linkId)).toBe(at.toISOString());
    const found = await inbox.getInquiry(inquiry.id);
    expect(found!.inquiry.status).toBe('contacted');
    expect(found!.history.filter((entry) => entry.kind === 'status')).toEqual([
      { kind: 'status', at: at.toISOString(), by: OWNER.email, status: 'contacted', note: null },
    ]);
  });

  it('changes nothing once the inquiry is no longer New, and leaves that link unused', async () => {
    const [answered, declinedTwice] = [buildNewInquiry(), buildNewInquiry()];
    const stores = await open(answered, declinedTwice);
    const { actionLinks, inbox } = stores.owners;
    await inbox.setStatus(answered.id, 'quoted', OWNER, new Date());
    const decline = link(answered.id, 'decline');
    expect(await actionLinks.use(decline, new Date())).toEqual({ outcome: 'answered', status: 'quoted' });
    expect(await actionLinks.usedAt(decline.linkId)).toBeUndefined();

    // Two links of one notification raced: the first decides, the second finds it answered.
    const [first, second] = await Promise.all([
      actionLinks.use(link(declinedTwice.id, 'decline'), new Date()),
      actionLinks.use(link(declinedTwice.id, 'contacted'), new Date()),
    ]);
    const outcomes = [first.outcome, second.outcome].sort();
    expect(outcomes).toEqual(['answered', 'done']);
    const status = (await inbox.getInquiry(declinedTwice.id))!.inquiry.status;
    expect(['declined', 'contacted']).toContain(status);
    expect((await inbox.getInquiry(declinedTwice.id))!.history.filter((entry) => entry.kind === 'status')).toHaveLength(
      1,
    );
  });

  it('finds nothing for an inquiry that is not there, and forgets an erased one’s links', async () => {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    const { actionLinks, inbox } = stores.owners;
    expect(await actionLinks.use(link(randomUUID()), new Date())).toEqual({ outcome: 'missing' });
    const used = link(inquiry.id, 'decline');
    expect(await actionLinks.use(used, new Date())).toEqual({ outcome: 'done' });
    expect((await inbox.getInquiry(inquiry.id))!.inquiry.status).toBe('declined');
    expect(await inbox.erase(inquiry.id, OWNER, new Date())).toBe(true);
    expect(await stores.rows('actionLinksUsed')).toEqual([]);
    expect(await actionLinks.use(used, new Date())).toEqual({ outcome: 'missing' });
  });
});
