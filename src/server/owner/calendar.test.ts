// The calendar file: RFC 5545 escaping and folding, in the business's time zone, under a
// UID of its own (not the feed's, so a copy added by hand never stands in for it).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { calendarFile, feedUid } from './calendar.js';

describe('calendarFile', () => {
  it('escapes text, folds long lines at 75 octets without splitting a character, ends lines with CRLF', () => {
    const inquiry = buildNewInquiry({
      document: {
        eventName: 'Fête; day, with "quotes"',
        notes: `${'Jalapeño 🌶 '.repeat(20)}\nsecond line`,
        eventDate: '2030-07-04',
        startTime: '09:30',
        endTime: '17:00',
      },
    });
    const ics = calendarFile({ ...inquiry.document, id: inquiry.id }, new Date('2030-01-02T03:04:05.678Z'));
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics).toContain('DTSTAMP:20300102T030405Z\r\n');
    expect(ics).toContain('DTSTART:20300704T093000\r\n');
    expect(ics).toContain('DTEND:20300704T170000\r\n');
    expect(ics).toContain(`UID:${inquiry.id}.added@curbside\r\n`);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Unfolded, the text is whole again.
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Fête\\; day\\, with "quotes" – ');
    expect(unfolded).toContain(`${'Jalapeño 🌶 '.repeat(20)}\\nsecond line`);
    expect(unfolded).not.toContain('\uFFFD');
  });

  it('is in the business’s time zone, with its VTIMEZONE, under its own UID; service past midnight ends the next day', () => {
    const inquiry = buildNewInquiry({ document: { eventDate: '2031-01-09', startTime: '20:00', endTime: '01:00' } });
    const ics = calendarFile({ ...inquiry.document, id: inquiry.id }, new Date(), 'America/Chicago');
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20310109T200000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Chicago:20310110T010000\r\n');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    ICAL.TimezoneService.reset();
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    // 20:00 in Chicago in January is 02:00 UTC the next day (CST, -06:00).
    expect(event.startDate.toJSDate().toISOString()).toBe('2031-01-10T02:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-01-10T07:00:00.000Z');
    expect(event.uid).toBe(`${inquiry.id}.added@curbside`);
    expect(event.uid).not.toBe(feedUid(inquiry.id));
  });
});
