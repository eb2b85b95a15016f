// The landing page's headers (issue 41 item 12, record 231): the same built files from
// a plain static server, once with the headers the server sends with the landing page
// and once with Cross-Origin-Opener-Policy added as well, their Lighthouse runs (mobile)
// alternating so a busy machine weighs on both alike; and, for each, whether the
// navigation to the page started a new renderer process (what COOP's browsing context
// group switch costs a visitor, and what Lighthouse counts as blocking time).
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { inlineStyleHashes, securityHeaders, securityHeadersFor } from '../../src/server/security-headers.js';
import { CHROMIUM, type LighthouseSummary, lighthouseRunRetrying, summarize } from './page.js';

const CLIENT_DIR = 'dist/client';
const RUNS = Number(process.env.BENCH_HEADER_RUNS ?? 9);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webmanifest': 'application/manifest+json',
};

type Headers = Readonly<Record<string, string>>;

function serveBuild(headers: Headers): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0]!;
    const file = join(CLIENT_DIR, normalize(path.endsWith('/') ? `${path}index.html` : path));
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, server });
    }),
  );
}

/** Whether loading `url` in a fresh tab moved it to a renderer process that was not running before. */
async function startsNewRenderer(url: string): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const renderers = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; id: number }[];
      };
      return new Set(processInfo.filter((each) => each.type === 'renderer').map((each) => each.id));
    };
    const before = await renderers();
    await page.goto(url, { waitUntil: 'load' });
    return [...(await renderers())].some((id) => !before.has(id));
  } finally {
    await browser.close();
  }
}

export interface HeadersBench {
  variants: { name: string; newRenderer: boolean; lighthouse: LighthouseSummary }[];
}

export async function runHeadersBench(): Promise<HeadersBench> {
  const all = securityHeaders(inlineStyleHashes(CLIENT_DIR));
  const served = [
    { name: 'as the server sends it (no COOP)', headers: securityHeadersFor(all)('/') },
    { name: 'with COOP: same-origin added', headers: all },
  ];
  const started = await Promise.all(served.map(({ headers }) => serveBuild(headers)));
  try {
    const runs = served.map(() => [] as Awaited<ReturnType<typeof lighthouseRunRetrying>>[]);
    for (let round = 0; round < RUNS; round++) {
      for (const [index, { url }] of started.entries()) runs[index]!.push(await lighthouseRunRetrying(url, 'mobile'));
    }
    const variants = [];
    for (const [index, { name }] of served.entries()) {
      const newRenderer = await startsNewRenderer(started[index]!.url);
      variants.push({ name, newRenderer, lighthouse: summarize('mobile', 'page', runs[index]!) });
    }
    return { variants };
  } finally {
    for (const { server } of started) server.close();
  }
}

export function formatHeadersBench({ variants }: HeadersBench): string {
  const rows = variants.map(
    ({ name, newRenderer, lighthouse: l }) =>
      `| ${name} | ${l.performance.join(', ')} | ${Math.round(l.tbtMs)} ms | ${Math.round(l.lcpMs)} ms | ${newRenderer ? 'yes' : 'no'} |`,
  );
  return [
    `| the landing page, ${RUNS} mobile runs each, alternating | performance, run by run | TBT (median) | LCP (median) | new renderer process on arrival |`,
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
