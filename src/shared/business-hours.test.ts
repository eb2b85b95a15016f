import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../../content/content-types.js';
import { isOpen } from './business-hours.js';

const WEEKDAYS_9_TO_6: OpeningHours[] = [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '09:00', closes: '18:00' },
  { days: ['sat'], opens: '10:00', closes: '14:00' },
];
const at = (iso: string) => Date.parse(iso);

describe('isOpen', () => {
  it('reads the hours on the business’s own clock', () => {
    // Chicago is UTC-6 in December: 15:00Z is 09:00 there.
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-01T14:59:00Z'))).toBe(false);
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-01T15:00:00Z'))).toBe(true);
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-01T23:59:00Z'))).toBe(true);
    // 18:00 closes: not open at 18:00 itself.
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-02T00:00:00Z'))).toBe(false);
  });

  it('keeps the same wall-clock hours across daylight saving', () => {
    // July: UTC-5, so 09:00 is 14:00Z.
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-07-01T13:59:00Z'))).toBe(false);
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-07-01T14:00:00Z'))).toBe(true);
  });

  it('goes by the day it is there, not in UTC', () => {
    // Saturday 2026-12-05 13:00 in Chicago is 19:00Z; Sunday is closed.
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-05T19:00:00Z'))).toBe(true);
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-05T20:30:00Z'))).toBe(false);
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-06T17:00:00Z'))).toBe(false);
    // Monday 00:30 UTC is still Sunday evening in Chicago.
    expect(isOpen(WEEKDAYS_9_TO_6, 'America/Chicago', at('2026-12-07T00:30:00Z'))).toBe(false);
  });

  it('takes a period until midnight and several periods a day', () => {
    const split: OpeningHours[] = [
      { days: ['fri'], opens: '07:00', closes: '11:00' },
      { days: ['fri'], opens: '17:00', closes: '24:00' },
    ];
    expect(isOpen(split, 'Europe/London', at('2026-12-04T10:59:00Z'))).toBe(true);
    expect(isOpen(split, 'Europe/London', at('2026-12-04T12:00:00Z'))).toBe(false);
    expect(isOpen(split, 'Europe/London', at('2026-12-04T23:59:00Z'))).toBe(true);
    expect(isOpen(split, 'Europe/London', at('2026-12-05T00:00:00Z'))).toBe(false);
  });
});
