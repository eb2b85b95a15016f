// The calendar part of `npm run bench` (issue 38): GET /api/availability for a year
// (365 days) at 50 connections over loopback, p50 and p95, on SQLite and PostgreSQL,
// beside an anchor in the same run:
//
//   anchor        a bare node:http handler running the same UNAVAILABLE_SQL on the same
//                 SQLite file with better-sqlite3, answering the same JSON
//   ours          the real server from source (startOurs), on the same seeded store
//
// The store holds a year of inquiries (3 a day), a third of the days Booked, 20 blocked
// days and 20 holds. Each request is timed by this process (50 workers, each one request
// at a time), the servers in their own processes. Figures, not tests.
// Alone: `npx tsx scripts/bench/availability.ts` (BENCH_SECONDS, default 10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { content } from '../../content/index.js';
import { heldSince } from '../../src/shared/availability.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { UNAVAILABLE_SQL } from '../../src/server/store/sqlite/sqlite-calendar-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildAcceptance, buildNewInquiry, buildQuote } from '../../tests/support/builders.js';
import { createDatabase, freePort, startPostgres } from '../../tests/support/postgres.js';
import { type Child, startOurs } from './api.js';

const require = createRequire(import.meta.url);
export const AVAILABILITY_CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const OWNER = { id: 'bench', email: 'bench@example.com' };

export interface AvailabilityBenchRow {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
  days: number;
}

const today = () => localNow(new Date(), content.timeZone).date;

/** A year of inquiries (3 a day), a third of the days Booked, 20 blocked, 20 held. */
async function seed(inquiries: InquiryStore, owners: OwnerStore): Promise<void> {
  const start = today();
  for (let day = 1; day <= 365; day++) {
    const eventDate = addDays(start, day);
    for (let k = 0; k < 3; k++) {
      const inquiry = buildNewInquiry({ document: { eventDate } });
      await inquiries.create(inquiry);
      if (k === 0 && day % 3 === 0) await owners.inbox.setStatus(inquiry.id, 'booked', OWNER, new Date());
      if (k === 1 && day % 18 === 1) {
        const quote = (await owners.quotes.send(inquiry.id, buildQuote(), OWNER, new Date(), 'Quote sent'))!;
        await owners.quotes.accept(quote.id, buildAcceptance(), start);
      }
    }
    if (day % 18 === 2) await owners.calendar.blockDay(eventDate, 'Bench', OWNER, new Date());
  }
}

/** 50 workers asking one request at a time for `seconds`; each answer's time. */
async function load(base: string, path: string, seconds: number) {
  const times: number[] = [];
  let failed = 0;
  let days = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        const response = await fetch(base + path);
        const body = (await response.json()) as { unavailable?: string[] };
        if (!response.ok) failed++;
        days = body.unavailable?.length ?? days;
        times.push(performance.now() - t0);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: AVAILABILITY_CONNECTIONS }, worker));
  return { times: times.sort((a, b) => a - b), failed, days };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(name: string, server: Child): Promise<AvailabilityBenchRow> {
  const from = today();
  const path = `/api/availability?from=${from}&to=${addDays(from, 364)}`;
  try {
    await load(server.base, path, WARMUP_SECONDS);
    const { times, failed, days } = await load(server.base, path, SECONDS);
    const row = {
      name,
      requests: times.length,
      perSecond: times.length / SECONDS,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      failed,
      days,
    };
    console.log(`  ${name}: ${row.perSecond.toFixed(0)}/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
    return row;
  } finally {
    await server.stop();
  }
}

function startAnchor(dataDir: string, port: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--anchor'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return (async () => {
    for (let tries = 0; tries < 300; tries++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the availability anchor did not start');
  })();
}

export async function runAvailabilityBench(): Promise<AvailabilityBenchRow[]> {
  const rows: AvailabilityBenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'curbside-bench-availability-'));
  try {
    const inquiries = openSqliteStore(dir);
    const owners = openSqliteOwnerStore(dir);
    await seed(inquiries, owners);
    await owners.close();
    await inquiries.close();
    rows.push(await measure('anchor (bare node:http + better-sqlite3)', await startAnchor(dir, await freePort())));
    rows.push(await measure('ours, SQLite', await startOurs({ DATA_DIR: dir, LOG_LEVEL: 'silent' }, await freePort())));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  const pgDir = mkdtempSync(join(tmpdir(), 'curbside-bench-availability-pg-'));
  try {
    const url = await createDatabase(postgres.url, 'bench_availability');
    const inquiries = await openPostgresStore(url);
    const owners = await openPostgresOwnerStore(url);
    await seed(inquiries, owners);
    await owners.close();
    await inquiries.close();
    const env = { DATA_DIR: pgDir, DATABASE_URL: url, LOG_LEVEL: 'silent' };
    rows.push(await measure('ours, PostgreSQL', await startOurs(env, await freePort())));
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    await postgres.stop();
  }
  return rows;
}

export function formatAvailabilityBench(rows: AvailabilityBenchRow[]): string {
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(42)} ${row.perSecond.toFixed(0).padStart(7)}/s  p50 ${row.p50.toFixed(1).padStart(6)} ms  ` +
      `p95 ${row.p95.toFixed(1).padStart(6)} ms  ${row.days} days unavailable${row.failed ? `  ${row.failed} FAILED` : ''}`,
  );
  return [
    `GET /api/availability for 365 days, ${AVAILABILITY_CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up`,
    ...lines,
  ].join('\n');
}

/** The anchor: the same query on the same file, nothing else. */
function anchorServer(): void {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(join(process.env.DATA_DIR!, SQLITE_FILE), { readonly: true });
  const query = db.prepare(UNAVAILABLE_SQL).pluck();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://anchor');
    if (url.pathname === '/api/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const unavailable = query.all({
      from: url.searchParams.get('from'),
      to: url.searchParams.get('to'),
      perDay: 1,
      heldSince: heldSince(content.sale, Date.now()).toISOString(),
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ unavailable }));
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly && process.argv.includes('--anchor')) anchorServer();
else if (runDirectly) console.log(formatAvailabilityBench(await runAvailabilityBench()));
