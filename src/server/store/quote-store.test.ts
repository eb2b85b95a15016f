// One contract, two engines: quotes sent, revised, viewed, accepted once and declined,
// each with its history line, status and outbox pending row, on a real SQLite file and
// a real PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { buildAcceptance, buildNewInquiry, buildQuote } from '../../../tests/support/builders.js';
import {
  freshOwnerStores,
  OWNER_STORE_ENGINES,
  type OpenedStores,
} from '../../../tests/support/owner-store-engines.js';
import { quoteState, REPEAT_WITHIN_MS } from './quote-store.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };

describe.each(OWNER_STORE_ENGINES)('the quote store on $name', (engine) => {
  const open = freshOwnerStores(engine);
  let opened: OpenedStores & { pendingTopics(): Promise<string[]> };

  /** Fresh stores with one inquiry in; its id. */
  async function withInquiry() {
    const inquiry = buildNewInquiry();
    const stores = await open(inquiry);
    opened = {
      ...stores,
      // The outbox's pending rows, read behind the store's back, in the order they were written.
      pendingTopics: async () =>
        (await stores.rows('outboxPending'))
          .sort((a, b) => Number(a.seq) - Number(b.seq))
          .map((row) => row.topic as string),
    };
    return inquiry.id;
  }

  it('sends a version: stored as sent, the inquiry Quoted with who sent it in its history, the customer’s e-mail owed', async () => {
    const inquiryId = await withInquiry();
    const before = await opened.pendingTopics();
    const quote = await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'Quote sent: $2,130.13');
    expect(quote).toMatchObject({ inquiryId, version: 1, sentBy: OWNER.email, accepted: null, replacedAt: null });
    expect(quote!.lines).toEqual(buildQuote().lines);
    expect(quote!.totals).toEqual(buildQuote().totals);
    expect(await opened.owners.quotes.get(quote!.id)).toEqual(quote);
    const { inquiry, history } = (await opened.owners.inbox.getInquiry(inquiryId))!;
    expect(inquiry.status).toBe('quoted');
    expect(history.map((entry) => [entry.kind, entry.by, entry.note ?? entry.status])).toEqual([
      ['received', null, null],
      ['sale', OWNER.email, 'Quote sent: $2,130.13'],
      ['status', OWNER.email, 'quoted'],
    ]);
    expect((await opened.pendingTopics()).slice(before.length)).toEqual([`quote-sent:${quote!.id}`]);
  });

  it('answers a send repeated soon after with the version it made: one quote, one e-mail owed', async () => {
    const inquiryId = await withInquiry();
    const sentAt = new Date();
    const first = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, sentAt, 'one'))!;
    const again = await opened.owners.quotes.send(
      inquiryId,
      buildQuote(),
      OWNER,
      new Date(sentAt.getTime() + 60_000),
      'one',
    );
    expect(again?.id).toBe(first.id);
    expect(await opened.owners.quotes.forInquiry(inquiryId)).toHaveLength(1);
    expect((await opened.pendingTopics()).filter((topic) => topic.startsWith('quote-sent:'))).toHaveLength(1);
    // Changed only in the owner's line: a new version, which keeps it (record 213).
    const worded = await opened.owners.quotes.send(
      inquiryId,
      buildQuote({ message: 'See you there!' }),
      OWNER,
      new Date(sentAt.getTime() + 90_000),
      'worded',
    );
    expect(worded).toMatchObject({ version: 2, message: 'See you there!' });
    expect((await opened.owners.quotes.get(worded!.id))!.message).toBe('See you there!');
    expect((await opened.owners.quotes.get(first.id))!.message).toBe('');
    // Later, or changed, it is a new version.
    const later = new Date(sentAt.getTime() + REPEAT_WITHIN_MS + 1000);
    expect((await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, later, 'two'))!.version).toBe(3);
  });

  it('refuses a quote for an inquiry that is not there', async () => {
    await withInquiry();
    expect(await opened.owners.quotes.send('no-such-inquiry', buildQuote(), OWNER, new Date(), 'x')).toBeUndefined();
  });

  it('revises: a new version replaces the old, which can no longer be accepted; a Booked inquiry stays Booked', async () => {
    const inquiryId = await withInquiry();
    const first = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    await opened.owners.inbox.setStatus(inquiryId, 'booked', OWNER, new Date());
    const second = (await opened.owners.quotes.send(
      inquiryId,
      buildQuote({ validUntil: '2099-12-30' }),
      OWNER,
      new Date(),
      'two',
    ))!;
    expect(second.version).toBe(2);
    const versions = await opened.owners.quotes.forInquiry(inquiryId);
    expect(versions.map((quote) => [quote.version, quoteState(quote, '2026-11-26')])).toEqual([
      [1, 'replaced'],
      [2, 'sent'],
    ]);
    expect(await opened.owners.quotes.accept(first.id, buildAcceptance(), '2026-11-26')).toMatchObject({
      ok: false,
      state: 'replaced',
    });
    expect((await opened.owners.inbox.getInquiry(inquiryId))!.inquiry.status).toBe('booked');
    expect((await opened.owners.quotes.latestOf([inquiryId, 'other'])).get(inquiryId)?.id).toBe(second.id);
  });

  it('accepts once, keeping what was accepted; a second accept or a decline changes nothing', async () => {
    const inquiryId = await withInquiry();
    const quote = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    await opened.owners.quotes.markViewed(quote.id, new Date('2026-11-26T10:00:00Z'));
    await opened.owners.quotes.markViewed(quote.id, new Date('2026-11-26T11:00:00Z'));
    expect(quoteState((await opened.owners.quotes.get(quote.id))!, '2026-11-26')).toBe('viewed');
    expect((await opened.owners.quotes.get(quote.id))!.viewedAt).toBe('2026-11-26T10:00:00.000Z');

    const first = await opened.owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-26');
    expect(first.ok).toBe(true);
    const again = await opened.owners.quotes.accept(
      quote.id,
      { ...buildAcceptance('2026-11-27T00:00:00.000Z'), hash: 'x' },
      '2026-11-26',
    );
    expect(again).toMatchObject({ ok: false, state: 'accepted' });
    expect(await opened.owners.quotes.decline(quote.id, 'no', new Date(), '2026-11-26')).toMatchObject({
      ok: false,
      state: 'accepted',
    });
    const stored = (await opened.owners.quotes.get(quote.id))!;
    expect(stored.accepted).toEqual(buildAcceptance());
    expect(stored.declinedAt).toBeNull();
    const topics = await opened.pendingTopics();
    expect(topics.filter((topic) => topic.startsWith('quote-accepted:'))).toEqual([`quote-accepted:${quote.id}`]);
    expect(topics.some((topic) => topic.startsWith('quote-declined:'))).toBe(false);
    const history = (await opened.owners.inbox.getInquiry(inquiryId))!.history;
    expect(history.filter((entry) => entry.kind === 'sale').map((entry) => [entry.note, entry.by])).toEqual([
      ['one', OWNER.email],
      ['Quote accepted by the customer (version 1)', null],
    ]);
  });

  it('accepts only one of two accepts racing', async () => {
    const inquiryId = await withInquiry();
    const quote = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        opened.owners.quotes.accept(quote.id, { ...buildAcceptance(), hash: `h${i}` }, '2026-11-26'),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await opened.pendingTopics()).filter((topic) => topic.startsWith('quote-accepted:'))).toHaveLength(1);
  });

  it('refuses a revision of a version accepted since the owner saw it, and takes one that says it saw the acceptance (record 202)', async () => {
    const inquiryId = await withInquiry();
    const first = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    expect((await opened.owners.quotes.accept(first.id, buildAcceptance(), '2026-11-26')).ok).toBe(true);
    const revise = (revises: { version: number; accepted: boolean }, validUntil: string) =>
      opened.owners.quotes.revise(inquiryId, buildQuote({ validUntil }), OWNER, new Date(), 'two', revises);
    expect(await revise({ version: 1, accepted: false }, '2099-12-30')).toEqual({ conflict: 'accepted', version: 1 });
    // Refused, nothing changed: version 1 stands accepted, nothing owed.
    const versions = await opened.owners.quotes.forInquiry(inquiryId);
    expect(versions.map((quote) => [quote.version, quoteState(quote, '2026-11-26')])).toEqual([[1, 'accepted']]);
    expect((await opened.pendingTopics()).filter((topic) => topic.startsWith('quote-sent:'))).toHaveLength(1);
    // Revising an accepted quote stays possible, on purpose: the owner saw the acceptance.
    const second = await revise({ version: 1, accepted: true }, '2099-12-30');
    expect(second).toMatchObject({ version: 2 });
    // A form opened on version 1 cannot replace version 2, sent since.
    expect(await revise({ version: 1, accepted: true }, '2099-12-29')).toEqual({ conflict: 'newer', version: 2 });
  });

  it('never replaces an acceptance landing at the same moment as a revision of what the owner saw unanswered', async () => {
    const inquiryId = await withInquiry();
    const outcomes = { accepted: 0, revised: 0 };
    for (let round = 1; round <= 12; round++) {
      const quote = (await opened.owners.quotes.forInquiry(inquiryId)).at(-1);
      const current =
        quote && !quote.accepted
          ? quote
          : ((await opened.owners.quotes.revise(
              inquiryId,
              buildQuote({ validUntil: `2099-11-${String(round).padStart(2, '0')}` }),
              OWNER,
              new Date(),
              'fresh',
              { version: quote?.version ?? 0, accepted: true },
            )) ?? (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'first')));
      if (!current || 'conflict' in current) throw new Error('no fresh version to race on');
      const [accepted, revised] = await Promise.all([
        opened.owners.quotes.accept(current.id, buildAcceptance(), '2026-11-26'),
        opened.owners.quotes.revise(
          inquiryId,
          buildQuote({ validUntil: `2099-12-${String(round).padStart(2, '0')}` }),
          OWNER,
          new Date(),
          'racing',
          { version: current.version, accepted: false },
        ),
      ]);
      // Exactly one of the two lands; an acceptance the customer was told of stays in force.
      expect(accepted.ok !== (revised !== undefined && !('conflict' in revised))).toBe(true);
      if (accepted.ok) {
        outcomes.accepted++;
        expect(revised).toEqual({ conflict: 'accepted', version: current.version });
        expect(quoteState((await opened.owners.quotes.get(current.id))!, '2026-11-26')).toBe('accepted');
      } else outcomes.revised++;
    }
    expect(outcomes.accepted + outcomes.revised).toBe(12);
  });

  it('declines with a reason, after which it cannot be accepted', async () => {
    const inquiryId = await withInquiry();
    const quote = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    expect((await opened.owners.quotes.decline(quote.id, 'We went with a caterer', new Date(), '2026-11-26')).ok).toBe(
      true,
    );
    expect(await opened.owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-26')).toMatchObject({
      ok: false,
      state: 'declined',
    });
    expect((await opened.owners.quotes.get(quote.id))!.declineReason).toBe('We went with a caterer');
    expect(await opened.pendingTopics()).toContain(`quote-declined:${quote.id}`);
  });

  it('refuses to accept a quote past its last day, and says it expired', async () => {
    const inquiryId = await withInquiry();
    const quote = (await opened.owners.quotes.send(
      inquiryId,
      buildQuote({ validUntil: '2026-11-25' }),
      OWNER,
      new Date(),
      'one',
    ))!;
    expect(await opened.owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-26')).toMatchObject({
      ok: false,
      state: 'expired',
    });
    // Through the end of its last day.
    expect((await opened.owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-25')).ok).toBe(true);
  });

  it('leaves with the inquiry’s erasure', async () => {
    const inquiryId = await withInquiry();
    const quote = (await opened.owners.quotes.send(inquiryId, buildQuote(), OWNER, new Date(), 'one'))!;
    await opened.owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-26');
    expect(await opened.owners.inbox.erase(inquiryId, OWNER, new Date())).toBe(true);
    expect(await opened.owners.quotes.get(quote.id)).toBeUndefined();
    expect(await opened.owners.quotes.forInquiry(inquiryId)).toEqual([]);
    expect(await opened.pendingTopics()).toEqual([]);
  });
});
