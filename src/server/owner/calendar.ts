// An inquiry's event as an iCalendar file (RFC 5545), for "Add to calendar".
// Times are floating (the event's own local time, as the visitor gave it).
import type { InquiryDocument } from '../../shared/inquiry.js';
import { inquiryDetails } from '../../shared/inquiry-details.js';

/** Fields the event's own lines hold already (its start, end and location), and the server's bookkeeping. */
const NOT_IN_DESCRIPTION = new Set([
  'eventDate',
  'startTime',
  'endTime',
  'siteAddress',
  'dateCreated',
  'createdAt',
  'source',
]);

const text = (value: string) =>
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

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const local = (day: string, time: string) => `${day.replace(/-/g, '')}T${time.replace(':', '')}00`;

export function calendarFile(inquiry: InquiryDocument & { id: string }, now: Date): string {
  const who = `${inquiry.firstName} ${inquiry.lastName}`;
  const what = inquiry.eventName || inquiry.operation;
  // Every other field the visitor gave, labelled as everywhere (the field table).
  const description = inquiryDetails(inquiry)
    .filter((row) => row.value !== '' && !NOT_IN_DESCRIPTION.has(row.name))
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Curbside//Inbox//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${inquiry.id}@curbside`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${local(inquiry.eventDate, inquiry.startTime)}`,
    `DTEND:${local(inquiry.eventDate, inquiry.endTime)}`,
    `SUMMARY:${text(`${what} – ${who}`)}`,
    `LOCATION:${text(inquiry.siteAddress)}`,
    `DESCRIPTION:${text(description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
