// The landing page's "Find the truck" section (#schedule, record 111) as HTML: rendered
// into the page at build time (with no stops, entry-server.tsx) and again by the server
// whenever the schedule, the day or a stop's end changes, between its marker comments
// (schedule-markers.ts), so the page stays static: no script, no request, and what
// search engines read too.
import { type BusinessContent, businessId } from '../../content/index.js';
import { escapeHtml, safeJson } from './escape-html.js';
import { SCHEDULE_END, SCHEDULE_START } from './schedule-markers.js';
import {
  endDate,
  isToday,
  localNow,
  mapsUrl,
  STOPS_ON_PAGE,
  stopDay,
  stopDescription,
  stopDetails,
  stopTime,
  type TruckStop,
  upcomingStops,
  zonedIso,
} from './truck-schedule.js';

export { SCHEDULE_END, SCHEDULE_START };

/** The section's settings from a business's content file. */
export const sectionOptionsOf = (business: BusinessContent): Omit<SectionOptions, 'now'> => ({
  timeZone: business.timeZone,
  locale: business.locale,
  businessId: businessId(business),
  businessName: business.name,
});

export interface SectionOptions {
  now: Date;
  timeZone: string;
  locale: string;
  /** The business's JSON-LD id (its FoodEstablishment), which organises each stop's FoodEvent. */
  businessId: string;
  businessName: string;
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

function stopItem(stop: TruckStop, today: string, locale: string): string {
  const marked = isToday(stop, today);
  const heading = `stop-${stop.id}`;
  return [
    `<li class="schedule-stop${marked ? ' schedule-stop-today' : ''}">`,
    '<p class="schedule-when">',
    marked ? '<strong class="schedule-today">Today</strong> ' : '',
    `<time datetime="${stop.date}">${escapeHtml(stopDay(stop.date, locale))}</time>`,
    `<span class="schedule-hours">${escapeHtml(stopTime(stop.starts, locale))}–${escapeHtml(stopTime(stop.ends, locale))}</span>`,
    '</p>',
    `<h3 id="${heading}" class="schedule-place">${escapeHtml(stop.place)}</h3>`,
    `<p class="schedule-address">${escapeHtml(stop.address)}</p>`,
    ...stopDetails(stop).map(([name, value]) => `<p class="schedule-detail schedule-${name}">${escapeHtml(value)}</p>`),
    // The link's name stays "Open in Maps"; the stop's place describes it.
    `<a class="schedule-maps" href="${escapeHtml(mapsUrl(stop.address))}" aria-describedby="${heading}">Open in Maps</a>`,
    '</li>',
  ].join('');
}

/** The section with the next stops (those not ended yet), between its markers. */
export function scheduleSection(stops: readonly TruckStop[], options: SectionOptions): string {
  const next = upcomingStops(stops, options.now, options.timeZone).slice(0, STOPS_ON_PAGE);
  const { date: today } = localNow(options.now, options.timeZone);
  const body =
    next.length === 0
      ? '<p class="schedule-empty">No stops are scheduled right now. Check back soon: new stops show here as soon as they are set.</p>'
      : [
          `<ol class="schedule-stops">${next.map((stop) => stopItem(stop, today, options.locale)).join('')}</ol>`,
          '<p class="schedule-subscribe"><a href="/schedule.ics">Add the truck’s stops to your calendar</a></p>',
          `<script type="application/ld+json">${safeJson(stopEvents(next, options))}</script>`,
        ].join('');
  return [
    SCHEDULE_START,
    '<section id="schedule" class="section schedule" aria-labelledby="schedule-title">',
    '<div class="section-inner">',
    '<h2 id="schedule-title">Find the truck</h2>',
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
