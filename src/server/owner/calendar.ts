// Events as iCalendar (RFC 5545): one inquiry's file for "Add to calendar" (floating
// times: the event's own local time, as the visitor gave it), and the owner's feed of
// Booked inquiries for Google or Apple Calendar to subscribe to (in the business's
// time zone, with its VTIMEZONE; who, how many, which package and where, no notes).
import type { InquiryDocument } from '../../shared/inquiry.js';
import { inquiryDetails } from '../../shared/inquiry-details.js';
import { calendar, icalendarHead, local, stamp, text, timeZoneLines } from '../icalendar.js';

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

const HEAD = icalendarHead('Inbox');

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
