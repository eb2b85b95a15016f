// One time format throughout the inbox (record 124): an event's hours, when an
// inquiry was received, and its history read with the same clock, the business's
// locale's, whatever the browser's; and no view formats a time of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { clockTime, dateTime, duration, eventDay, inboxFormat, timeAgo, waitingFor } from './format.js';

/** 14:30 on the owner's own clock, as the server stores an instant. */
const halfPastTwo = new Date(2030, 3, 5, 14, 30).toISOString();

describe('the inbox’s dates and times', () => {
  it.each([
    ['en-US', '2:30 PM'],
    ['en-GB', '14:30'],
    ['de-DE', '14:30'],
    ['ja-JP', '14:30'],
  ])('in %s, an event time and an instant read with one clock', (locale, expected) => {
    const format = inboxFormat(locale);
    expect(format.clockTime('14:30').replace(/\s/g, ' ')).toBe(expected);
    expect(format.dateTime(halfPastTwo)).toContain(format.clockTime('14:30'));
  });

  it('are written in the business’s locale (the content file’s), not the browser’s', () => {
    const business = inboxFormat(content.locale);
    expect(clockTime('09:05')).toBe(business.clockTime('09:05'));
    expect(dateTime(halfPastTwo)).toBe(business.dateTime(halfPastTwo));
    expect(eventDay('2030-04-05')).toBe(business.eventDay('2030-04-05'));
    // An older inquiry's "Received" is that same date and time.
    expect(timeAgo(halfPastTwo, Date.parse(halfPastTwo) + 30 * 24 * 3_600_000)).toBe(dateTime(halfPastTwo));
  });

  it('keep what cannot be read as it is', () => {
    expect(clockTime('noon')).toBe('noon');
    expect(eventDay('someday')).toBe('someday');
    expect(dateTime('not a time')).toBe('not a time');
  });

  it('are formatted by format.ts alone: no view of the inbox formats a date or time itself', () => {
    const own = /toLocale(Date|Time)?String|Intl\.DateTimeFormat|stopTime|\bclockTime\b[^\n]*shared\/inquiry-details/;
    const views = readdirSync('src/inbox').filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'format.ts',
    );
    expect(views.length).toBeGreaterThan(5);
    for (const name of views) {
      const source = readFileSync(join('src/inbox', name), 'utf8');
      expect(own.exec(source)?.[0], `${name} formats a time itself`).toBeUndefined();
    }
  });
});

describe('waiting and durations', () => {
  const at = Date.parse('2026-12-01T15:00:00Z');
  const ago = (ms: number) => new Date(at - ms).toISOString();
  it.each([
    [30_000, 'Just in'],
    [60_000, 'Waiting 1 min'],
    [12 * 60_000 + 59_000, 'Waiting 12 min'],
    [3 * 3_600_000 + 10 * 60_000, 'Waiting 3 h'],
    [47 * 3_600_000, 'Waiting 47 h'],
    [4 * 86_400_000, 'Waiting 4 days'],
  ])('a lead that came in %i ms ago is "%s"', (elapsed, text) => {
    expect(waitingFor(ago(elapsed), at)).toBe(text);
  });

  it.each([
    [null, '–'],
    [44 * 60_000, '44 min'],
    [2 * 3_600_000, '2 h'],
    [2 * 3_600_000 + 5 * 60_000, '2 h 5 min'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 days 4 h'],
  ])('a span of %s ms reads "%s"', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});
