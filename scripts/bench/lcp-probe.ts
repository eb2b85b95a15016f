// Why was a Lighthouse round slow? Runs the page and its floor in turn, as the bench does,
// and prints for each round the simulated FCP and LCP beside what Lantern simulated them
// from: the observed paint and load, and every request with the connection it travelled
// on (N: a connection opened for it) and when it began and ended. A request that ended
// before the observed LCP is in the simulated LCP (record 125).
//   npx tsx scripts/bench/lcp-probe.ts [rounds] [page|floor|both]
import { rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildFloor, CHROME_FLAGS, CHROMIUM, withServer } from './page.js';

/** An audit's table rows (Lighthouse types them loosely). */
const tableOf = (details: unknown) => (details as { items?: Record<string, unknown>[] })?.items ?? [];

async function probe(url: string): Promise<string> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    const { lhr, artifacts } = result!;
    if (lhr.runtimeError) return lhr.runtimeError.code;
    const observed = tableOf(lhr.audits.metrics?.details)[0]!;
    const connections = new Map<string, string>();
    for (const event of artifacts.DevtoolsLog) {
      if (event.method !== 'Network.responseReceived') continue;
      const { url: responseUrl, connectionId, connectionReused } = event.params.response;
      connections.set(responseUrl, `${connectionId}${connectionReused ? '' : 'N'}`);
    }
    const requests = tableOf(lhr.audits['network-requests']?.details)
      .filter((request) => !String(request.url).startsWith('data:'))
      .map((request) => {
        const url = String(request.url);
        const span = `${Math.round(Number(request.networkRequestTime))}-${Math.round(Number(request.networkEndTime))}`;
        return `${new URL(url).pathname} c${connections.get(url)} ${span}`;
      });
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return `FCP ${ms('first-contentful-paint')} LCP ${ms('largest-contentful-paint')} | observed LCP ${observed.observedLargestContentfulPaint} load ${observed.observedLoad} | ${requests.join(', ')}`;
  } finally {
    await chrome.kill();
  }
}

const rounds = Number(process.argv[2] ?? 4);
const which = process.argv[3] ?? 'both';
const floorDir = buildFloor();
try {
  await withServer('dist/client', (pageUrl) =>
    withServer(floorDir, async (floorUrl) => {
      for (let round = 0; round < rounds; round++) {
        if (which !== 'floor') console.log('page ', await probe(pageUrl));
        if (which !== 'page') console.log('floor', await probe(floorUrl));
      }
    }),
  );
} finally {
  rmSync(floorDir, { recursive: true, force: true });
}
