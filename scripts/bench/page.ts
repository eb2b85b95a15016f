// The page part of `npm run bench`: gzipped bytes of what the landing page loads
// first, and Lighthouse (mobile: median of 5 runs; desktop: median of 3) in
// Debian's headless Chromium against the production build served locally.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../../tests/support/postgres.js';

const CLIENT_DIR = 'dist/client';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export const PAGE_BUDGETS = { jsKiB: 85, cssKiB: 15, score: 100, lcpMs: 1500, cls: 0, tbtMs: 50 } as const;

export interface PageSizes {
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
}

export interface LighthouseSummary {
  preset: 'mobile' | 'desktop';
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** What index.html makes the browser fetch before anything else: its scripts, preloads and stylesheets. */
export function measurePageSizes(clientDir = CLIENT_DIR): PageSizes {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const assets = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => join(clientDir, match[1]!));
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function runLighthouse(url: string, preset: 'mobile' | 'desktop', runs: number): Promise<LighthouseSummary> {
  const results: LighthouseSummary[] = [];
  for (let run = 0; run < runs; run++) {
    // A fresh browser for every run, as a first-time visitor.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    try {
      const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] };
      const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        preset,
        runs: 1,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
      });
    } finally {
      await chrome.kill();
    }
  }
  const medianOf = (pick: (summary: LighthouseSummary) => number) => median(results.map(pick));
  return {
    preset,
    runs,
    scores: {
      performance: medianOf((r) => r.scores.performance),
      accessibility: medianOf((r) => r.scores.accessibility),
      'best-practices': medianOf((r) => r.scores['best-practices']),
      seo: medianOf((r) => r.scores.seo),
    },
    lcpMs: medianOf((r) => r.lcpMs),
    cls: medianOf((r) => r.cls),
    tbtMs: medianOf((r) => r.tbtMs),
  };
}

/** Serves the production build with the real server on a free loopback port while `work` runs. */
async function withServer<T>(work: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-page-'));
  const server = spawn(process.execPath, ['dist/node/src/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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

export async function runPageBench(): Promise<{ sizes: PageSizes; lighthouse: LighthouseSummary[] }> {
  const sizes = measurePageSizes();
  const mobileRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
  const lighthouseResults = await withServer(async (url) => [
    await runLighthouse(url, 'mobile', mobileRuns),
    await runLighthouse(url, 'desktop', Math.max(1, Math.min(3, mobileRuns))),
  ]);
  return { sizes, lighthouse: lighthouseResults };
}

const kib = (bytes: number) => bytes / 1024;
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatPageBench({
  sizes,
  lighthouse: runs,
}: {
  sizes: PageSizes;
  lighthouse: LighthouseSummary[];
}): string {
  const lines = [
    '| what | measured | target | |',
    '| --- | ---: | ---: | --- |',
    `| initial JavaScript, gzipped | ${kib(sizes.jsBytes).toFixed(1)} KiB | <= ${PAGE_BUDGETS.jsKiB} KiB | ${mark(kib(sizes.jsBytes) <= PAGE_BUDGETS.jsKiB)} |`,
    `| CSS (inlined in the HTML), gzipped | ${kib(sizes.cssBytes).toFixed(1)} KiB | <= ${PAGE_BUDGETS.cssKiB} KiB | ${mark(kib(sizes.cssBytes) <= PAGE_BUDGETS.cssKiB)} |`,
    `| HTML with that CSS, gzipped | ${kib(sizes.htmlBytes).toFixed(1)} KiB | (no target) | |`,
  ];
  for (const summary of runs) {
    const label = `Lighthouse ${summary.preset} (median of ${summary.runs})`;
    for (const category of CATEGORIES) {
      const score = summary.scores[category];
      lines.push(`| ${label}: ${category} | ${score} | ${PAGE_BUDGETS.score} | ${mark(score >= PAGE_BUDGETS.score)} |`);
    }
    lines.push(
      `| ${label}: LCP | ${Math.round(summary.lcpMs)} ms | <= ${PAGE_BUDGETS.lcpMs} ms | ${mark(summary.lcpMs <= PAGE_BUDGETS.lcpMs)} |`,
    );
    lines.push(
      `| ${label}: CLS | ${summary.cls.toFixed(3)} | ${PAGE_BUDGETS.cls} | ${mark(summary.cls <= PAGE_BUDGETS.cls)} |`,
    );
    lines.push(
      `| ${label}: TBT | ${Math.round(summary.tbtMs)} ms | <= ${PAGE_BUDGETS.tbtMs} ms | ${mark(summary.tbtMs <= PAGE_BUDGETS.tbtMs)} |`,
    );
  }
  return lines.join('\n');
}
