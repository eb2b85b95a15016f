// The landing page's "Find the truck" section (#schedule, record 111) as HTML: rendered
// into the page at build time (with no stops, entry-server.tsx) and again by the server
// whenever the schedule, the day or a stop's end changes, between its marker comments
// (schedule-markers.ts), so the page stays static: no script, no request, and what
// search engines read too.
import { type BusinessContent, businessId } from '../../content/index.js';
import { escapeHtml, safeJson } from './escape-html.js';
import { SCHEDULE_END, SCHEDULE_START } from './schedule-markers.js';
import { type Language, languagePath, localeFor } from './language.js';
import { scheduleEn, type ScheduleWords } from './page-words/schedule-en.js';
import { scheduleEs } from './page-words/schedule-es.js';
import {
  ENTRIES_FIRST,
  ENTRIES_ON_PAGE,
  endDate,
  isToday,
  isUnderWay,
  type LocalTime,
  localNow,
  mapsUrl,
  STOPS_ON_PAGE,
  type StopEntry,
  stopDay,
  stopDescription,
  stopDetails,
  stopEntries,
  stopTime,
  stopWeekday,
  type TruckStop,
  upcomingStops,
  zonedIso,
} from './truck-schedule.js';

export { SCHEDULE_END, SCHEDULE_START };

const SCHEDULE_WORDS: Record<Language, ScheduleWords> = { en: scheduleEn, es: scheduleEs };

/** The section's settings from a business's content file, for the page in `language` (record 360). */
export const sectionOptionsOf = (
  business: BusinessContent,
  language: Language = 'en',
): Omit<SectionOptions, 'now'> => ({
  timeZone: business.timeZone,
  locale: localeFor(language, business),
  businessId: businessId(business),
  businessName: business.name,
  ...(language === 'en' ? {} : { language }),
});

export interface SectionOptions {
  now: Date;
  timeZone: string;
  locale: string;
  /** The business's JSON-LD id (its FoodEstablishment), which organises each stop's FoodEvent. */
  businessId: string;
  businessName: string;
  /** The stops taking pre-orders now: each gets an "Order ahead" link to /order/<stop id> (record 290; /es/order/… on /es/, record 420). */
  preorderStops?: ReadonlySet<string>;
  /** The page's language (its fixed words); English when not given. */
  language?: Language;
}

/** The stops as schema.org FoodEvents, for search engines. */
export function stopEvents(stops: readonly TruckStop[], options: SectionOptions): Record<string, unknown>[] {
  return stops.map((stop) => {
    const description = stopDescription(stop);
    return {
      '@context': 'https://schema.org',
      '@type': 'FoodEvent',
      name: `${options.businessName} at ${stop.place}`,
      startDate: zonedIso(stop.date, stop.starts, options.timeZone),
      endDate: zonedIso(endDate(stop), stop.ends, options.timeZone),
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: stop.place, address: stop.address },
      organizer: { '@id': options.businessId },
      ...(description ? { description } : {}),
    };
  });
}

/**
 * One entry of the list: a stop, or a weekly run of it ("Every Saturday, 11:00 AM–3:00 PM,
 * until Sat, Dec 20"), marked "Today" when its next stop is today's and "Open now" while
 * that stop is under way, with its map link.
 */
function entryItem(
  { next, stops }: StopEntry,
  now: LocalTime,
  locale: string,
  say: ScheduleWords,
  preorders?: { stops: ReadonlySet<string>; language: Language },
): string {
  const today = isToday(next, now.date);
  const heading = `stop-${next.id}`;
  const hours = `${escapeHtml(stopTime(next.starts, locale))}–${escapeHtml(stopTime(next.ends, locale))}`;
  const day = `<time datetime="${next.date}">${escapeHtml(stopDay(next.date, locale))}</time>`;
  const weekly = stops.length > 1;
  const last = stops.at(-1)!;
  return [
    `<li class="schedule-stop${today ? ' schedule-stop-today' : ''}">`,
    '<p class="schedule-when">',
    today ? `<strong class="schedule-today">${say.today}</strong> ` : '',
    isUnderWay(next, now) ? `<strong class="schedule-open">${say.openNow}</strong> ` : '',
    weekly
      ? `<span>${say.every({
          weekday: escapeHtml(stopWeekday(next.date, locale)),
          hours: `<span class="schedule-hours">${hours}</span>`,
          until: `<time datetime="${last.date}">${escapeHtml(stopDay(last.date, locale))}</time>`,
        })}</span>`
      : `${day} <span class="schedule-hours">${hours}</span>`,
    '</p>',
    `<h3 id="${heading}" class="schedule-place">${escapeHtml(next.place)}</h3>`,
    `<p class="schedule-address">${escapeHtml(next.address)}</p>`,
    weekly && !today ? `<p class="schedule-next">${say.next({ day })}</p>` : '',
    ...stopDetails(next).map(([name, value]) => `<p class="schedule-detail schedule-${name}">${escapeHtml(value)}</p>`),
    // The link's name stays "Open in Maps"; the stop's place describes it.
    `<a class="schedule-maps" href="${escapeHtml(mapsUrl(next.address))}" aria-describedby="${heading}">${say.openInMaps}</a>`,
    preorders?.stops.has(next.id)
      ? ` <a class="schedule-order" href="${languagePath(preorders.language)}order/${escapeHtml(next.id)}" aria-describedby="${heading}">${say.orderAhead}</a>`
      : '',
    '</li>',
  ].join('');
}

/**
 * The section with the next stops (those not ended yet), between its markers: the first
 * few entries in a short list, so the packages stay near, the rest under "All stops" (a
 * native disclosure: it opens without JavaScript too).
 */
export function scheduleSection(stops: readonly TruckStop[], options: SectionOptions): string {
  const upcoming = upcomingStops(stops, options.now, options.timeZone);
  const entries = stopEntries(upcoming).slice(0, ENTRIES_ON_PAGE);
  const now = localNow(options.now, options.timeZone);
  const say = SCHEDULE_WORDS[options.language ?? 'en'];
  const preorders = options.preorderStops && { stops: options.preorderStops, language: options.language ?? 'en' };
  const list = (some: StopEntry[]) =>
    `<ol class="schedule-stops">${some.map((entry) => entryItem(entry, now, options.locale, say, preorders)).join('')}</ol>`;
  const rest = entries.slice(ENTRIES_FIRST);
  const body =
    entries.length === 0
      ? `<p class="schedule-empty">${say.empty}</p>`
      : [
          list(entries.slice(0, ENTRIES_FIRST)),
          rest.length > 0
            ? `<details class="schedule-more"><summary>${say.allStops}</summary>${list(rest)}</details>`
            : '',
          `<p class="schedule-subscribe"><a href="/schedule.ics">${say.subscribe}</a></p>`,
          `<script type="application/ld+json">${safeJson(stopEvents(upcoming.slice(0, STOPS_ON_PAGE), options))}</script>`,
        ].join('');
  return [
    SCHEDULE_START,
    '<section id="schedule" class="section schedule" aria-labelledby="schedule-title">',
    '<div class="section-inner">',
    `<h2 id="schedule-title">${say.title}</h2>`,
    body,
    '</div>',
    '</section>',
    SCHEDULE_END,
  ].join('');
}

/** The page with its section replaced by `section`; the page as it was when it has no markers. */
export function withScheduleSection(page: string, section: string): string {
  const start = page.indexOf(SCHEDULE_START);
  const end = page.indexOf(SCHEDULE_END, start);
  if (start < 0 || end < 0) return page;
  return page.slice(0, start) + section + page.slice(end + SCHEDULE_END.length);
}
