// Events as iCalendar (RFC 5545): one inquiry's file for "Add to calendar" (floating
// times: the event's own local time, as the visitor gave it), and the owner's feed of
// Booked inquiries for Google or Apple Calendar to subscribe to (in the business's
// time zone, with its VTIMEZONE; who, how many, which package and where, no notes).
import type { InquiryDocument } from '../../shared/inquiry.js';
import { inquiryDetails } from '../../shared/inquiry-details.js';

type CalendarInquiry = InquiryDocument & { id: string };

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
/** What a feed's event says besides who, when and where: never the notes, which a shared calendar would spread. */
const IN_FEED_DESCRIPTION = new Set(['plannedGuestCount', 'package']);

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

/** The labelled fields `keep` lets through, one per line. */
function describe(inquiry: CalendarInquiry, keep: (name: string) => boolean): string {
  return inquiryDetails(inquiry)
    .filter((row) => row.value !== '' && keep(row.name))
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
}

function event(inquiry: CalendarInquiry, now: Date, description: string, zone: string | undefined): string[] {
  const who = `${inquiry.firstName} ${inquiry.lastName}`;
  const what = inquiry.eventName || inquiry.operation;
  const tz = zone ? `;TZID=${zone}` : '';
  return [
    'BEGIN:VEVENT',
    `UID:${inquiry.id}@curbside`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART${tz}:${local(inquiry.eventDate, inquiry.startTime)}`,
    `DTEND${tz}:${local(inquiry.eventDate, inquiry.endTime)}`,
    `SUMMARY:${text(`${what} – ${who}`)}`,
    `LOCATION:${text(inquiry.siteAddress)}`,
    `DESCRIPTION:${text(description)}`,
    'END:VEVENT',
  ];
}

const calendar = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;
const HEAD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Curbside//Inbox//EN', 'CALSCALE:GREGORIAN'];

export function calendarFile(inquiry: CalendarInquiry, now: Date): string {
  // Every other field the visitor gave, labelled as everywhere (the field table).
  const description = describe(inquiry, (name) => !NOT_IN_DESCRIPTION.has(name));
  return calendar([...HEAD, 'METHOD:PUBLISH', ...event(inquiry, now, description, undefined), 'END:VCALENDAR']);
}

export interface FeedOptions {
  now: Date;
  /** The calendar's name, as the owner's calendar app lists it. */
  name: string;
  /** The business's time zone (IANA), or undefined for floating times. */
  timeZone: string | undefined;
  /** Each event's link back to its inquiry in the inbox. */
  inboxUrl: (id: string) => string;
}

/** The feed of Booked inquiries. */
export function calendarFeed(inquiries: CalendarInquiry[], options: FeedOptions): string {
  const { now, timeZone } = options;
  const years = inquiries.map((inquiry) => Number(inquiry.eventDate.slice(0, 4)));
  const zone =
    timeZone && years.length > 0 ? timeZoneLines(timeZone, Math.min(...years), Math.max(...years)) : undefined;
  return calendar([
    ...HEAD,
    `X-WR-CALNAME:${text(options.name)}`,
    ...(timeZone ? [`X-WR-TIMEZONE:${timeZone}`] : []),
    // Calendar apps look again about this often (Google keeps its own pace).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...(zone ?? []),
    ...inquiries.flatMap((inquiry) => {
      const details = describe(inquiry, (name) => IN_FEED_DESCRIPTION.has(name));
      const description = `${details}\nIn the inbox: ${options.inboxUrl(inquiry.id)}`;
      return event(inquiry, now, description, zone ? timeZone : undefined);
    }),
    'END:VCALENDAR',
  ]);
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The zone's UTC offset, in minutes, at an instant. */
function offsetAt(timeZone: string, at: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

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
