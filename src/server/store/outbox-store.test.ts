// The outbox contract, on a real SQLite file and a real PostgreSQL server: a
// created inquiry (and only that) owes its deliveries from its own transaction,
// written out before they are claimed with a lease, settled with every attempt on
// record, sent again on request, and forgotten with an erased inquiry.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry, buildUid } from '../../../tests/support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import type { InquiryStore } from './inquiry-store.js';
import { type DeliveryKind, type DeliveryPlanner, deliveryId, type PlannedDelivery } from './outbox-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { openDatabase, prepare } from './sqlite/sqlite-statements.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite/sqlite-store.js';

interface Location {
  open(): Promise<InquiryStore>;
  /** Runs SQL behind the stores' backs; returns the first column of the first row. */
  sql(statement: string): Promise<unknown>;
  remove(): void;
}

interface Engine {
  name: 'sqlite' | 'postgres';
  /** A fresh location, and a way to open (several) stores on it. */
  fresh(): Promise<Location>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const data = freshDataDir();
      return {
        open: async () => openSqliteStore(data.dir),
        async sql(statement) {
          const db = openDatabase(join(data.dir, SQLITE_FILE));
          try {
            const query = prepare(db, statement);
            return query.reader ? query.pluck().get() : query.run();
          } finally {
            db.close();
          }
        },
        remove: data.remove,
      };
    },
  },
  {
    name: 'postgres',
    async fresh() {
      const url = await freshPostgresUrl();
      return {
        open: () => openPostgresStore(url, 4),
        async sql(statement) {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const { rows } = await client.query(statement);
            return rows[0] ? Object.values(rows[0])[0] : undefined;
          } finally {
            await client.end();
          }
        },
        remove: () => {},
      };
    },
  },
];

const HOOK = 'https://hooks.example/curbside';
const EVERYTHING: PlannedDelivery[] = [
  { kind: 'owner-email', target: null },
  { kind: 'confirmation', target: null },
  { kind: 'webhook', target: HOOK },
];
const everything: DeliveryPlanner = () => EVERYTHING;
/** The server's secret the delivery ids are keyed with (SESSION_SECRET). */
const ID_SECRET = 'outbox-test-secret-0123456789abcdefghij';

const kindsOf = (deliveries: { kind: DeliveryKind }[]) => deliveries.map((delivery) => delivery.kind).sort();

describe.each(engines)('outbox on $name', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshPlace(plan: DeliveryPlanner = everything, onQueued?: () => void) {
    const location = await engine.fresh();
    cleanups.push(location.remove);
    const store = await location.open();
    cleanups.push(() => store.close());
    store.outbox.configure({ plan, idSecret: ID_SECRET, ...(onQueued ? { onQueued } : {}) });
    return { store, location };
  }
  const freshStore = async (plan?: DeliveryPlanner, onQueued?: () => void) => (await freshPlace(plan, onQueued)).store;
  /** Two stores on one fresh location (two instances, or two connections to one file). */
  async function twoStores(plan: DeliveryPlanner): Promise<InquiryStore[]> {
    const location = await engine.fresh();
    cleanups.push(location.remove);
    const stores = [await location.open(), await location.open()];
    for (const store of stores) {
      cleanups.push(() => store.close());
      store.outbox.configure({ plan, idSecret: ID_SECRET });
    }
    return stores;
  }
  const tables =
    engine.name === 'sqlite'
      ? { outbox: 'outbox', pending: 'outboxPending' }
      : { outbox: '"outbox"', pending: '"outboxPending"' };

  it('writes the planned deliveries of a created inquiry, queued and due now, and says so after the commit', async () => {
    let queued = 0;
    const store = await freshStore(everything, () => queued++);
    const before = Date.now();
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    const deliveries = await store.outbox.forInquiry(inquiry.id);
    expect(kindsOf(deliveries)).toEqual(['confirmation', 'owner-email', 'webhook']);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        inquiryId: inquiry.id,
        state: 'queued',
        tries: 0,
        lastError: null,
        attempts: [],
      });
      expect(delivery.dueAt).toBeGreaterThanOrEqual(before);
      expect(delivery.dueAt).toBeLessThanOrEqual(Date.now());
    }
    expect(deliveries.find((delivery) => delivery.kind === 'webhook')!.target).toBe(HOOK);
    expect(new Set(deliveries.map((delivery) => delivery.id)).size).toBe(3);
    expect(queued).toBeGreaterThanOrEqual(1);
  });

  it('reads an inquiry’s page from its delivery rows, looking among the pending rows only when it has none', async () => {
    const { store, location } = await freshPlace();
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    // Still pending: the page writes its deliveries out.
    expect(await store.outbox.forInquiry(inquiry.id)).toHaveLength(3);
    // A pending row for it again, behind the store's back: left alone, since its delivery rows
    // answer first (the pending rows have no index, so looking among them is a full scan).
    const pendingRow =
      engine.name === 'sqlite'
        ? `INSERT INTO outboxPending (inquiryId, queuedAt) VALUES ('${inquiry.id}', 0)`
        : `INSERT INTO "outboxPending" ("inquiryId", "queuedAt") VALUES ('${inquiry.id}', 0)`;
    await location.sql(pendingRow);
    expect(await store.outbox.forInquiry(inquiry.id)).toHaveLength(3);
    expect(Number(await location.sql(`SELECT count(*) FROM ${tables.pending}`))).toBe(1);
  });

  it('claims a new lead’s notices before a backlog of reminders, written out or still pending (record 193)', async () => {
    // The owner's push of every event: a lead's arrival, and the reminders.
    const { store, location } = await freshPlace(() => [{ kind: 'owner-push', target: null }]);
    const earlier = buildNewInquiry();
    await store.create(earlier);
    const reminder = (index: number) =>
      engine.name === 'sqlite'
        ? `INSERT INTO outboxPending (inquiryId, topic, queuedAt) VALUES ('${earlier.id}', 'quote-nudge:${index}', 0)`
        : `INSERT INTO "outboxPending" ("inquiryId", "topic", "queuedAt") VALUES ('${earlier.id}', 'quote-nudge:${index}', 0)`;
    // 30 reminders owed, older than the lead: 20 written out (due), 10 still pending.
    for (let index = 0; index < 20; index++) await location.sql(reminder(index));
    const now = Date.now() + 1_000;
    expect((await store.outbox.claimDue(now, 1, 3_600_000)).map((each) => each.topic)).toEqual(['']); // the earlier lead's, in flight
    await store.outbox.claimDue(now, 20, 1); // writes out the 20 (claimed for 1 ms)
    for (let index = 20; index < 30; index++) await location.sql(reminder(index));
    const lead = buildNewInquiry();
    await store.create(lead);
    // Claimed 2 at a time: the new lead's push comes first, not after the 30.
    const first = await store.outbox.claimDue(now + 10, 2, 60_000);
    expect(first.map((each) => [each.inquiryId, each.topic])[0]).toEqual([lead.id, '']);
    expect(first[1]!.topic).toMatch(/^quote-nudge:/);
  });

  it('writes one pending row in the create’s transaction, and the deliveries when they are claimed', async () => {
    const { store, location } = await freshPlace();
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    const count = async (table: string) => Number(await location.sql(`SELECT count(*) FROM ${table}`));
    expect([await count(tables.pending), await count(tables.outbox)]).toEqual([1, 0]);
    expect((await store.outbox.summary()).webhook?.queued).toBe(1); // counted while pending
    const claimed = await store.outbox.claimDue(Date.now(), 10, 60_000);
    expect([await count(tables.pending), await count(tables.outbox)]).toEqual([0, 3]);
    // Each delivery's id comes from its inquiry, kind and target: written out twice, it is the same one.
    expect(claimed.map((delivery) => delivery.id).sort()).toEqual(
      EVERYTHING.map((planned) => deliveryId(ID_SECRET, inquiry.id, planned.kind, planned.target)).sort(),
    );
  });

  it('writes nothing for a replay, a conflict, or what the plan leaves out', async () => {
    const store = await freshStore((inquiry) => (inquiry.spamReason ? [] : EVERYTHING));
    const first = buildNewInquiry();
    await store.create(first);
    await expect(store.create({ ...first })).resolves.toMatchObject({ status: 'replayed' });
    await expect(store.create({ ...first, uid: buildUid() })).resolves.toEqual({ status: 'conflict' });
    expect(await store.outbox.forInquiry(first.id)).toHaveLength(3);

    const spam = buildNewInquiry({ spamReason: 'honeypot' });
    await store.create(spam);
    expect(await store.outbox.forInquiry(spam.id)).toEqual([]);
  });

  it('writes one set of deliveries when creates of one id race in the same batch', async () => {
    const store = await freshStore();
    const inquiry = buildNewInquiry();
    const results = await Promise.all(Array.from({ length: 10 }, () => store.create({ ...inquiry })));
    expect(results.filter((result) => result.status === 'created')).toHaveLength(1);
    expect(kindsOf(await store.outbox.forInquiry(inquiry.id))).toEqual(['confirmation', 'owner-email', 'webhook']);
  });

  it('stores neither the inquiry nor what it owes when the pending row cannot be written (one transaction)', async () => {
    const { store, location } = await freshPlace();
    // A trigger makes the outbox's write fail: the whole create must fail with it.
    if (engine.name === 'sqlite') {
      await location.sql(
        `CREATE TRIGGER refuse BEFORE INSERT ON outboxPending BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      );
    } else {
      await location.sql(
        `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
      );
      await location.sql(
        'CREATE TRIGGER refuse BEFORE INSERT ON "outboxPending" FOR EACH ROW EXECUTE FUNCTION refuse()',
      );
    }
    const inquiry = buildNewInquiry();
    await expect(store.create(inquiry)).rejects.toThrow(/refused/);
    expect(await store.count()).toBe(0);
    expect(await store.outbox.forInquiry(inquiry.id)).toEqual([]);
  });

  it('keeps an inquiry pending when its deliveries cannot be written out, and writes them once they can', async () => {
    let broken = true;
    const store = await freshStore(() =>
      broken ? [{ kind: null as unknown as DeliveryKind, target: null }] : [{ kind: 'owner-email', target: null }],
    );
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    // A delivery without a kind breaks the outbox's NOT NULL: the claim goes on, the row stays pending.
    expect(await store.outbox.claimDue(Date.now(), 10, 60_000)).toEqual([]);
    expect(await store.outbox.figures(Date.now())).toMatchObject({ queued: 1, setAside: 0 });
    broken = false;
    // Tried again once its wait after the failure (a second) is over.
    expect(await store.outbox.claimDue(Date.now(), 10, 60_000)).toEqual([]);
    expect(kindsOf(await store.outbox.claimDue(Date.now() + 1_000, 10, 60_000))).toEqual(['owner-email']);
  });

  it('sets aside, with its error, an inquiry whose write-out keeps failing; the others go on', async () => {
    // The test's planner judges by the spam flag it is given: 'poison' plans a delivery the outbox refuses.
    const { store, location } = await freshPlace((inquiry) =>
      inquiry.spamReason === 'poison'
        ? [{ kind: null as unknown as DeliveryKind, target: null }]
        : [{ kind: 'owner-email', target: null }],
    );
    const failures = async () =>
      Number(
        await location.sql(
          `SELECT max(${engine.name === 'sqlite' ? 'failures' : '"failures"'}) FROM ${tables.pending}`,
        ),
      );
    await store.create({ ...buildNewInquiry(), spamReason: 'poison' });
    // Claims at times a little ahead (each healthy inquiry is due by then).
    const start = Date.now() + 5_000;
    // Each claim writes out and claims the healthy inquiry's e-mail, beside the failing one.
    const claimBeside = async (at: number) => {
      const healthy = buildNewInquiry();
      await store.create(healthy);
      const claimed = await store.outbox.claimDue(at, 10, 3_600_000);
      expect(claimed.map((delivery) => delivery.inquiryId)).toEqual([healthy.id]);
    };
    await claimBeside(start);
    // A failed write-out waits before its next try: a passing fault does not use up its attempts at once.
    await claimBeside(start + 1);
    expect(await failures()).toBe(1);
    for (let minute = 1; minute <= 3; minute++) await claimBeside(start + minute * 60_000);
    const figures = await store.outbox.figures(Date.now());
    expect(figures).toMatchObject({ setAside: 1, queued: 5 });
    expect(figures.setAsideError).toMatch(/null/i);
    // Set aside after three failures: not tried a fourth time.
    expect(await failures()).toBe(3);
    // Its page shows no deliveries (and no error) while it is set aside.
    expect(await store.outbox.summary()).toEqual({ 'owner-email': expect.objectContaining({ queued: 5 }) });
    // The worker's next start gives it another chance (the cause may be fixed by then).
    await store.outbox.recoverAtStart();
    expect(await store.outbox.figures(Date.now())).toMatchObject({ setAside: 0, queued: 6 });
  });

  it('settles or releases a claim only while it still holds it: a late answer never undoes a newer one', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    await store.create(buildNewInquiry());
    const at = Date.now();
    const [first] = await store.outbox.claimDue(at, 10, 1_000);
    // Its lease ran out; another claimer takes it over, sends it and records that.
    const [second] = await store.outbox.claimDue(at + 1_000, 10, 60_000);
    expect(second!.id).toBe(first!.id);
    expect(second!.claimToken).not.toBe(first!.claimToken);
    expect(await store.outbox.settle([{ ...second!, at: at + 1_500, settlement: { outcome: 'sent' } }])).toEqual([]);
    // The first claimer's late failure: refused, so the sent e-mail is not queued again.
    const late = {
      ...first!,
      at: at + 2_000,
      settlement: { outcome: 'retry' as const, error: 'timeout', dueAt: at + 7_000 },
    };
    expect(await store.outbox.settle([late])).toEqual([first!.id]);
    expect(await store.outbox.release([first!])).toEqual([first!.id]);
    expect(await store.outbox.get(first!.id)).toMatchObject({
      state: 'sent',
      attempts: [{ outcome: 'sent', error: null }],
    });
  });

  it('writes nothing out for an inquiry erased while pending, and forgets its pending row', async () => {
    const { store, location } = await freshPlace();
    const [erased, gone] = [buildNewInquiry(), buildNewInquiry()];
    await store.create(erased!);
    await store.create(gone!);
    expect(await store.outbox.deleteForInquiry(erased!.id)).toBe(0);
    expect(Number(await location.sql(`SELECT count(*) FROM ${tables.pending}`))).toBe(1);
    // The other inquiry's row disappears behind the outbox's back (as an erasure racing the worker would leave it).
    await location.sql(engine.name === 'sqlite' ? 'DELETE FROM eventInquiries' : 'DELETE FROM "eventInquiries"');
    expect(await store.outbox.claimDue(Date.now(), 10, 60_000)).toEqual([]);
    expect(Number(await location.sql(`SELECT count(*) FROM ${tables.pending}`))).toBe(0);
  });

  it('claims due deliveries with a lease: nobody else gets them until it runs out', async () => {
    const store = await freshStore();
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    const now = Date.now();
    const claimed = await store.outbox.claimDue(now, 10, 60_000);
    expect(kindsOf(claimed)).toEqual(['confirmation', 'owner-email', 'webhook']);
    for (const delivery of claimed) {
      expect(delivery.claimedUntil).toBe(now + 60_000);
      // The message is rendered from the inquiry at send time: the claim brings it.
      expect(delivery.inquiry).toMatchObject({ id: inquiry.id, email: inquiry.document.email });
    }
    expect(await store.outbox.claimDue(now + 1_000, 10, 60_000)).toEqual([]);
    // The claimer died: after the lease the deliveries come back.
    expect(await store.outbox.claimDue(now + 60_001, 10, 60_000)).toHaveLength(3);
  });

  it('claims at most the limit, oldest due first, and nothing that is not due', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    const inquiries = [buildNewInquiry(), buildNewInquiry(), buildNewInquiry()];
    for (const inquiry of inquiries) {
      await store.create(inquiry);
      await sleep(3); // distinct due times
    }
    expect(await store.outbox.claimDue(Date.now() - 60_000, 10, 1_000)).toEqual([]);
    const first = await store.outbox.claimDue(Date.now(), 2, 60_000);
    expect(first.map((delivery) => delivery.inquiryId)).toEqual([inquiries[0]!.id, inquiries[1]!.id]);
    const rest = await store.outbox.claimDue(Date.now(), 2, 60_000);
    expect(rest.map((delivery) => delivery.inquiryId)).toEqual([inquiries[2]!.id]);
  });

  it('settles deliveries in one call and keeps every attempt: time, outcome, error', async () => {
    const store = await freshStore();
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    const claimed = await store.outbox.claimDue(Date.now(), 10, 60_000);
    const byKind = Object.fromEntries(claimed.map((delivery) => [delivery.kind, delivery.id]));
    const at = Date.now();
    const { claimToken } = claimed[0]!;
    await store.outbox.settle([
      { id: byKind['owner-email']!, claimToken, at, settlement: { outcome: 'sent' } },
      {
        id: byKind.confirmation!,
        claimToken,
        at,
        settlement: { outcome: 'failed', error: 'SMTP 550 Mailbox unavailable' },
      },
      { id: byKind.webhook!, claimToken, at, settlement: { outcome: 'retry', error: 'HTTP 500', dueAt: at + 5_000 } },
    ]);
    const deliveries = Object.fromEntries(
      (await store.outbox.forInquiry(inquiry.id)).map((delivery) => [delivery.kind, delivery]),
    );
    expect(deliveries['owner-email']).toMatchObject({
      state: 'sent',
      tries: 1,
      sentAt: at,
      claimedUntil: null,
      attempts: [{ at, outcome: 'sent', error: null }],
    });
    expect(deliveries.confirmation).toMatchObject({
      state: 'failed',
      lastError: 'SMTP 550 Mailbox unavailable',
      attempts: [{ at, outcome: 'failed', error: 'SMTP 550 Mailbox unavailable' }],
    });
    expect(deliveries.webhook).toMatchObject({
      state: 'queued',
      tries: 1,
      dueAt: at + 5_000,
      claimedUntil: null,
      lastError: 'HTTP 500',
      attempts: [{ at, outcome: 'retry', error: 'HTTP 500' }],
    });
    expect(await store.outbox.nextDueAt()).toBe(at + 5_000);
    // The retry is not due before its time, and is after.
    expect(await store.outbox.claimDue(at + 4_999, 10, 60_000)).toEqual([]);
    expect((await store.outbox.claimDue(at + 5_000, 10, 60_000)).map((delivery) => delivery.id)).toEqual([
      byKind.webhook,
    ]);
    expect(await store.outbox.summary()).toEqual({
      'owner-email': { queued: 0, sent: 1, failed: 0, skipped: 0 },
      confirmation: { queued: 0, sent: 0, failed: 1, skipped: 0 },
      webhook: { queued: 1, sent: 0, failed: 0, skipped: 0 },
    });
    expect(await store.outbox.failedOf('owner-email', [inquiry.id])).toEqual(new Set());
  });

  it('marks the inquiries whose owner e-mail failed', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    const [failed, sent, waiting] = [buildNewInquiry(), buildNewInquiry(), buildNewInquiry()];
    for (const inquiry of [failed!, sent!, waiting!]) await store.create(inquiry);
    const claimed = await store.outbox.claimDue(Date.now(), 10, 60_000);
    const idOf = (inquiryId: string) => claimed.find((delivery) => delivery.inquiryId === inquiryId)!.id;
    const { claimToken } = claimed[0]!;
    await store.outbox.settle([
      { id: idOf(failed!.id), claimToken, at: Date.now(), settlement: { outcome: 'failed', error: 'SMTP 550' } },
      { id: idOf(sent!.id), claimToken, at: Date.now(), settlement: { outcome: 'sent' } },
    ]);
    expect(await store.outbox.failedOf('owner-email', [failed!.id, sent!.id, waiting!.id])).toEqual(
      new Set([failed!.id]),
    );
  });

  it('sends again on request: queued now, fresh schedule, same identity, history kept', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    const inquiry = buildNewInquiry();
    await store.create(inquiry);
    const [delivery] = await store.outbox.claimDue(Date.now(), 10, 60_000);
    await store.outbox.settle([
      {
        id: delivery!.id,
        claimToken: delivery!.claimToken,
        at: Date.now(),
        settlement: { outcome: 'failed', error: 'SMTP 550' },
      },
    ]);
    const now = Date.now();
    expect(await store.outbox.resend(delivery!.id, now)).toBe('queued');
    expect(await store.outbox.resend('no-such-delivery', now)).toBe('missing');
    expect(await store.outbox.get(delivery!.id)).toMatchObject({
      id: delivery!.id,
      state: 'queued',
      tries: 0,
      dueAt: now,
      lastError: null,
      attempts: [{ outcome: 'failed', error: 'SMTP 550' }],
    });
    expect((await store.outbox.claimDue(now, 10, 60_000)).map((claimed) => claimed.id)).toEqual([delivery!.id]);
  });

  it('refuses to send again a delivery being sent right now (a live claim), and takes it once the lease ran out', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    await store.create(buildNewInquiry());
    const claimedAt = Date.now();
    const [delivery] = await store.outbox.claimDue(claimedAt, 10, 60_000);
    expect(await store.outbox.resend(delivery!.id, claimedAt + 1_000)).toBe('sending');
    // The claim stands: nobody else can take it and send it a second time beside the first.
    expect(await store.outbox.get(delivery!.id)).toMatchObject({ claimedUntil: claimedAt + 60_000 });
    expect(await store.outbox.claimDue(claimedAt + 1_000, 10, 60_000)).toEqual([]);
    // Its claimer died: once the lease is over it may be sent again.
    expect(await store.outbox.resend(delivery!.id, claimedAt + 60_000)).toBe('queued');
    expect(await store.outbox.get(delivery!.id)).toMatchObject({ claimedUntil: null, state: 'queued' });
  });

  it('renews a claim only while it still holds it: a renewed one is nobody else’s, a lapsed one is', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    await store.create(buildNewInquiry());
    await store.create(buildNewInquiry());
    const claimedAt = Date.now();
    const [kept, lapsed] = await store.outbox.claimDue(claimedAt, 10, 10_000);
    // The holder renews the first at +8 s; the second it no longer holds (taken over at +10 s).
    expect(await store.outbox.renew([kept!], claimedAt + 18_000)).toEqual([]);
    const [takenOver] = await store.outbox.claimDue(claimedAt + 10_000, 10, 10_000);
    expect(takenOver!.id).toBe(lapsed!.id);
    expect(await store.outbox.renew([kept!, lapsed!], claimedAt + 28_000)).toEqual([lapsed!.id]);
    expect(await store.outbox.get(lapsed!.id)).toMatchObject({ claimedUntil: claimedAt + 20_000 });
    expect(await store.outbox.claimDue(claimedAt + 19_000, 10, 10_000)).toEqual([]);
    // A settled claim is not brought back by a late renewal.
    await store.outbox.settle([{ ...kept!, at: Date.now(), settlement: { outcome: 'sent' } }]);
    expect(await store.outbox.renew([kept!], claimedAt + 38_000)).toEqual([kept!.id]);
    expect(await store.outbox.get(kept!.id)).toMatchObject({ state: 'sent', claimedUntil: null });
  });

  it('forgets an erased inquiry’s deliveries and attempts; a send finishing after that records nothing', async () => {
    const store = await freshStore();
    const [erased, kept] = [buildNewInquiry(), buildNewInquiry()];
    await store.create(erased!);
    await store.create(kept!);
    const claimed = await store.outbox.claimDue(Date.now(), 10, 60_000);
    const ofErased = claimed.filter((delivery) => delivery.inquiryId === erased!.id);
    await store.outbox.settle([{ ...ofErased[0]!, at: Date.now(), settlement: { outcome: 'sent' } }]);
    expect(await store.outbox.deleteForInquiry(erased!.id)).toBe(3);
    expect(await store.outbox.forInquiry(erased!.id)).toEqual([]);
    expect(await store.outbox.get(ofErased[1]!.id)).toBeUndefined();
    await store.outbox.settle([{ ...ofErased[1]!, at: Date.now(), settlement: { outcome: 'sent' } }]);
    expect(await store.outbox.get(ofErased[1]!.id)).toBeUndefined();
    expect(await store.outbox.forInquiry(kept!.id)).toHaveLength(3);
  });

  it('lets go of claims on release, and (SQLite only) of every claim at the worker’s start', async () => {
    const store = await freshStore(() => [{ kind: 'owner-email', target: null }]);
    await store.create(buildNewInquiry());
    await store.create(buildNewInquiry());
    const [first, second] = await store.outbox.claimDue(Date.now(), 10, 60_000);
    await store.outbox.release([first!]);
    expect((await store.outbox.claimDue(Date.now(), 10, 60_000)).map((delivery) => delivery.id)).toEqual([first!.id]);
    await store.outbox.recoverAtStart();
    const after = (await store.outbox.claimDue(Date.now(), 10, 60_000)).map((delivery) => delivery.id);
    // One SQLite file has one server: its old claims are a dead process's. PostgreSQL waits for the lease.
    expect(after).toEqual(engine.name === 'sqlite' ? [first!.id, second!.id] : []);
  });

  it('counts sends against caps: the sent and those in flight, by mailbox; a failed one no longer; the hour counts all', async () => {
    const store = await freshStore(() => [{ kind: 'confirmation', target: null }]);
    const addresses = ['Kim+a@example.com', 'kim@EXAMPLE.com', 'kim+b@example.com', 'kimberly@example.com'];
    for (const email of addresses) {
      await store.create(buildNewInquiry({ document: { email } }));
      await sleep(3); // claimed in this order
    }
    const now = Date.now();
    const [a, b, c, other] = await store.outbox.claimDue(now, 10, 600_000);
    const mailbox = { since: now - 86_400_000, most: 2, to: 'KIM+z@example.com' };
    const count = (delivery: typeof a, caps = [mailbox]) => store.outbox.countSend(delivery!, caps, now);
    expect(await count(a)).toBeUndefined();
    expect(await count(b)).toBeUndefined();
    // Two in flight to that mailbox: full, and c is not counted.
    expect(await count(c)).toBe(mailbox);
    // Another mailbox at the same domain is not that one.
    expect(await count(other, [{ ...mailbox, to: other!.inquiry!.email }])).toBeUndefined();
    // a failed (not sent): it no longer counts, and c takes its place; b sent: it counts as sent.
    await store.outbox.settle([
      { ...a!, at: now, settlement: { outcome: 'retry', error: 'SMTP 421', dueAt: now + 1_000 } },
      { ...b!, at: now, settlement: { outcome: 'sent' } },
    ]);
    expect(await count(c)).toBeUndefined();
    const later = now + 1_000;
    const [again] = await store.outbox.claimDue(later, 10, 600_000);
    expect(again!.id).toBe(a!.id);
    expect(await store.outbox.countSend(again!, [mailbox], later)).toBe(mailbox);
    // The hour's cap counts every address: b sent, c and other in flight.
    const hour = { since: now - 3_600_000, most: 3 };
    expect(await store.outbox.countSend(again!, [hour], later)).toBe(hour);
    // A send before the window does not count (b): only c, in flight.
    expect(await store.outbox.countSend(again!, [{ ...mailbox, since: now + 1 }], later)).toBeUndefined();
  });

  it('gives the last place under a cap to one of two stores counting at once', async () => {
    const stores = await twoStores(() => [{ kind: 'confirmation', target: null }]);
    for (let round = 0; round < 5; round++) {
      for (const email of [`lee${round}+1@example.com`, `lee${round}+2@example.com`]) {
        await stores[0]!.create(buildNewInquiry({ document: { email } }));
      }
      const now = Date.now();
      const claimed = await stores[0]!.outbox.claimDue(now, 10, 60_000);
      const cap = { since: now - 86_400_000, most: 1, to: `lee${round}@example.com` };
      const answers = await Promise.all(
        claimed.map((delivery, i) => stores[i]!.outbox.countSend(delivery, [cap], now)),
      );
      expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    }
  });

  it('gives each due delivery to exactly one of several claimers', async () => {
    const stores = await twoStores(everything);
    const created = Array.from({ length: 40 }, () => buildNewInquiry());
    await Promise.all(created.map((inquiry) => stores[0]!.create(inquiry)));
    // Claimers race in rounds until one finds nothing: a claimer can finish before another
    // has written out its pending rows, whose deliveries the next round then takes.
    const ids: string[] = [];
    for (let round = 0; round < 10; round++) {
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, index) => stores[index % 2]!.outbox.claimDue(Date.now(), 15, 60_000)),
      );
      if (claims.flat().length === 0) break;
      ids.push(...claims.flat().map((delivery) => delivery.id));
    }
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
  });
});

describe('forgetting deliveries on SQLite', () => {
  it('leaves no attempt’s error text in the database file (secure_delete on the inquiry store’s connection too)', async () => {
    const data = freshDataDir();
    const store = openSqliteStore(data.dir);
    try {
      store.outbox.configure({ plan: () => [{ kind: 'confirmation', target: null }], idSecret: ID_SECRET });
      const address = `gone${Date.now()}@example.com`;
      const inquiry = buildNewInquiry({ document: { email: address } });
      await store.create(inquiry);
      const [delivery] = await store.outbox.claimDue(Date.now(), 10, 60_000);
      const error = `SMTP 550 5.1.1 <${address}> user unknown`;
      await store.outbox.settle([{ ...delivery!, at: Date.now(), settlement: { outcome: 'failed', error } }]);
      expect(await store.outbox.deleteForInquiry(inquiry.id)).toBe(1);
      // Copy every page into the file and empty the log, as an erasure does.
      const file = join(data.dir, SQLITE_FILE);
      const db = openDatabase(file);
      try {
        prepare(db, 'PRAGMA wal_checkpoint(TRUNCATE)').run();
      } finally {
        db.close();
      }
      const bytes = ['', '-wal'].map((suffix) => (existsSync(file + suffix) ? readFileSync(file + suffix) : ''));
      // The inquiry row still holds the address; its error text must be gone.
      expect(bytes.join('').includes(error)).toBe(false);
      expect(bytes.join('').includes('user unknown')).toBe(false);
    } finally {
      await store.close();
      data.remove();
    }
  });
});

describe('the outbox under a long run of creates on SQLite', () => {
  it('commits every batch while the checkpointer truncates a large write-ahead log', { timeout: 60_000 }, async () => {
    // Past 64 MiB of WAL the checkpointer truncates it; a batch transaction that began
    // deferred (it reads before it writes) then failed at its first write with
    // SQLITE_BUSY. With the outbox's rows written out the log reaches that size in 20,000 creates.
    const data = freshDataDir();
    const store = openSqliteStore(data.dir);
    try {
      store.outbox.configure({ plan: everything, idSecret: ID_SECRET });
      const inquiries = Array.from({ length: 20_000 }, () => buildNewInquiry());
      for (let start = 0; start < inquiries.length; start += 200) {
        const results = await Promise.all(inquiries.slice(start, start + 200).map((inquiry) => store.create(inquiry)));
        expect(results.every((result) => result.status === 'created')).toBe(true);
        // The worker's part: the deliveries written out (none is due yet, so none is claimed).
        expect(await store.outbox.claimDue(0, 200, 1)).toEqual([]);
      }
      expect(await store.count()).toBe(20_000);
      expect((await store.outbox.summary())['owner-email']?.queued).toBe(20_000);
    } finally {
      await store.close();
      data.remove();
    }
  });
});
