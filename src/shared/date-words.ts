// Dates and times as people read them (issue 35 item 7): in the business's language
// (the content's `locale`) and, for an instant, its time zone (`timeZone`). The one
// place that writes a day in words, for every e-mail, push, the Stripe line, the quote
// page, the event sheet and the inbox; machine parts (headers, .ics, URLs, JSON) keep
// ISO. A value that cannot be read is given back as it is.
import { wallClock } from './time-zone.js';

// Making a formatter costs far more than using it: one per locale, zone and style.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

// ICU puts a narrow no-break space before AM/PM: a plain one reads the same and matches in plain text.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

const DAY: Record<DayLength, Intl.DateTimeFormatOptions> = {
  short: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' },
  long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
};

/** 'short': 'Sat, Feb 20, 2027' (en-US), 'Sat, 20 Feb 2027' (en-GB); 'long': 'Saturday, February 20, 2027'. */
export type DayLength = 'short' | 'long';

/** A calendar day ('2027-02-20') in words, as it was entered, wherever the reader is. */
export function dayInWords(isoDay: string, locale: string, length: DayLength = 'short'): string {
  const noon = Date.parse(`${isoDay}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) && !Number.isNaN(noon)
    ? formatOf(locale, DAY[length]).format(noon)
    : isoDay;
}

/** A wall-clock time ('14:30') as the locale writes it: '2:30 PM' in en-US, '14:30' in en-GB. */
export function timeInWords(time: string, locale: string): string {
  const at = Date.parse(`1970-01-01T${time}:00Z`);
  return /^\d{2}:\d{2}$/.test(time) && !Number.isNaN(at)
    ? plain(formatOf(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at))
    : time;
}

/** An instant ('2026-11-27T11:29:47.794Z') on the zone's clock: 'Fri, Nov 27, 2026, 5:29 AM CST'. */
export function instantInWords(iso: string, locale: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const format = formatOf(locale, {
    ...DAY.short,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
  return plain(format.format(at));
}

/** The day an instant falls on in the zone, in words: 'Friday, November 27, 2026'. */
export function instantDayInWords(iso: string, locale: string, timeZone: string, length: DayLength = 'short'): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : dayInWords(wallClock(timeZone, at).date, locale, length);
}
