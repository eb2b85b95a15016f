// The rate limits' counts on both engines: in memory (SQLite) and in PostgreSQL,
// where two stores on one database (two instances) count against one window.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import type { InquiryStore } from './inquiry-store.js';
import { openPostgresStore } from './postgres/postgres-store.js';
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
});
