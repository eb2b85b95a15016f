// One contract, two engines: accounts, sessions, the inbox's history, search,
// filters and erasure, on a real SQLite file and a real PostgreSQL server.
import { openDatabase, prepare } from './sqlite/sqlite-statements.js';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import { filesHolding } from '../../../tests/support/files-holding.js';
import type { InquiryStore, NewInquiry } from './inquiry-store.js';
import type { ListQuery, OwnerStore } from './owner-store.js';
import { OwnerExistsError } from './owner-store.js';
import { openPostgresOwnerStore, SCRUB_WITHIN_MS, type ScrubLog } from './postgres/postgres-owner-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { openSqliteOwnerStore } from './sqlite/sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite/sqlite-store.js';

interface Opened {
  inquiries: InquiryStore;
  owners: OwnerStore;
  /**
   * The files the engine keeps that hold any of `texts`: every file under SQLite's
   * DATA_DIR; every file of the PostgreSQL cluster's data directory but pg_wal, which
   * keeps everything until it is recycled (record 081).
   */
  filesHolding(texts: string[]): Promise<string[]>;
  /** Rows of a table, read behind the store's back. */
  rows(table: string): Promise<Record<string, unknown>[]>;
  /** Closes the owner store and opens it again on the same database (a restart). */
  reopen(): Promise<OwnerStore>;
  close(): Promise<void>;
}

/** A throwaway client on `url` for one piece of work. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL cluster's files that hold any of `texts`: all of its data directory but
 * pg_wal and the other databases' own folders (other tests' databases: large, and
 * holding nothing of this one).
 */
async function clusterFilesHolding(url: string, texts: string[]): Promise<string[]> {
  const { dir, oid } = await withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT current_setting('data_directory') AS dir, (SELECT oid FROM pg_database WHERE datname = current_database()) AS oid`,
    );
    return rows[0] as { dir: string; oid: number };
  });
  const base = join(dir, 'base');
  const others = (path: string) => dirname(path) === base && path !== join(base, String(oid));
  return filesHolding(dir, texts, (path) => path === join(dir, 'pg_wal') || others(path));
}

const engines: { name: 'sqlite' | 'postgres'; open(): Promise<Opened> }[] = [
  {
    name: 'sqlite',
    async open() {
      const data = freshDataDir();
      const inquiries = openSqliteStore(data.dir);
      let owners = openSqliteOwnerStore(data.dir);
      const file = join(data.dir, SQLITE_FILE);
      return {
        inquiries,
        owners,
        async reopen() {
          await owners.close();
          owners = openSqliteOwnerStore(data.dir);
          return owners;
        },
        filesHolding: async (texts) => filesHolding(data.dir, texts),
        async rows(table) {
          const db = openDatabase(file, { readonly: true });
          try {
            return prepare(db, `SELECT * FROM ${table}`).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
        async close() {
          await owners.close();
          await inquiries.close();
          data.remove();
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const url = await freshPostgresUrl();
      const inquiries = await openPostgresStore(url);
      let owners = await openPostgresOwnerStore(url);
      return {
        inquiries,
        owners,
        async reopen() {
          await owners.close();
          owners = await openPostgresOwnerStore(url);
          return owners;
        },
        filesHolding: (texts) => clusterFilesHolding(url, texts),
        rows: (table) => withClient(url, async (client) => (await client.query(`SELECT * FROM "${table}"`)).rows),
        async close() {
          await owners.close();
          await inquiries.close();
        },
      };
    },
  },
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE).toISOString();
const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  q: '',
  status: '',
  from: '',
  to: '',
  spam: false,
  before: undefined,
  limit: 50,
  ...overrides,
});
const ACTOR = { id: 'owner-1', email: 'owner@example.com' };

describe.each(engines)('OwnerStore contract on $name', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function open(): Promise<Opened> {
    const opened = await engine.open();
    cleanups.push(opened.close);
    return opened;
  }
  async function withInquiries(...inquiries: NewInquiry[]): Promise<Opened> {
    const opened = await open();
    for (const inquiry of inquiries) await opened.inquiries.create(inquiry);
    return opened;
  }

  describe('accounts', () => {
    it('creates owners with lowercased e-mails, finds them with their hash, lists them', async () => {
      const { owners } = await open();
      const created = await owners.createOwner('  Owner@Example.COM ', 'hash-1');
      await owners.createOwner('helper@example.com', 'hash-2');
      expect(created).toMatchObject({ email: 'owner@example.com', notifyByEmail: true });
      expect(await owners.findOwnerByEmail('OWNER@example.com')).toEqual({ ...created, passwordHash: 'hash-1' });
      expect(await owners.findOwnerByEmail('nobody@example.com')).toBeUndefined();
      expect((await owners.listOwners()).map((owner) => owner.email)).toEqual([
        'helper@example.com',
        'owner@example.com',
      ]);
    });

    it('refuses a second owner with the same e-mail, whatever its case', async () => {
      const { owners } = await open();
      await owners.createOwner('owner@example.com', 'hash');
      await expect(owners.createOwner('OWNER@example.com', 'other')).rejects.toBeInstanceOf(OwnerExistsError);
      expect(await owners.listOwners()).toHaveLength(1);
    });

    it('a password change ends every session of that owner only', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'old');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + DAY).toISOString();
      await owners.createSession({ tokenHash: 'a', ownerId: owner.id, createdAt: now.toISOString(), expiresAt });
      await owners.createSession({ tokenHash: 'b', ownerId: helper.id, createdAt: now.toISOString(), expiresAt });
      expect(await owners.setPassword('owner@example.com', 'new')).toBe(true);
      expect((await owners.findOwnerByEmail('owner@example.com'))!.passwordHash).toBe('new');
      expect(await owners.resumeSession('a', now, DAY)).toBeUndefined();
      expect(await owners.resumeSession('b', now, DAY)).toMatchObject({ email: 'helper@example.com' });
      expect(await owners.setPassword('nobody@example.com', 'x')).toBe(false);
    });

    it('a removed owner is gone with every session', async () => {
      const opened = await open();
      const owner = await opened.owners.createOwner('owner@example.com', 'hash');
      const now = new Date();
      await opened.owners.createSession({
        tokenHash: 'token-hash',
        ownerId: owner.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DAY).toISOString(),
      });
      expect(await opened.owners.removeOwner('Owner@example.com')).toBe(true);
      expect(await opened.owners.resumeSession('token-hash', now, DAY)).toBeUndefined();
      expect(await opened.rows('ownerSessions')).toEqual([]);
      expect(await opened.owners.listOwners()).toEqual([]);
      expect(await opened.owners.removeOwner('owner@example.com')).toBe(false);
    });
  });

  describe('push devices (record 121)', () => {
    const device = (name: string, label = name) => ({
      endpoint: `https://push.example/send/${name}`,
      p256dh: `B${name.padEnd(86, 'A')}`,
      auth: name.padEnd(22, 'A'),
      label,
    });
    const start = Date.now();
    const minutesAgo = (minutes: number) => new Date(start - minutes * MINUTE);

    it('keeps each owner’s devices, oldest first; an endpoint sent again renews its keys, and moves to its sender', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const laptop = await owners.addPushDevice(owner.id, device('laptop', 'Chrome on Linux'), minutesAgo(10));
      const phone = await owners.addPushDevice(owner.id, device('phone', 'Chrome on Android'), minutesAgo(20));
      const tablet = await owners.addPushDevice(helper.id, device('tablet'), minutesAgo(5));
      expect(phone).toMatchObject({ ownerId: owner.id, ...device('phone', 'Chrome on Android') });
      expect(phone.createdAt).toBe(minutesAgo(20).toISOString());
      expect((await owners.pushDevices(owner.id)).map((d) => d.label)).toEqual([
        'Chrome on Android',
        'Chrome on Linux',
      ]);
      expect((await owners.pushDevices()).map((d) => d.id)).toEqual([phone.id, laptop.id, tablet.id]);
      expect(await owners.pushDevice(laptop.id)).toEqual(laptop);
      expect(await owners.pushDevice('no-such-device')).toBeUndefined();

      const renewed = await owners.addPushDevice(helper.id, { ...device('phone'), auth: 'R'.repeat(22) }, new Date());
      expect(renewed).toEqual({ ...phone, ownerId: helper.id, label: 'phone', auth: 'R'.repeat(22) });
      expect((await owners.pushDevices(owner.id)).map((d) => d.id)).toEqual([laptop.id]);
      expect((await owners.pushDevices(helper.id)).map((d) => d.id)).toEqual([phone.id, tablet.id]);
    });

    it('removes a device by its owner and endpoint, forgets one by its id, and drops a removed owner’s', async () => {
      const opened = await open();
      const { owners } = opened;
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const phone = await owners.addPushDevice(owner.id, device('phone'), minutesAgo(3));
      const gone = await owners.addPushDevice(owner.id, device('gone'), minutesAgo(2));
      await owners.addPushDevice(helper.id, device('tablet'), minutesAgo(1));
      expect(await owners.removePushDevice(helper.id, phone.endpoint)).toBe(false);
      expect(await owners.removePushDevice(owner.id, phone.endpoint)).toBe(true);
      expect(await owners.removePushDevice(owner.id, phone.endpoint)).toBe(false);
      await owners.forgetPushDevice(gone.id);
      await owners.forgetPushDevice(gone.id); // forgetting twice (two instances) is harmless
      expect(await owners.pushDevices(owner.id)).toEqual([]);
      expect(await owners.removeOwner('helper@example.com')).toBe(true);
      expect(await opened.rows('pushDevices')).toEqual([]);
    });

    it('makes a server key once, one for callers at once, and keeps it after a restart', async () => {
      const opened = await open();
      let made = 0;
      const make = () => `key-${++made}`;
      const [first, second] = await Promise.all([
        opened.owners.serverKey('vapid', make),
        opened.owners.serverKey('vapid', make),
      ]);
      expect(second).toBe(first);
      const before = made;
      expect(await opened.owners.serverKey('vapid', make)).toBe(first);
      expect(made).toBe(before);
      const reopened = await opened.reopen();
      expect(await reopened.serverKey('vapid', make)).toBe(first);
      expect(made).toBe(before);
      expect(await reopened.serverKey('other', make)).not.toBe(first);
    });
  });

  describe('sessions', () => {
    it('a live session gives its owner; signing out ends it', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const now = new Date();
      await owners.createSession({
        tokenHash: 'h',
        ownerId: owner.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DAY).toISOString(),
      });
      expect(await owners.resumeSession('h', now, DAY)).toEqual(owner);
      expect(await owners.resumeSession('unknown', now, DAY)).toBeUndefined();
      await owners.deleteSession('h');
      expect(await owners.resumeSession('h', now, DAY)).toBeUndefined();
    });

    it('ends at its absolute expiry, and after being idle too long, even when used in between', async () => {
      const opened = await open();
      const owner = await opened.owners.createOwner('owner@example.com', 'hash');
      const start = new Date('2026-01-01T00:00:00.000Z');
      const later = (ms: number) => new Date(start.getTime() + ms);
      await opened.owners.createSession({
        tokenHash: 'abs',
        ownerId: owner.id,
        createdAt: start.toISOString(),
        expiresAt: later(3 * DAY).toISOString(),
      });
      // Used every 20 hours with a one-day idle limit: alive until the absolute end.
      for (const hours of [20, 40, 60]) {
        expect(await opened.owners.resumeSession('abs', later(hours * 60 * MINUTE), DAY)).toBeDefined();
      }
      expect(await opened.owners.resumeSession('abs', later(3 * DAY), DAY)).toBeUndefined();

      await opened.owners.createSession({
        tokenHash: 'idle',
        ownerId: owner.id,
        createdAt: start.toISOString(),
        expiresAt: later(30 * DAY).toISOString(),
      });
      expect(await opened.owners.resumeSession('idle', later(DAY - MINUTE), DAY)).toBeDefined();
      expect(await opened.owners.resumeSession('idle', later(2 * DAY), DAY)).toBeUndefined();
      // An expired session is deleted, not just refused.
      expect(await opened.rows('ownerSessions')).toEqual([]);
    });
  });

  describe('the inbox', () => {
    it('lists newest first with status new, spam flagged as spam and hidden unless asked', async () => {
      const old = buildNewInquiry({ document: { createdAt: at(30) } });
      const spam = buildNewInquiry({ spamReason: 'honeypot', document: { createdAt: at(20) } });
      const recent = buildNewInquiry({ document: { createdAt: at(10) } });
      const { owners } = await withInquiries(old, spam, recent);

      const visible = await owners.listInquiries(query());
      expect(visible.rows.map((row) => row.id)).toEqual([recent.id, old.id]);
      expect(visible.rows[0]).toMatchObject({ ...recent.document, id: recent.id, status: 'new', readAt: null });
      const all = await owners.listInquiries(query({ spam: true }));
      expect(all.rows.map((row) => [row.id, row.status])).toEqual([
        [recent.id, 'new'],
        [spam.id, 'spam'],
        [old.id, 'new'],
      ]);
      expect((await owners.listInquiries(query({ status: 'spam' }))).rows.map((row) => row.id)).toEqual([spam.id]);
    });

    it('pages by keyset without gaps or repeats, ties broken by id', async () => {
      const sameTime = at(5);
      const inquiries = Array.from({ length: 7 }, (_, i) =>
        buildNewInquiry({ document: { createdAt: i < 3 ? sameTime : at(10 + i) } }),
      );
      const { owners } = await withInquiries(...inquiries);
      const seen: string[] = [];
      let before: ListQuery['before'];
      for (;;) {
        const page = await owners.listInquiries(query({ limit: 2, before }));
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
      await owners.addNote(elsewhere.id, 'Meet at the Marfa depot', ACTOR, new Date());
      for (const inquiry of inquiries.filter((_, k) => k % 50 === 0))
        await owners.setStatus(inquiry.id, 'booked', ACTOR, new Date());

      const newestFirst = (list: NewInquiry[]) =>
        [...list].sort((a, b) => b.document.createdAt.localeCompare(a.document.createdAt)).map(({ id }) => id);
      const pages = async (overrides: Partial<ListQuery>) => {
        const seen: string[] = [];
        let before: ListQuery['before'];
        for (;;) {
          const page = await owners.listInquiries(query({ q: 'marfa', ...overrides, before }));
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
      const { owners } = await withInquiries(rosa, zoe);
      const ids = async (q: string) => (await owners.listInquiries(query({ q }))).rows.map((row) => row.id);
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
      await owners.addNote(rosa.id, 'Wants the churro add-on', ACTOR, new Date());
      expect(await ids('churro')).toEqual([rosa.id]);
    });

    it('finds an inquiry created after the newest was erased (which frees its row number on SQLite)', async () => {
      const alpha = buildNewInquiry({ document: { lastName: 'Alphaville' } });
      const bravo = buildNewInquiry({ document: { lastName: 'Bravoport' } });
      const { inquiries, owners } = await withInquiries(alpha, bravo);
      const ids = async (q: string) => (await owners.listInquiries(query({ q }))).rows.map((row) => row.id);
      expect(await ids('bravoport')).toEqual([bravo.id]);
      expect(await owners.erase(bravo.id, ACTOR, new Date())).toBe(true);
      const charlie = buildNewInquiry({ document: { lastName: 'Charlieton' } });
      await inquiries.create(charlie);
      expect(await ids('charlieton')).toEqual([charlie.id]);
      expect(await ids('bravoport')).toEqual([]);
      expect(await ids('alphaville')).toEqual([alpha.id]);
    });

    it('filters by status and event date range', async () => {
      const soon = buildNewInquiry({ document: { eventDate: '2030-03-01' } });
      const later = buildNewInquiry({ document: { eventDate: '2030-06-15' } });
      const { owners } = await withInquiries(soon, later);
      await owners.setStatus(later.id, 'booked', ACTOR, new Date());
      const ids = async (overrides: Partial<ListQuery>) =>
        (await owners.listInquiries(query(overrides))).rows.map((row) => row.id);
      expect(await ids({ status: 'booked' })).toEqual([later.id]);
      expect(await ids({ status: 'new' })).toEqual([soon.id]);
      expect(await ids({ status: 'contacted' })).toEqual([]);
      expect(await ids({ from: '2030-03-02' })).toEqual([later.id]);
      expect(await ids({ to: '2030-03-01' })).toEqual([soon.id]);
      expect(await ids({ from: '2030-01-01', to: '2030-12-31' })).toHaveLength(2);
    });

    it('keeps status changes and notes as history, who and when, without touching the inquiry row', async () => {
      const inquiry = buildNewInquiry();
      const opened = await withInquiries(inquiry);
      const { owners } = opened;
      const before = await opened.rows('eventInquiries');
      const t = (minutes: number) => new Date(Date.parse(inquiry.document.createdAt) + minutes * MINUTE);
      expect(await owners.setStatus(inquiry.id, 'contacted', ACTOR, t(1))).toBe(true);
      expect(await owners.setStatus(inquiry.id, 'contacted', ACTOR, t(2))).toBe(true); // no change, no entry
      expect(await owners.addNote(inquiry.id, 'Called, left a message', ACTOR, t(3))).toBe(true);
      expect(await owners.setStatus(inquiry.id, 'quoted', { id: 'h', email: 'helper@example.com' }, t(4))).toBe(true);

      const detail = (await owners.getInquiry(inquiry.id))!;
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
      const { owners } = await withInquiries(worked, untouched);
      const t = (minutes: number) => new Date(Date.parse(worked.document.createdAt) + minutes * MINUTE);
      await owners.addNote(worked.id, 'First call', ACTOR, t(1));
      await owners.setStatus(worked.id, 'quoted', ACTOR, t(2));
      await owners.addNote(worked.id, 'Quote sent', ACTOR, t(3));
      const work = await owners.workOn([worked.id, untouched.id]);
      expect(work.get(worked.id)).toEqual({ notes: ['First call', 'Quote sent'], lastStatusAt: t(2).toISOString() });
      expect(work.has(untouched.id)).toBe(false);
      expect((await owners.workOn([])).size).toBe(0);
    });

    it('spam goes back to new; unknown inquiries are refused', async () => {
      const spam = buildNewInquiry({ spamReason: 'too-fast' });
      const { owners } = await withInquiries(spam);
      expect((await owners.getInquiry(spam.id))!.inquiry).toMatchObject({ status: 'spam', spamReason: 'too-fast' });
      await owners.setStatus(spam.id, 'new', ACTOR, new Date());
      expect((await owners.getInquiry(spam.id))!.inquiry.status).toBe('new');
      expect((await owners.listInquiries(query())).rows.map((row) => row.id)).toEqual([spam.id]);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect(await owners.getInquiry(missing)).toBeUndefined();
      expect(await owners.setStatus(missing, 'booked', ACTOR, new Date())).toBe(false);
      expect(await owners.addNote(missing, 'x', ACTOR, new Date())).toBe(false);
      expect(await owners.markRead(missing, new Date())).toBe(false);
      expect(await owners.erase(missing, ACTOR, new Date())).toBe(false);
    });

    it('marks an inquiry read once: the first reading stays', async () => {
      const inquiry = buildNewInquiry();
      const { owners } = await withInquiries(inquiry);
      const first = new Date(Date.now() - MINUTE);
      expect(await owners.markRead(inquiry.id, first)).toBe(true);
      expect(await owners.markRead(inquiry.id, new Date())).toBe(true);
      expect((await owners.getInquiry(inquiry.id))!.inquiry).toMatchObject({
        readAt: first.toISOString(),
        status: 'new',
      });
    });
  });

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
    it('removes the personal data for good, keeps a tombstone, and leaves other inquiries alone', async () => {
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
      expect((await owners.listInquiries(query({ q: marker }))).rows.map((row) => row.id)).toEqual([target.id]);
      await owners.addNote(target.id, `${marker} called back`, ACTOR, new Date());
      await owners.setStatus(target.id, 'contacted', ACTOR, new Date());
      const when = new Date();

      expect(await owners.erase(target.id, ACTOR, when)).toBe(true);
      expect(await owners.getInquiry(target.id)).toBeUndefined();
      expect((await owners.listInquiries(query({ spam: true }))).rows.map((row) => row.id)).toEqual([other.id]);
      expect((await owners.listInquiries(query({ q: marker }))).rows).toEqual([]);
      expect(await opened.inquiries.list()).toHaveLength(1);
      expect(await opened.rows('inquiryEvents')).toEqual([]);
      // Its notifications went with it; the other inquiry's stay.
      expect((await opened.rows('outbox')).map((row) => row.inquiryId)).toEqual([other.id]);
      expect(await opened.rows('outboxAttempts')).toHaveLength(2);
      expect(JSON.stringify(await opened.rows('outboxAttempts'))).not.toContain(marker.toLowerCase());
      expect(await opened.rows('outboxPending')).toEqual([]);
      expect(await owners.erasures()).toEqual([
        { inquiryId: target.id, erasedAt: when.toISOString(), erasedBy: ACTOR.email },
      ]);
      // Once the erasure's background step is over, nothing of it is left in any of the engine's
      // files: tables, every index (search included), the outbox and its attempts, SQLite's WAL.
      await owners.erasureSettled();
      expect(await opened.filesHolding([marker, marker.toLowerCase()])).toEqual([]);
      // The other inquiry is still there, words and all (the scan is real).
      expect(await opened.filesHolding([other.document.lastName])).not.toEqual([]);
    });

    it('keeps an erased id taken: the same create sent again (or batched with others) answers conflict', async () => {
      const target = buildNewInquiry();
      const opened = await withInquiries(target);
      expect(await opened.owners.erase(target.id, ACTOR, new Date())).toBe(true);

      const other = buildNewInquiry();
      const [replay, stored] = await Promise.all([opened.inquiries.create(target), opened.inquiries.create(other)]);
      expect(replay).toEqual({ status: 'conflict' });
      expect(stored.status).toBe('created');
      expect((await opened.inquiries.list()).map((row) => row.id)).toEqual([other.id]);
    });
  });
});

describe('the search index on SQLite (filled in batches, record 052)', () => {
  it('takes in new inquiries in the background, without a search', async () => {
    const opened = await engines.find((engine) => engine.name === 'sqlite')!.open();
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

    await owners.erase(created[0]!.id, ACTOR, new Date());
    // Another erasure every 1.5 s: each comes sooner than the 2 s pause the scrub waits
    // for after the last one, so only its bound from the first can start it.
    let erased = 1;
    while (erased < created.length && (await clusterFilesHolding(url, [first])).length > 0) {
      await sleep(1_500);
      await owners.erase(created[erased++]!.id, ACTOR, new Date());
    }
    expect(await clusterFilesHolding(url, [first])).toEqual([]);
    expect(erased, 'the scrub came only once the erasures stopped').toBeLessThan(created.length);
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
      expect(await first.owners.erase(target.id, ACTOR, new Date())).toBe(true);
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
    await second.owners.erasureSettled();
    expect(await clusterFilesHolding(url, [marker, marker.toLowerCase()])).toEqual([]);
  });
});
