// The booked event through the real app on a real store, with the sale's clock moved
// (record 170): the event sheet of a booked, accepted, part-paid inquiry holds every
// item; the customer sets the final count on the quote page until the cutoff and not
// after (the page then says whom to call), the owner is told by e-mail (a real SMTP
// server) and sees it on the sheet, with the balance for the count; the owner can set it too.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { bookedEvent, postForm } from '../../../tests/support/booked-event.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import type { EventSheetView } from '../../shared/event-plan.js';
import { offsetAt } from '../../shared/time-zone.js';

const EVENT = '2027-03-20';
const PUBLIC_URL = 'https://tacos.example';

/** The instant it is `time` on `day` in the business's time zone. */
function localInstant(day: string, time: string): number {
  const wall = Date.parse(`${day}T${time}:00Z`);
  return wall - offsetAt(content.timeZone, wall - offsetAt(content.timeZone, wall) * 60_000) * 60_000;
}

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

async function start(env: Record<string, string> = {}) {
  smtp = await startSmtp();
  const clock = { now: localInstant('2027-02-20', '10:00') };
  const t = await startOwnerApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'events@tacos.example', ...env },
    { build: { clock: () => clock.now } },
  );
  const cookie = await cookieOf(t.app);
  const booked = await bookedEvent(t, cookie, {
    eventDate: EVENT,
    startTime: '11:00',
    endTime: '14:30',
    plannedGuestCount: 250,
    package: 'Basic',
    notes: 'The playground gate is the way in.',
  });
  const sheet = async () => {
    const response = await call(t.app, 'GET', `/api/owner/inquiries/${booked.id}/event-sheet`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EventSheetView;
  };
  return { t, cookie, clock, sheet, ...booked };
}

describe('the event sheet', () => {
  it('holds everything for the day, nothing typed again: contacts, times, place, accepted lines, final count, notes, site, payments, balance', async () => {
    const { t, cookie, id, path, inquiry, quote, sheet } = await start();
    await call(t.app, 'POST', `/api/owner/inquiries/${id}/notes`, { cookie, body: { note: 'Bring the big canopy' } });
    const site = Object.fromEntries(content.event!.siteQuestions!.map((_, index) => [`site-${index + 1}`, '']));
    const told = await postForm(t, `${path}/on-the-day`, {
      onSiteName: 'Sam Ortiz',
      onSitePhone: '+1 512 555 0101',
      ...site,
      'site-1': 'A 30 A outlet by the gym door',
    });
    expect(told.statusCode, told.body).toBe(303);
    expect((await postForm(t, `${path}/final-count`, { guests: '275', 'diet-1': '20', 'diet-2': '' })).statusCode).toBe(
      303,
    );
    // Part paid, in the inbox as the owner records it.
    const paid = { id: randomUUID(), amount: 127_735, method: 'cash', note: 'At the tasting' };
    expect((await call(t.app, 'POST', `/api/owner/inquiries/${id}/payments`, { cookie, body: paid })).statusCode).toBe(
      201,
    );

    const view = await sheet();
    expect(view).toMatchObject({
      status: 'booked',
      title: 'Spring fair',
      customer: { name: `${inquiry.document.firstName} ${inquiry.document.lastName}`, phone: '+1 512 555 0199' },
      onSite: { name: 'Sam Ortiz', phone: '+1 512 555 0101' },
      date: EVENT,
      // Setup 60 minutes before, teardown 45 after (the content's).
      times: {
        arrive: { time: '10:00', dayOffset: 0 },
        start: { time: '11:00', dayOffset: 0 },
        end: { time: '14:30', dayOffset: 0 },
        leave: { time: '15:15', dayOffset: 0 },
      },
      address: inquiry.document.siteAddress,
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(inquiry.document.siteAddress)}`,
      plannedGuests: 250,
      finalCount: { guests: 275, dietary: [{ label: 'Vegetarian', count: 20 }], by: null },
      finalCountLastDay: '2027-03-17',
      customerNotes: 'The playground gate is the way in.',
      ownerNotes: [{ by: OWNER, note: 'Bring the big canopy' }],
      payments: [{ amount: 127_735, method: 'Cash' }],
      paid: 127_735,
      currency: 'USD',
    });
    // The accepted lines as accepted (250 guests), and the total for the final count:
    // 275 × $16 = $4,400, 18 % service, 8.25 % tax on both: $5,620.34; less the deposit paid.
    expect(view.quote).toMatchObject({
      id: quote.id,
      lines: [{ description: 'Basic package, per guest', quantity: 250, unitPrice: 1600, kind: 'package' }],
      totals: { total: 510_940 },
      totalForFinalCount: 562_034,
    });
    expect(view.balanceDue).toBe(562_034 - 127_735);
    expect(view.site[0]).toEqual({
      question: content.event!.siteQuestions![0],
      answer: 'A 30 A outlet by the gym door',
    });
    expect(view.site).toHaveLength(content.event!.siteQuestions!.length);

    // Only a signed-in owner reads it.
    expect((await call(t.app, 'GET', `/api/owner/inquiries/${id}/event-sheet`)).statusCode).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/owner/inquiries/${missing}/event-sheet`, { cookie })).statusCode).toBe(404);
  });
});

describe('the final count from the customer', () => {
  it('is set on the quote page until the end of the cutoff day: the owner is told once by e-mail, and it is in the history', async () => {
    const { t, id, path, clock, sheet } = await start();
    await t.app.notifier.start();
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('<label for="final-guests">Final guest count</label>');
    expect(page.body).toContain('until the end of <strong>Wednesday, March 17, 2027</strong>');

    const saved = await postForm(t, `${path}/final-count`, { guests: '275', 'diet-2': '6' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${path}?saved=count#final-count`);
    const after = await t.app.inject({ url: `${path}?saved=count` });
    expect(after.body).toContain('Saved: your final guest count.');
    expect(after.body).toContain('Your final guest count: <strong>275 guests</strong> (Vegan 6)');
    // The new total for the count; the accepted quote's table is as accepted.
    expect(after.body).toContain('the total comes to <strong>$5,620.34</strong> (accepted: $5,109.40)');
    expect((await sheet()).finalCount?.guests).toBe(275);

    const ownerMails = () =>
      smtp!.received.filter((each) => each.rcptTo.includes(OWNER) && /^Final guest count/.test(each.subject));
    // Told once its quarter hour is over (record 190).
    clock.now += 15 * 60_000;
    await t.app.reminders.sweep();
    await expect.poll(() => ownerMails().length, { timeout: 10_000 }).toBe(1);
    const told = ownerMails()[0]!;
    expect(told.subject).toMatch(/^Final guest count 275: /);
    expect(told.text).toContain('set the final guest count to 275 (was 250)');
    expect(told.text).toContain('Of them: Vegan: 6.');
    expect(told.text).toContain(`${PUBLIC_URL}/inbox/inquiries/${id}/event-sheet`);
    const history = (await t.owners.inbox.getInquiry(id))!.history.map((entry) => entry.note);
    expect(history).toContain('Final guest count set by the customer: 275 (was 250 planned); Vegan 6');

    // The same again (a reload, a double tap) changes nothing and tells no one again.
    expect((await postForm(t, `${path}/final-count`, { guests: '275', 'diet-2': '6' })).statusCode).toBe(303);
    // A count that is no count: refused, what was typed kept, nothing changed.
    const bad = await postForm(t, `${path}/final-count`, { guests: '0', 'diet-2': '6' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Give the final guest count as a whole number from 1 to 100,000.');
    expect(bad.body).toMatch(/name="guests"[^>]*value="0"/);
    const tooMany = await postForm(t, `${path}/final-count`, { guests: '10', 'diet-1': '11' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Vegetarian: give a whole number from 0 to 10 (the final guest count).');

    // The last minutes of the cutoff day (Chicago time) still count.
    clock.now = localInstant('2027-03-17', '23:50');
    expect((await postForm(t, `${path}/final-count`, { guests: '280' })).statusCode).toBe(303);
    clock.now = localInstant('2027-03-18', '00:00');
    await t.app.reminders.sweep();
    await expect.poll(() => ownerMails().length, { timeout: 10_000 }).toBe(2);

    // After the cutoff: no form; the page says whom to call, and a post changes nothing.
    clock.now = localInstant('2027-03-18', '00:10');
    const closed = await t.app.inject({ url: path });
    expect(closed.body).not.toContain('name="guests"');
    expect(closed.body).toContain('Your final guest count: <strong>280 guests</strong>');
    expect(closed.body).toContain(`call ${content.name} on <a href="tel:+15125550142">${content.contact.phone}</a>`);
    const late = await postForm(t, `${path}/final-count`, { guests: '300' });
    expect(late.statusCode).toBe(409);
    expect((await sheet()).finalCount?.guests).toBe(280);
    expect((await postForm(t, `${path}/on-the-day`, { onSiteName: 'Late' })).statusCode).toBe(409);
    // Nothing more is on its way: the outbox has nothing queued, pending or in flight (not a pause that may be too short).
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 10_000 }).toBeUndefined();
    expect(ownerMails()).toHaveLength(2);
  });

  it('tells the owner once per inquiry per quarter hour however often it changes: 300 posts, two notices, each with its last count', async () => {
    // The link's own limit lifted: this is about merging the notices.
    const { t, id, path, clock } = await start({ RATE_LIMIT_QUOTE_POSTS_PER_LINK: '100000' });
    await t.app.notifier.start();
    const from = clock.now;
    // 300 changes, one every 6 seconds by the sale's clock: 30 minutes, two quarter hours; swept every minute.
    for (let post = 0; post < 300; post++) {
      clock.now = from + post * 6_000;
      const guests = String(100 + (post % 50));
      expect((await postForm(t, `${path}/final-count`, { guests })).statusCode).toBe(303);
      if (post % 10 === 9) await t.app.reminders.sweep();
    }
    clock.now = from + 30 * 60_000;
    await t.app.reminders.sweep();
    await t.app.reminders.sweep();
    // Everything owed is sent: one e-mail for each quarter hour, not 300.
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 20_000 }).toBeUndefined();
    const ownerMails = () => smtp!.received.filter((each) => /^Final guest count/.test(each.subject));
    expect(ownerMails()).toHaveLength(2);
    // Each says the quarter's last count (posts 149 and 299: 149 guests), what it was, and how often it changed.
    const texts = ownerMails().map((each) => each.text.replace(/\s+/g, ' '));
    expect(texts[0]).toContain('set the final guest count to 149 (was 250)');
    expect(texts[0]).toMatch(/Changed 150 times between 10:00 AM and 10:15 AM: this is the last\./);
    expect(texts[1]).toContain('set the final guest count to 149 (was 149)');
    // The history keeps every change.
    const history = (await t.owners.inbox.getInquiry(id))!.history.filter((entry) =>
      entry.note?.startsWith('Final guest count set by the customer'),
    );
    expect(history).toHaveLength(300);
  });

  it('takes at most RATE_LIMIT_QUOTE_POSTS_PER_LINK posts per link in 10 minutes: then 429 with a page that says when to try again', async () => {
    const { t, id, path } = await start({ RATE_LIMIT_QUOTE_POSTS_PER_LINK: '5' });
    // bookedEvent's own accept was the link's first post.
    for (let post = 0; post < 4; post++) {
      expect((await postForm(t, `${path}/final-count`, { guests: String(200 + post) })).statusCode).toBe(303);
    }
    const refused = await postForm(t, `${path}/on-the-day`, { onSiteName: 'Sam' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('<h1>Too many changes</h1>');
    expect(refused.body).toMatch(/this one was not saved\. Please try again in \d+ minutes/);
    expect((await postForm(t, `${path}/final-count`, { guests: '999' })).statusCode).toBe(429);
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(429);
    // Nothing of the refused posts was kept; the page itself still opens.
    expect((await t.owners.eventPlans.finalCounts(id)).at(-1)?.guests).toBe(203);
    expect(await t.owners.eventPlans.details(id)).toBeUndefined();
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
  });

  it('needs the quote accepted, and a post from the page itself', async () => {
    const { t, path } = await start();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/final-count`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'guests=10',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await postForm(t, '/quote/nothing/final-count', { guests: '10' })).statusCode).toBe(404);
  });

  it('a lower count keeps the quoted price when the terms say so (fewerGuestsLowerPrice: false)', async () => {
    const { t, path, sheet } = await start();
    expect(content.event?.fewerGuestsLowerPrice).toBe(false);
    await postForm(t, `${path}/final-count`, { guests: '200' });
    const view = await sheet();
    expect(view.finalCount?.guests).toBe(200);
    expect(view.quote?.totalForFinalCount).toBe(510_940);
  });

  it('can be set by the owner (a customer who called): in the history by the owner, no notice to anyone', async () => {
    const { t, cookie, id } = await start();
    await t.app.notifier.start();
    const put = (body: unknown) => call(t.app, 'PUT', `/api/owner/inquiries/${id}/final-count`, { cookie, body });
    const unknown = await put({ guests: 260, dietary: [{ label: 'Keto', count: 3 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.dietary).toBe('“Keto” is not one of the counts asked.');
    expect((await put({ guests: 0, dietary: [] })).json().fields.guests).toMatch(/whole number from 1/);
    expect((await put({ guests: '260', dietary: [] })).statusCode).toBe(400);
    const set = await put({ guests: 260, dietary: [{ label: 'Vegan', count: 3 }] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as EventSheetView).finalCount).toMatchObject({ guests: 260, by: OWNER });
    const history = (await t.owners.inbox.getInquiry(id))!.history;
    expect(history.find((entry) => entry.note === 'Final guest count set: 260 (was 250 planned)')?.by).toBe(OWNER);
    // The acceptance's e-mail reaches the owner; none of a final count follows it.
    await expect
      .poll(() => smtp!.received.filter((each) => /^Quote accepted/.test(each.subject)).length, { timeout: 10_000 })
      .toBe(1);
    // Nothing more is on its way: the outbox has nothing queued, pending or in flight (not a pause that may be too short).
    await expect.poll(() => t.inquiries.outbox.nextDueAt(), { timeout: 10_000 }).toBeUndefined();
    expect(smtp!.received.filter((each) => /^Final guest count/.test(each.subject))).toEqual([]);
  });
});
