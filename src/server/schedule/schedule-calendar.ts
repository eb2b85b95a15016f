// The truck's stops as a public iCalendar feed (/schedule.ics, record 111): a regular
// subscribes once and their calendar follows the truck. In the business's time zone,
// with its VTIMEZONE; the place, the address and the stop's details (the owner's note)
// for the public.
import { endDate, stopDescription, type TruckStop } from '../../shared/truck-schedule.js';
import { calendar, icalendarHead, local, stamp, text, timeZoneLines } from '../icalendar.js';

export interface ScheduleCalendarOptions {
  now: Date;
  businessName: string;
  timeZone: string;
  /** Each stop's UID domain: the site's host, so two sites' stops never share an id. */
  host: string;
}

export function scheduleCalendar(stops: readonly TruckStop[], options: ScheduleCalendarOptions): string {
  const { timeZone } = options;
  const years = stops.map((stop) => Number(stop.date.slice(0, 4)));
  const zone = years.length > 0 ? timeZoneLines(timeZone, Math.min(...years), Math.max(...years) + 1) : undefined;
  const tz = zone ? `;TZID=${timeZone}` : '';
  return calendar([
    ...icalendarHead('Schedule'),
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(`${options.businessName}: where the truck is`)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...(zone ?? []),
    ...stops.flatMap((stop) => [
      'BEGIN:VEVENT',
      `UID:${stop.id}@${options.host}`,
      `DTSTAMP:${stamp(options.now)}`,
      `DTSTART${tz}:${local(stop.date, stop.starts)}`,
      `DTEND${tz}:${local(endDate(stop), stop.ends)}`,
      `SUMMARY:${text(`${options.businessName} at ${stop.place}`)}`,
      `LOCATION:${text(stop.address)}`,
      ...(stopDescription(stop) ? [`DESCRIPTION:${text(stopDescription(stop))}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}
