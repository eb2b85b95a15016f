// The API part of `npm run bench`: creates per second and latency (p50, p99)
// of PUT /api/inquiries/:id with 50 connections over loopback (autocannon),
// each request a NEW inquiry, measured beside an anchor in the same run:
//
//   anchor           a bare node:http handler inserting the same row into
//                    better-sqlite3 (WAL, synchronous=FULL), one insert (one
//                    commit) per request, answering 201
//   ours, SQLite     the real server from source, fresh DATA_DIR
//   ours, PostgreSQL the real server from source on a throwaway PostgreSQL
//
// Every server runs in its own child process, so the load generator never
// shares their event loop. Rate limits are raised so they run on every request
// but never trip; MIN_FILL_SECONDS=0; everything else, the request log included
// (LOG_LEVEL, default info, to /dev/null), as configured. The target is design.md's: ours at least
// 1.5x the anchor's rate on both engines; the aim 10,000/s with p99 <= 10 ms.
//
// Alone: `npx tsx scripts/bench/api.ts` (BENCH_API_ROUNDS, default 3; BENCH_SECONDS, default 10, per run;
// BENCH_WARMUP_SECONDS, default 2, of unrecorded load before each run).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COLUMNS, type InquiryStore } from '../../src/server/store/inquiry-store.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { SQLITE_FILE, openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import {
  INQUIRY_COLLECTION,
  PACKAGE_NAMES,
  TRUCK_OPERATION,
  buildSiteAddress,
  isoDay,
  type InquiryBody,
} from '../../src/shared/inquiry.js';
import { createDatabase, freePort, startPostgres } from '../../tests/support/postgres.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

export const API_BENCH_CONNECTIONS = 50;
/** design.md: the aim for ours. */
/** design.md: ours must reach at least this multiple of the anchor's rate (group commit). */
export const ANCHOR_MULTIPLE = 1.5;
export const AIM_CREATES_PER_SECOND = 10_000;
export const AIM_P99_MS = 10;

export interface ApiBenchTarget {
  target: string;
  met: boolean;
}

export interface ApiBenchResult {
  name: string;
  kind: 'anchor' | 'ours';
  engine: 'sqlite' | 'postgres';
  connections: number;
  durationSeconds: number;
  /** 2xx answers (created inquiries) per second. */
  createsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers other than 2xx, and connection errors/timeouts: any makes the run flagged. */
  non2xx: number;
  errors: number;
  /**
   * Rows in the store after the run, and the 2xx answers of the run and its warm-up: every acknowledged
   * create is stored, plus at most the requests in flight when a run stopped (their answers are not counted).
   */
  stored: number;
  acknowledged: number;
  /**
   * How busy the machine's CPUs were (percent) in the second before the run, with nothing of the
   * benchmark running yet: other work. Above BUSY_PERCENT, the figures are low.
   */
  busyBefore: number;
  /** Something is off (errors, or stored rows not matching acknowledged creates): the figures are not trustworthy. */
  flagged: string | null;
  targets: ApiBenchTarget[];
}

// --- a minimal typing of autocannon 9 (it ships none) -------------------------

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
}
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  duration: number;
  latency: Histogram;
  requests: Histogram & { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
  timeout?: number;
}) => Promise<AutocannonResult>;

// --- the request -------------------------------------------------------------

/** A valid inquiry body, as the page sends it after a visitor took 10 s to fill the form. */
export function benchBody(): InquiryBody {
  return {
    dateCreated: new Date().toISOString(),
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: 'rosa.delgado@example.com',
    phoneNumber: '+1 512 555 0199',
    company: 'Riverbend Elementary',
    eventName: 'Spring fair',
    eventDate: isoDay(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)),
    siteAddress: buildSiteAddress({
      streetAddress: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    }),
    startTime: '11:00',
    endTime: '14:30',
    plannedGuestCount: 250,
    operation: TRUCK_OPERATION,
    package: PACKAGE_NAMES[1] ?? PACKAGE_NAMES[0] ?? '',
    notes: 'Two vegan options, please. We expect most guests around noon.',
    reference: 'Saw the truck at the market',
    website: '',
    fillMs: 10_000,
  };
}

async function load(base: string, token: string, seconds: number): Promise<AutocannonResult> {
  const autocannon = require('autocannon') as Autocannon;
  const body = JSON.stringify(benchBody());
  return autocannon({
    url: base,
    connections: API_BENCH_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        // A new inquiry id for every request.
        setupRequest: (request) => ({ ...request, path: `/api/inquiries/${randomUUID()}` }),
      },
    ],
  });
}

// --- child processes -----------------------------------------------------------

export interface Child {
  base: string;
  stop(): Promise<void>;
}

async function spawnServer(args: string[], env: Record<string, string>, port: number): Promise<Child> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The server's request log goes where a deployment would send it: not to this process.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killed);
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${args.join(' ')} exited at start:\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} did not answer within 30 s:\n${output}`);
    }
    await sleep(50);
  }
}

const UNLIMITED = '1000000000';

export function startOurs(env: Record<string, string>, port: number): Promise<Child> {
  return spawnServer(
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      ...env,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
      MIN_FILL_SECONDS: '0',
      RATE_LIMIT_SESSIONS_PER_IP: UNLIMITED,
      RATE_LIMIT_INQUIRIES_PER_IP: UNLIMITED,
      RATE_LIMIT_INQUIRIES_PER_SESSION: UNLIMITED,
      // The pre-orders' bench places thousands of orders for one stop from this one address (record 390).
      RATE_LIMIT_ORDERS_PER_STOP_PER_IP: UNLIMITED,
      // No site unless asked for (the site's bench serves the build).
      CLIENT_DIR: env.CLIENT_DIR ?? join(env.DATA_DIR ?? tmpdir(), 'no-client'),
    },
    port,
  );
}

function startAnchor(dataDir: string, port: number): Promise<Child> {
  return spawnServer(['--import', 'tsx', fileURLToPath(import.meta.url), '--anchor'], { DATA_DIR: dataDir }, port);
}

export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/session`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`POST /api/session answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

// --- the runs ----------------------------------------------------------------------

const BUSY_PERCENT = 20;

/** Percent of all CPUs' time spent busy over one second (wait first for the previous run's processes to be gone). */
export async function cpuBusyPercent(): Promise<number> {
  const sample = () =>
    cpus().reduce(
      (sum, cpu) => {
        const { idle, ...busy } = cpu.times;
        const busyTime = Object.values(busy).reduce((a, b) => a + b, 0);
        return { busy: sum.busy + busyTime, total: sum.total + busyTime + idle };
      },
      { busy: 0, total: 0 },
    );
  const first = sample();
  await sleep(1_000);
  const second = sample();
  const total = second.total - first.total;
  return total > 0 ? Math.round(((second.busy - first.busy) / total) * 100) : 0;
}

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds (got "${raw}")`);
  return value;
}

async function measure(
  spec: { name: string; kind: ApiBenchResult['kind']; engine: ApiBenchResult['engine'] },
  child: Child,
  token: string,
  countStored: () => Promise<number>,
): Promise<ApiBenchResult> {
  const duration = seconds('BENCH_SECONDS', 10);
  const warmup = seconds('BENCH_WARMUP_SECONDS', 2);
  const busyBefore = await cpuBusyPercent();
  let acknowledged = 0;
  if (warmup > 0) acknowledged += (await load(child.base, token, warmup))['2xx'];
  const result = await load(child.base, token, duration);
  acknowledged += result['2xx'];
  await child.stop();
  const stored = await countStored();
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
    problems.push(`${result.non2xx} non-2xx (${codes.map(([code, { count }]) => `${code}: ${count}`).join(', ')})`);
  }
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  // Requests still in flight when a run ends are stored but their answers are not counted: at most one per connection per run.
  const inFlight = (warmup > 0 ? 2 : 1) * API_BENCH_CONNECTIONS;
  if (stored < acknowledged || stored > acknowledged + inFlight) {
    problems.push(`stored ${stored} rows for ${acknowledged} acknowledged creates (+ at most ${inFlight} in flight)`);
  }
  return {
    ...spec,
    connections: API_BENCH_CONNECTIONS,
    durationSeconds: result.duration,
    createsPerSecond: Math.round(result['2xx'] / result.duration),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    stored,
    acknowledged,
    busyBefore,
    flagged: problems.length > 0 ? problems.join('; ') : null,
    targets: [],
  };
}

/** Counts the rows a run left, through a store opened for that alone. */
function countStored(open: () => InquiryStore | Promise<InquiryStore>): () => Promise<number> {
  return async () => {
    const store = await open();
    try {
      return await store.count();
    } finally {
      await store.close();
    }
  };
}

async function runAnchor(): Promise<ApiBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-anchor-'));
  try {
    // The real migrations make the table, so the anchor inserts into exactly the same columns.
    await openSqliteStore(dataDir).close();
    const child = await startAnchor(dataDir, await freePort());
    return await measure(
      { name: 'anchor: node:http + better-sqlite3, 1 commit/request', kind: 'anchor', engine: 'sqlite' },
      child,
      'anchor',
      countStored(() => openSqliteStore(dataDir)),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runOursOnSqlite(): Promise<ApiBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-sqlite-'));
  try {
    const child = await startOurs({ DATA_DIR: dataDir }, await freePort());
    const token = await signIn(child.base).catch(async (error: unknown) => {
      await child.stop();
      throw error;
    });
    return await measure(
      { name: 'ours on SQLite', kind: 'ours', engine: 'sqlite' },
      child,
      token,
      countStored(() => openSqliteStore(dataDir)),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runOursOnPostgres(): Promise<ApiBenchResult> {
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-pg-'));
  try {
    const url = await createDatabase(postgres.url, 'bench');
    const child = await startOurs({ DATA_DIR: dataDir, DATABASE_URL: url }, await freePort());
    const token = await signIn(child.base).catch(async (error: unknown) => {
      await child.stop();
      throw error;
    });
    return await measure(
      { name: 'ours on PostgreSQL', kind: 'ours', engine: 'postgres' },
      child,
      token,
      countStored(() => openPostgresStore(url, 1)),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One row per server over the rounds: the median of each figure, every problem kept. */
function combine(rounds: ApiBenchResult[][]): ApiBenchResult[] {
  return rounds[0]!.map((first, index) => {
    const runs = rounds.map((round) => round[index]!);
    const mid = (pick: (run: ApiBenchResult) => number) => Math.round(median(runs.map(pick)) * 10) / 10;
    const flagged = runs.flatMap((run, round) => (run.flagged ? [`round ${round + 1}: ${run.flagged}`] : []));
    return {
      ...first,
      createsPerSecond: Math.round(median(runs.map((run) => run.createsPerSecond))),
      latencyP50Ms: mid((run) => run.latencyP50Ms),
      latencyP99Ms: mid((run) => run.latencyP99Ms),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      busyBefore: Math.max(...runs.map((run) => run.busyBefore)),
      flagged: flagged.length > 0 ? flagged.join('; ') : null,
      targets: [],
    };
  });
}

/**
 * The targets, on the combined rows; the anchor multiple is each round's ours / anchor
 * (the two measured a minute apart, so they share the machine's moment), median over rounds.
 */
function judge(results: ApiBenchResult[], rounds: ApiBenchResult[][]): void {
  results.forEach((result, index) => {
    if (result.kind !== 'ours') return;
    const multiples = rounds.flatMap((round) => {
      const anchor = round.find((run) => run.kind === 'anchor');
      return anchor ? [round[index]!.createsPerSecond / anchor.createsPerSecond] : [];
    });
    if (multiples.length > 0) {
      const multiple = median(multiples);
      result.targets.push({
        target: `>= ${ANCHOR_MULTIPLE}x anchor (${multiple.toFixed(2)}x; rounds ${multiples.map((m) => `${m.toFixed(2)}x`).join(', ')})`,
        met: result.flagged === null && multiple >= ANCHOR_MULTIPLE,
      });
    }
    result.targets.push({
      target: `aim >= ${AIM_CREATES_PER_SECOND}/s`,
      met: result.flagged === null && result.createsPerSecond >= AIM_CREATES_PER_SECOND,
    });
    result.targets.push({
      target: `aim p99 <= ${AIM_P99_MS} ms`,
      met: result.flagged === null && result.latencyP99Ms <= AIM_P99_MS,
    });
  });
}

export function formatApiBench(results: ApiBenchResult[]): string {
  const header = [
    'API: PUT /api/inquiries/:id',
    'creates/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'busy before',
    'targets (design.md)',
  ];
  const rows = results.map((result) => [
    result.name,
    String(result.createsPerSecond),
    String(result.latencyP50Ms),
    String(result.latencyP99Ms),
    String(result.non2xx + result.errors),
    `${result.busyBefore}%`,
    [
      result.kind === 'anchor'
        ? 'the reference'
        : result.targets.map((t) => `${t.target}: ${t.met ? 'met' : 'MISSED'}`).join(', '),
      result.flagged ? `FLAGGED: ${result.flagged}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 1 && i <= 5 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const seconds = results[0]?.durationSeconds;
  return [
    `${API_BENCH_CONNECTIONS} connections, loopback, ${seconds ?? '?'} s per run, every request a new inquiry, ` +
      `medians of ${process.env.BENCH_API_ROUNDS || 3} rounds (anchor, SQLite, PostgreSQL in each); ` +
      `ours with LOG_LEVEL=${process.env.LOG_LEVEL || 'info (the default)'}`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(results.some((result) => result.busyBefore > BUSY_PERCENT)
      ? [
          `(busy before = CPU used by other work in the second before the run; above ${BUSY_PERCENT}%, it was competing and the figures are low)`,
        ]
      : []),
  ].join('\n');
}

/**
 * Runs the anchor, ours on SQLite and ours on PostgreSQL, one after another, in
 * BENCH_API_ROUNDS rounds (default 3); prints and returns one row each, medians.
 */
export async function runApiBench(): Promise<ApiBenchResult[]> {
  const rounds: ApiBenchResult[][] = [];
  const count = Number(process.env.BENCH_API_ROUNDS || 3);
  for (let round = 1; round <= count; round++) {
    const results: ApiBenchResult[] = [];
    for (const run of [runAnchor, runOursOnSqlite, runOursOnPostgres]) {
      const result = await run();
      console.log(
        `  round ${round}, ${result.name}: ${result.createsPerSecond}/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms${result.flagged ? ` (FLAGGED: ${result.flagged})` : ''}`,
      );
      results.push(result);
    }
    rounds.push(results);
  }
  const results = combine(rounds);
  judge(results, rounds);
  console.log(formatApiBench(results));
  return results;
}

// --- the anchor server (this file run with --anchor, in its own process) ----------

function anchorServer(): void {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(join(process.env.DATA_DIR!, SQLITE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const insert = db.prepare(
    `INSERT INTO ${INQUIRY_COLLECTION} (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const route = /^\/api\/inquiries\/([0-9a-f-]{36})$/;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = route.exec(request.url ?? '');
      if (request.method === 'GET' && request.url === '/api/health') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (request.method !== 'PUT' || !match) {
        response.writeHead(404).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        const { website: _website, fillMs: _fillMs, ...fields } = JSON.parse(raw.toString()) as InquiryBody;
        const createdAt = new Date().toISOString();
        // Autocommit: one transaction, one fsync of the WAL, per request.
        insert.run({
          ...fields,
          id: match[1],
          createdAt,
          source: 'web',
          uid: 'anchor',
          spamReason: null,
          bodyHash: createHash('sha256').update(raw).digest('base64url'),
        });
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: match[1], createdAt }));
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.once('SIGTERM', () =>
    server.close(() => {
      db.close();
      process.exit(0);
    }),
  );
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly && process.argv.includes('--anchor')) {
  anchorServer();
} else if (runDirectly) {
  runApiBench().then(
    (results) => {
      if (results.some((result) => result.flagged)) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
