// Events as iCalendar (RFC 5545): one inquiry's file for "Add to calendar", and the
// owner's feed of Booked inquiries for Google or Apple Calendar to subscribe to. Both in
// the business's time zone with its VTIMEZONE (floating times when it is unknown). The
// file has every field but the server's bookkeeping, under a UID of its own, so a copy
// added by hand never stands in for the feed's event. The feed's events say what the
// owner needs on the day (the times from arrival to leaving, the phones, the guests, the
// event sheet's link) and never the notes or the site's answers, which a shared calendar
// would spread (record 170).
import { daysBefore, type EventTimes } from '../../shared/event-plan.js';
import type { InquiryDocument } from '../../shared/inquiry.js';
import { clockTime, inquiryDetails } from '../../shared/inquiry-details.js';
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
/** What a feed's event says of the inquiry besides who, when and where: never the notes. */
const IN_FEED_DESCRIPTION = new Set(['plannedGuestCount', 'package']);

/** The labelled fields `keep` lets through, one per line. */
function describe(inquiry: CalendarInquiry, keep: (name: string) => boolean): string {
  return inquiryDetails(inquiry)
    .filter((row) => row.value !== '' && keep(row.name))
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
}

/** The zone's VTIMEZONE for these events' years, or undefined (no zone, or one the platform does not know). */
function zoneFor(inquiries: readonly CalendarInquiry[], timeZone: string | undefined): string[] | undefined {
  const years = inquiries.map((inquiry) => Number(inquiry.eventDate.slice(0, 4)));
  return timeZone && years.length > 0 ? timeZoneLines(timeZone, Math.min(...years), Math.max(...years)) : undefined;
}

function event(
  inquiry: CalendarInquiry,
  options: { now: Date; description: string; zone: string | undefined; uid: string },
): string[] {
  const who = `${inquiry.firstName} ${inquiry.lastName}`;
  const what = inquiry.eventName || inquiry.operation;
  const tz = options.zone ? `;TZID=${options.zone}` : '';
  // Service that ends at or before its start ends the next day.
  const endDay = inquiry.endTime <= inquiry.startTime ? daysBefore(inquiry.eventDate, -1) : inquiry.eventDate;
  return [
    'BEGIN:VEVENT',
    `UID:${options.uid}`,
    `DTSTAMP:${stamp(options.now)}`,
    `DTSTART${tz}:${local(inquiry.eventDate, inquiry.startTime)}`,
    `DTEND${tz}:${local(endDay, inquiry.endTime)}`,
    `SUMMARY:${text(`${what} – ${who}`)}`,
    `LOCATION:${text(inquiry.siteAddress)}`,
    `DESCRIPTION:${text(options.description)}`,
    'END:VEVENT',
  ];
}

const HEAD = icalendarHead('Inbox');

/** The feed's UID of an inquiry's event; the one-off file's is another. */
export const feedUid = (id: string) => `${id}@curbside`;
export const fileUid = (id: string) => `${id}.added@curbside`;

/** "Add to calendar": one inquiry, every field the visitor gave, in the business's time zone. */
export function calendarFile(inquiry: CalendarInquiry, now: Date, timeZone?: string): string {
  const description = describe(inquiry, (name) => !NOT_IN_DESCRIPTION.has(name));
  const zone = zoneFor([inquiry], timeZone);
  return calendar([
    ...HEAD,
    'METHOD:PUBLISH',
    ...(zone ?? []),
    ...event(inquiry, { now, description, zone: zone ? timeZone : undefined, uid: fileUid(inquiry.id) }),
    'END:VCALENDAR',
  ]);
}

/** A Booked inquiry with what the day needs: its times, the final count and who meets the truck. */
export interface FeedEvent extends CalendarInquiry {
  times: EventTimes;
  finalGuests: number | undefined;
  onSite: { name: string; phone: string } | undefined;
}

export interface FeedOptions {
  now: Date;
  /** The calendar's name, as the owner's calendar app lists it. */
  name: string;
  /** The business's time zone (IANA), or undefined for floating times. */
  timeZone: string | undefined;
  /** Each event's link back to its inquiry in the inbox. */
  inboxUrl: (id: string) => string;
  /** Each event's link to its event sheet. */
  sheetUrl: (id: string) => string;
  /** The days the owner blocked (record 240): all-day events, with the owner's reason (the feed is the owner's). */
  blocks?: readonly { id: string; date: string; reason: string }[];
}

/** A blocked day as an all-day event. */
function blockEvent(block: { id: string; date: string; reason: string }, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${block.id}.blocked@curbside`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART;VALUE=DATE:${block.date.replaceAll('-', '')}`,
    `DTEND;VALUE=DATE:${daysBefore(block.date, -1).replaceAll('-', '')}`,
    `SUMMARY:${text(block.reason ? `Blocked: ${block.reason}` : 'Blocked')}`,
    'END:VEVENT',
  ];
}

/** '10:00 AM', with the day when it is not the event's. */
const timeOf = (time: EventTimes['arrive']) =>
  `${clockTime(time.time)}${time.dayOffset < 0 ? ' the day before' : time.dayOffset > 0 ? ' the next day' : ''}`;

/** What the owner needs on the day, a line each. */
function dayLines(inquiry: FeedEvent, options: FeedOptions): string[] {
  const { arrive, start, end, leave } = inquiry.times;
  const onSite = inquiry.onSite && [inquiry.onSite.name, inquiry.onSite.phone].filter(Boolean).join(', ');
  return [
    `Arrive ${timeOf(arrive)} · serve ${timeOf(start)}–${timeOf(end)} · leave ${timeOf(leave)}`,
    ...(inquiry.finalGuests === undefined ? [] : [`Final guest count: ${inquiry.finalGuests}`]),
    `Phone: ${inquiry.phoneNumber} (${inquiry.firstName} ${inquiry.lastName})`,
    ...(onSite ? [`On site: ${onSite}`] : []),
    `Event sheet: ${options.sheetUrl(inquiry.id)}`,
    `In the inbox: ${options.inboxUrl(inquiry.id)}`,
  ];
}

/** The feed of Booked inquiries, and the days the owner blocked. */
export function calendarFeed(inquiries: FeedEvent[], options: FeedOptions): string {
  const { now, timeZone } = options;
  const zone = zoneFor(inquiries, timeZone);
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
      const description = [details, ...dayLines(inquiry, options)].join('\n');
      return event(inquiry, { now, description, zone: zone ? timeZone : undefined, uid: feedUid(inquiry.id) });
    }),
    ...(options.blocks ?? []).flatMap((block) => blockEvent(block, now)),
    'END:VCALENDAR',
  ]);
}
