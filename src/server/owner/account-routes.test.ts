// Each owner's own choices, on real stores: sign-in back to the inquiry an e-mail
// linked (and never anywhere else), e-mail on or off per owner (a real SMTP server),
// signing out the other devices, and the Booked inquiries: the calendar feed (read
// with a real iCalendar parser), "Already booked that day", the upcoming bookings.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import ICAL from 'ical.js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildNewInquiry, dayFromToday } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, ORIGIN, OWNER, PASSWORD, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { eventTimes } from '../../shared/event-plan.js';
import type { InquiryDocument } from '../../shared/inquiry.js';
import type { InquiryDetail, OwnerAccountView, PushDeviceView } from '../../shared/inbox-views.js';
import { openDatabase, prepare } from '../store/sqlite/sqlite-statements.js';
import { SQLITE_FILE } from '../store/sqlite/sqlite-store.js';
import { timeZoneLines } from '../icalendar.js';
import { calendarFeed } from './calendar.js';
import { returnPath } from './sign-in-routes.js';

const HELPER = 'helper@example.com';

describe('sign-in returns to where the browser was', () => {
  const signInForm = (app: Awaited<ReturnType<typeof startOwnerApp>>['app'], next: string, password = PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/inbox/sign-in',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: OWNER, password, next }).toString(),
    });

  it('to the inquiry the e-mail linked, after a wrong password too', async () => {
    const { app } = await startOwnerApp();
    const linked = '/inbox?id=0b6f5d1e-7c1a-4c55-9a57-0f3a8f4e2d11';
    const wrong = await signInForm(app, linked, 'not the password at all');
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe(`${linked}&signin=wrong`);
    // The page sends what it was at, its own code taken out: the next try goes there.
    const right = await signInForm(app, `${linked}`);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(linked);
    expect(String(right.headers['set-cookie'])).toMatch(/curbside_owner=/);
    expect((await signInForm(app, '/inbox/inquiries/0b6f5d1e-7c1a-4c55-9a57-0f3a8f4e2d11')).headers.location).toBe(
      '/inbox/inquiries/0b6f5d1e-7c1a-4c55-9a57-0f3a8f4e2d11',
    );
    expect((await signInForm(app, '/inbox?status=booked&q=ana%20ruiz')).headers.location).toBe(
      '/inbox?status=booked&q=ana+ruiz',
    );
  });

  it('never anywhere but an inbox address of this site (no open redirect)', async () => {
    const { app } = await startOwnerApp();
    const hostile = [
      'https://evil.example/inbox',
      '//evil.example/inbox',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/inbox//evil.example',
      '/inbox/../../evil',
      '/inbox/%2e%2e/admin',
      '/inbox@evil.example',
      '/inboxes',
      '/inbox.evil.example',
      'javascript:alert(1)',
      '/inbox?x=1\r\nSet-Cookie: a=b',
      '/inbox#//evil.example',
      ' /inbox',
      '/Inbox',
      '',
      `/inbox?q=${'a'.repeat(600)}`,
    ];
    for (const next of hostile) {
      expect(returnPath(next), next).toBe('/inbox');
      const response = await signInForm(app, next);
      expect(response.headers.location, next).toBe('/inbox');
    }
    expect(returnPath(undefined)).toBe('/inbox');
    expect(returnPath(['/inbox/settings'])).toBe('/inbox');
    // A query's own text cannot break out either: it is written anew, encoded.
    expect(returnPath('/inbox?q=%0d%0aSet-Cookie%3a%20a%3db')).toBe('/inbox?q=%0D%0ASet-Cookie%3A+a%3Db');
  });
});

describe('e-mail about new inquiries, per owner', () => {
  it('an owner who switched it off gets none; the others still do', async () => {
    const smtp = await startSmtp();
    try {
      const t = await startOwnerApp(
        { SMTP_URL: smtp.url, MAIL_FROM: 'inquiries@tacos.example', CONFIRMATION_EMAIL: 'off' },
        { owners: [HELPER] },
      );
      const helper = await cookieOf(t.app, HELPER);
      const account = await call(t.app, 'GET', '/api/owner/account', { cookie: helper });
      expect((account.json() as OwnerAccountView).notifyByEmail).toBe(true);
      const off = await call(t.app, 'PUT', '/api/owner/account/email', {
        cookie: helper,
        body: { notifyByEmail: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await call(t.app, 'GET', '/api/owner/account', { cookie: helper })).json().notifyByEmail).toBe(false);

      await t.inquiries.create(buildNewInquiry());
      const [mail] = await smtp.waitFor(1);
      expect(mail!.rcptTo).toEqual([OWNER]);

      // On again: both are e-mailed about the next one.
      await call(t.app, 'PUT', '/api/owner/account/email', { cookie: helper, body: { notifyByEmail: true } });
      await t.inquiries.create(buildNewInquiry());
      const mails = await smtp.waitFor(2);
      expect(mails[1]!.rcptTo.sort()).toEqual([HELPER, OWNER]);
      expect(smtp.received).toHaveLength(2);

      // Bad input changes nothing.
      const bad = await call(t.app, 'PUT', '/api/owner/account/email', {
        cookie: helper,
        body: { notifyByEmail: 'no' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await call(t.app, 'GET', '/api/owner/account', { cookie: helper })).json().notifyByEmail).toBe(true);
    } finally {
      await smtp.stop();
    }
  });
});

describe('sign out other devices', () => {
  it('ends every other session of this owner, keeps this one and other owners’', async () => {
    const t = await startOwnerApp({}, { owners: [HELPER] });
    const phone = await cookieOf(t.app);
    const laptop = await cookieOf(t.app);
    const tablet = await cookieOf(t.app);
    const helper = await cookieOf(t.app, HELPER);
    const response = await call(t.app, 'POST', '/api/owner/account/sign-out-others', { cookie: phone, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ signedOut: 2 });
    expect((await call(t.app, 'GET', '/api/owner/session', { cookie: phone })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/owner/session', { cookie: laptop })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/owner/session', { cookie: tablet })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/owner/session', { cookie: helper })).statusCode).toBe(200);
    // Another site cannot do it.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/owner/account/sign-out-others',
      headers: { cookie: helper, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
  });
});

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`recovery from a stolen session (${engine})`, () => {
    // The account's limit as shipped: ten failures, then unknown browsers wait.
    const start = async () =>
      startOwnerApp(
        {
          RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '10',
          ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
        },
        { owners: [HELPER] },
      );
    /** A device added from the session of `cookie`, as a browser adds itself. */
    const addDevice = async (t: Awaited<ReturnType<typeof start>>, cookie: string, label: string) => {
      const keys = createECDH('prime256v1');
      const response = await call(t.app, 'POST', '/api/owner/push-subscriptions', {
        cookie,
        body: {
          endpoint: `https://push.example/send/${label}-${randomUUID()}`,
          keys: { p256dh: keys.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
          label,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const labels = async (t: Awaited<ReturnType<typeof start>>, cookie: string) =>
      (
        (await call(t.app, 'GET', '/api/owner/push-subscriptions', { cookie })).json() as { devices: PushDeviceView[] }
      ).devices
        .map((device) => device.label)
        .sort();

    it('"Sign out other devices" also ends their pushes, the calendar feed’s address and the other browsers’ standing', async () => {
      const t = await start();
      const phone = await cookieOf(t.app);
      const thief = await t.app.inject({
        method: 'POST',
        url: '/api/owner/session',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
      });
      const thiefCookies = (thief.headers['set-cookie'] as string[]).map((cookie) => cookie.split(';')[0]!);
      const stolen = thiefCookies.find((cookie) => !cookie.includes('device'))!;
      const thiefDevice = thiefCookies.find((cookie) => cookie.includes('device'))!;
      await addDevice(t, phone, 'Owner phone');
      await addDevice(t, stolen, 'Thief laptop');
      const helper = await cookieOf(t.app, HELPER);
      await addDevice(t, helper, 'Helper phone');
      const oldFeed = ((await call(t.app, 'GET', '/api/owner/account', { cookie: stolen })).json() as OwnerAccountView)
        .calendarFeedUrl;
      expect((await t.app.inject({ url: feedPath(oldFeed) })).statusCode).toBe(200);

      const response = await call(t.app, 'POST', '/api/owner/account/sign-out-others', { cookie: phone, body: {} });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as { signedOut: number; devicesTurnedOff: number; calendarFeedUrl: string };
      expect(answer).toMatchObject({ signedOut: 1, devicesTurnedOff: 1 });
      // The thief's session, pushes and feed end; the owner's phone, and the helper, keep theirs.
      expect((await call(t.app, 'GET', '/api/owner/session', { cookie: stolen })).statusCode).toBe(401);
      expect(await labels(t, phone)).toEqual(['Owner phone']);
      expect(await labels(t, helper)).toEqual(['Helper phone']);
      expect((await t.app.inject({ url: feedPath(oldFeed) })).statusCode).toBe(404);
      expect(answer.calendarFeedUrl).not.toBe(oldFeed);
      expect((await t.app.inject({ url: feedPath(answer.calendarFeedUrl) })).statusCode).toBe(200);
      // The thief's browser is a stranger again: with the account held by failures, it waits like any other.
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/owner/session',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: JSON.stringify({ email: OWNER, password: 'a wrong guess' }),
          remoteAddress: `203.0.113.${i + 1}`,
        });
      }
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/owner/session',
        headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: thiefDevice },
        payload: JSON.stringify({ email: OWNER, password: 'another guess' }),
        remoteAddress: '198.51.100.66',
      });
      expect(again.statusCode).toBe(429);
      // The owner's own browser got a new device cookie and is still known.
      const ownersDevice = String(response.headers['set-cookie']).split(';')[0]!;
      expect(ownersDevice).toMatch(/device/);
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/owner/session',
        headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: ownersDevice },
        payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
        remoteAddress: '198.51.100.67',
      });
      expect(owner.statusCode, owner.body).toBe(200);
    });

    it('keeps the calendar feed’s address out of the store: only a seed the server’s secret turns into it', async () => {
      const t = await start();
      const cookie = await cookieOf(t.app);
      const feed = ((await call(t.app, 'GET', '/api/owner/account', { cookie })).json() as OwnerAccountView)
        .calendarFeedUrl;
      const secret = /\/calendar\/([\w-]+)\.ics$/.exec(feed)![1]!;
      const rows = await t.owners.listOwners();
      expect(rows.length).toBeGreaterThan(0);
      const stored = JSON.stringify(await rawOwners(t.config));
      expect(stored).toContain('calendarSeed');
      expect(stored).not.toContain(secret);
    });
  });
}

/** The owners table as it is stored (read behind the app's back). */
async function rawOwners(config: { dataDir: string; databaseUrl: string | undefined }): Promise<unknown[]> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return (await client.query('SELECT * FROM "owners"')).rows;
    } finally {
      await client.end();
    }
  }
  const db = openDatabase(join(config.dataDir, SQLITE_FILE), { readonly: true });
  try {
    return prepare(db, 'SELECT * FROM owners').all();
  } finally {
    db.close();
  }
}

/** Books an inquiry: created, then its status set to Booked by the owner. */
async function book(
  t: Awaited<ReturnType<typeof startOwnerApp>>,
  cookie: string,
  document: Partial<InquiryDocument>,
  status = 'booked',
) {
  const inquiry = buildNewInquiry({ document });
  await t.inquiries.create(inquiry);
  const set = await call(t.app, 'PUT', `/api/owner/inquiries/${inquiry.id}/status`, { cookie, body: { status } });
  expect(set.statusCode, set.body).toBe(200);
  return inquiry;
}

const feedPath = (url: string) => new URL(url).pathname;

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`the Booked inquiries (${engine})`, () => {
    const start = async () =>
      startOwnerApp(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}, { owners: [HELPER] });

    it('the calendar feed holds exactly the Booked ones, parses, and its reset link retires the old URL', async () => {
      const t = await start();
      const cookie = await cookieOf(t.app);
      const wedding = await book(t, cookie, {
        firstName: 'Ana',
        lastName: 'Ruiz',
        eventName: 'Ruiz–Okafor wedding; reception, garden',
        eventDate: '2031-06-14',
        startTime: '17:30',
        endTime: '22:00',
        plannedGuestCount: 140,
        notes: 'PRIVATE-NOTE the bride is allergic to cilantro',
        siteAddress: '12 Garden Row, Austin, TX 78701',
      });
      const fair = await book(t, cookie, { firstName: 'Li', lastName: 'Wei', eventDate: '2031-01-09' });
      await book(t, cookie, { firstName: 'Quoted', lastName: 'Only', eventDate: '2031-06-14' }, 'quoted');
      await t.inquiries.create(buildNewInquiry({ document: { firstName: 'Brand', lastName: 'New' } }));
      // Booked, then declined: not in the feed.
      const dropped = await book(t, cookie, { firstName: 'Was', lastName: 'Booked' });
      await call(t.app, 'PUT', `/api/owner/inquiries/${dropped.id}/status`, { cookie, body: { status: 'declined' } });
      await call(t.app, 'POST', `/api/owner/inquiries/${wedding.id}/notes`, {
        cookie,
        body: { note: 'OWNER-NOTE deposit paid' },
      });
      // What the customer told of the day: the feed has the on-site contact, never the site's answers.
      await t.owners.eventPlans.setDetails(
        wedding.id,
        {
          onSiteName: 'Sam Ortiz',
          onSitePhone: '+1 512 555 0101',
          siteAnswers: [{ question: 'Gate?', answer: 'SITE-ANSWER gate code 4411' }],
        },
        new Date(),
        () => 'told',
      );
      const finalCount = await call(t.app, 'PUT', `/api/owner/inquiries/${wedding.id}/final-count`, {
        cookie,
        body: { guests: 150, dietary: [] },
      });
      expect(finalCount.statusCode, finalCount.body).toBe(200);

      const account = (await call(t.app, 'GET', '/api/owner/account', { cookie })).json() as OwnerAccountView;
      expect(account.calendarFeedUrl).toMatch(/^http:\/\/localhost:80\/calendar\/[\w-]{43}\.ics$/);
      // The same secret each time it is shown, until reset.
      expect((await call(t.app, 'GET', '/api/owner/account', { cookie })).json().calendarFeedUrl).toBe(
        account.calendarFeedUrl,
      );

      // A calendar app fetches it with no cookie at all.
      const feed = await t.app.inject({ method: 'GET', url: feedPath(account.calendarFeedUrl) });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers['cache-control']).toBe('no-store');
      expect(feed.body).not.toContain('PRIVATE-NOTE');
      expect(feed.body).not.toContain('OWNER-NOTE');
      expect(feed.body).not.toContain('SITE-ANSWER');

      const calendar = new ICAL.Component(ICAL.parse(feed.body));
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(events.map((event) => event.uid).sort()).toEqual([`${wedding.id}@curbside`, `${fair.id}@curbside`].sort());
      const party = events.find((event) => event.uid === `${wedding.id}@curbside`)!;
      expect(party.summary).toBe('Ruiz–Okafor wedding; reception, garden – Ana Ruiz');
      expect(party.location).toBe('12 Garden Row, Austin, TX 78701');
      expect(party.description).toMatch(/guests: 140$/im);
      expect(party.description).toContain(`/inbox?id=${wedding.id}`);
      // What the owner needs on the day: the times from arrival (setup before) to leaving
      // (teardown after), the final count, the phones, the event sheet's link.
      expect(party.description).toContain('Arrive 4:30 PM · serve 5:30 PM–10:00 PM · leave 10:45 PM');
      expect(party.description).toContain('Final guest count: 150');
      expect(party.description).toContain(`Phone: ${wedding.document.phoneNumber} (Ana Ruiz)`);
      expect(party.description).toContain('On site: Sam Ortiz, +1 512 555 0101');
      expect(party.description).toMatch(
        new RegExp(`^Event sheet: http://[^/]+/inbox/inquiries/${wedding.id}/event-sheet$`, 'm'),
      );
      expect(party.startDate.toString()).toBe('2031-06-14T17:30:00');
      expect(party.endDate.toString()).toBe('2031-06-14T22:00:00');

      // Reset: a new secret; the old URL is a 404 like any unknown one.
      const reset = await call(t.app, 'POST', '/api/owner/account/calendar-feed/reset', { cookie, body: {} });
      expect(reset.statusCode, reset.body).toBe(200);
      const fresh = reset.json().calendarFeedUrl as string;
      expect(fresh).not.toBe(account.calendarFeedUrl);
      expect((await t.app.inject({ method: 'GET', url: feedPath(account.calendarFeedUrl) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
      for (const guess of ['/calendar/.ics', '/calendar/x.ics', `/calendar/${'a'.repeat(43)}.ics`, '/calendar/']) {
        expect((await t.app.inject({ method: 'GET', url: guess })).statusCode, guess).toBe(404);
      }
      // Each owner has their own: the helper's reset leaves the owner's working.
      const helper = await cookieOf(t.app, HELPER);
      const helperFeed = (await call(t.app, 'GET', '/api/owner/account', { cookie: helper })).json().calendarFeedUrl;
      expect(helperFeed).not.toBe(fresh);
      await call(t.app, 'POST', '/api/owner/account/calendar-feed/reset', { cookie: helper, body: {} });
      expect((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
      // Changing it needs a session and this site's Origin.
      expect((await call(t.app, 'POST', '/api/owner/account/calendar-feed/reset', { body: {} })).statusCode).toBe(401);
    });

    it('keeps the feed’s secret out of the log, even at debug level', async () => {
      const logs: string[] = [];
      const t = await startOwnerApp(
        { LOG_LEVEL: 'debug' },
        { build: { logStream: { write: (line) => void logs.push(line) } } },
      );
      const cookie = await cookieOf(t.app);
      const { calendarFeedUrl } = (
        await call(t.app, 'GET', '/api/owner/account', { cookie })
      ).json() as OwnerAccountView;
      const path = feedPath(calendarFeedUrl);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      const secret = /\/calendar\/([\w-]+)\.ics$/.exec(path)![1]!;
      expect(logs.some((line) => line.includes('"url":"/calendar/…"'))).toBe(true);
      expect(logs.join('')).not.toContain(secret);
    });

    it('an inquiry on a day with another Booked one names it; the upcoming bookings list them by date', async () => {
      const t = await start();
      const cookie = await cookieOf(t.app);
      const day = dayFromToday(30);
      const booked = await book(t, cookie, { firstName: 'Maria', lastName: 'Gonzalez', eventDate: day });
      const asking = await t.inquiries.create(buildNewInquiry({ document: { eventDate: day } }));
      expect(asking.status).toBe('created');
      const other = buildNewInquiry({ document: { eventDate: day } });
      await t.inquiries.create(other);
      const detail = (await call(t.app, 'GET', `/api/owner/inquiries/${other.id}`, { cookie })).json() as InquiryDetail;
      expect(detail.bookedSameDay).toEqual([{ id: booked.id, name: 'Maria Gonzalez' }]);
      // The booked one itself is not "already booked" by itself.
      const own = (await call(t.app, 'GET', `/api/owner/inquiries/${booked.id}`, { cookie })).json() as InquiryDetail;
      expect(own.bookedSameDay).toEqual([]);

      const later = await book(t, cookie, { firstName: 'Later', lastName: 'One', eventDate: dayFromToday(60) });
      await book(t, cookie, { firstName: 'Past', lastName: 'One', eventDate: dayFromToday(-3) });
      const upcoming = await call(t.app, 'GET', `/api/owner/bookings?from=${dayFromToday(0)}`, { cookie });
      expect(upcoming.statusCode, upcoming.body).toBe(200);
      expect(upcoming.json().bookings.map((row: { id: string }) => row.id)).toEqual([booked.id, later.id]);
      expect(upcoming.json().bookings[0]).not.toHaveProperty('notes');
      expect((await call(t.app, 'GET', '/api/owner/bookings?from=tomorrow', { cookie })).statusCode).toBe(400);
      expect((await call(t.app, 'GET', `/api/owner/bookings?from=${dayFromToday(0)}`)).statusCode).toBe(401);
    });
  });
}

describe('the feed’s time zone', () => {
  it('events in the business’s zone, with a VTIMEZONE a parser turns into the right instants', () => {
    const inquiry = {
      ...buildNewInquiry({ document: { eventDate: '2031-07-04', startTime: '18:00', endTime: '21:30' } }),
    };
    const times = eventTimes(inquiry.document, { setupMinutes: 60, teardownMinutes: 30 });
    const ics = calendarFeed(
      [{ ...inquiry.document, id: inquiry.id, times, finalGuests: undefined, onSite: undefined }],
      {
        now: new Date(),
        name: 'Bookings',
        timeZone: 'America/Chicago',
        inboxUrl: (id) => `https://tacos.example/inbox?id=${id}`,
        sheetUrl: (id) => `https://tacos.example/inbox/inquiries/${id}/event-sheet`,
      },
    );
    const calendar = new ICAL.Component(ICAL.parse(ics));
    ICAL.TimezoneService.reset();
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('America/Chicago');
    // 18:00 in Chicago in July is 23:00 UTC (CDT, -05:00); in January it would be -06:00.
    expect(event.startDate.toJSDate().toISOString()).toBe('2031-07-04T23:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-07-05T02:30:00.000Z');
    const lines = timeZoneLines('America/Chicago', 2031, 2031)!;
    expect(lines).toContain('TZOFFSETTO:-0500');
    expect(lines).toContain('TZOFFSETTO:-0600');
    expect(timeZoneLines('Not/A_Zone', 2031, 2031)).toBeUndefined();
  });
});
