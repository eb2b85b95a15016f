// Where a round's FCP comes from (record 128): runs the page and its floor in turn, as
// the bench does, and prints for each load Lantern's FCP beside the three main-thread
// tasks it counts four times over: the first that parsed HTML, the first that did
// layout and the first that painted (their observed ms), and how many objects the
// first frame laid out. FCP as Lighthouse reports it (Chrome's own requests in, as lcp-probe.ts).
//   npx tsx scripts/bench/first-frame-probe.ts [rounds]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildFloor, CHROME_FLAGS, CHROMIUM, withServer } from './page.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { beginData?: { totalObjects?: number } };
}

async function probe(url: string): Promise<string> {
  const gathered = mkdtempSync(join(tmpdir(), 'curbside-first-frame-'));
  try {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
        gatherMode: gathered,
      });
    } finally {
      await chrome.kill();
    }
    const { lhr } = (await lighthouse(undefined, {
      logLevel: 'error',
      onlyCategories: ['performance'],
      auditMode: gathered,
    }))!;
    if (lhr.runtimeError) return lhr.runtimeError.code;
    const trace = JSON.parse(readFileSync(join(gathered, 'defaultPass.trace.json'), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const paint = trace.traceEvents.find((event) => event.name === 'firstContentfulPaint')!;
    const main = trace.traceEvents.filter(
      (event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === 'X',
    );
    const tasks = main.filter((event) => event.name === 'RunTask' && event.ts <= paint.ts).sort((a, b) => a.ts - b.ts);
    const inside = (task: TraceEvent) =>
      main.filter((event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0));
    const first = (child: string) => tasks.find((task) => inside(task).some((event) => event.name === child));
    const counted = new Set([first('ParseHTML'), first('Layout'), first('Paint')].filter((task) => task !== undefined));
    const ms = (task: TraceEvent | undefined) => ((task?.dur ?? 0) / 1000).toFixed(1);
    const layouts = [...counted].flatMap(inside).filter((event) => event.name === 'Layout');
    const layout = layouts.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
    const fcp = Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
    const total = [...counted].reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
    return `FCP ${fcp} | tasks ${total.toFixed(1)} ms (parse ${ms(first('ParseHTML'))}, layout ${ms(first('Layout'))}, paint ${ms(first('Paint'))}) | first frame laid out ${layout?.args?.beginData?.totalObjects ?? '?'} objects`;
  } finally {
    rmSync(gathered, { recursive: true, force: true });
  }
}

const rounds = Number(process.argv[2] ?? 4);
const floorDir = buildFloor();
try {
  await withServer('dist/client', (pageUrl) =>
    withServer(floorDir, async (floorUrl) => {
      for (let round = 0; round < rounds; round++) {
        console.log('page ', await probe(pageUrl));
        console.log('floor', await probe(floorUrl));
      }
    }),
  );
} finally {
  rmSync(floorDir, { recursive: true, force: true });
}
