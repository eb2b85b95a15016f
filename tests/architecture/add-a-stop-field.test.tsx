// Adding a field to a stop is one row in its table (src/shared/stop-fields.ts) plus a
// migration per engine for its column. Here the table gains a detail, Payment (this
// file's imports see the table with the row added), and each engine's stop table the
// column that migration would add: a stop sent with it through the owner's route is
// stored and changed on both engines and reaches /api/schedule, the landing page's
// section and its JSON-LD, and /schedule.ics; the inbox's stop form has its input, and
// its rules are the table's. None of those files names the field.
import { join } from 'node:path';
import ICAL from 'ical.js';
import pg from 'pg';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Schedule } from '../../src/inbox/schedule.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openDatabase } from '../../src/server/store/sqlite/sqlite-statements.js';
import { SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { addDays, localNow, type TruckStop } from '../../src/shared/truck-schedule.js';
import { content } from '../../content/index.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { builtPage, call, cookieOf, startOwnerApp } from '../support/owner-app.js';

vi.mock('../../src/shared/stop-fields.js', async (original) => {
  const table = await original<typeof import('../../src/shared/stop-fields.js')>();
  const payment = { label: 'Payment', input: 'text', maxLength: 40, optional: true, detail: true, hint: 'e.g. Cash' };
  return { ...table, STOP_FIELDS: { ...table.STOP_FIELDS, payment } };
});

const stop = {
  date: addDays(localNow(new Date(), content.timeZone).date, 3),
  starts: '11:00',
  ends: '14:00',
  place: 'Sunday Market',
  address: '400 W 2nd St, Austin, TX 78701',
  note: 'By the north gate',
  payment: 'Cash & cards',
};

/** An engine's store, migrated, with the column the new field's migration would add. */
const engines: { name: string; prepare(): Promise<Record<string, string>> }[] = [
  {
    name: 'SQLite',
    async prepare() {
      const { dir, remove } = freshDataDir();
      onTestFinished(remove);
      await close(openSqliteOwnerStore(dir));
      const db = openDatabase(join(dir, SQLITE_FILE));
      db.exec(`ALTER TABLE truckStops ADD COLUMN payment TEXT NOT NULL DEFAULT ''`);
      db.close();
      return { DATA_DIR: dir };
    },
  },
  {
    name: 'PostgreSQL',
    async prepare() {
      const url = await freshPostgresUrl();
      await close(openPostgresOwnerStore(url, 1));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`ALTER TABLE "truckStops" ADD COLUMN "payment" text NOT NULL DEFAULT ''`);
      await client.end();
      return { DATABASE_URL: url };
    },
  },
];

async function close(store: OwnerStore | Promise<OwnerStore>) {
  await (await store).close();
}

describe.each(engines)('a field added to a stop’s table, on $name', (engine) => {
  it('is taken by the owner’s route, stored, and shown by every public view of the stop', async () => {
    const { app } = await startOwnerApp({ ...(await engine.prepare()), CLIENT_DIR: builtPage() });
    const cookie = await cookieOf(app);

    const tooLong = await call(app, 'POST', '/api/owner/schedule', {
      cookie,
      body: { ...stop, payment: 'x'.repeat(41) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ payment: 'Payment: at most 40 characters.' });

    const added = await call(app, 'POST', '/api/owner/schedule', { cookie, body: stop });
    expect(added.statusCode, added.body).toBe(201);
    const [stored] = (added.json() as { stops: TruckStop[] }).stops;
    const { stops } = (await app.inject({ method: 'GET', url: '/api/schedule' })).json() as { stops: TruckStop[] };
    expect(stops).toEqual([{ ...stop, id: stored!.id }]);

    const page = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain('<p class="schedule-detail schedule-payment">Cash &amp; cards</p>');
    const [jsonLd] = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
    expect(jsonLd.description).toBe('By the north gate\nCash & cards');

    const calendar = new ICAL.Component(ICAL.parse((await app.inject({ method: 'GET', url: '/schedule.ics' })).body));
    expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).description).toBe(
      'By the north gate\nCash & cards',
    );

    const changed = await call(app, 'PUT', `/api/owner/schedule/${stored!.id}`, {
      cookie,
      body: { ...stop, payment: 'Cards only' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/api/schedule' })).json() as { stops: TruckStop[] };
    expect(after.stops[0]).toMatchObject({ payment: 'Cards only' });
    // Optional: a stop sent without it is stored with it empty, and shows no line for it.
    await call(app, 'PUT', `/api/owner/schedule/${stored!.id}`, { cookie, body: { ...stop, payment: undefined } });
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain('schedule-payment');
  });
});

describe('a field added to a stop’s table, in the inbox', () => {
  it('has its labelled input, with its hint and limit, in the stop form', () => {
    const html = renderToStaticMarkup(<Schedule />);
    const input = /<label for="([^"]+)-payment">Payment<\/label><input ([^>]*)\/>/.exec(html);
    expect(input, html).not.toBeNull();
    expect(input![2]).toContain('name="payment"');
    expect(input![2]).toContain('maxLength="40"');
    expect(input![2]).not.toContain('required');
    expect(html).toContain('>e.g. Cash</span>');
  });
});
