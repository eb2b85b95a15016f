// How times and dates read in the inbox (decision record 124): every one in the
// business's locale (the content file's `locale`), whatever the browser's language,
// so an event's hours, when an inquiry was received and its history read alike. The
// inbox's views format dates and times only through this module (format.test.ts).
import { content } from '../../content/index.js';
import { dayInWords, timeInWords } from '../shared/date-words.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The inbox's formats in one locale: the business's below; the tests try others. */
export function inboxFormat(locale: string) {
  const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const readable = (date: Date, format: Intl.DateTimeFormat, otherwise: string) =>
    Number.isNaN(date.getTime()) ? otherwise : format.format(date);
  return {
    /** An instant ('2026-11-24T20:30:00Z') as 'Nov 24, 2026, 2:30 PM' in en-US, '24 Nov 2026, 14:30' in en-GB. */
    dateTime: (iso: string) => readable(new Date(iso), instant, iso),
    /** An event's time ('14:30') as the clock of dateTime reads it: '2:30 PM' in en-US, '14:30' in en-GB. */
    clockTime: (time: string) => timeInWords(time, locale),
    /** An event day ('2030-04-05') as 'Fri, Apr 5, 2030' in en-US: the site's one day in words (shared/date-words.ts). */
    eventDay: (date: string) => dayInWords(date, locale),
  };
}

export const { dateTime, clockTime, eventDay } = inboxFormat(content.locale);
export const inboxLocale = content.locale;

/** Today on this device's calendar, as 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** '3 min ago', 'just now', '2 h ago', 'yesterday', then the date. */
export function timeAgo(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 2 * DAY) return 'yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} days ago`;
  return dateTime(iso);
}

/** How long a lead has waited (record 184): 'Just in', 'Waiting 12 min', 'Waiting 3 h', 'Waiting 4 days'. */
export function waitingFor(iso: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < MINUTE) return 'Just in';
  if (elapsed < HOUR) return `Waiting ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < 2 * DAY) return `Waiting ${Math.floor(elapsed / HOUR)} h`;
  return `Waiting ${Math.floor(elapsed / DAY)} days`;
}

/** A span of time as the Numbers page says it: '45 min', '2 h 5 min', '3 days 4 h'; '–' for none. */
export function duration(ms: number | null): string {
  if (ms === null) return '–';
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

const weekStart = new Intl.DateTimeFormat(content.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A week by its first day ('2026-11-02'): 'Nov 2'. */
export const weekOf = (day: string) => weekStart.format(new Date(`${day}T12:00:00Z`));
