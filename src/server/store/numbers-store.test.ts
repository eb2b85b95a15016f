// One contract, two engines: the owner's numbers of a period from a seeded store whose
// answers are known: inquiries by week with spam apart, by what the form's reference
// says, the time to the owner's first answer (median and p90), quotes sent, accepted
// and declined, deposits paid, and the booked revenue of accepted quotes.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { buildQuote, receivedAt } from '../../../tests/support/builders.js';
import { quantile } from './numbers-store.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const MINUTE = 60_000;
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
/** Two weeks from Monday 2 November 2026, midnight in Chicago (UTC-6). */
const WEEKS = [
  { week: '2026-11-02', from: '2026-11-02T06:00:00.000Z', to: '2026-11-09T06:00:00.000Z' },
  { week: '2026-11-09', from: '2026-11-09T06:00:00.000Z', to: '2026-11-16T06:00:00.000Z' },
];
const PERIOD = { from: new Date(WEEKS[0]!.from), to: new Date(WEEKS[1]!.to), weeks: WEEKS };

describe('quantile', () => {
  it('is linear between the closest ranks, as percentile_cont', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([1, 3], 0.5)).toBe(2);
    expect(quantile([10, 20, 30, 40, 50], 0.9)).toBe(46);
  });
});

describe.each(OWNER_STORE_ENGINES)('the numbers store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('counts a seeded period as expected', async () => {
    const noted = receivedAt('2026-11-02T15:00:00.000Z', { document: { reference: 'Instagram' } });
    const contacted = receivedAt('2026-11-03T15:00:00.000Z', { document: { reference: ' instagram ' } });
    const quoted = receivedAt('2026-11-09T15:00:00.000Z', { document: { reference: 'Google' } });
    const waiting = receivedAt('2026-11-10T15:00:00.000Z', { document: { reference: '' } });
    const flagged = receivedAt('2026-11-04T15:00:00.000Z', { spamReason: 'too-fast' });
    const markedSpam = receivedAt('2026-11-11T15:00:00.000Z', { document: { reference: 'Google' } });
    const older = receivedAt('2026-10-20T15:00:00.000Z');
    const after = receivedAt('2026-11-20T15:00:00.000Z');
    const stores = await open(noted, contacted, quoted, waiting, flagged, markedSpam, older, after);
    const { inbox, quotes } = stores.owners;

    await inbox.addNote(noted.id, 'Called back', OWNER, later(noted.document.createdAt, 30 * MINUTE));
    await inbox.setStatus(contacted.id, 'contacted', OWNER, later(contacted.document.createdAt, 120 * MINUTE));
    await inbox.addNote(contacted.id, 'Second call', OWNER, later(contacted.document.createdAt, 600 * MINUTE));
    const quote = await quotes.send(
      quoted.id,
      buildQuote(),
      OWNER,
      later(quoted.document.createdAt, 600 * MINUTE),
      'Quote sent',
    );
    await quotes.accept(
      quote!.id,
      { at: '2026-11-11T12:00:00.000Z', from: '203.0.113.9', snapshot: '{}', hash: 'h' },
      '2026-11-11',
    );
    await inbox.setStatus(quoted.id, 'booked', OWNER, new Date('2026-11-11T13:00:00Z'));
    // Its deposit reached in two payments: paid when the second came in.
    const half = Math.ceil(quote!.totals.deposit / 2);
    const pay = (id: string, amount: number) => ({ id, amount, currency: 'USD', method: 'cash' as const, note: '' });
    await stores.owners.payments.record(quoted.id, pay('p1', half), OWNER, new Date('2026-11-11T14:00:00Z'), 'en-US');
    await stores.owners.payments.record(quoted.id, pay('p2', half), OWNER, new Date('2026-11-12T14:00:00Z'), 'en-US');
    await inbox.setStatus(markedSpam.id, 'spam', OWNER, later(markedSpam.document.createdAt, 60 * MINUTE));
    // An inquiry from before the period: its quote counts in the period it was sent and declined in.
    const olderQuote = await quotes.send(older.id, buildQuote(), OWNER, new Date('2026-11-05T10:00:00Z'), 'Sent');
    await quotes.decline(olderQuote!.id, 'Too dear', new Date('2026-11-06T10:00:00Z'), '2026-11-06');
    await quotes.send(after.id, buildQuote(), OWNER, new Date('2026-11-20T16:00:00Z'), 'Sent');

    const figures = await stores.owners.numbers.figures(PERIOD);
    expect(figures.byWeek).toEqual([
      { week: '2026-11-02', inquiries: 2, spam: 1 },
      { week: '2026-11-09', inquiries: 2, spam: 1 },
    ]);
    expect(figures.byReference).toEqual([
      { reference: '', inquiries: 1 },
      { reference: ' instagram ', inquiries: 1 },
      { reference: 'Google', inquiries: 1 },
      { reference: 'Instagram', inquiries: 1 },
    ]);
    // 30 min, 2 h and 10 h: the median is 2 h; p90 is 80 % of the way from 2 h to 10 h.
    expect(figures.answers).toEqual({
      answered: 3,
      waiting: 1,
      medianMs: 120 * MINUTE,
      p90Ms: (120 + 0.8 * 480) * MINUTE,
    });
    expect(figures.quotes).toEqual({ sent: 2, accepted: 1, declined: 1 });
    expect(figures.deposits).toEqual({ count: 1, amounts: [{ currency: 'USD', amount: quote!.totals.deposit }] });
    expect(figures.booked).toEqual({ count: 1, revenue: [{ currency: 'USD', amount: quote!.totals.total }] });
  });

  it('counts a deposit once when a revision accepted after it is paid too', async () => {
    const booked = receivedAt('2026-11-03T15:00:00.000Z');
    const stores = await open(booked);
    const { quotes, payments } = stores.owners;
    const pay = (id: string, amount: number, at: string) =>
      payments.record(
        booked.id,
        { id, amount, currency: 'USD', method: 'cash', note: '' },
        OWNER,
        new Date(at),
        'en-US',
      );
    const first = await quotes.send(booked.id, buildQuote(), OWNER, new Date('2026-11-03T16:00:00Z'), 'Sent');
    await quotes.accept(
      first!.id,
      { at: '2026-11-04T12:00:00.000Z', from: '203.0.113.9', snapshot: '{}', hash: 'h' },
      '2026-11-04',
    );
    await pay('p1', first!.totals.deposit, '2026-11-04T13:00:00Z');
    // More guests: a revision, accepted, and the rest of its deposit paid.
    const lines = [
      { description: 'Basic package, per guest', quantity: 150, unitPrice: 1600, kind: 'package' as const },
    ];
    const revised = await quotes.send(
      booked.id,
      buildQuote({ lines }),
      OWNER,
      new Date('2026-11-10T10:00:00Z'),
      'Sent',
    );
    await quotes.accept(
      revised!.id,
      { at: '2026-11-10T12:00:00.000Z', from: '203.0.113.9', snapshot: '{}', hash: 'h' },
      '2026-11-10',
    );
    await pay('p2', revised!.totals.deposit - first!.totals.deposit, '2026-11-10T13:00:00Z');
    expect((await stores.owners.numbers.figures(PERIOD)).deposits).toEqual({
      count: 1,
      amounts: [{ currency: 'USD', amount: first!.totals.deposit }],
    });
  });

  it('gives every week asked for, and nothing but zeros for an empty period', async () => {
    const stores = await open();
    expect(await stores.owners.numbers.figures(PERIOD)).toEqual({
      byWeek: WEEKS.map(({ week }) => ({ week, inquiries: 0, spam: 0 })),
      byReference: [],
      answers: { answered: 0, waiting: 0, medianMs: null, p90Ms: null },
      quotes: { sent: 0, accepted: 0, declined: 0 },
      deposits: { count: 0, amounts: [] },
      booked: { count: 0, revenue: [] },
    });
  });
});
