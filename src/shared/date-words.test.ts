// The site's one way of writing days and times for people (issue 35 item 7): the
// business's locale and, for an instant, its time zone; what cannot be read stays as is.
import { describe, expect, it } from 'vitest';
import { dayInWords, instantDayInWords, instantInWords, timeInWords } from './date-words.js';

describe('date words', () => {
  it.each([
    ['en-US', /^Sat, Feb 20, 2027$/, /^Saturday, February 20, 2027$/, '2:30 PM'],
    // (ICU versions differ on the comma after a British weekday.)
    ['en-GB', /^Sat,? 20 Feb 2027$/, /^Saturday,? 20 February 2027$/, '14:30'],
  ])('write a day and a time as %s does', (locale, short, long, time) => {
    expect(dayInWords('2027-02-20', locale)).toMatch(short);
    expect(dayInWords('2027-02-20', locale, 'long')).toMatch(long);
    expect(timeInWords('14:30', locale)).toBe(time);
  });

  it('write an instant on the business’s clock, with its zone, and the day it falls on there', () => {
    expect(instantInWords('2026-11-27T11:29:47.794Z', 'en-US', 'America/Chicago')).toBe(
      'Fri, Nov 27, 2026, 5:29 AM CST',
    );
    expect(instantInWords('2026-11-27T11:29:47.794Z', 'en-GB', 'Europe/London')).toMatch(
      /^Fri,? 27 Nov 2026,? 11:29 GMT$/,
    );
    // 03:00 UTC on the 28th is still the 27th in Chicago.
    expect(instantDayInWords('2026-11-28T03:00:00Z', 'en-US', 'America/Chicago', 'long')).toBe(
      'Friday, November 27, 2026',
    );
  });

  it('give back what cannot be read', () => {
    expect(dayInWords('someday', 'en-US')).toBe('someday');
    expect(dayInWords('2027-02-30x', 'en-US')).toBe('2027-02-30x');
    expect(timeInWords('noon', 'en-US')).toBe('noon');
    expect(instantInWords('not a time', 'en-US', 'UTC')).toBe('not a time');
  });
});
