// The calendar file: RFC 5545 escaping and folding, floating local times.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { calendarFile } from './calendar.js';

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
    expect(ics).toContain(`UID:${inquiry.id}@curbside\r\n`);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Unfolded, the text is whole again.
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Fête\\; day\\, with "quotes" – ');
    expect(unfolded).toContain(`${'Jalapeño 🌶 '.repeat(20)}\\nsecond line`);
    expect(unfolded).not.toContain('\uFFFD');
  });
});
