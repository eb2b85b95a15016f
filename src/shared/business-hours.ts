// Whether the business is open at an instant, by the content's structured hours in its
// time zone (content-types.ts OpeningHours): a lead still New is pushed again only then
// (issue 31, record 180). Days and times are the zone's wall clock, so daylight saving
// moves nothing: 09:00 is 09:00 in winter and in summer.
import type { OpeningHours, Weekday } from '../../content/content-types.js';
import { wallClock } from './time-zone.js';

const DAY_OF: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The zone's weekday and 'HH:MM' at an instant. */
function localMoment(timeZone: string, at: number): { day: Weekday; time: string } {
  const { date, time } = wallClock(timeZone, at);
  return { day: DAY_OF[new Date(`${date}T00:00:00Z`).getUTCDay()]!, time };
}

/** Open at `at`: some period names that day and its time is from `opens` up to (not including) `closes`. */
export function isOpen(hours: readonly OpeningHours[], timeZone: string, at: number): boolean {
  const { day, time } = localMoment(timeZone, at);
  return hours.some((period) => period.days.includes(day) && period.opens <= time && time < period.closes);
}
