// The truck's stops (issue 19, decision record 111): what the owner keeps from the
// inbox's Schedule page and the landing page shows under "Find the truck". One set of
// rules for the inbox's form and the server (400 naming the field), and the clock of
// the business: a stop's date and times are the business's local wall-clock time, in
// content.timeZone, whatever zone the server or the owner's phone is in. A stop's
// fields are one table (stop-fields.ts); what every part reads of it is derived here.
import { STOP_FIELDS, type StopField, type StopFieldName, type StopFields } from './stop-fields.js';
import { textProblem } from './text-rules.js';
import { offsetAt, offsetText, wallClock } from './time-zone.js';

/** The table's rows, in its order (the form's, the columns'). */
export const STOP_ROWS = Object.entries(STOP_FIELDS) as [StopFieldName, StopField][];
/** The fields' names, in the table's order. */
export const STOP_FIELD_NAMES = STOP_ROWS.map(([name]) => name);
/** Whether a field must be filled in (every field but an optional text). */
export const isRequired = (field: StopField) => field.input !== 'text' || !field.optional;
const DETAILS = STOP_ROWS.filter(([, field]) => field.input === 'text' && field.detail).map(([name]) => name);

/** A stop with every field empty (the form for a new one). */
export const emptyStop = (): StopFields => Object.fromEntries(STOP_FIELD_NAMES.map((name) => [name, ''])) as StopFields;

/** The stop's details that are filled in, in the table's order: `[['note', 'By the north gate']]`. */
export const stopDetails = (stop: StopFields): [StopFieldName, string][] =>
  DETAILS.filter((name) => stop[name] !== '').map((name) => [name, stop[name]]);

/** The stop's details as one text, a line each ('' when there are none): the calendar's and the JSON-LD's description. */
export const stopDescription = (stop: StopFields): string =>
  stopDetails(stop)
    .map(([, value]) => value)
    .join('\n');

export interface TruckStop extends StopFields {
  id: string;
}

/** What a change to the schedule was, for the owner's history. */
export type ScheduleChangeKind = 'added' | 'changed' | 'removed';

export interface ScheduleChange {
  kind: ScheduleChangeKind;
  /** The stop as it reads after the change (before it, for a removal): "Sunday Market, 2026-11-29 10:00–14:00". */
  summary: string;
  by: string;
  at: string;
}

/** The business's wall clock: 'YYYY-MM-DD' and 'HH:MM' in content.timeZone. */
export interface LocalTime {
  date: string;
  time: string;
}

/** The schedule page's view: the stops that have not ended, and the latest changes, newest first. */
export interface ScheduleView {
  stops: TruckStop[];
  history: ScheduleChange[];
  /** The business's clock as the view was read: a stop must not have ended by then. */
  now: LocalTime;
}

/** How many weeks in a row one "Add stop" may fill (the stop and the same day in the weeks after). */
export const MAX_REPEAT_WEEKS = 12;
/** How far ahead a stop may be. */
const MAX_DAYS_AHEAD = 731;
/** How many of the next stops the landing page describes for search engines (its JSON-LD). */
export const STOPS_ON_PAGE = 10;
/** How many entries (a stop, or a weekly run of them) "Find the truck" lists first; the rest are under "All stops". */
export const ENTRIES_FIRST = 3;
/** How many entries it lists in all. */
export const ENTRIES_ON_PAGE = 30;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** The date `days` after `date`. */
export const addDays = (date: string, days: number) =>
  new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** A date that exists ('2026-02-30' does not). */
export const isRealDate = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(value)) && new Date(Date.parse(value)).toISOString().startsWith(value);

/**
 * What is wrong with a stop, field by field: `{ date: 'Date: …' }`, each message naming
 * its field's label; empty when nothing is. `now` is the business's clock: a stop is
 * never one that has already ended (a late night from yesterday still running is fine).
 */
export function stopProblems(stop: StopFields, now: LocalTime): Partial<Record<StopFieldName, string>> {
  const problems: Partial<Record<StopFieldName, string>> = {};
  const say = (field: StopFieldName, problem: string) => {
    problems[field] ??= `${STOP_FIELDS[field].label}: ${problem}`;
  };
  if (!isRealDate(stop.date)) say('date', 'enter a date such as 2030-05-26.');
  else if (dayNumber(stop.date) - dayNumber(now.date) > MAX_DAYS_AHEAD) say('date', 'pick a day within two years.');
  for (const [name, field] of STOP_ROWS) {
    if (field.input === 'time' && !TIME.test(stop[name])) say(name, 'enter a time such as 11:30.');
  }
  if (!problems.date && !problems.starts && !problems.ends) {
    const ended = stopEnd(stop) <= `${now.date} ${now.time}`;
    const noLength = stop.starts === stop.ends;
    if (stop.date < now.date && (ended || noLength)) say('date', 'pick today or a later day.');
    if (noLength) say('ends', 'must differ from Starts.');
    else if (ended && stop.date >= now.date) say('ends', 'this stop has ended already; pick a later time.');
  }
  for (const [name, field] of STOP_ROWS) {
    if (field.input !== 'text') continue;
    const value = stop[name];
    if (isRequired(field) && value === '') say(name, 'please fill this in.');
    else if (value.length > field.maxLength) say(name, `at most ${field.maxLength} characters.`);
    else {
      const problem = textProblem({ kind: 'line' }, value);
      if (problem) say(name, `${problem}.`);
    }
  }
  return problems;
}

/** The business's local date and time now, as 'YYYY-MM-DD' and 'HH:MM'. */
export const localNow = (now: Date, timeZone: string): LocalTime => wallClock(timeZone, now.getTime());

/** The day a stop ends: its own, or the next for a late night (`ends` before `starts`). */
export const endDate = (stop: StopFields) => (stop.ends > stop.starts ? stop.date : addDays(stop.date, 1));

/** When the stop ends, as the business's local 'YYYY-MM-DD HH:MM'. */
export const stopEnd = (stop: StopFields) => `${endDate(stop)} ${stop.ends}`;

/** When the stop starts, as the business's local 'YYYY-MM-DD HH:MM'. */
export const stopStart = (stop: StopFields) => `${stop.date} ${stop.starts}`;

/** Marked "Open now": it has started and not ended by the business's clock. */
export const isUnderWay = (stop: StopFields, now: LocalTime) => {
  const at = `${now.date} ${now.time}`;
  return stopStart(stop) <= at && at < stopEnd(stop);
};

/** Whether two stops are (at least partly) at the same time. */
export const overlap = (a: StopFields, b: StopFields) => stopStart(a) < stopEnd(b) && stopStart(b) < stopEnd(a);

/** For each stop that overlaps others, those others (the truck cannot be in two places at once). */
export function overlapsOf<T extends TruckStop>(stops: readonly T[]): Map<string, T[]> {
  const found = new Map<string, T[]>();
  for (const a of stops) {
    const others = stops.filter((b) => b.id !== a.id && overlap(a, b));
    if (others.length > 0) found.set(a.id, others);
  }
  return found;
}

/**
 * One line of "Find the truck": a stop, or a weekly run of the same stop (every field of
 * stop-fields.ts alike but the date, seven days apart), shown once as "Every Saturday … until …".
 */
export interface StopEntry<T extends StopFields = TruckStop> {
  /** The stop, or the run's next one. */
  next: T;
  /** The run's stops, soonest first (one for a stop on its own). */
  stops: T[];
}

/** The fields a weekly run's stops share: all but the date. */
const SAME_IN_A_RUN = STOP_FIELD_NAMES.filter((name) => name !== 'date');

/** The stops (soonest first) as entries: weekly runs together, in the order of their next stop. */
export function stopEntries<T extends StopFields>(stops: readonly T[]): StopEntry<T>[] {
  const entries: StopEntry<T>[] = [];
  const open = new Map<string, StopEntry<T>>();
  for (const stop of stops) {
    const key = SAME_IN_A_RUN.map((name) => stop[name]).join('\u0000');
    const run = open.get(key);
    if (run && addDays(run.stops.at(-1)!.date, 7) === stop.date) {
      run.stops.push(stop);
      continue;
    }
    const entry = { next: stop, stops: [stop] };
    open.set(key, entry);
    entries.push(entry);
  }
  return entries;
}

/** Marked "Today": on today's date, or a late night from yesterday still running (listed only until it ends). */
export const isToday = (stop: StopFields, today: string) => stop.date <= today;

/** Stops by date, then start time. */
export const byTime = (a: StopFields, b: StopFields) =>
  a.date.localeCompare(b.date) || a.starts.localeCompare(b.starts) || a.place.localeCompare(b.place);

/** The stops that have not ended yet, soonest first. */
export function upcomingStops<T extends StopFields>(stops: readonly T[], now: Date, timeZone: string): T[] {
  const { date, time } = localNow(now, timeZone);
  const current = `${date} ${time}`;
  return stops.filter((stop) => stopEnd(stop) > current).sort(byTime);
}

/** One line that names a stop in the owner's history. */
export const stopSummary = (stop: StopFields) => `${stop.place}, ${stop.date} ${stop.starts}–${stop.ends}`;

/** A map search for the address: opens the maps app on a phone, the map in a browser elsewhere. */
export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A stop's date as the business writes it: 'Sun, 29 Nov' (the local date, whatever the reader's zone). */
export function stopDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    Date.parse(`${date}T12:00:00Z`),
  );
}

/** A date's day of the week in the business's locale, in full: 'Saturday'. */
export function stopWeekday(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
}

/** A wall-clock time in the business's locale: '5:30 PM' in en-US, '17:30' in en-GB. */
export function stopTime(time: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.parse(`1970-01-01T${time}:00Z`),
  );
}

/** The zone's offset from UTC at a local wall-clock time, as '+01:00' (for JSON-LD's dates). */
export function zoneOffset(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The offset in force an offset's width away is the same, except within hours of a change.
  const guess = offsetAt(timeZone, wall);
  return offsetText(offsetAt(timeZone, wall - guess * 60_000), ':');
}

/** A local date and time as an ISO instant with the zone's offset: '2026-11-29T10:00:00-06:00'. */
export const zonedIso = (date: string, time: string, timeZone: string) =>
  `${date}T${time}:00${zoneOffset(date, time, timeZone)}`;
