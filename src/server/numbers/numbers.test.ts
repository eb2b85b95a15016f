// The owner's numbers: weeks in the business's time zone, the form's free-text sources
// grouped as people read them, and the API (JSON and CSV) over a seeded store with known
// answers, on SQLite and PostgreSQL, for signed-in owners only.
import { describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { buildQuote, receivedAt } from '../../../tests/support/builders.js';
import type { NumbersView } from '../../shared/numbers-views.js';
import { dayStart, groupSources, weeksOf } from './numbers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the weeks of a period', () => {
  it('start on Mondays at midnight in the business’s time zone, the first and last cut to the period', () => {
    expect(new Date(dayStart('2026-11-02', 'America/Chicago')).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    // Daylight saving ends on 1 November 2026 in Chicago: the day before starts at UTC-5.
    expect(new Date(dayStart('2026-10-31', 'America/Chicago')).toISOString()).toBe('2026-10-31T05:00:00.000Z');
    const from = Date.parse('2026-10-17T12:00:00Z');
    const to = Date.parse('2026-11-16T12:00:00Z');
    const weeks = weeksOf(from, to, 'America/Chicago');
    expect(weeks.map((week) => week.week)).toEqual([
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(weeks[0]).toEqual({ week: '2026-10-12', from: '2026-10-17T12:00:00.000Z', to: '2026-10-19T05:00:00.000Z' });
    expect(weeks[2]).toEqual({ week: '2026-10-26', from: '2026-10-26T05:00:00.000Z', to: '2026-11-02T06:00:00.000Z' });
    expect(weeks.at(-1)).toEqual({
      week: '2026-11-16',
      from: '2026-11-16T06:00:00.000Z',
      to: '2026-11-16T12:00:00.000Z',
    });
    // A year from a Sunday to a Monday: that Sunday's week, 52 whole ones, and that Monday's.
    expect(weeksOf(to - 365 * DAY, to, 'Europe/London')).toHaveLength(54);
  });
});

describe('the sources', () => {
  it('are one whatever their case and spacing, named as most wrote them, empty ones "Not given", the smallest together', () => {
    expect(
      groupSources([
        { reference: 'Instagram', inquiries: 3 },
        { reference: ' instagram', inquiries: 1 },
        { reference: 'INSTAGRAM ', inquiries: 1 },
        { reference: '', inquiries: 2 },
        { reference: 'Google  search', inquiries: 1 },
        { reference: 'google search', inquiries: 1 },
      ]),
    ).toEqual([
      { source: 'Instagram', inquiries: 5 },
      { source: 'Google search', inquiries: 2 },
      { source: 'Not given', inquiries: 2 },
    ]);
    const many = Array.from({ length: 12 }, (_, i) => ({ reference: `Source ${i}`, inquiries: 20 - i }));
    const grouped = groupSources(many, 8);
    expect(grouped).toHaveLength(9);
    expect(grouped.at(-1)).toEqual({ source: 'Everything else', inquiries: 12 + 11 + 10 + 9 });
  });
});

const ENGINES = [
  { name: 'sqlite', env: async () => ({}) },
  { name: 'postgres', env: async () => ({ DATABASE_URL: await freshPostgresUrl() }) },
];

describe.each(ENGINES)('GET /api/owner/numbers on $name', ({ env }) => {
  it('answers a seeded store’s known numbers, as JSON and CSV, to a signed-in owner only', {
    timeout: 30_000,
  }, async () => {
    const now = Date.parse('2026-11-16T12:00:00Z'); // a Monday, 06:00 in Chicago
    const t = await startOwnerApp(await env(), { build: { clock: () => now } });
    const by = { id: 'owner-1', email: OWNER };
    const at = (ms: number) => new Date(ms).toISOString();
    const insta = receivedAt(at(now - 2 * DAY), { document: { reference: 'Instagram' } });
    const lower = receivedAt(at(now - 3 * DAY), { document: { reference: 'instagram ' } });
    // Sunday 23:30 in Chicago: the week of Monday 2 November, not the 9th.
    const sunday = receivedAt('2026-11-09T05:30:00.000Z', { document: { reference: '' } });
    const spam = receivedAt(at(now - DAY), { spamReason: 'too-fast' });
    const older = receivedAt(at(now - 100 * DAY), { document: { reference: 'Market' } });
    for (const each of [insta, lower, sunday, spam, older]) await t.inquiries.create(each);
    await t.owners.inbox.setStatus(insta.id, 'contacted', by, new Date(now - 2 * DAY + HOUR));
    const quote = await t.owners.quotes.send(lower.id, buildQuote(), by, new Date(now - 3 * DAY + 3 * HOUR), 'Sent');
    await t.owners.quotes.accept(
      quote!.id,
      { at: at(now - DAY), from: '203.0.113.9', snapshot: '{}', hash: 'h' },
      '2026-11-15',
    );
    await t.owners.inbox.setStatus(lower.id, 'booked', by, new Date(now - DAY));
    // The deposit, paid by hand an hour after the acceptance.
    const deposit = quote!.totals.deposit;
    const paid = { id: 'pay-1', amount: deposit, currency: 'USD', method: 'cash' as const, note: '' };
    await t.owners.payments.record(lower.id, paid, by, new Date(now - DAY + HOUR), 'en-US');
    await t.owners.inbox.addNote(older.id, 'Called', by, new Date(now - 99 * DAY));

    expect((await call(t.app, 'GET', '/api/owner/numbers')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/owner/numbers.csv')).statusCode).toBe(401);

    const cookie = await cookieOf(t.app);
    const answer = await call(t.app, 'GET', '/api/owner/numbers', { cookie });
    expect(answer.statusCode).toBe(200);
    const view = answer.json() as NumbersView;
    const [month, year] = view.periods;
    expect(view.at).toBe(at(now));
    expect(month).toMatchObject({
      days: 30,
      from: at(now - 30 * DAY),
      to: at(now),
      inquiries: 3,
      spam: 1,
      bySource: [
        { source: 'Instagram', inquiries: 2 },
        { source: 'Not given', inquiries: 1 },
      ],
      // 1 h and 3 h answered; the Sunday one waits.
      answers: { answered: 2, waiting: 1, medianMs: 2 * HOUR, p90Ms: 2.8 * HOUR },
      quotes: { sent: 1, accepted: 1, declined: 0 },
      deposits: { count: 1, amounts: [{ currency: 'USD', amount: deposit }] },
      booked: { count: 1, revenue: [{ currency: 'USD', amount: quote!.totals.total }] },
    });
    expect(month!.byWeek).toEqual([
      { week: '2026-10-12', inquiries: 0, spam: 0 },
      { week: '2026-10-19', inquiries: 0, spam: 0 },
      { week: '2026-10-26', inquiries: 0, spam: 0 },
      { week: '2026-11-02', inquiries: 1, spam: 0 },
      { week: '2026-11-09', inquiries: 2, spam: 1 },
      { week: '2026-11-16', inquiries: 0, spam: 0 },
    ]);
    expect(year).toMatchObject({
      days: 365,
      inquiries: 4,
      spam: 1,
      answers: { answered: 3, waiting: 1, medianMs: 3 * HOUR },
    });
    expect(year!.byWeek.reduce((sum, week) => sum + week.inquiries, 0)).toBe(4);
    expect(year!.bySource.map((each) => each.source)).toEqual(['Instagram', 'Market', 'Not given']);

    const csv = await call(t.app, 'GET', '/api/owner/numbers.csv', { cookie });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="numbers-2026-11-16.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Period,Measure,Item,Value');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Last 30 days,Inquiries,All,3',
        'Last 30 days,Inquiries by week,2026-11-09,2',
        'Last 30 days,Inquiries by source,Instagram,2',
        'Last 30 days,"Time to first answer, median",Minutes,120.0',
        'Last 30 days,Quotes,Accepted,1',
        'Last 30 days,Deposits paid,Count,1',
        `Last 30 days,Deposits paid,USD,${(deposit / 100).toFixed(2)}`,
        `Last 30 days,Booked revenue,USD,${(quote!.totals.total / 100).toFixed(2)}`,
        'Last 365 days,Inquiries,All,4',
      ]),
    );
  });
});
