// The truck's schedule as the public sees it (record 111): the landing page (the
// prerendered index.html with the next stops filled into its "Find the truck" section)
// and /schedule.ics, both kept in memory and made again only when they change, so a
// visit costs what a static file does. The page is compressed once per change, off the
// event loop. The stops are read again when a stop changes here, and every few seconds
// (a change made through another instance on the same PostgreSQL; the day turning or a
// stop ending remakes the section too).
import type { Language } from '../../shared/language.js';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { scheduleSection, sectionOptionsOf, withScheduleSection } from '../../shared/schedule-section.js';
import { addDays, localNow } from '../../shared/truck-schedule.js';
import type { ContentPort } from '../site/content-port.js';
import type { PreorderStore } from '../store/preorder-store.js';
import type { ScheduleStore } from '../store/schedule-store.js';
import { scheduleCalendar } from './schedule-calendar.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How often the stops are read again (a change through another instance shows within this). */
export const SCHEDULE_LOOK_EVERY_MS = 2_000;
/** How far back /schedule.ics keeps past stops, so a subscriber's calendar keeps the recent ones. */
const PAST_DAYS_IN_CALENDAR = 30;

export interface ServedPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PublishedSchedule {
  /** The landing page as it is now; undefined without a build. */
  page(): ServedPage | undefined;
  /** /schedule.ics as it is now. */
  calendar(): string;
  /** The stops /schedule.ics has (the last 30 days' and every later one), as JSON: GET /api/schedule's list. */
  stopsJson(): string;
  /** Reads the stops again now and remakes what changed (after a change made here). */
  refresh(): Promise<void>;
  stop(): void;
}

export interface PublishOptions {
  clientDir: string;
  /**
   * The page to fill, its schedule section empty: the live version's, as the site's renderer
   * has it (record 260); the built index.html when not given. Asked on each look.
   */
  template?: () => string | undefined;
  schedule: ScheduleStore;
  /** The site's content: its name, time zone and address, read at each look. */
  content: ContentPort;
  /** Which stops take pre-orders: their "Order ahead" links (record 290). */
  preorders?: Pick<PreorderStore, 'openStops'>;
  /** The page's language: the section's fixed words and dates (record 360); English when not given. */
  language?: Language;
  lookEveryMs?: number;
  /** A look at the store that failed (what was published stays). */
  onError: (error: unknown) => void;
}

export async function publishSchedule(options: PublishOptions): Promise<PublishedSchedule> {
  const file = join(options.clientDir, 'index.html');
  const built = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const template = options.template ?? (() => built);
  let filled: string | undefined;
  let stopsJson = '';
  let sectionHtml = '';
  /** What the calendar was made from (the stops and the content's part of it). */
  let calendarOf = '';
  let served: ServedPage | undefined;
  let calendar = '';

  const look = async () => {
    const business = options.content.current().content;
    const section = sectionOptionsOf(business, options.language);
    const { timeZone, businessName } = section;
    const host = new URL(business.siteUrl).host;
    const now = new Date();
    const stops = await options.schedule.stops(addDays(localNow(now, timeZone).date, -PAST_DAYS_IN_CALENDAR));
    const json = JSON.stringify(stops);
    const made = JSON.stringify([json, section, host]);
    if (made !== calendarOf) {
      calendarOf = made;
      stopsJson = json;
      calendar = scheduleCalendar(stops, { now, businessName, timeZone, host });
    }
    const page = template();
    if (!page) return;
    const preorderStops = await options.preorders?.openStops(stops.map((stop) => stop.id));
    const next = scheduleSection(stops, { ...section, now, ...(preorderStops ? { preorderStops } : {}) });
    if (next === sectionHtml && page === filled && served) return;
    sectionHtml = next;
    filled = page;
    served = await compressed(withScheduleSection(page, next));
  };
  // One look at a time, in order: a slower look never overwrites a newer one's result.
  let work = Promise.resolve();
  let looking = false;
  const queued = () => {
    const run = async () => {
      looking = true;
      try {
        await look();
      } finally {
        looking = false;
      }
    };
    work = work.then(run, run);
    return work;
  };

  await queued();
  const timer = setInterval(() => {
    // A store slow to answer is not asked again until it has.
    if (!looking) queued().catch((error) => options.onError(error));
  }, options.lookEveryMs ?? SCHEDULE_LOOK_EVERY_MS);
  timer.unref();

  return {
    page: () => served,
    calendar: () => calendar,
    stopsJson: () => stopsJson || '[]',
    refresh: queued,
    stop: () => clearInterval(timer),
  };
}

/** The bytes in each encoding, compressed once (off the event loop), and their ETag. */
export async function compressed(html: string): Promise<ServedPage> {
  const identity = Buffer.from(html);
  const [gzipped, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  // Weak: the same page in three encodings.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, gzip: gzipped, br };
}
