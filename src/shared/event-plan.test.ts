// The booked event's arithmetic: the day's times from the content's setup and teardown
// (across midnight too), the final count's last day, and what a final count does to the
// accepted lines and total (per-guest lines follow it, within their minimums and the
// content's rule for fewer guests; flat and travel lines do not).
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  eventPlanning,
  eventTimes,
  finalCountLastDay,
  finalCountProblem,
  linesForFinalCount,
  shiftTime,
  totalsForFinalCount,
} from './event-plan.js';
import type { QuoteLine, QuoteRates } from './pricing.js';

const basic: QuoteLine = { description: 'Basic package, per guest', quantity: 100, unitPrice: 1600, kind: 'package' };
const churros: QuoteLine = { description: 'Churros', quantity: 100, unitPrice: 350, kind: 'item' };
const napkins: QuoteLine = { description: 'Napkins', quantity: 500, unitPrice: 5, kind: 'item' };
const flat: QuoteLine = { description: 'Premium package', quantity: 1, unitPrice: 250_000, kind: 'package' };
const travel: QuoteLine = { description: 'Travel', quantity: 1, unitPrice: 7500, kind: 'travel' };
const quantities = (lines: QuoteLine[]) => lines.map((line) => line.quantity);

describe('the day’s times', () => {
  it('arrive the setup before, leave the teardown after', () => {
    expect(eventTimes({ startTime: '11:00', endTime: '14:30' }, { setupMinutes: 60, teardownMinutes: 45 })).toEqual({
      arrive: { time: '10:00', dayOffset: 0 },
      start: { time: '11:00', dayOffset: 0 },
      end: { time: '14:30', dayOffset: 0 },
      leave: { time: '15:15', dayOffset: 0 },
    });
  });

  it('cross midnight either way: an early start, service past midnight', () => {
    expect(shiftTime('00:30', -90)).toEqual({ time: '23:00', dayOffset: -1 });
    const late = eventTimes({ startTime: '21:00', endTime: '01:00' }, { setupMinutes: 30, teardownMinutes: 90 });
    expect(late.end).toEqual({ time: '01:00', dayOffset: 1 });
    expect(late.leave).toEqual({ time: '02:30', dayOffset: 1 });
  });
});

describe('the final count’s last day', () => {
  it('is the cutoff’s days before the event (3 by default), across months', () => {
    expect(finalCountLastDay('2027-03-02', eventPlanning({}))).toBe('2027-02-27');
    expect(finalCountLastDay('2027-03-20', { finalCountCutoffDays: 0 })).toBe('2027-03-20');
    expect(daysBetween('2027-03-06', '2027-03-20')).toBe(14);
  });

  it('checks a count: whole guests, known dietary labels, none above the count', () => {
    const settings = { dietaryCounts: ['Vegan'] };
    expect(finalCountProblem({ guests: 120, dietary: [{ label: 'Vegan', count: 10 }] }, settings)).toBeUndefined();
    expect(finalCountProblem({ guests: 0, dietary: [] }, settings)).toMatch(/whole number from 1/);
    expect(finalCountProblem({ guests: 1.5, dietary: [] }, settings)).toMatch(/whole number from 1/);
    expect(finalCountProblem({ guests: 10, dietary: [{ label: 'Keto', count: 1 }] }, settings)).toMatch(/not one/);
    expect(finalCountProblem({ guests: 10, dietary: [{ label: 'Vegan', count: 11 }] }, settings)).toMatch(
      /from 0 to 10/,
    );
  });
});

describe('what a final count does to the accepted lines', () => {
  const lines = [basic, churros, napkins, flat, travel];

  it('per-guest lines (a package for the accepted guests, an item for each guest) follow it; the rest stay', () => {
    expect(quantities(linesForFinalCount(lines, { accepted: 100, final: 130 }, true))).toEqual([130, 130, 500, 1, 1]);
    expect(quantities(linesForFinalCount(lines, { accepted: 100, final: 80 }, true))).toEqual([80, 80, 500, 1, 1]);
  });

  it('fewer guests keep the accepted count when the terms say so, and a package its own minimum', () => {
    expect(quantities(linesForFinalCount(lines, { accepted: 100, final: 80 }, false))).toEqual([100, 100, 500, 1, 1]);
    const minimum = { accepted: 100, final: 40, minimumGuests: 50 };
    expect(quantities(linesForFinalCount([basic, churros], minimum, true))).toEqual([50, 40]);
  });

  it('a package quoted at a minimum count above the guests stays there until the count passes it', () => {
    const atMinimum = { ...basic, quantity: 150 };
    expect(quantities(linesForFinalCount([atMinimum], { accepted: 100, final: 120 }, true))).toEqual([150]);
    expect(quantities(linesForFinalCount([atMinimum], { accepted: 100, final: 180 }, true))).toEqual([180]);
  });

  it('gives the totals with the content’s rates, and the accepted ones without a count', () => {
    const rates: QuoteRates = {
      serviceCharge: 18_000,
      tax: 8_250,
      taxOnServiceCharge: true,
      taxOnTravel: true,
      deposit: 25_000,
    };
    const quote = { lines: [basic], rates };
    // 130 × $16 = $2,080; 18 % service $374.40; 8.25 % tax on both $202.49: $2,656.89.
    expect(totalsForFinalCount(quote, { accepted: 100, final: 130 }, true).total).toBe(265_689);
    expect(totalsForFinalCount(quote, { accepted: 100, final: undefined }, true).total).toBe(204_376);
  });
});
