// The page part of `npm run bench`: gzipped bytes of what the landing page loads
// first, and Lighthouse in Debian's headless Chromium against the production
// build served locally: mobile, median of 36 rounds, beside the floor (the same
// HTML with its scripts removed, served the same way) measured in the same run,
// the two alternating so that a busy machine weighs on both alike; desktop,
// median of 3. Every figure is audited without the two requests Chrome makes for
// itself at `load` (chromesOwnRequests, record 126); the mobile FCP and LCP ratios as
// Lighthouse reports them with those requests are printed beside. And the images a
// first view loads, without scrolling, in Playwright's Chromium at a phone's and a
// desktop's size: how many, their bytes, and how many of them nothing in the first
// viewport uses (target: none). The server's store holds
// the truck's next 10 stops, so the page is measured with its schedule filled in.
// And, on a phone throttled as Lighthouse's mobile preset (4x CPU, slow 4G, applied by
// Chromium itself), the time from the first paint to the page's controls going live
// (its boot script) and to its module having hydrated (record 160).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { throttling, userAgents } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { content } from '../../content/index.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { freePort } from '../../tests/support/postgres.js';

const CLIENT_DIR = 'dist/client';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const PAGE_BUDGETS = {
  jsKiB: 70,
  cssKiB: 15,
  score: 100,
  /** Mobile performance 100 in at least this share of the runs (32 of 36). */
  perfFullShare: 8 / 9,
  lcpMs: 1200,
  cls: 0,
  tbtMs: 50,
  /** The page's TBT no more than this above the floor's (the same HTML without its scripts). */
  tbtOverFloorMs: 30,
  /** The first frame is the floor's: the page's median FCP and LCP against the floor's (issue 20). */
  fcpOverFloor: 1.02,
  lcpOverFloor: 1.05,
  /** The page's slowest round's LCP no more than this above the floor's slowest (record 104). */
  roundLcpOverFloor: 1.25,
  /** Images a first view (no scrolling) loads that nothing in the first viewport uses. */
  imagesBelowFoldOnFirstView: 0,
} as const;

export interface PageSizes {
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
}

export interface LighthouseSummary {
  preset: 'mobile' | 'desktop';
  /** 'page' as built, or 'floor': the same HTML with its scripts removed. */
  variant: 'page' | 'floor';
  runs: number;
  /** Each run's performance score, in order. */
  performance: number[];
  /** The runtime errors of runs that failed (their scores are 0). */
  errors: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Each run's FCP and LCP, in order (the page's and the floor's runs alternate: round i is a pair). */
  fcpRuns: number[];
  lcpRuns: number[];
  /** The same with Chrome's own requests left in: Lighthouse's figures as it prints them. */
  rawFcpMs: number;
  rawLcpMs: number;
  rawLcpRuns: number[];
  /** Each run's count of Chrome's own requests left out of the audit the budgets read. */
  leftOutRuns: number[];
}

export interface FirstViewImages {
  profile: 'mobile' | 'desktop';
  /** Runs measured; each figure below is the worst (largest) of them. */
  runs: number;
  images: number;
  bytes: number;
  /** Loaded although no element in the first viewport shows them. */
  belowFold: number;
  belowFoldUrls: string[];
}

/** A phone as Lighthouse's mobile preset has it, and a common laptop window. */
const FIRST_VIEW_PROFILES = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;

/**
 * In the page: the absolute URLs of the images that an element intersecting the
 * viewport shows (an <img>'s current source, or a CSS background). A string, so
 * that tsx's helpers for named functions do not leak into the browser.
 */
const SHOWN_IN_FIRST_VIEWPORT = `(() => {
  const inView = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  };
  const urls = [];
  for (const img of document.querySelectorAll('img')) if (inView(img) && img.currentSrc) urls.push(img.currentSrc);
  for (const element of document.querySelectorAll('body *')) {
    for (const match of getComputedStyle(element).backgroundImage.matchAll(/url\\("?([^")]+)"?\\)/g)) {
      if (inView(element)) urls.push(match[1]);
    }
  }
  return urls.map((source) => new URL(source, location.href).href);
})()`;

/** How long after `load` the count goes on: lazy images, the idle-loaded chunk and what it starts. */
const FIRST_VIEW_SETTLE_MS = 3000;

/**
 * Loads the page in a fresh context as a first-time visitor, waits for `load` and a
 * few seconds more without scrolling, and counts the image responses: all of them,
 * and those used by no element that intersects the first viewport.
 */
async function firstViewImagesOnce(url: string, profile: keyof typeof FIRST_VIEW_PROFILES) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext(FIRST_VIEW_PROFILES[profile]);
    const page = await context.newPage();
    const loaded: { url: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      pending.push(
        request.sizes().then((sizes) => {
          loaded.push({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(FIRST_VIEW_SETTLE_MS);
    await Promise.all(pending);
    // The images that something in the first viewport shows (an <img>'s current source, or a CSS background).
    const shown = await page.evaluate<string[]>(SHOWN_IN_FIRST_VIEWPORT);
    const belowFold = loaded.filter((image) => !shown.includes(image.url)).map((image) => image.url);
    return {
      images: loaded.length,
      bytes: loaded.reduce((total, image) => total + image.bytes, 0),
      belowFoldUrls: belowFold,
    };
  } finally {
    await browser.close();
  }
}

/** The first view's images at a profile, the worst of `runs` runs (what is loaded can depend on timing). */
export async function measureFirstViewImages(
  url: string,
  profile: keyof typeof FIRST_VIEW_PROFILES,
  runs = 3,
): Promise<FirstViewImages> {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await firstViewImagesOnce(url, profile));
  const worst = results.reduce((a, b) => (b.belowFoldUrls.length > a.belowFoldUrls.length ? b : a));
  return {
    profile,
    runs,
    images: Math.max(...results.map((result) => result.images)),
    bytes: Math.max(...results.map((result) => result.bytes)),
    belowFold: worst.belowFoldUrls.length,
    belowFoldUrls: worst.belowFoldUrls.map((address) => new URL(address).pathname),
  };
}

export interface HydrationTiming {
  runs: number;
  /** Each run's first contentful paint, and the time from it to the boot script's controls and to the hydrated page. */
  fcpMs: number[];
  controlsAfterFcpMs: number[];
  hydratedAfterFcpMs: number[];
}

/** Before the page's own scripts: notes when the module marks the page hydrated (`data-ready`). */
const NOTE_HYDRATED = `new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.ready !== 'true') return;
  window.curbsideHydratedAt = performance.now();
  observer.disconnect();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-ready'] });`;

/** In the page: the first paint, the boot script's mark and the time noted above (strings, for the reason above). */
const PAGE_MARKS = `(() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
  return { fcp: at('first-contentful-paint'), controls: at('curbside-controls'), hydrated: window.curbsideHydratedAt };
})()`;

/**
 * One load as a first-time visitor on a phone throttled as Lighthouse's mobile preset
 * (its slow 4G and 4x CPU, applied by Chromium, not simulated), until the page has
 * hydrated: when it painted first, when its boot script made the controls live
 * (`curbside-controls`) and when its module had hydrated every part (`data-ready`).
 */
async function hydrationOnce(url: string): Promise<{ fcp: number; controls: number; hydrated: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ ...FIRST_VIEW_PROFILES.mobile, userAgent: userAgents.mobile });
    const page = await context.newPage();
    await page.addInitScript(NOTE_HYDRATED);
    const cdp = await context.newCDPSession(page);
    const phone = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: phone.requestLatencyMs,
      downloadThroughput: (phone.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (phone.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdownMultiplier });
    await page.goto(url);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    return await page.evaluate<{ fcp: number; controls: number; hydrated: number }>(PAGE_MARKS);
  } finally {
    await browser.close();
  }
}

export async function measureHydration(url: string, runs: number): Promise<HydrationTiming> {
  const timings = [];
  for (let run = 0; run < runs; run++) timings.push(await hydrationOnce(url));
  return {
    runs,
    fcpMs: timings.map((timing) => timing.fcp),
    controlsAfterFcpMs: timings.map((timing) => timing.controls - timing.fcp),
    hydratedAfterFcpMs: timings.map((timing) => timing.hydrated - timing.fcp),
  };
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** What index.html makes the browser fetch before anything else: its scripts, preloads and stylesheets. */
export function measurePageSizes(clientDir = CLIENT_DIR): PageSizes {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const assets = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => join(clientDir, match[1]!));
  // The page's module is a boot script's data-src (src/shared/page-boot-script.ts).
  const scripts = assets(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g);
  const styles = assets(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
  const sum = (paths: string[]) => paths.reduce((total, path) => total + gzipSize(path), 0);
  // The stylesheet is inlined by the build: count <style> contents as CSS (they are in the HTML's bytes too).
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
  const inlineCssBytes = inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0;
  return {
    jsBytes: sum(scripts),
    cssBytes: sum(styles) + inlineCssBytes,
    htmlBytes: gzipSize(join(clientDir, 'index.html')),
  };
}

/** The middle value; of an even count, the mean of the two in the middle. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface LighthouseRun {
  /** Lighthouse's runtime error (e.g. NO_FCP when the machine is swamped): the run measured nothing. */
  error?: string;
  scores: LighthouseSummary['scores'];
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** FCP and LCP as Lighthouse reports them with Chrome's own requests left in (see chromesOwnRequests). */
  rawFcpMs: number;
  rawLcpMs: number;
  /** How many of Chrome's own requests the second audit left out. */
  leftOut: number;
}

type DevtoolsEvent = { method: string; params: { requestId?: string; type?: string; initiator?: { type: string } } };

/**
 * The requests Chrome makes for itself, not for the page: the manifest (its install
 * check; Chrome marks its initiator "other" or "parser" from round to round) and the
 * tab's icon (type "Other", initiator "other"), both started at the document's `load`. Lantern
 * simulates a throttled phone from the unthrottled load it observed, and counts a
 * request in the simulated paint when it ended before the observed one; it knows
 * nothing of `load`. On loopback `load` usually comes before the first paint, so
 * these two requests land on one side of it or the other by chance, and the same
 * HTML's simulated LCP is about 700 or about 900 ms from one round to the next
 * (records 104, 125). On the simulated phone they cannot delay the paint: `load`
 * comes after it there. The bench audits each round's trace without them, page and
 * floor alike, and prints what Lighthouse reports with them beside (record 126).
 */
export function chromesOwnRequests(log: DevtoolsEvent[]): Set<string> {
  const own = log.filter(
    (event) =>
      event.method === 'Network.requestWillBeSent' &&
      (event.params.type === 'Manifest' || (event.params.type === 'Other' && event.params.initiator?.type === 'other')),
  );
  return new Set(own.map((event) => event.params.requestId!));
}

const DEVTOOLS_LOG = 'defaultPass.devtoolslog.json';

/**
 * Takes Chrome's own requests out of a gathered run's network log, for its second
 * audit; returns how many it took out.
 */
function withoutChromesOwnRequests(gathered: string): number {
  const path = join(gathered, DEVTOOLS_LOG);
  const log = JSON.parse(readFileSync(path, 'utf8')) as DevtoolsEvent[];
  const own = chromesOwnRequests(log);
  writeFileSync(path, JSON.stringify(log.filter((event) => !own.has(event.params?.requestId ?? ''))));
  return own.size;
}

/**
 * One Lighthouse run in a fresh browser, as a first-time visitor: gathered once,
 * audited as it came and again without Chrome's own requests (the figures the
 * budgets read).
 */
async function lighthouseRun(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseRun> {
  const gathered = mkdtempSync(join(tmpdir(), 'curbside-bench-lighthouse-'));
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] };
  try {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      await lighthouse(url, { ...flags, port: chrome.port, gatherMode: gathered }, config);
    } finally {
      await chrome.kill();
    }
    const audited = async () => (await lighthouse(undefined, { ...flags, auditMode: gathered }, config))!.lhr;
    const raw = await audited();
    let lhr = raw;
    let leftOut = 0;
    // A load that failed (NO_FCP on a swamped machine) saved its log under another name: it stands as it is.
    if (!raw.runtimeError) {
      leftOut = withoutChromesOwnRequests(gathered);
      lhr = await audited();
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (report: typeof lhr, id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      fcpMs: audit(lhr, 'first-contentful-paint'),
      lcpMs: audit(lhr, 'largest-contentful-paint'),
      cls: audit(lhr, 'cumulative-layout-shift'),
      tbtMs: audit(lhr, 'total-blocking-time'),
      rawFcpMs: audit(raw, 'first-contentful-paint'),
      rawLcpMs: audit(raw, 'largest-contentful-paint'),
      leftOut,
    };
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}

export function summarize(
  preset: 'mobile' | 'desktop',
  variant: 'page' | 'floor',
  results: LighthouseRun[],
): LighthouseSummary {
  // Medians of the runs that measured something; a failed run still counts as a miss below.
  const measured = results.filter((run) => !run.error);
  const medianOf = (pick: (run: LighthouseRun) => number) => median((measured.length ? measured : results).map(pick));
  return {
    preset,
    variant,
    runs: results.length,
    performance: results.map((run) => run.scores.performance),
    errors: results.flatMap((run) => (run.error ? [run.error] : [])),
    scores: {
      performance: medianOf((r) => r.scores.performance),
      accessibility: medianOf((r) => r.scores.accessibility),
      'best-practices': medianOf((r) => r.scores['best-practices']),
      seo: medianOf((r) => r.scores.seo),
    },
    fcpMs: medianOf((r) => r.fcpMs),
    lcpMs: medianOf((r) => r.lcpMs),
    cls: medianOf((r) => r.cls),
    tbtMs: medianOf((r) => r.tbtMs),
    fcpRuns: results.map((run) => run.fcpMs),
    lcpRuns: results.map((run) => run.lcpMs),
    rawFcpMs: medianOf((r) => r.rawFcpMs),
    rawLcpMs: medianOf((r) => r.rawLcpMs),
    rawLcpRuns: results.map((run) => run.rawLcpMs),
    leftOutRuns: results.map((run) => run.leftOut),
  };
}

/** The page and the floor, run after run in turn (so the machine's load falls on both alike). */
/**
 * Lighthouse errors that say the tool lost its own trace (no navigation start in
 * it), not that the page failed: such a run is run again, at most TOOL_RETRIES
 * times, and the retries are printed. NO_FCP and the rest stay failures.
 */
const TOOL_ERRORS = new Set(['NO_NAVSTART']);
const TOOL_RETRIES = 2;
const toolRetries: string[] = [];
export async function lighthouseRunRetrying(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseRun> {
  for (let retry = 0; ; retry++) {
    const run = await lighthouseRun(url, preset);
    if (!run.error || !TOOL_ERRORS.has(run.error) || retry === TOOL_RETRIES) return run;
    toolRetries.push(run.error);
  }
}

/** Rounds of a server-rendered page beside the landing page (BENCH_LIGHTHOUSE_RUNS sets fewer for a quick look). */
const BESIDE_LANDING_ROUNDS = 9;

/**
 * A server-rendered page (the quote page, the order page) in Lighthouse's mobile preset
 * beside the landing page, run after run in turn on one server (so the machine's load
 * falls on both alike): each the median of BESIDE_LANDING_ROUNDS runs.
 */
export async function besideLanding(
  pageUrl: string,
  landingUrl: string,
): Promise<{ page: LighthouseSummary; landing: LighthouseSummary }> {
  const rounds = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? BESIDE_LANDING_ROUNDS);
  const page: LighthouseRun[] = [];
  const landing: LighthouseRun[] = [];
  for (let round = 0; round < rounds; round++) {
    page.push(await lighthouseRunRetrying(pageUrl, 'mobile'));
    landing.push(await lighthouseRunRetrying(landingUrl, 'mobile'));
  }
  return { page: summarize('mobile', 'page', page), landing: summarize('mobile', 'page', landing) };
}

async function runMobilePair(pageUrl: string, floorUrl: string, runs: number): Promise<LighthouseSummary[]> {
  const page: LighthouseRun[] = [];
  const floor: LighthouseRun[] = [];
  for (let run = 0; run < runs; run++) {
    page.push(await lighthouseRunRetrying(pageUrl, 'mobile'));
    floor.push(await lighthouseRunRetrying(floorUrl, 'mobile'));
  }
  return [summarize('mobile', 'page', page), summarize('mobile', 'floor', floor)];
}

async function runDesktop(url: string, runs: number): Promise<LighthouseSummary> {
  const results: LighthouseRun[] = [];
  for (let run = 0; run < runs; run++) results.push(await lighthouseRunRetrying(url, 'desktop'));
  return summarize('desktop', 'page', results);
}

/**
 * The floor: a copy of the build whose index.html has its scripts (and module
 * preloads) removed. Everything else, the inlined stylesheet included, is the same.
 */
export function buildFloor(clientDir = CLIENT_DIR): string {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-bench-floor-'));
  cpSync(clientDir, dir, { recursive: true });
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, (tag) => (tag.includes('application/ld+json') ? tag : ''))
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '');
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

/** How many stops the page is measured with (issue 19: the budgets hold with the menu and 10 stops). */
export const BENCH_STOPS = 10;

/** The truck's next stops, in the store the server will read (today's first, then every other day). */
async function seedStops(dataDir: string): Promise<void> {
  const owners = openSqliteOwnerStore(dataDir);
  const today = localNow(new Date(), content.timeZone).date;
  const stops = Array.from({ length: BENCH_STOPS }, (_, i) => ({
    date: addDays(today, 2 * i),
    starts: i === 0 ? '00:00' : '11:00',
    ends: '23:59',
    place: ['Sunday Market', 'Brewery Thursdays', 'Riverside Park', 'Eastside Co-op', 'Food Truck Friday'][i % 5]!,
    address: `${400 + i} W 2nd St, Austin, TX 78701`,
    note: i % 2 === 0 ? 'By the north gate, next to the fountain' : '',
  }));
  await owners.schedule.addStops(stops, { id: 'bench', email: 'bench@example.com' }, new Date());
  await owners.close();
}

/** Serves the production build with the real server on a free loopback port while `work` runs. */
export async function withServer<T>(
  clientDir: string,
  work: (url: string) => Promise<T>,
  more: { seed?: (dataDir: string) => Promise<void>; env?: Record<string, string> } = {},
): Promise<T> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-page-'));
  await seedStops(dataDir);
  await more.seed?.(dataDir);
  const server = spawn(process.execPath, ['dist/node/src/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: clientDir,
      ...more.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${url}api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (i > 100) throw new Error('The server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await work(url);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface PageBench {
  sizes: PageSizes;
  firstView: FirstViewImages[];
  hydration: HydrationTiming;
  lighthouse: LighthouseSummary[];
}

/**
 * Mobile rounds, each a run of the page and one of its floor. The same HTML's FCP
 * moves by some 25 ms from load to load (how much of the document Chrome lays out in
 * its first frame, a task Lantern counts four times over), so a page exactly as fast
 * as its floor reads above 1.02× in about one run in six with 9 rounds a side, and
 * in one in thirty with 36 (record 128). BENCH_LIGHTHOUSE_RUNS sets fewer for a quick look.
 */
const MOBILE_ROUNDS = 36;
/** Throttled loads for the time to a hydrated page (each takes a few seconds; the figure has no target). */
const HYDRATION_RUNS = 9;

export async function runPageBench(): Promise<PageBench> {
  const sizes = measurePageSizes();
  const mobileRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? MOBILE_ROUNDS);
  const floorDir = buildFloor();
  try {
    return await withServer(CLIENT_DIR, (pageUrl) =>
      withServer(floorDir, async (floorUrl) => {
        const firstView = [
          await measureFirstViewImages(pageUrl, 'mobile'),
          await measureFirstViewImages(pageUrl, 'desktop'),
        ];
        const hydration = await measureHydration(pageUrl, Math.min(mobileRuns, HYDRATION_RUNS));
        const lighthouse = [
          ...(await runMobilePair(pageUrl, floorUrl, mobileRuns)),
          await runDesktop(pageUrl, Math.max(1, Math.min(3, mobileRuns))),
        ];
        return { sizes, firstView, hydration, lighthouse };
      }),
    );
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => bytes / 1024;
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatPageBench({ sizes, firstView, hydration, lighthouse: runs }: PageBench): string {
  const lines = [
    '| what | measured | target | |',
    '| --- | ---: | ---: | --- |',
    `| initial JavaScript, gzipped | ${kib(sizes.jsBytes).toFixed(1)} KiB | <= ${PAGE_BUDGETS.jsKiB} KiB | ${mark(kib(sizes.jsBytes) <= PAGE_BUDGETS.jsKiB)} |`,
    `| CSS (inlined in the HTML), gzipped | ${kib(sizes.cssBytes).toFixed(1)} KiB | <= ${PAGE_BUDGETS.cssKiB} KiB | ${mark(kib(sizes.cssBytes) <= PAGE_BUDGETS.cssKiB)} |`,
    `| HTML with that CSS, gzipped | ${kib(sizes.htmlBytes).toFixed(1)} KiB | (no target) | |`,
  ];
  for (const view of firstView) {
    const { width, height } = FIRST_VIEW_PROFILES[view.profile].viewport;
    const label = `images loaded on first view, ${view.profile} ${width}×${height} (worst of ${view.runs})`;
    const which = view.belowFoldUrls.length ? ` (${view.belowFoldUrls.join(', ')})` : '';
    lines.push(`| ${label} | ${view.images} (${kib(view.bytes).toFixed(1)} KiB) | (no target) | |`);
    lines.push(
      `| ${label}: of them below the fold | ${view.belowFold}${which} | ${PAGE_BUDGETS.imagesBelowFoldOnFirstView} | ${mark(view.belowFold <= PAGE_BUDGETS.imagesBelowFoldOnFirstView)} |`,
    );
  }
  lines.push(...hydrationRows(hydration));
  const floor = runs.find((summary) => summary.preset === 'mobile' && summary.variant === 'floor');
  for (const summary of runs.filter((run) => run.variant === 'page')) {
    const label = `Lighthouse ${summary.preset} (median of ${summary.runs})`;
    const beside = (value: string) => (summary.preset === 'mobile' && floor ? `${value} (floor: ` : value);
    const floorOf = (value: string) => (summary.preset === 'mobile' && floor ? `${value})` : '');
    for (const category of CATEGORIES) {
      const score = summary.scores[category];
      const floorScore = floor?.scores[category];
      lines.push(
        `| ${label}: ${category} | ${beside(String(score))}${floorOf(String(floorScore))} | ${PAGE_BUDGETS.score} | ${mark(score >= PAGE_BUDGETS.score)} |`,
      );
    }
    if (summary.preset === 'mobile') {
      const full = summary.performance.filter((score) => score >= PAGE_BUDGETS.score).length;
      const needed = Math.ceil(PAGE_BUDGETS.perfFullShare * summary.runs);
      lines.push(
        `| ${label}: runs with performance 100 | ${full} of ${summary.runs} (${summary.performance.join(', ')}${summary.errors.length ? `; failed runs: ${summary.errors.join(', ')}` : ''}) | >= ${needed} of ${summary.runs} | ${mark(full >= needed)} |`,
      );
    }
    lines.push(
      `| ${label}: LCP | ${beside(`${Math.round(summary.lcpMs)} ms`)}${floorOf(`${Math.round(floor?.lcpMs ?? 0)} ms`)} | <= ${PAGE_BUDGETS.lcpMs} ms | ${mark(summary.lcpMs <= PAGE_BUDGETS.lcpMs)} |`,
    );
    lines.push(
      `| ${label}: CLS | ${beside(summary.cls.toFixed(3))}${floorOf((floor?.cls ?? 0).toFixed(3))} | ${PAGE_BUDGETS.cls} | ${mark(summary.cls <= PAGE_BUDGETS.cls)} |`,
    );
    lines.push(
      `| ${label}: TBT | ${beside(`${Math.round(summary.tbtMs)} ms`)}${floorOf(`${Math.round(floor?.tbtMs ?? 0)} ms`)} | <= ${PAGE_BUDGETS.tbtMs} ms | ${mark(summary.tbtMs <= PAGE_BUDGETS.tbtMs)} |`,
    );
    if (summary.preset === 'mobile' && floor) {
      const over = summary.tbtMs - floor.tbtMs;
      lines.push(
        `| ${label}: TBT above the floor's | ${Math.round(over)} ms | <= ${PAGE_BUDGETS.tbtOverFloorMs} ms | ${mark(over <= PAGE_BUDGETS.tbtOverFloorMs)} |`,
        ...floorRatios(summary, floor),
      );
    }
  }
  if (toolRetries.length > 0) {
    lines.push(
      '',
      `Lighthouse runs run again because the tool lost its own trace (not counted): ${toolRetries.length} (${toolRetries.join(', ')}).`,
    );
  }
  return lines.join('\n');
}

/** From the first paint to the controls and to the hydrated page, throttled as the mobile preset. */
function hydrationRows({ runs, fcpMs, controlsAfterFcpMs, hydratedAfterFcpMs }: HydrationTiming): string[] {
  const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  const label = `mobile preset throttled in Chromium (4x CPU, slow 4G; median of ${runs})`;
  return [
    `| ${label}: first paint to the controls live (boot script) | ${Math.round(median(controlsAfterFcpMs))} ms (each: ${ms(controlsAfterFcpMs)}; FCP ${Math.round(median(fcpMs))} ms) | (no target) | |`,
    `| ${label}: first paint to the page hydrated (module) | ${Math.round(median(hydratedAfterFcpMs))} ms (each: ${ms(hydratedAfterFcpMs)}) | (no target) | |`,
  ];
}

/** The page's first frame against the floor's: median ratios, and the worst single round's LCP. */
function floorRatios(page: LighthouseSummary, floor: LighthouseSummary): string[] {
  const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  const fcp = page.fcpMs / floor.fcpMs;
  const lcp = page.lcpMs / floor.lcpMs;
  // A round's page and floor are separate loads, each a little off from the next (the
  // order in which Chrome split its first layout and paint into tasks spreads Lantern's
  // figures over some 100 ms, record 128), so a page round far off its floor is one slower than the
  // floor ever is: the page's slowest round against the floor's slowest (record 104).
  // Every round's pair is printed beside it.
  const worst = Math.max(...page.lcpRuns) / Math.max(...floor.lcpRuns);
  return [
    `| mobile: FCP, page / floor (medians) | ${fcp.toFixed(3)}× (${Math.round(page.fcpMs)} / ${Math.round(floor.fcpMs)} ms; page ${ms(page.fcpRuns)}; floor ${ms(floor.fcpRuns)}) | <= ${PAGE_BUDGETS.fcpOverFloor}× | ${mark(fcp <= PAGE_BUDGETS.fcpOverFloor)} |`,
    `| mobile: LCP, page / floor (medians) | ${lcp.toFixed(3)}× (${Math.round(page.lcpMs)} / ${Math.round(floor.lcpMs)} ms) | <= ${PAGE_BUDGETS.lcpOverFloor}× | ${mark(lcp <= PAGE_BUDGETS.lcpOverFloor)} |`,
    `| mobile: LCP, slowest round, page / floor | ${worst.toFixed(2)}× (page ${ms(page.lcpRuns)}; floor ${ms(floor.lcpRuns)}) | <= ${PAGE_BUDGETS.roundLcpOverFloor}× | ${mark(worst <= PAGE_BUDGETS.roundLcpOverFloor)} |`,
    `| mobile, as Lighthouse prints it (Chrome's own requests in): FCP, LCP page / floor | ${(page.rawFcpMs / floor.rawFcpMs).toFixed(3)}×, ${(page.rawLcpMs / floor.rawLcpMs).toFixed(3)}× (LCP page ${ms(page.rawLcpRuns)}; floor ${ms(floor.rawLcpRuns)}; Chrome's requests left out per round: page ${page.leftOutRuns.join(', ')}; floor ${floor.leftOutRuns.join(', ')}) | (no target) | |`,
  ];
}
