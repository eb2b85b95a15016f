// The InboxStore contract's erasure (inbox-store.ts) on a real SQLite file and a real
// PostgreSQL server: the personal data gone from every file of the engine, a tombstone
// kept; and PostgreSQL's scrub after it (postgres-erasure-scrubber.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import {
  ACTOR,
  clusterFilesHolding,
  freshOwnerStores,
  listQuery,
  OWNER_STORE_ENGINES,
  withClient,
} from '../../../tests/support/owner-store-engines.js';
import type { InquiryStore } from './inquiry-store.js';
import type { NewOrder, PreorderStore } from './preorder-store.js';
import { SCRUB_WITHIN_MS, type ScrubLog } from './postgres/postgres-erasure-scrubber.js';
import { openPostgresOwnerStore } from './postgres/postgres-owner-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';

const AT = new Date('2031-05-01T15:00:00Z');
/** A stop open to pre-orders, one item offered. */
const preorderStop = () => ({
  stopId: 'stop-1',
  open: true,
  items: [{ name: 'Horchata', price: 300, cap: null }],
  pickupEvery: 15,
  perPickup: 10,
  orderBy: 60,
  currency: 'USD',
});
/** An order to pay at pickup (it owes its confirmation at once), placed. */
async function placeOrder(
  preorders: PreorderStore,
  customer: Partial<Pick<NewOrder, 'name' | 'phone' | 'email' | 'sender'>>,
) {
  const result = await preorders.place(
    {
      stopId: 'stop-1',
      pickup: '11:00',
      lines: [{ name: 'Horchata', quantity: 1 }],
      name: 'Customer',
      phone: '512-555-0100',
      email: 'customer@example.com',
      payAtPickup: true,
      ...customer,
    },
    AT,
    null,
  );
  if (!result.ok) throw new Error(`not placed: ${result.reason}`);
  return result.order;
}

describe.each(OWNER_STORE_ENGINES)('InboxStore erasure on $name', (engine) => {
  const open = freshOwnerStores(engine);

  /**
   * Every claimed delivery is refused once by an SMTP answer quoting its customer's
   * address (kept as its lastError and in its attempt), then sent (its lastError
   * overwritten): as a worker would leave them.
   */
  async function refusedThenSent(inquiries: InquiryStore): Promise<void> {
    const claimed = await inquiries.outbox.claimDue(Date.now(), 10, 60_000);
    const now = Date.now();
    await inquiries.outbox.settle(
      claimed.map((delivery) => ({
        id: delivery.id,
        claimToken: delivery.claimToken,
        at: now,
        settlement: { outcome: 'retry', error: `SMTP 550 5.1.1 <${delivery.inquiry!.email}> user unknown`, dueAt: now },
      })),
    );
    const again = await inquiries.outbox.claimDue(Date.now(), 10, 60_000);
    expect(again).toHaveLength(claimed.length);
    await inquiries.outbox.settle(
      again.map((delivery) => ({ ...delivery, at: Date.now(), settlement: { outcome: 'sent' } })),
    );
  }

  describe('erasure', () => {
    // On PostgreSQL the erasure's scrub waits for older transactions in the whole cluster: the
    // other test files' databases on a loaded machine can hold it tens of seconds.
    it('removes the personal data for good, keeps a tombstone, and leaves other inquiries alone', {
      timeout: 90_000,
    }, async () => {
      const marker = `Erasable${Date.now()}Marker`;
      // The marker in every free-text field the visitor fills in.
      const target = buildNewInquiry({
        document: {
          firstName: `${marker}First`,
          lastName: marker,
          email: `${marker.toLowerCase()}@example.com`,
          company: `${marker} Company`,
          eventName: `${marker} Event`,
          siteAddress: `1 ${marker} St, ${marker}ville, TX 78701`,
          notes: `${marker} notes`,
          reference: `${marker} Reference`,
        },
      });
      const other = buildNewInquiry();
      const opened = await open();
      opened.inquiries.outbox.configure({
        plan: () => [{ kind: 'confirmation', target: null }],
        idSecret: 'owner-store-test-secret-0123456789abc',
      });
      for (const inquiry of [target, other]) await opened.inquiries.create(inquiry);
      await refusedThenSent(opened.inquiries);
      const { owners } = opened;
      // Searched once, so it is in the search index too.
      expect((await owners.inbox.listInquiries(listQuery({ q: marker }))).rows.map((row) => row.id)).toEqual([
        target.id,
      ]);
      await owners.inbox.addNote(target.id, `${marker} called back`, ACTOR, new Date());
      await owners.inbox.setStatus(target.id, 'contacted', ACTOR, new Date());
      // As autovacuum may: statistics with sample values of each column (record 157).
      await opened.analyze();
      const when = new Date();

      expect(await owners.inbox.erase(target.id, ACTOR, when)).toBe(true);
      expect(await owners.inbox.getInquiry(target.id)).toBeUndefined();
      expect((await owners.inbox.listInquiries(listQuery({ spam: true }))).rows.map((row) => row.id)).toEqual([
        other.id,
      ]);
      expect((await owners.inbox.listInquiries(listQuery({ q: marker }))).rows).toEqual([]);
      expect(await opened.inquiries.list()).toHaveLength(1);
      expect(await opened.rows('inquiryEvents')).toEqual([]);
      // Its notifications went with it; the other inquiry's stay.
      expect((await opened.rows('outbox')).map((row) => row.inquiryId)).toEqual([other.id]);
      expect(await opened.rows('outboxAttempts')).toHaveLength(2);
      expect(JSON.stringify(await opened.rows('outboxAttempts'))).not.toContain(marker.toLowerCase());
      expect(await opened.rows('outboxPending')).toEqual([]);
      expect(await owners.inbox.erasures()).toEqual([
        { inquiryId: target.id, erasedAt: when.toISOString(), erasedBy: ACTOR.email },
      ]);
      // Once the erasure's background step is over, nothing of it is left in any of the engine's
      // files: tables, every index (search included), the outbox and its attempts, SQLite's WAL.
      await owners.inbox.erasureSettled();
      expect(await opened.filesHolding([marker, marker.toLowerCase()])).toEqual([]);
      // The other inquiry is still there, words and all (the scan is real).
      expect(await opened.filesHolding([other.document.lastName])).not.toEqual([]);
    });

    it('erases the pre-orders placed with the inquiry’s e-mail in the same erasure, and no one else’s', async () => {
      const marker = `Ordering${Date.now()}Marker`;
      const email = `${marker.toLowerCase()}@example.com`;
      const target = buildNewInquiry({ document: { lastName: marker, email } });
      const opened = await open(target);
      const { preorders } = opened.owners;
      await preorders.saveSettings(preorderStop(), AT);
      // Two orders of the inquiry's customer (each owes its confirmation in the outbox), one of another.
      const mine = [
        await placeOrder(preorders, { name: `${marker} Ana`, phone: '512-555-0142', email }),
        await placeOrder(preorders, { name: `${marker} Ana`, phone: '512-555-0142', email }),
      ];
      const other = await placeOrder(preorders, { name: 'Other Customer', email: 'other@example.com' });
      expect((await opened.rows('outboxPending')).map((row) => row.inquiryId).sort()).toEqual(
        [...mine.map((order) => order.id), other.id].sort(),
      );

      expect(await opened.owners.inbox.erase(target.id, ACTOR, new Date())).toBe(true);
      for (const order of mine) {
        expect(await preorders.get(order.id)).toMatchObject({ name: '', phone: '', email: '', total: order.total });
      }
      expect(await preorders.get(other.id)).toEqual(other);
      expect((await opened.rows('outboxPending')).map((row) => row.inquiryId)).toEqual([other.id]);
      // Gone from every file of the engine once the erasure's background step is over.
      await opened.owners.inbox.erasureSettled();
      expect(await opened.filesHolding([marker, marker.toLowerCase(), '512-555-0142'])).toEqual([]);
    });

    it('leaves nothing of an order’s customer in the engine’s files after the order’s "Erase customer" (record 340)', async () => {
      const marker = `Ordered${Date.now()}Marker`;
      const email = `${marker.toLowerCase()}@example.com`;
      const opened = await open();
      const { preorders } = opened.owners;
      await preorders.saveSettings(preorderStop(), AT);
      // Its network's keyed hash (record 430) goes with the customer.
      const sender = `Sender${marker}`;
      const mine = await placeOrder(preorders, { name: `${marker} Ana`, email, sender });
      const other = await placeOrder(preorders, { name: 'Other Customer', email: 'other@example.com' });
      await opened.analyze();
      const senderOf = async (id: string) => (await opened.rows('preorders')).find((row) => row.id === id)?.sender;
      expect(await senderOf(mine.id)).toBe(sender);

      expect(await preorders.erase(email)).toBe(1);
      expect(await preorders.get(mine.id)).toMatchObject({ name: '', phone: '', email: '' });
      expect(await senderOf(mine.id)).toBeNull();
      // The owner store's one background step after erasures (PostgreSQL's scrub, SQLite's WAL emptied).
      await opened.owners.inbox.erasureSettled();
      expect(await opened.filesHolding([marker, marker.toLowerCase(), sender])).toEqual([]);
      expect(await opened.filesHolding([other.name])).not.toEqual([]);
    });

    it('keeps an erased id taken: the same create sent again (or batched with others) answers conflict', async () => {
      const target = buildNewInquiry();
      const opened = await open(target);
      expect(await opened.owners.inbox.erase(target.id, ACTOR, new Date())).toBe(true);

      const other = buildNewInquiry();
      const [replay, stored] = await Promise.all([opened.inquiries.create(target), opened.inquiries.create(other)]);
      expect(replay).toEqual({ status: 'conflict' });
      expect(stored.status).toBe('created');
      expect((await opened.inquiries.list()).map((row) => row.id)).toEqual([other.id]);
    });
  });
});

describe('the erasure scrub on PostgreSQL (record 085)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function openOn(url: string, scrubLog?: ScrubLog) {
    const inquiries = await openPostgresStore(url);
    const owners = await openPostgresOwnerStore(url, undefined, scrubLog);
    const close = async () => {
      await owners.close();
      await inquiries.close();
    };
    return { inquiries, owners, close };
  }
  const checkpoint = (url: string) => withClient(url, (client) => client.query('CHECKPOINT'));

  it(`scrubs within ${SCRUB_WITHIN_MS / 1000} s of an erasure however many follow it`, {
    timeout: 90_000,
  }, async () => {
    const url = await freshPostgresUrl();
    const { inquiries, owners, close } = await openOn(url);
    cleanups.push(close);
    const first = `Bounded${Date.now()}Marker`;
    const created = Array.from({ length: 24 }, (_, i) =>
      buildNewInquiry({ document: { lastName: i === 0 ? first : `Later${i}` } }),
    );
    for (const inquiry of created) await inquiries.create(inquiry);
    await checkpoint(url);
    expect(await clusterFilesHolding(url, [first])).not.toEqual([]);

    await owners.inbox.erase(created[0]!.id, ACTOR, new Date());
    // Another erasure every 1.5 s: each comes sooner than the 2 s pause the scrub waits
    // for after the last one, so only its bound from the first can start it.
    let erased = 1;
    while (erased < created.length && (await clusterFilesHolding(url, [first])).length > 0) {
      await sleep(1_500);
      await owners.inbox.erase(created[erased++]!.id, ACTOR, new Date());
    }
    expect(await clusterFilesHolding(url, [first])).toEqual([]);
    expect(erased, 'the scrub came only once the erasures stopped').toBeLessThan(created.length);
  });

  it('finishes at the next start a scrub after an order’s erasure that a restart cut short', {
    timeout: 60_000,
  }, async () => {
    const url = await freshPostgresUrl();
    const logged: object[] = [];
    const first = await openOn(url, (fields) => logged.push(fields));
    const marker = `Cut${Date.now()}Marker`;
    await first.owners.preorders.saveSettings(preorderStop(), AT);
    await placeOrder(first.owners.preorders, { name: `${marker} Ana`, email: 'ana@example.com' });
    await checkpoint(url);
    // A long read holds the orders' table while the owner erases and the server stops.
    await withClient(url, async (reader) => {
      await reader.query('BEGIN');
      await reader.query('LOCK TABLE "preorders" IN ACCESS SHARE MODE');
      expect(await first.owners.preorders.erase('ana@example.com')).toBe(1);
      await first.close();
      await reader.query('ROLLBACK');
    });
    expect(logged).toContainEqual({ step: 'VACUUM FULL "preorders"', code: '55P03' });
    expect(await clusterFilesHolding(url, [marker])).not.toEqual([]);

    const second = await openOn(url);
    cleanups.push(second.close);
    await second.owners.inbox.erasureSettled();
    await checkpoint(url);
    expect(await clusterFilesHolding(url, [marker])).toEqual([]);
  });

  /**
   * Erases an inquiry while another session, in this store's database or (`elsewhere`)
   * another of the cluster, holds what `hold` takes; lets go after `holdMs`. Answers what
   * the scrub logged and the files still holding the inquiry's name once it settled.
   */
  async function eraseWhileHeld(hold: string[], holdMs: number, elsewhere = false) {
    const url = await freshPostgresUrl();
    const logged: object[] = [];
    const { inquiries, owners, close } = await openOn(url, (fields) => logged.push(fields));
    cleanups.push(close);
    const marker = `Held${Date.now()}Marker`;
    const target = buildNewInquiry({ document: { lastName: marker } });
    await inquiries.create(target);
    await withClient(elsewhere ? await freshPostgresUrl() : url, async (holder) => {
      for (const sql of hold) await holder.query(sql);
      expect(await owners.inbox.erase(target.id, ACTOR, new Date())).toBe(true);
      const settled = owners.inbox.erasureSettled();
      await sleep(holdMs);
      await holder.query('ROLLBACK');
      await settled;
    });
    await checkpoint(url);
    return { logged, held: await clusterFilesHolding(url, [marker]) };
  }

  it('asks again for a table another session holds a moment (an autovacuum), rather than failing', {
    timeout: 60_000,
  }, async () => {
    // As an autovacuum does (it is cancelled once a rewrite has waited 1 s for it); let go
    // past the first try's 1 s, well within the three.
    const lock = ['BEGIN', 'LOCK TABLE "eventInquiries" IN SHARE UPDATE EXCLUSIVE MODE'];
    expect(await eraseWhileHeld(lock, 1_200)).toEqual({ logged: [], held: [] });
  });

  it('waits for a snapshot older than the erasure (an autovacuum’s ANALYZE) to end before it rewrites', {
    timeout: 60_000,
  }, async () => {
    // A snapshot taken before the erasure, on another table: it could still see the erased row.
    const snapshot = ['BEGIN ISOLATION LEVEL REPEATABLE READ', 'SELECT count(*) FROM "erasures"'];
    expect(await eraseWhileHeld(snapshot, 1_500)).toEqual({ logged: [], held: [] });
  });

  it('waits for a transaction older than the erasure in another database of the cluster', {
    timeout: 60_000,
  }, async () => {
    // Any snapshot, the rewrite's own included, takes the oldest running transaction as its xmin.
    const running = ['BEGIN', 'SELECT pg_current_xact_id()'];
    expect(await eraseWhileHeld(running, 1_500, true)).toEqual({ logged: [], held: [] });
  });

  it('logs a scrub that fails, naming no one, and finishes it at the next start', { timeout: 60_000 }, async () => {
    const url = await freshPostgresUrl();
    const logged: { fields: object; message: string }[] = [];
    const first = await openOn(url, (fields, message) => logged.push({ fields, message }));
    const marker = `Restarted${Date.now()}Marker`;
    const target = buildNewInquiry({ document: { lastName: marker, email: `${marker.toLowerCase()}@example.com` } });
    await first.inquiries.create(target);
    await checkpoint(url);
    // A long read (an export, pg_dump) holds the inquiries' table while the owner erases and
    // the server stops: the rewrite gives up at its lock timeout, twice (once more at close).
    await withClient(url, async (reader) => {
      await reader.query('BEGIN');
      await reader.query('LOCK TABLE "eventInquiries" IN ACCESS SHARE MODE');
      expect(await first.owners.inbox.erase(target.id, ACTOR, new Date())).toBe(true);
      await first.close();
      await reader.query('ROLLBACK');
    });
    expect(logged).toEqual([
      {
        fields: { step: 'VACUUM FULL "eventInquiries"', code: '55P03' },
        message: expect.stringMatching(/^erasure scrub failed/),
      },
    ]);
    expect(JSON.stringify(logged).toLowerCase()).not.toContain(marker.toLowerCase());
    expect(await clusterFilesHolding(url, [marker])).not.toEqual([]);

    // The next start finds an erasure no scrub covered, and scrubs.
    const second = await openOn(url);
    cleanups.push(second.close);
    await second.owners.inbox.erasureSettled();
    expect(await clusterFilesHolding(url, [marker, marker.toLowerCase()])).toEqual([]);
  });
});
