// The owner's blocked days (record 240): only a signed-in owner, from this site's
// origin, blocks and removes them; bad input names its field and changes nothing; a
// block makes the day unavailable to the public (with no reason) and shows in the
// owner's private feed, reason and all.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { call, cookieOf, startOwnerApp } from '../../../tests/support/owner-app.js';
import type { OwnerAccountView } from '../../shared/inbox-views.js';
import { addDays, localNow } from '../../shared/truck-schedule.js';

const today = () => localNow(new Date(), content.timeZone).date;
const availability = async (app: Awaited<ReturnType<typeof startOwnerApp>>['app'], day: string) =>
  (await app.inject({ method: 'GET', url: `/api/availability?from=${day}&to=${day}` })).json().unavailable;

describe('blocked days', () => {
  it('are the signed-in owner’s alone, and changed only from this site', async () => {
    const { app, owners } = await startOwnerApp();
    const body = { date: addDays(today(), 5), reason: 'Wedding' };
    expect((await call(app, 'GET', '/api/owner/blocked-days')).statusCode).toBe(401);
    expect((await call(app, 'POST', '/api/owner/blocked-days', { body })).statusCode).toBe(401);
    expect((await call(app, 'DELETE', '/api/owner/blocked-days/x')).statusCode).toBe(401);
    const cookie = await cookieOf(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/owner/blocked-days',
      headers: { cookie, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(foreign.statusCode).toBe(403);
    expect(await owners.calendar.blockedDays(today())).toEqual([]);
  });

  it('refuse a bad day or reason by its label, storing nothing', async () => {
    const { app, owners } = await startOwnerApp();
    const cookie = await cookieOf(app);
    for (const [body, field, message] of [
      [{ date: '2031-02-30', reason: '' }, 'date', 'Date: enter a date such as 2030-05-26.'],
      [{ date: addDays(today(), -1) }, 'date', 'Date: pick today or a later day.'],
      [{ date: addDays(today(), 1), reason: 'x'.repeat(201) }, 'reason', 'Reason: at most 200 characters.'],
    ] as const) {
      const response = await call(app, 'POST', '/api/owner/blocked-days', { cookie, body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
    }
    expect(await owners.calendar.blockedDays(addDays(today(), -1))).toEqual([]);
  });

  it('block a day for the public (no reason shown) and the owner’s feed, until removed', async () => {
    const { app } = await startOwnerApp();
    const cookie = await cookieOf(app);
    const day = addDays(today(), 9);
    const added = await call(app, 'POST', '/api/owner/blocked-days', {
      cookie,
      body: { date: day, reason: ' Truck in the shop ' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { block } = added.json();
    expect(block).toMatchObject({ date: day, reason: 'Truck in the shop' });
    expect((await call(app, 'GET', '/api/owner/blocked-days', { cookie })).json()).toEqual({
      blocks: [block],
      today: today(),
    });

    const publicAnswer = await app.inject({ method: 'GET', url: `/api/availability?from=${day}&to=${day}` });
    expect(publicAnswer.json()).toEqual({ unavailable: [day] });
    expect(publicAnswer.body).not.toContain('shop');

    const account = (await call(app, 'GET', '/api/owner/account', { cookie })).json() as OwnerAccountView;
    const feed = await app.inject({ method: 'GET', url: new URL(account.calendarFeedUrl).pathname });
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    const blocked = events.find((event) => event.summary === 'Blocked: Truck in the shop');
    expect(blocked?.startDate.toString()).toBe(day);
    expect(blocked?.startDate.isDate).toBe(true);
    expect(blocked?.endDate.toString()).toBe(addDays(day, 1));

    expect((await call(app, 'DELETE', `/api/owner/blocked-days/${block.id}`, { cookie })).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `/api/owner/blocked-days/${block.id}`, { cookie })).statusCode).toBe(404);
    expect(await availability(app, day)).toEqual([]);
  });
});
