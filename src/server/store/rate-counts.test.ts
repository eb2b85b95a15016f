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
  it('keep at most their bound of keys, forgetting the oldest windows', async () => {
    const counts = memoryRateCounts(3);
    for (const key of ['a', 'b', 'c', 'd']) await counts.hit(key, 60_000);
    expect((await counts.peek('a')).count).toBe(0);
    expect((await counts.peek('d')).count).toBe(1);
  });
});
