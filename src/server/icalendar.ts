// iCalendar (RFC 5545) as Curbside writes it: escaped text, lines folded at 75 octets,
// UTC stamps and local times, and a time zone's VTIMEZONE from the platform's zone
// database. The inbox's calendars (owner/calendar.ts) and the truck's public schedule
// (schedule/schedule-calendar.ts) are made of these.

import { offsetAt, offsetText } from '../shared/time-zone.js';

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
export const local = (day: string, time: string) => `${day.replace(/-/g, '')}T${time.replace(':', '')}00`;

export const calendar = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;
/** A calendar's first lines; `product` names the part of Curbside that made it. */
export const icalendarHead = (product: string) => [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:-//Curbside//${product}//EN`,
  'CALSCALE:GREGORIAN',
];

/**
 * The zone's VTIMEZONE for the years given (and the one before, for the offset in force
 * at their start), from the platform's time zone database: each change of offset as its
 * own observance, found to the minute. An unknown zone gives undefined (floating times).
 */
export function timeZoneLines(timeZone: string, firstYear: number, lastYear: number): string[] | undefined {
  try {
    offsetAt(timeZone, 0);
  } catch {
    return undefined;
  }
  const DAY = 86_400_000;
  const start = Date.UTC(firstYear - 1, 0, 1);
  const end = Date.UTC(lastYear + 1, 0, 1);
  const first = offsetAt(timeZone, start);
  const observances: string[] = [];
  const observance = (at: number, from: number, to: number) => {
    // A change to a larger offset is summer time (DAYLIGHT), as in every zone that has one.
    const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
    const localStart = new Date(at + from * 60_000).toISOString().slice(0, 16);
    observances.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStart.replace(/[-:]/g, '')}00`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    );
  };
  // The offset in force from the start: an observance that begins then.
  observance(start, first, first);
  let previous = first;
  // A day at a time (no zone changes its offset twice in a day), then to the minute.
  for (let at = start + DAY; at <= end; at += DAY) {
    const offset = offsetAt(timeZone, at);
    if (offset === previous) continue;
    let low = at - DAY;
    let high = at;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    observance(high, previous, offset);
    previous = offset;
  }
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...observances, 'END:VTIMEZONE'];
}
