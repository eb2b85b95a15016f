// The truck's schedule on real stores (record 111): the store's contract on both
// engines; the owner's calls (bad input changes nothing, repeats, edits, removals, the
// history); the landing page served from memory with the stops in it (encodings, ETag),
// /schedule.ics read with a real iCalendar parser; and two instances on one PostgreSQL.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, startOwnerApp, startScheduleApp } from '../../../tests/support/owner-app.js';
import { content } from '../../../content/index.js';
import type { StopFields } from '../../shared/stop-fields.js';
import { addDays, localNow, type ScheduleView, type TruckStop, zonedIso } from '../../shared/truck-schedule.js';
import type { OwnerStore } from '../store/owner-store.js';
import { StopHasOrders } from '../store/schedule-store.js';
import { openPostgresOwnerStore } from '../store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';

const today = () => localNow(new Date(), content.timeZone).date;
const buildStop = (overrides: Partial<StopFields> = {}): StopFields => ({
  date: addDays(today(), 3),
  starts: '11:00',
  ends: '14:00',
  place: 'Sunday Market',
  address: '400 W 2nd St, Austin, TX 78701',
  note: 'By the north gate',
  ...overrides,
});
const actor = { id: 'owner-1', email: 'owner@example.com' };

const engines: { name: string; open(): Promise<OwnerStore> }[] = [
  { name: 'sqlite', open: async () => openSqliteOwnerStore(freshDataDir().dir) },
  { name: 'postgres', open: async () => openPostgresOwnerStore(await freshPostgresUrl(), 2) },
];

describe.each(engines)('ScheduleStore contract on $name', (engine) => {
  it('adds, lists by date and time, changes and removes stops, each change in the history', async () => {
    const owners = await engine.open();
    try {
      const { schedule } = owners;
      const [late, early] = await schedule.addStops(
        [buildStop({ starts: '17:00', ends: '21:00', place: 'Brewery' }), buildStop()],
        actor,
        new Date('2030-01-01T10:00:00Z'),
      );
      const [earlier] = await schedule.addStops([buildStop({ date: addDays(today(), 1) })], actor, new Date());
      expect((await schedule.stops(today())).map((stop) => stop.id)).toEqual([earlier!.id, early!.id, late!.id]);
      expect(await schedule.stops(addDays(today(), 2))).toEqual([early, late]);

      const changed = await schedule.changeStop(late!.id, buildStop({ place: 'Hop House' }), actor, new Date());
      expect(changed).toEqual({ id: late!.id, ...buildStop({ place: 'Hop House' }) });
      expect(await schedule.changeStop('no-such-stop', buildStop(), actor, new Date())).toBeUndefined();
      expect(await schedule.removeStop(early!.id, actor, new Date())).toBe(true);
      expect(await schedule.removeStop(early!.id, actor, new Date())).toBe(false);
      expect((await schedule.stops(today())).map((stop) => stop.place)).toEqual(['Sunday Market', 'Hop House']);

      const history = await schedule.history(10);
      expect(history.map((change) => change.kind)).toEqual(['removed', 'changed', 'added', 'added', 'added']);
      expect(history[0]).toMatchObject({
        by: 'owner@example.com',
        summary: expect.stringContaining('Sunday Market, '),
      });
      expect(history[1]!.summary).toBe(`Hop House, ${buildStop().date} 11:00–14:00`);
      expect(history.at(-1)!.at).toBe('2030-01-01T10:00:00.000Z');
      expect(await schedule.history(2)).toHaveLength(2);
    } finally {
      await owners.close();
    }
  });
});

describe.each(engines)('a stop with pre-orders on $name (record 390)', (engine) => {
  it('is neither removed nor moved while it has live orders; its words change; after "Cancel stop" it goes', async () => {
    const owners = await engine.open();
    try {
      const { schedule, preorders } = owners;
      const [stop] = await schedule.addStops([buildStop()], actor, new Date());
      const at = new Date();
      await preorders.saveSettings(
        {
          stopId: stop!.id,
          open: true,
          items: [{ name: 'Horchata', price: 300, cap: null }],
          pickupEvery: 15,
          perPickup: 5,
          orderBy: 60,
          currency: 'USD',
        },
        at,
      );
      const order = { stopId: stop!.id, pickup: '11:00', lines: [{ name: 'Horchata', quantity: 1 }] };
      const who = { name: 'Ana', phone: '512-555-0100', email: 'ana@example.com', payAtPickup: true };
      for (let i = 0; i < 2; i++) expect((await preorders.place({ ...order, ...who }, at, null)).ok).toBe(true);

      await expect(schedule.removeStop(stop!.id, actor, new Date())).rejects.toMatchObject({ orders: 2 });
      await expect(
        schedule.changeStop(stop!.id, buildStop({ starts: '12:00' }), actor, new Date()),
      ).rejects.toBeInstanceOf(StopHasOrders);
      await expect(
        schedule.changeStop(stop!.id, buildStop({ date: addDays(today(), 4) }), actor, new Date()),
      ).rejects.toBeInstanceOf(StopHasOrders);
      expect(await schedule.stops(today())).toEqual([stop]);
      expect((await schedule.history(10)).map((change) => change.kind)).toEqual(['added']);
      expect((await preorders.forStop(stop!.id)).map((one) => one.status)).toEqual(['pay-at-pickup', 'pay-at-pickup']);

      const renamed = await schedule.changeStop(stop!.id, buildStop({ note: 'By the south gate' }), actor, new Date());
      expect(renamed?.note).toBe('By the south gate');
      await preorders.cancelStop(stop!.id, new Date());
      expect(await schedule.removeStop(stop!.id, actor, new Date())).toBe(true);
    } finally {
      await owners.close();
    }
  });
});

const landing = async (app: Awaited<ReturnType<typeof startScheduleApp>>['app']) =>
  (await app.inject({ method: 'GET', url: '/' })).body;

describe('the owner’s schedule, and the landing page that shows it', () => {
  it('refuses bad input naming each field, and changes nothing', async () => {
    const { app, cookie, owners } = await startScheduleApp();
    const before = await landing(app);
    const bad = await call(app, 'POST', '/api/owner/schedule', {
      cookie,
      body: buildStop({ date: addDays(today(), -1), place: '', ends: '11:00' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'bad_request',
      fields: {
        date: 'Date: pick today or a later day.',
        place: 'Place: please fill this in.',
        ends: 'Ends: must differ from Starts.',
      },
    });
    const unknown = await call(app, 'POST', '/api/owner/schedule', { cookie, body: { ...buildStop(), city: 'x' } });
    expect(unknown.statusCode).toBe(400);
    const tooMany = await call(app, 'POST', '/api/owner/schedule', {
      cookie,
      body: { ...buildStop(), repeatWeeks: 13 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await owners.schedule.stops(today())).toEqual([]);
    expect(await owners.schedule.history(10)).toEqual([]);
    expect(await landing(app)).toBe(before);
  });

  it('answers nobody who is not signed in, and nothing from another site', async () => {
    const { app } = await startScheduleApp();
    expect((await call(app, 'GET', '/api/owner/schedule')).statusCode).toBe(401);
    expect((await call(app, 'POST', '/api/owner/schedule', { body: buildStop() })).statusCode).toBe(401);
    const cookie = await cookieOf(app);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/owner/schedule',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(buildStop()),
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('adds a weekly stop for weeks in one step, edits and removes, and the page follows at once', async () => {
    const { app, cookie } = await startScheduleApp();
    const first = buildStop({ date: today(), starts: '00:00', ends: '23:59', place: 'Market & <Main>' });
    const added = await call(app, 'POST', '/api/owner/schedule', { cookie, body: { ...first, repeatWeeks: 3 } });
    expect(added.statusCode).toBe(201);
    const stops = (added.json() as { stops: TruckStop[] }).stops;
    expect(stops.map((stop) => stop.date)).toEqual([today(), addDays(today(), 7), addDays(today(), 14)]);

    // The page shows the three weeks once, as a weekly stop (record 164).
    let page = await landing(app);
    expect(page.match(/class="schedule-stop( schedule-stop-today)?"/g)).toHaveLength(1);
    expect(page).toContain('Market &amp; &lt;Main&gt;');
    expect(page).toMatch(/Every \w+day, .*, until /);
    expect(page.match(/>Today</g)).toHaveLength(1);

    const view = (await call(app, 'GET', '/api/owner/schedule', { cookie })).json() as ScheduleView;
    expect(view.now.date).toBe(today());
    expect(view.stops.map((stop) => stop.id)).toEqual(stops.map((stop) => stop.id));

    const edit = await call(app, 'PUT', `/api/owner/schedule/${stops[1]!.id}`, {
      cookie,
      body: buildStop({ date: stops[1]!.date, place: 'Brewery Thursdays', note: '' }),
    });
    expect(edit.statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/owner/schedule/${stops[2]!.id}`, { cookie })).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `/api/owner/schedule/${stops[2]!.id}`, { cookie })).statusCode).toBe(404);
    expect((await call(app, 'PUT', '/api/owner/schedule/no-such-stop', { cookie, body: buildStop() })).statusCode).toBe(
      404,
    );

    page = await landing(app);
    expect(page).toContain('Brewery Thursdays');
    expect(page.match(/class="schedule-stop( schedule-stop-today)?"/g)).toHaveLength(2);
    expect(page).not.toContain('Every ');
    const history = ((await call(app, 'GET', '/api/owner/schedule', { cookie })).json() as ScheduleView).history;
    expect(history.map((change) => `${change.by} ${change.kind}`)).toEqual([
      `${OWNER} removed`,
      `${OWNER} changed`,
      `${OWNER} added`,
      `${OWNER} added`,
      `${OWNER} added`,
    ]);
  });

  it('serves the page compressed as the browser takes it, revalidated by its ETag', async () => {
    const { app, cookie } = await startScheduleApp();
    await call(app, 'POST', '/api/owner/schedule', { cookie, body: buildStop() });
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Sunday Market');
    const gzip = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompressSync(br.rawPayload).toString());
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    await call(app, 'POST', '/api/owner/schedule', { cookie, body: buildStop({ place: 'Brewery' }) });
    const changed = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Brewery');
  });

  it('publishes the stops at /schedule.ics in the business’s time zone', async () => {
    const { app, cookie } = await startScheduleApp();
    await call(app, 'POST', '/api/owner/schedule', { cookie, body: buildStop() });
    await call(app, 'POST', '/api/owner/schedule', {
      cookie,
      body: buildStop({
        date: addDays(today(), 4),
        starts: '20:00',
        ends: '01:00',
        place: 'Late; night, tacos',
        note: '',
      }),
    });
    const response = await app.inject({ method: 'GET', url: '/schedule.ics' });
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    ICAL.TimezoneService.reset();
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.summary)).toEqual([
      `${content.name} at Sunday Market`,
      `${content.name} at Late; night, tacos`,
    ]);
    expect(events[0]!.location).toBe('400 W 2nd St, Austin, TX 78701');
    expect(events[0]!.description).toBe('By the north gate');
    expect(events[0]!.startDate.zone.tzid).toBe(content.timeZone);
    const instant = (date: string, time: string) => new Date(zonedIso(date, time, content.timeZone)).toISOString();
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(instant(addDays(today(), 3), '11:00'));
    // A late night ends the next day.
    expect(events[1]!.endDate.toJSDate().toISOString()).toBe(instant(addDays(today(), 5), '01:00'));
  });

  it('answers the same stops as JSON at /api/schedule, to anyone, not cached', async () => {
    const { app, cookie } = await startScheduleApp();
    const empty = await app.inject({ method: 'GET', url: '/api/schedule' });
    expect(empty.json()).toEqual({ stops: [] });
    const stored = (await call(app, 'POST', '/api/owner/schedule', { cookie, body: buildStop() })).json() as {
      stops: TruckStop[];
    };
    const response = await app.inject({ method: 'GET', url: '/api/schedule' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ stops: stored.stops });
    expect(response.json().stops[0]).toMatchObject({ place: 'Sunday Market', note: 'By the north gate' });
  });
});

describe('without a build', () => {
  it('still publishes /schedule.ics, and the page is a 404', async () => {
    const { app } = await startOwnerApp();
    await call(app, 'POST', '/api/owner/schedule', { cookie: await cookieOf(app), body: buildStop() });
    const ics = await app.inject({ method: 'GET', url: '/schedule.ics' });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('SUMMARY:');
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });
});
