// The rate limits' counts on both engines: in memory (SQLite) and in PostgreSQL,
// where two stores on one database (two instances) count against one window.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import type { InquiryStore } from './inquiry-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLimiter } from '../routes/rate-limit.js';
import { memoryRateCounts, type RateCounts } from './rate-counts.js';

const stores: InquiryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function postgresCounts(url: string): Promise<RateCounts> {
  const store = await openPostgresStore(url, 2);
  stores.push(store);
  return store.rateCounts;
}

const engines: [string, () => Promise<[RateCounts, RateCounts]>][] = [
  [
    'in memory',
    async () => {
      const counts = memoryRateCounts();
      return [counts, counts];
    },
  ],
  [
    'in PostgreSQL, from two instances',
    async () => {
      const url = await freshPostgresUrl();
      return [await postgresCounts(url), await postgresCounts(url)];
    },
  ],
];

describe.each(engines)('rate counts %s', (_name, open) => {
  it('counts each hit once, concurrent hits too, from either instance', async () => {
    const [a, b] = await open();
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('k', 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) {
      expect(hit.msLeft).toBeGreaterThan(50_000);
      expect(hit.msLeft).toBeLessThanOrEqual(60_000);
    }
    expect((await b.hit('k', 60_000)).count).toBe(41);
    expect((await a.peek('k')).count).toBe(41);
  });

  it('keeps keys apart and peeks without counting', async () => {
    const [a, b] = await open();
    expect(await a.peek('x')).toEqual({ count: 0, msLeft: 0 });
    await a.hit('x', 60_000);
    await a.hit('x', 60_000);
    expect((await b.peek('x')).count).toBe(2);
    expect((await b.peek('x')).count).toBe(2);
    expect((await b.hit('y', 60_000)).count).toBe(1);
  });

  it('begins a new window once the last has ended', async () => {
    const [a, b] = await open();
    await a.hit('w', 300);
    expect((await b.hit('w', 300)).count).toBe(2);
    await sleep(400);
    expect(await a.peek('w')).toEqual({ count: 0, msLeft: 0 });
    const fresh = await b.hit('w', 300);
    expect(fresh.count).toBe(1);
    expect(fresh.msLeft).toBeGreaterThan(200);
  });
});

describe('rate counts in memory', () => {
  it('never forget a running window: when full, a new key is refused (fails closed) until a window ends', async () => {
    let clock = 0;
    const counts = memoryRateCounts(3, () => clock);
    for (const key of ['a', 'b', 'c']) await counts.hit(key, 60_000);
    await counts.hit('a', 60_000);
    clock = 10_000;
    const refused = await counts.hit('d', 60_000);
    expect(refused.count).toBe(Number.POSITIVE_INFINITY);
    expect(refused.msLeft).toBe(50_000);
    expect((await counts.peek('a')).count).toBe(2);
    expect((await counts.hit('b', 60_000)).count).toBe(2);
    clock = 60_000;
    expect((await counts.hit('d', 60_000)).count).toBe(1);
    expect((await counts.peek('a')).count).toBe(0);
  });

  it('keep the lasting keys (the sign-in lock-out) apart: a flood of other keys neither evicts nor blocks them', async () => {
    let clock = 0;
    const counts = memoryRateCounts(100, () => clock);
    for (let i = 0; i < 12; i++) await counts.hit('owner-sign-in-failures:owner@example.com', 900_000, true);
    clock = 1_000;
    // 100,500 distinct /64s in the review; here ten times the bound.
    for (let i = 0; i < 1_000; i++) await counts.hit(`sessions-per-address:2001:db8:${i}::/64`, 600_000);
    expect((await counts.peek('owner-sign-in-failures:owner@example.com')).count).toBe(12);
    expect((await counts.hit('owner-device-failures:nonce', 900_000, true)).count).toBe(1);
    expect((await counts.peek('sessions-per-address:2001:db8:0::/64')).count).toBe(1);
  });

  it('when nearly full, count new IPv6 /64s under their /48 (then /32): other visitors and the owner’s sign-in still get their own counts', async () => {
    let clock = 0;
    const counts = memoryRateCounts(100, () => clock);
    const sessions = (client: string) => counts.hit(`sessions-per-address:${client}`, 600_000);
    // One /48's /64s, ten times the bound (the review: 100,100 from one /48 locked everyone out).
    const flood = [];
    for (let i = 0; i < 1_000; i++) flood.push(await sessions(`2001:db8:1:${i.toString(16)}::/64`));
    // The first 90 had their own counts; the rest share the /48's, which counts them all.
    expect(flood.slice(0, 90).every((hit) => hit.count === 1 && hit.widened === undefined)).toBe(true);
    expect(flood.at(-1)).toMatchObject({ count: 910, widened: '/48' });
    clock = 1_000;
    // A new visitor on IPv4 and one from another IPv6 network: counted, not refused.
    expect((await sessions('198.51.100.77')).count).toBe(1);
    expect(await sessions('2001:db8:ffff:1::/64')).toMatchObject({ count: 1, widened: '/48' });
    // The owner signing in from a new address has room of its own.
    expect((await counts.hit('owner-sign-ins-per-address:203.0.113.5', 900_000)).count).toBe(1);
    // A /64 counted before the map filled keeps its own count; a widened one is read through its /48.
    expect((await counts.peek('sessions-per-address:2001:db8:1:0::/64')).count).toBe(1);
    expect((await counts.peek('sessions-per-address:2001:db8:1:3e7::/64')).count).toBe(910);
    // Past nineteen twentieths, new networks share their /32's count.
    for (let i = 0; i < 20; i++) await sessions(`2001:db8:${(0x100 + i).toString(16)}:1::/64`);
    expect(await sessions('2001:db8:abcd:1::/64')).toMatchObject({ widened: '/32' });
  });

  it('say once in the log that new IPv6 clients are counted by their network', async () => {
    const counts = memoryRateCounts(20, () => 0);
    const warnings: string[] = [];
    let client = 0;
    const limiter = createLimiter(counts, 'sessions-per-address', { max: 1_000, windowMs: 60_000 }, 'sessions', () => {
      client++;
      return `2001:db8:2:${client.toString(16)}::/64`;
    });
    const request = { log: { warn: (message: string) => void warnings.push(message) } } as unknown as FastifyRequest;
    for (let i = 0; i < 50; i++) await limiter(request, {} as FastifyReply);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/counted by their \/48 network/);
  });
});
