// A publish reaches what the server serves (record 251), on both engines: a new
// inquiry's estimate on the instance that published, at once, and on a second instance
// on the same database once it looks (it looks every 100 ms here; 1 s by default).
// The request schema follows too: a package added by a publish is accepted.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import type { BusinessContent } from '../../../content/schema.js';
import { buildInquiryBody } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, type OwnerApp, startOwnerApp } from '../../../tests/support/owner-app.js';
import { putInquiry, signIn } from '../../../tests/support/test-app.js';
import { until } from '../../../tests/support/until.js';
import { estimateWords } from '../../shared/pricing.js';

/** The content with Basic at $20 a guest and a new truck package, "Fiesta". */
function published(): BusinessContent {
  const next = structuredClone(content);
  const truck = next.packageGroups.find((group) => group.id === next.truckPackageGroup)!;
  const basic = truck.packages.find((card) => card.name === 'Basic')!;
  basic.pricing = { per: 'guest', amount: 20 };
  basic.price = 'From $20 / guest';
  truck.packages.push({ name: 'Fiesta', summary: 'Everything.', price: 'From $30 / guest', features: ['All of it'] });
  return next;
}

const lead = buildInquiryBody({ package: 'Basic', plannedGuestCount: 120, siteAddress: '1 Main St, Austin, TX 78701' });
const wordsFor = (business: BusinessContent) => estimateWords(business, lead)!.estimate;

async function estimateOn(t: OwnerApp, body = lead) {
  return putInquiry(t.app, crypto.randomUUID(), body, { token: await signIn(t.app) });
}

describe.each(['sqlite', 'postgres'] as const)('a publish on %s', (engine) => {
  it('reaches new inquiries on this instance at once and on another within its look', async () => {
    const env: Record<string, string> = engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {};
    const build = { contentLookEveryMs: 100 };
    const first = await startOwnerApp(env, { build });
    const second = await startOwnerApp({ ...env, DATA_DIR: first.config.dataDir }, { build });
    await second.app.ready();
    const before = wordsFor(content);
    expect(before).not.toBe(wordsFor(published()));
    expect((await estimateOn(second)).json().estimate).toBe(before);
    const fiesta = { ...lead, package: 'Fiesta' };
    expect((await estimateOn(second, fiesta)).json().fields).toEqual({
      package: 'Please choose one of the packages offered.',
    });

    const cookie = await cookieOf(first.app);
    await call(first.app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: published() } });
    const publish = await call(first.app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(publish.json()).toEqual({ version: 2 });

    expect((await estimateOn(first)).json().estimate).toBe(wordsFor(published()));
    await until('the second instance to serve version 2', () =>
      second.app.content.current().version === 2 ? true : undefined,
    );
    expect((await estimateOn(second)).json().estimate).toBe(wordsFor(published()));
    expect((await estimateOn(second, fiesta)).statusCode).toBe(201);
  });
});
