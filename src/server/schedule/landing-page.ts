// The landing page as served (record 111): the prerendered index.html with the truck's
// next stops filled into its "Find the truck" section. Kept in memory, compressed once
// per change (off the event loop), so a visit costs what a static file does. It is made
// again when a stop changes here, when the store says the stops changed (another
// instance on the same PostgreSQL: looked at every few seconds), and when the day turns
// or a stop ends (the same look re-renders; the bytes change only when the HTML does).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { scheduleSection, type SectionOptions, withScheduleSection } from '../../shared/schedule-section.js';
import { addDays, localNow, type TruckStop } from '../../shared/truck-schedule.js';
import type { ScheduleStore } from '../store/schedule-store.js';

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

export interface LandingPage {
  /** The page as it is now. */
  page(): ServedPage;
  /** The stops from a month ago on (for the public calendar), by date and time. */
  stops(): readonly TruckStop[];
  /** Reads the stops again now and remakes the page if they changed (after a change made here). */
  refresh(): Promise<void>;
  stop(): void;
}

export interface LandingPageOptions {
  clientDir: string;
  schedule: ScheduleStore;
  section: Omit<SectionOptions, 'now'>;
  lookEveryMs?: number;
  /** A look at the store that failed (the last page stays served). */
  onError: (error: unknown) => void;
}

/** The landing page, or undefined when there is no build to serve. */
export async function landingPage(options: LandingPageOptions): Promise<LandingPage | undefined> {
  const file = join(options.clientDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const template = readFileSync(file, 'utf8');
  let stops: TruckStop[] = [];
  let section = '';
  let served: ServedPage | undefined;
  let work = Promise.resolve();

  const remake = async () => {
    const next = scheduleSection(stops, { ...options.section, now: new Date() });
    if (next === section && served) return;
    section = next;
    served = await compressed(withScheduleSection(template, next));
  };
  const look = async () => {
    const today = localNow(new Date(), options.section.timeZone).date;
    stops = await options.schedule.stops(addDays(today, -PAST_DAYS_IN_CALENDAR));
    await remake();
  };
  // One look at a time, in order: a slower look never overwrites a newer one's page.
  const queued = () => {
    work = work.then(look, look);
    return work;
  };

  await queued();
  const timer = setInterval(
    () => queued().catch((error) => options.onError(error)),
    options.lookEveryMs ?? SCHEDULE_LOOK_EVERY_MS,
  );
  timer.unref();

  return {
    page: () => served!,
    stops: () => stops,
    refresh: queued,
    stop: () => clearInterval(timer),
  };
}

async function compressed(html: string): Promise<ServedPage> {
  const identity = Buffer.from(html);
  const [gzipped, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  // Weak: the same page in three encodings.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, gzip: gzipped, br };
}
