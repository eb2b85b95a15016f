// One contract, two engines: every InquiryStore behaviour is checked on a real
// SQLite file and on a real PostgreSQL server (started by the test run).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildNewInquiry, buildUid } from '../../../tests/support/builders.js';
import {
  freshDataDir,
  freshPostgresUrl,
  postgresMigrationVersions,
  sqliteMigrationVersions,
} from '../../../tests/support/databases.js';
import { DOCUMENT_FIELDS } from '../../shared/inquiry.js';
import type { InquiryStore, NewInquiry, StoredInquiry } from './inquiry-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { POSTGRES_MIGRATIONS } from './postgres/postgres-migrations.js';
import { SQLITE_MIGRATIONS } from './sqlite/sqlite-migrations.js';
import { JOURNAL_SIZE_LIMIT, WAL_RESET_BYTES } from './sqlite/sqlite-checkpointer.js';
import { openDatabase, prepare } from './sqlite/sqlite-statements.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite/sqlite-store.js';

const MIGRATIONS = { sqlite: SQLITE_MIGRATIONS, postgres: POSTGRES_MIGRATIONS };

/** A fresh, empty place to keep inquiries, which can be opened any number of times. */
interface Location {
  open(): Promise<InquiryStore>;
  /** Applied migration versions, read behind the store's back. */
  migrations(): Promise<number[]>;
  remove(): Promise<void>;
}

interface Engine {
  name: 'sqlite' | 'postgres';
  fresh(): Promise<Location>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      const data = freshDataDir();
      return {
        open: async () => openSqliteStore(data.dir),
        migrations: async () => sqliteMigrationVersions(join(data.dir, SQLITE_FILE)),
        remove: async () => data.remove(),
      };
    },
  },
  {
    name: 'postgres',
    async fresh() {
      const url = await freshPostgresUrl();
      return {
        open: () => openPostgresStore(url),
        migrations: () => postgresMigrationVersions(url),
        remove: async () => {},
      };
    },
  },
];

/** What list() must return for a created inquiry. */
function stored(inquiry: NewInquiry): StoredInquiry {
  const estimate = inquiry.estimate ?? null;
  const language = inquiry.language ?? 'en';
  return { ...inquiry.document, id: inquiry.id, uid: inquiry.uid, spamReason: inquiry.spamReason, estimate, language };
}

const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE).toISOString();

describe.each(engines)('InquiryStore contract on $name', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshLocation(): Promise<Location> {
    const location = await engine.fresh();
    cleanups.push(location.remove);
    return location;
  }

  async function openIn(location: Location): Promise<InquiryStore> {
    const store = await location.open();
    cleanups.push(() => store.close());
    return store;
  }

  async function freshStore(): Promise<InquiryStore> {
    return openIn(await freshLocation());
  }

  it('reports its engine', async () => {
    const store = await freshStore();
    expect(store.engine).toBe(engine.name);
  });

  it('stores a created inquiry and lists exactly its document, uid, spam flag and kept estimate', async () => {
    const store = await freshStore();
    // The estimate the customer was told, kept in the same row (record 204).
    const inquiry = buildNewInquiry({ estimate: '{"low":245251,"high":245251}' });
    await expect(store.create(inquiry)).resolves.toEqual({ status: 'created', createdAt: inquiry.document.createdAt });

    const rows = await store.list();
    expect(rows).toEqual([stored(inquiry)]);
    // Every field of spec §3 is there, with the spec's names, plus ours; nothing else (no bodyHash).
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [...DOCUMENT_FIELDS, 'id', 'uid', 'spamReason', 'estimate', 'language'].sort(),
    );
    expect(rows[0]!.estimate).toBe('{"low":245251,"high":245251}');
    expect(rows[0]!.source).toBe('web');
    expect(typeof rows[0]!.plannedGuestCount).toBe('number');
    expect(await store.count()).toBe(1);
  });

  it('keeps text exactly as given: unicode, quotes, newlines, empty optional fields', async () => {
    const store = await freshStore();
    const inquiry = buildNewInquiry({
      document: {
        firstName: 'Zoë',
        lastName: "O'Brien-Łukasz 🌮",
        company: '',
        eventName: '',
        notes: 'Line one\nLine "two", with a comma;\r\n\tand a tab',
        reference: '',
        package: '',
        operation: 'Drop-off catering',
      },
    });
    await store.create(inquiry);
    expect(await store.list()).toEqual([stored(inquiry)]);
  });

  it('lists newest first, ties broken by id, whatever the insertion order', async () => {
    const store = await freshStore();
    const middle = buildNewInquiry({ document: { createdAt: at(10) } });
    const newest = buildNewInquiry({ document: { createdAt: at(1) } });
    const oldest = buildNewInquiry({ document: { createdAt: at(100) } });
    const sameTime = at(50);
    const tieLow = buildNewInquiry({ id: '00000000-0000-4000-8000-000000000001', document: { createdAt: sameTime } });
    const tieHigh = buildNewInquiry({ id: 'ffffffff-ffff-4fff-bfff-ffffffffffff', document: { createdAt: sameTime } });
    for (const inquiry of [middle, tieLow, newest, oldest, tieHigh]) await store.create(inquiry);

    const ids = (await store.list()).map((row) => row.id);
    expect(ids).toEqual([newest.id, middle.id, tieHigh.id, tieLow.id, oldest.id]);
  });

  it('answers an identical replay by the same session with the first createdAt, storing nothing new', async () => {
    const store = await freshStore();
    const first = buildNewInquiry({ document: { createdAt: at(5) } });
    await store.create(first);
    // The retry is built later, so the server would give it a later createdAt.
    const retry: NewInquiry = { ...first, document: { ...first.document, createdAt: at(0) } };

    await expect(store.create(retry)).resolves.toEqual({ status: 'replayed', createdAt: first.document.createdAt });
    await expect(store.create(retry)).resolves.toEqual({ status: 'replayed', createdAt: first.document.createdAt });
    expect(await store.count()).toBe(1);
    expect(await store.list()).toEqual([stored(first)]);
  });

  it('answers a conflict for the same id from another session, and keeps the stored row', async () => {
    const store = await freshStore();
    const first = buildNewInquiry();
    await store.create(first);
    const intruder = buildNewInquiry({
      id: first.id,
      bodyHash: first.bodyHash,
      document: { email: 'someone.else@example.com' },
    });
    expect(intruder.uid).not.toBe(first.uid);

    await expect(store.create(intruder)).resolves.toEqual({ status: 'conflict' });
    expect(await store.list()).toEqual([stored(first)]);
  });

  it('answers a conflict for the same id and session with another body, and keeps the stored row', async () => {
    const store = await freshStore();
    const first = buildNewInquiry();
    await store.create(first);
    const changed: NewInquiry = {
      ...first,
      bodyHash: `${first.bodyHash}x`,
      document: { ...first.document, notes: 'changed my mind' },
    };

    await expect(store.create(changed)).resolves.toEqual({ status: 'conflict' });
    expect(await store.list()).toEqual([stored(first)]);
  });

  it('stores 200 concurrent creates with distinct ids, each acknowledged as created', async () => {
    const store = await freshStore();
    const inquiries = Array.from({ length: 200 }, () => buildNewInquiry());
    const results = await Promise.all(inquiries.map((inquiry) => store.create(inquiry)));

    expect(results.every((result) => result.status === 'created')).toBe(true);
    expect(await store.count()).toBe(200);
    const byId = new Map((await store.list()).map((row) => [row.id, row]));
    for (const inquiry of inquiries) expect(byId.get(inquiry.id)).toEqual(stored(inquiry));
  });

  it('creates exactly once when 20 identical creates race, answering the rest as replays', async () => {
    const store = await freshStore();
    const inquiry = buildNewInquiry();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.create({ ...inquiry, document: { ...inquiry.document } })),
    );

    expect(results.filter((result) => result.status === 'created')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'replayed')).toHaveLength(19);
    for (const result of results) expect(result).toMatchObject({ createdAt: inquiry.document.createdAt });
    expect(await store.list()).toEqual([stored(inquiry)]);
  });

  it('answers racing creates of one id from different sessions with one created and the rest conflicts', async () => {
    const store = await freshStore();
    const base = buildNewInquiry();
    const attempts = Array.from({ length: 10 }, () => ({ ...base, uid: buildUid() }));
    const results = await Promise.all(attempts.map((attempt) => store.create(attempt)));

    const winner = results.findIndex((result) => result.status === 'created');
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(results.filter((result) => result.status === 'conflict')).toHaveLength(9);
    expect(await store.list()).toEqual([stored(attempts[winner]!)]);
  });

  it('fails only the create the database refuses, never the others written in its batch', async () => {
    const store = await freshStore();
    const good = Array.from({ length: 30 }, () => buildNewInquiry());
    // A row both engines refuse (NOT NULL), sent in the same turn as the others so it joins their batch.
    const bad = buildNewInquiry({ document: { firstName: null as unknown as string } });
    const all = [...good.slice(0, 15), bad, ...good.slice(15)];
    const results = await Promise.allSettled(all.map((inquiry) => store.create(inquiry)));

    expect(results[15]!.status).toBe('rejected');
    const others = results.filter((_, index) => index !== 15);
    expect(others.map((result) => result.status)).toEqual(others.map(() => 'fulfilled'));
    for (const [index, inquiry] of good.entries()) {
      const result = others[index] as PromiseFulfilledResult<unknown>;
      expect(result.value).toEqual({ status: 'created', createdAt: inquiry.document.createdAt });
    }
    expect(await store.count()).toBe(30);
    const byId = new Map((await store.list()).map((row) => [row.id, row]));
    for (const inquiry of good) expect(byId.get(inquiry.id)).toEqual(stored(inquiry));
    expect(byId.has(bad.id)).toBe(false);
    // The store still works, and the refused id is still free.
    const retry = buildNewInquiry({ id: bad.id });
    await expect(store.create(retry)).resolves.toMatchObject({ status: 'created' });
  });

  it('keeps acknowledged inquiries across close and reopen', async () => {
    const location = await freshLocation();
    const first = await location.open();
    const inquiries = Array.from({ length: 25 }, (_, i) => buildNewInquiry({ document: { createdAt: at(i) } }));
    await Promise.all(inquiries.map((inquiry) => first.create(inquiry)));
    await first.close();

    const reopened = await openIn(location);
    expect(await reopened.list()).toEqual(inquiries.map(stored));
    // A replay after the restart is still recognised.
    await expect(reopened.create(inquiries[3]!)).resolves.toEqual({
      status: 'replayed',
      createdAt: inquiries[3]!.document.createdAt,
    });
  });

  it('refuses creates once closed', async () => {
    const location = await freshLocation();
    const store = await location.open();
    await store.close();
    await expect(store.create(buildNewInquiry())).rejects.toThrow();
  });

  it('runs its migrations once, however often and however concurrently it is opened', async () => {
    const location = await freshLocation();
    const [a, b] = await Promise.all([openIn(location), openIn(location)]);
    const inquiry = buildNewInquiry();
    await a.create(inquiry);
    expect(await b.list()).toEqual([stored(inquiry)]);

    const c = await openIn(location);
    expect(await c.count()).toBe(1);
    const versions = await location.migrations();
    expect(versions).toEqual(MIGRATIONS[engine.name].map((migration) => migration.version));
  });

  it('keeps spam-flagged inquiries, flagged', async () => {
    const store = await freshStore();
    const honeypot = buildNewInquiry({ spamReason: 'honeypot', document: { createdAt: at(2) } });
    const tooFast = buildNewInquiry({ spamReason: 'too-fast', document: { createdAt: at(1) } });
    const clean = buildNewInquiry({ document: { createdAt: at(0) } });
    for (const inquiry of [honeypot, tooFast, clean]) await store.create(inquiry);

    expect(await store.list()).toEqual([stored(clean), stored(tooFast), stored(honeypot)]);
  });
});

describe('the write-ahead log on SQLite', () => {
  it('shrinks back to journal_size_limit once a checkpoint lets it start over', { timeout: 60_000 }, async () => {
    const data = freshDataDir();
    const store = openSqliteStore(data.dir);
    const wal = join(data.dir, `${SQLITE_FILE}-wal`);
    const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
    // A reader holding a transaction (a backup, an export) keeps every checkpoint from
    // finishing, so the log grows past the limit, yet short of the size that resets it.
    const reader = openDatabase(join(data.dir, SQLITE_FILE), { readonly: true });
    try {
      reader.exec('BEGIN');
      prepare(reader, 'SELECT count(*) FROM eventInquiries').get();
      while (walSize() < 2 * JOURNAL_SIZE_LIMIT) {
        await Promise.all(Array.from({ length: 200 }, () => store.create(buildNewInquiry())));
      }
      expect(walSize()).toBeLessThan(WAL_RESET_BYTES);
      reader.exec('COMMIT');
      // The checkpointer's next passive round copies it all; the next commit starts the log over.
      await expect
        .poll(
          async () => {
            await store.create(buildNewInquiry());
            return walSize();
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBeLessThanOrEqual(JOURNAL_SIZE_LIMIT);
    } finally {
      reader.close();
      await store.close();
      data.remove();
    }
  });
});
