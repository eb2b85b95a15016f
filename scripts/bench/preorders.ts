// The pre-orders part of `npm run bench` (issue 40, record 290): orders placed through
// the order page's form (POST /order/<stop id>, "Pay at pickup") with 50 connections
// on each engine, a capped item selling out during the run, then the store
// read back: orders per second, and how many places were sold beyond a cap (must be 0)
// or answered placed and not stored (must be 0). And the order page in Lighthouse's
// mobile preset beside the landing page, each the median of 9 runs, alternating on one
// server as the quote page's (besideLanding, page.ts).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { content } from '../../content/index.js';
import { pickupTimes } from '../../src/shared/preorder-times.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { menuChoices } from '../../src/server/preorders/preorder-views.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { createDatabase, freePort, startPostgres } from '../../tests/support/postgres.js';
import { API_BENCH_CONNECTIONS, startOurs } from './api.js';
import { besideLanding, type LighthouseSummary, PAGE_BUDGETS, withServer } from './page.js';

const require = createRequire(import.meta.url);
const STOP = { starts: '11:00', ends: '14:00', place: 'Sunday Market', address: '400 W 2nd St', note: '' };
const PER_PICKUP = 2_000;
const ITEM_CAP = 1_000;

/** A stop three days on that takes pre-orders: two items, the first capped. */
async function seedStop(owners: OwnerStore): Promise<string> {
  const date = addDays(localNow(new Date(), content.timeZone).date, 3);
  const [stop] = await owners.schedule.addStops(
    [{ date, ...STOP }],
    { id: 'bench', email: 'bench@example.com' },
    new Date(),
  );
  const { currency, items } = menuChoices(content);
  await owners.preorders.saveSettings(
    {
      stopId: stop!.id,
      open: true,
      items: [
        { ...items[0]!, cap: ITEM_CAP },
        { ...items[1]!, cap: null },
      ],
      pickupEvery: 15,
      perPickup: PER_PICKUP,
      orderBy: 60,
      currency,
    },
    new Date(),
  );
  return stop!.id;
}

export interface OrdersRun {
  engine: 'sqlite' | 'postgres';
  seconds: number;
  placed: number;
  refused: number;
  errors: number;
  ordersPerSecond: number;
  stored: number;
  oversold: number;
  p99Ms: number;
}

interface Cannon {
  latency: { p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

async function hammer(base: string, stopId: string, seconds: number): Promise<Cannon> {
  const autocannon = require('autocannon') as (options: object) => Promise<Cannon>;
  const times = pickupTimes(STOP, 15);
  let sent = 0;
  return autocannon({
    url: base,
    connections: API_BENCH_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: `/order/${stopId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        setupRequest: (request: object) => {
          const n = sent++;
          const body = new URLSearchParams({
            // Every other order takes one of the capped item: it runs out before the pickup times do.
            [n % 2 === 0 ? 'item-0' : 'item-1']: '1',
            pickup: times[n % times.length]!,
            name: 'Rosa Delgado',
            phone: '+1 512 555 0199',
            email: 'rosa.delgado@example.com',
            pay: 'pickup',
          }).toString();
          return { ...request, body };
        },
      },
    ],
  });
}

/** Places beyond a cap, read from the orders stored (not the counters). */
async function oversold(owners: OwnerStore, stopId: string, itemName: string) {
  const orders = (await owners.preorders.forStop(stopId)).filter((order) => order.status !== 'cancelled');
  const byTime = new Map<string, number>();
  let item = 0;
  for (const order of orders) {
    byTime.set(order.pickup, (byTime.get(order.pickup) ?? 0) + 1);
    item += order.lines.filter((line) => line.name === itemName).reduce((sum, line) => sum + line.quantity, 0);
  }
  const overTimes = [...byTime.values()].reduce((sum, count) => sum + Math.max(0, count - PER_PICKUP), 0);
  return { stored: orders.length, oversold: overTimes + Math.max(0, item - ITEM_CAP) };
}

async function runOn(
  engine: OrdersRun['engine'],
  open: () => Promise<OwnerStore>,
  env: Record<string, string>,
): Promise<OrdersRun> {
  const seconds = Number(process.env.BENCH_ORDERS_SECONDS ?? 10);
  let owners = await open();
  const stopId = await seedStop(owners);
  await owners.close();
  const child = await startOurs(env, await freePort());
  let result: Cannon;
  try {
    result = await hammer(child.base, stopId, seconds);
  } finally {
    await child.stop();
  }
  owners = await open();
  try {
    const read = await oversold(owners, stopId, menuChoices(content).items[0]!.name);
    const placed = result.statusCodeStats['303']?.count ?? 0;
    return {
      engine,
      seconds,
      placed,
      refused: result.statusCodeStats['400']?.count ?? 0,
      errors: result.errors + result.timeouts,
      ordersPerSecond: placed / seconds,
      stored: read.stored,
      oversold: read.oversold,
      p99Ms: result.latency.p99,
    };
  } finally {
    await owners.close();
  }
}

export async function runOrdersBench(): Promise<OrdersRun[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-orders-'));
  const postgres = await startPostgres();
  try {
    const sqlite = await runOn('sqlite', async () => openSqliteOwnerStore(dataDir), { DATA_DIR: dataDir });
    const url = await createDatabase(postgres.url, 'orders');
    const pgData = mkdtempSync(join(tmpdir(), 'curbside-bench-orders-pg-'));
    const pg = await runOn('postgres', () => openPostgresOwnerStore(url, 2), { DATA_DIR: pgData, DATABASE_URL: url });
    rmSync(pgData, { recursive: true, force: true });
    return [sqlite, pg];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres.stop();
  }
}

export function formatOrdersBench(runs: OrdersRun[]): string {
  return [
    // Stored may exceed placed: orders still in flight when the run's clock stopped are stored, their answers uncounted.
    `| engine | orders placed/s (${API_BENCH_CONNECTIONS} connections) | placed | refused full | stored (>= placed: none lost) | oversold | errors | p99 |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${run.engine} | ${run.ordersPerSecond.toFixed(0)} | ${run.placed} | ${run.refused} | ${run.stored} | ${run.oversold}${run.oversold === 0 ? '' : ' MISSED'} | ${run.errors} | ${run.p99Ms} ms |`,
    ),
  ].join('\n');
}

export interface OrderPageBench {
  htmlBytes: number;
  order: LighthouseSummary;
  landing: LighthouseSummary;
}

export async function runOrderPageBench(): Promise<OrderPageBench> {
  let stopId = '';
  return withServer(
    'dist/client',
    async (url) => {
      const orderUrl = new URL(`/order/${stopId}`, url).href;
      const html = await (await fetch(orderUrl)).text();
      const { page, landing } = await besideLanding(orderUrl, url);
      return { htmlBytes: gzipSync(html).length, order: page, landing };
    },
    {
      seed: async (dataDir) => {
        const owners = openSqliteOwnerStore(dataDir);
        stopId = await seedStop(owners);
        await owners.close();
      },
    },
  );
}

export function formatOrderPageBench({ htmlBytes, order, landing }: OrderPageBench): string {
  const beside = (pick: (summary: LighthouseSummary) => number, unit = '') =>
    `${Math.round(pick(order))}${unit} (landing page: ${Math.round(pick(landing))}${unit})`;
  return [
    '| what | order page (landing page beside it) | target |',
    '| --- | ---: | ---: |',
    `| HTML with its CSS, gzipped (no JavaScript, no other request) | ${(htmlBytes / 1024).toFixed(1)} KiB | (no target) |`,
    `| Lighthouse mobile (median of ${order.runs}): performance | ${beside((s) => s.scores.performance)} | ${PAGE_BUDGETS.score} |`,
    `| accessibility | ${beside((s) => s.scores.accessibility)} | ${PAGE_BUDGETS.score} |`,
    `| best practices | ${beside((s) => s.scores['best-practices'])} | ${PAGE_BUDGETS.score} |`,
    `| LCP | ${beside((s) => s.lcpMs, ' ms')} | <= ${PAGE_BUDGETS.lcpMs} ms |`,
    `| TBT | ${beside((s) => s.tbtMs, ' ms')} | <= ${PAGE_BUDGETS.tbtMs} ms |`,
    `| CLS | ${order.cls.toFixed(3)} (landing page: ${landing.cls.toFixed(3)}) | ${PAGE_BUDGETS.cls} |`,
  ].join('\n');
}
