// The page rendered by the server (issue 37 item 2, record 260) beside a static file, in
// the same run on the same server: GET / (the renderer's bytes for the live version, from
// memory, brotli) and GET /inbox.html (a built file from disk through @fastify/static, its
// precompressed .br), rounds alternating so a busy machine weighs on both alike; and what a
// publish costs: rendering one version (the page, the no-JavaScript pages, the site files,
// compressed), in this process from the build's server-side bundle.
//
// Alone: `npx tsx scripts/bench/site-render.ts` after `npm run build` (BENCH_SITE_ROUNDS, default 3;
// BENCH_SITE_SECONDS, default 5, per run).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { content } from '../../content/index.js';
import { fixedContentPort } from '../../src/server/site/content-port.js';
import { loadPageKit, renderSite } from '../../src/server/site/site-renderer.js';
import { ssrDirOf } from '../../src/shared/site-render.js';
import { freePort } from '../../tests/support/postgres.js';
import { startOurs } from './api.js';

const require = createRequire(import.meta.url);
const CLIENT_DIR = resolve('dist/client');
const ROUNDS = Number(process.env.BENCH_SITE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SITE_SECONDS ?? 5);
const CONNECTIONS = 10;
const RENDERS = 10;

interface Latency {
  p50: number;
  p99: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<{ latency: Latency; requests: { average: number }; non2xx: number; errors: number }>;

export interface ServedFigure {
  name: string;
  path: string;
  perSecond: number[];
  p50Ms: number[];
  p99Ms: number[];
  failed: number;
}

export interface SiteRenderBench {
  served: ServedFigure[];
  renderMs: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function renderTimes(): Promise<number[]> {
  const kit = await loadPageKit(ssrDirOf(CLIENT_DIR));
  if (!kit) throw new Error('No server-side bundle in dist/ssr: run "npm run build" first.');
  const live = fixedContentPort(content).current();
  await renderSite(kit, live); // warm-up: the bundle's first render compiles its code
  const times: number[] = [];
  for (let run = 0; run < RENDERS; run++) {
    const started = performance.now();
    await renderSite(kit, live);
    times.push(performance.now() - started);
  }
  return times;
}

export async function runSiteRenderBench(): Promise<SiteRenderBench> {
  const autocannon = require('autocannon') as Autocannon;
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-site-'));
  const served: ServedFigure[] = [
    {
      name: 'the page (/, rendered on publish, from memory)',
      path: '/',
      perSecond: [],
      p50Ms: [],
      p99Ms: [],
      failed: 0,
    },
    {
      name: 'a static file (/inbox.html, from disk)',
      path: '/inbox.html',
      perSecond: [],
      p50Ms: [],
      p99Ms: [],
      failed: 0,
    },
  ];
  const child = await startOurs({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR }, await freePort());
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const figure of served) {
        const result = await autocannon({
          url: `${child.base}${figure.path}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        figure.perSecond.push(Math.round(result.requests.average));
        figure.p50Ms.push(result.latency.p50);
        figure.p99Ms.push(result.latency.p99);
        figure.failed += result.non2xx + result.errors;
      }
    }
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { served, renderMs: await renderTimes() };
}

export function formatSiteRenderBench(bench: SiteRenderBench): string {
  const rows = bench.served.map(
    (figure) =>
      `| ${figure.name} | ${median(figure.perSecond)} | ${median(figure.p50Ms)} ms | ${median(figure.p99Ms)} ms | ${figure.failed} |`,
  );
  return [
    `| GET, ${CONNECTIONS} connections, brotli (median of ${ROUNDS} rounds of ${SECONDS} s) | answers/s | p50 | p99 | not 200 |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Rendering one version on a publish (the page, the no-JavaScript pages, the site files, compressed): median ${Math.round(median(bench.renderMs))} ms, slowest ${Math.round(Math.max(...bench.renderMs))} ms of ${RENDERS}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatSiteRenderBench(await runSiteRenderBench()));
}
