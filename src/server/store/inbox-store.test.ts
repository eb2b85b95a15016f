// The InboxStore contract (inbox-store.ts) on a real SQLite file and a real PostgreSQL
// server: the list, search and filters, the owner's history on an inquiry, read marks.
// Erasure has its own suite (inbox-erasure.test.ts).
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { ACTOR, freshOwnerStores, listQuery, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import type { ListQuery } from './inbox-store.js';
import type { NewInquiry } from './inquiry-store.js';

const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE).toISOString();

describe.each(OWNER_STORE_ENGINES)('InboxStore contract on $name', (engine) => {
  const open = freshOwnerStores(engine);

  describe('the inbox', () => {
    it('lists newest first with status new, spam flagged as spam and hidden unless asked', async () => {
      const old = buildNewInquiry({ document: { createdAt: at(30) } });
      const spam = buildNewInquiry({ spamReason: 'honeypot', document: { createdAt: at(20) } });
      const recent = buildNewInquiry({ document: { createdAt: at(10) } });
      const { owners } = await open(old, spam, recent);

      const visible = await owners.inbox.listInquiries(listQuery());
      expect(visible.rows.map((row) => row.id)).toEqual([recent.id, old.id]);
      expect(visible.rows[0]).toMatchObject({ ...recent.document, id: recent.id, status: 'new', readAt: null });
      const all = await owners.inbox.listInquiries(listQuery({ spam: true }));
      expect(all.rows.map((row) => [row.id, row.status])).toEqual([
        [recent.id, 'new'],
        [spam.id, 'spam'],
        [old.id, 'new'],
      ]);
      expect((await owners.inbox.listInquiries(listQuery({ status: 'spam' }))).rows.map((row) => row.id)).toEqual([
        spam.id,
      ]);
    });

    it('pages by keyset without gaps or repeats, ties broken by id', async () => {
      const sameTime = at(5);
      const inquiries = Array.from({ length: 7 }, (_, i) =>
        buildNewInquiry({ document: { createdAt: i < 3 ? sameTime : at(10 + i) } }),
      );
      const { owners } = await open(...inquiries);
      const seen: string[] = [];
      let before: ListQuery['before'];
      for (;;) {
        const page = await owners.inbox.listInquiries(listQuery({ limit: 2, before }));
        seen.push(...page.rows.map((row) => row.id));
        if (!page.more) break;
        const last = page.rows.at(-1)!;
        before = { createdAt: last.createdAt, id: last.id };
      }
      const expected = [...inquiries]
        .sort((a, b) =>
          a.document.createdAt === b.document.createdAt
            ? b.id.localeCompare(a.id)
            : b.document.createdAt.localeCompare(a.document.createdAt),
        )
        .map((inquiry) => inquiry.id);
      expect(seen).toEqual(expected);
    });

    it('pages a search that most inquiries match newest first, even when they were stored out of order', async () => {
      // More hits than a first look at the index takes, stored in an order unrelated to
      // their creation times (as after the clock was set back), a tenth of them spam.
      const count = 700;
      const inquiries = Array.from({ length: count }, (_, k) =>
        buildNewInquiry({
          spamReason: k % 10 === 3 ? 'too-fast' : null,
          document: { createdAt: at(((k * 37) % count) + 1), siteAddress: `${k + 1} Elm St, Marfa, TX 79843` },
        }),
      );
      const elsewhere = buildNewInquiry({
        document: { createdAt: at(0.5), siteAddress: '1 Main St, Alpine, TX 79830' },
      });
      const opened = await open();
      await Promise.all([...inquiries, elsewhere].map((inquiry) => opened.inquiries.create(inquiry)));
      const { owners } = opened;
      await owners.inbox.addNote(elsewhere.id, 'Meet at the Marfa depot', ACTOR, new Date());
      for (const inquiry of inquiries.filter((_, k) => k % 50 === 0))
        await owners.inbox.setStatus(inquiry.id, 'booked', ACTOR, new Date(), { perDay: 50 });

      const newestFirst = (list: NewInquiry[]) =>
        [...list].sort((a, b) => b.document.createdAt.localeCompare(a.document.createdAt)).map(({ id }) => id);
      const pages = async (overrides: Partial<ListQuery>) => {
        const seen: string[] = [];
        let before: ListQuery['before'];
        for (;;) {
          const page = await owners.inbox.listInquiries(listQuery({ q: 'marfa', ...overrides, before }));
          seen.push(...page.rows.map((row) => row.id));
          if (!page.more) return seen;
          before = { createdAt: page.rows.at(-1)!.createdAt, id: page.rows.at(-1)!.id };
        }
      };
      const notSpam = [...inquiries.filter((inquiry) => inquiry.spamReason === null), elsewhere];
      expect(await pages({})).toEqual(newestFirst(notSpam));
      expect(await pages({ limit: 7 })).toEqual(newestFirst(notSpam));
      expect(await pages({ spam: true })).toEqual(newestFirst([...inquiries, elsewhere]));
      expect(await pages({ status: 'booked' })).toEqual(newestFirst(inquiries.filter((_, k) => k % 50 === 0)));
    });

    it('searches name, e-mail, phone, company, event name, address, notes and the owner’s notes, by word prefix', async () => {
      const rosa = buildNewInquiry({
        document: {
          firstName: 'Rosa',
          lastName: 'Delgado',
          email: 'rd@riverbend.example',
          company: 'Acme',
          phoneNumber: '+1 (512) 555-0142',
          siteAddress: '12 Oak St, Lakeway, TX 78734-2101',
        },
      });
      const zoe = buildNewInquiry({
        document: {
          firstName: 'Zoë',
          lastName: 'Park',
          email: 'zoe.park@example.com',
          company: 'Hillside School',
          eventName: 'Graduation picnic',
          notes: 'Gluten free please',
        },
      });
      const { owners } = await open(rosa, zoe);
      const ids = async (q: string) => (await owners.inbox.listInquiries(listQuery({ q }))).rows.map((row) => row.id);
      expect(await ids('delg')).toEqual([rosa.id]);
      expect(await ids('ROSA delgado')).toEqual([rosa.id]);
      expect(await ids('riverbend')).toEqual([rosa.id]);
      for (const q of ['555-0142', '15125550142', 'oak st', 'lakeway', '78734'])
        expect(await ids(q), q).toEqual([rosa.id]);
      // A phone number however the owner writes it, with or without its country code.
      for (const q of ['5125550142', '512 555 0142', '(512) 555-0142', '+1 512 555 0142', '5550142', '512 555 014'])
        expect(await ids(q), q).toEqual([rosa.id]);
      expect(await ids('5125550143')).toEqual([]);
      expect(await ids('78734-2101'), 'a ZIP+4 reads like a phone number, and is still found by its words').toEqual([
        rosa.id,
      ]);
      expect(await ids('zoe.park@example.com')).toEqual([zoe.id]);
      expect(await ids('hillside')).toEqual([zoe.id]);
      expect(await ids('graduation')).toEqual([zoe.id]);
      expect(await ids('gluten')).toEqual([zoe.id]);
      expect(await ids('rosa park')).toEqual([]);
      expect(await ids('nothing-like-it')).toEqual([]);
      await owners.inbox.addNote(rosa.id, 'Wants the churro add-on', ACTOR, new Date());
      expect(await ids('churro')).toEqual([rosa.id]);
    });

    it('finds an inquiry created after the newest was erased (which frees its row number on SQLite)', async () => {
      const alpha = buildNewInquiry({ document: { lastName: 'Alphaville' } });
      const bravo = buildNewInquiry({ document: { lastName: 'Bravoport' } });
      const { inquiries, owners } = await open(alpha, bravo);
      const ids = async (q: string) => (await owners.inbox.listInquiries(listQuery({ q }))).rows.map((row) => row.id);
      expect(await ids('bravoport')).toEqual([bravo.id]);
      expect(await owners.inbox.erase(bravo.id, ACTOR, new Date())).toBe(true);
      const charlie = buildNewInquiry({ document: { lastName: 'Charlieton' } });
      await inquiries.create(charlie);
      expect(await ids('charlieton')).toEqual([charlie.id]);
      expect(await ids('bravoport')).toEqual([]);
      expect(await ids('alphaville')).toEqual([alpha.id]);
    });

    it('filters by status and event date range', async () => {
      const soon = buildNewInquiry({ document: { eventDate: '2030-03-01' } });
      const later = buildNewInquiry({ document: { eventDate: '2030-06-15' } });
      const { owners } = await open(soon, later);
      await owners.inbox.setStatus(later.id, 'booked', ACTOR, new Date());
      const ids = async (overrides: Partial<ListQuery>) =>
        (await owners.inbox.listInquiries(listQuery(overrides))).rows.map((row) => row.id);
      expect(await ids({ status: 'booked' })).toEqual([later.id]);
      expect(await ids({ status: 'new' })).toEqual([soon.id]);
      expect(await ids({ status: 'contacted' })).toEqual([]);
      expect(await ids({ from: '2030-03-02' })).toEqual([later.id]);
      expect(await ids({ to: '2030-03-01' })).toEqual([soon.id]);
      expect(await ids({ from: '2030-01-01', to: '2030-12-31' })).toHaveLength(2);
    });

    it('keeps status changes and notes as history, who and when, without touching the inquiry row', async () => {
      const inquiry = buildNewInquiry();
      const opened = await open(inquiry);
      const { owners } = opened;
      const before = await opened.rows('eventInquiries');
      const t = (minutes: number) => new Date(Date.parse(inquiry.document.createdAt) + minutes * MINUTE);
      expect(await owners.inbox.setStatus(inquiry.id, 'contacted', ACTOR, t(1))).toBe(true);
      expect(await owners.inbox.setStatus(inquiry.id, 'contacted', ACTOR, t(2))).toBe(true); // no change, no entry
      expect(await owners.inbox.addNote(inquiry.id, 'Called, left a message', ACTOR, t(3))).toBe(true);
      expect(await owners.inbox.setStatus(inquiry.id, 'quoted', { id: 'h', email: 'helper@example.com' }, t(4))).toBe(
        true,
      );

      const detail = (await owners.inbox.getInquiry(inquiry.id))!;
      expect(detail.inquiry).toMatchObject({ id: inquiry.id, status: 'quoted', email: inquiry.document.email });
      expect(detail.history).toEqual([
        { kind: 'received', at: inquiry.document.createdAt, by: null, status: null, note: null },
        { kind: 'status', at: t(1).toISOString(), by: ACTOR.email, status: 'contacted', note: null },
        { kind: 'note', at: t(3).toISOString(), by: ACTOR.email, status: null, note: 'Called, left a message' },
        { kind: 'status', at: t(4).toISOString(), by: 'helper@example.com', status: 'quoted', note: null },
      ]);
      expect(await opened.rows('eventInquiries')).toEqual(before);
    });

    it('gives the owner’s work on several inquiries at once, for the CSV', async () => {
      const [worked, untouched] = [buildNewInquiry(), buildNewInquiry()];
      const { owners } = await open(worked, untouched);
      const t = (minutes: number) => new Date(Date.parse(worked.document.createdAt) + minutes * MINUTE);
      await owners.inbox.addNote(worked.id, 'First call', ACTOR, t(1));
      await owners.inbox.setStatus(worked.id, 'quoted', ACTOR, t(2));
      await owners.inbox.addNote(worked.id, 'Quote sent', ACTOR, t(3));
      const work = await owners.inbox.workOn([worked.id, untouched.id]);
      expect(work.get(worked.id)).toEqual({ notes: ['First call', 'Quote sent'], lastStatusAt: t(2).toISOString() });
      expect(work.has(untouched.id)).toBe(false);
      expect((await owners.inbox.workOn([])).size).toBe(0);
    });

    it('spam goes back to new; unknown inquiries are refused', async () => {
      const spam = buildNewInquiry({ spamReason: 'too-fast' });
      const { owners } = await open(spam);
      expect((await owners.inbox.getInquiry(spam.id))!.inquiry).toMatchObject({
        status: 'spam',
        spamReason: 'too-fast',
      });
      await owners.inbox.setStatus(spam.id, 'new', ACTOR, new Date());
      expect((await owners.inbox.getInquiry(spam.id))!.inquiry.status).toBe('new');
      expect((await owners.inbox.listInquiries(listQuery())).rows.map((row) => row.id)).toEqual([spam.id]);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect(await owners.inbox.getInquiry(missing)).toBeUndefined();
      expect(await owners.inbox.setStatus(missing, 'booked', ACTOR, new Date())).toBe(false);
      expect(await owners.inbox.addNote(missing, 'x', ACTOR, new Date())).toBe(false);
      expect(await owners.inbox.markRead(missing, new Date())).toBe(false);
      expect(await owners.inbox.erase(missing, ACTOR, new Date())).toBe(false);
    });

    it('marks an inquiry read once: the first reading stays', async () => {
      const inquiry = buildNewInquiry();
      const { owners } = await open(inquiry);
      const first = new Date(Date.now() - MINUTE);
      expect(await owners.inbox.markRead(inquiry.id, first)).toBe(true);
      expect(await owners.inbox.markRead(inquiry.id, new Date())).toBe(true);
      expect((await owners.inbox.getInquiry(inquiry.id))!.inquiry).toMatchObject({
        readAt: first.toISOString(),
        status: 'new',
      });
    });
  });
});

describe('the search index on SQLite (filled in batches, record 052)', () => {
  it('takes in new inquiries in the background, without a search', async () => {
    const opened = await OWNER_STORE_ENGINES.find((engine) => engine.name === 'sqlite')!.open();
    try {
      for (const inquiry of [buildNewInquiry(), buildNewInquiry()]) await opened.inquiries.create(inquiry);
      const indexedUpTo = async () => (await opened.rows('searchProgress'))[0]!.indexedUpTo as number;
      expect(await indexedUpTo()).toBe(0);
      const deadline = Date.now() + 5_000;
      while ((await indexedUpTo()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await indexedUpTo()).toBe(2);
    } finally {
      await opened.close();
    }
  });
});
