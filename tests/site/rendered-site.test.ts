// The public site rendered by the server from the content port (issue 37 item 2, record
// 260), on the real app and the real build (`npm run build`: the server-side bundle in
// dist/ssr, as `npm test` builds before this stage): rendered once per version, never per
// request; a publish renders the new version and the old bytes are gone.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessContent, content } from '../../content/index.js';
import { buildApp } from '../../src/server/app.js';
import type { ContentPort, LiveContent } from '../../src/server/site/content-port.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { PAGE_DATA_ID, type PageData } from '../../src/shared/page-data.js';
import { buildTestConfig } from '../support/builders.js';

const CLIENT_DIR = resolve('dist/client');

/** A port the test publishes through, as the store's port does after a publish. */
function publishingPort(first: BusinessContent) {
  let live: LiveContent = { version: 1, content: first, publishedAt: null, publishedBy: null };
  const listeners = new Set<(live: LiveContent) => void>();
  const port: ContentPort = {
    current: () => live,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const publish = (next: BusinessContent) => {
    live = { version: live.version + 1, content: next, publishedAt: new Date().toISOString(), publishedBy: 'o@x.test' };
    for (const listener of listeners) listener(live);
  };
  return { port, publish };
}

const pageData = (html: string): PageData => {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('the page has no data element');
  return JSON.parse(match[1]!) as PageData;
};

/** The content with the truck's first package renamed and repriced. */
function withFirstPackage(name: string, amount: number): BusinessContent {
  const next = structuredClone(content);
  const group = next.packageGroups.find((candidate) => candidate.id === next.truckPackageGroup)!;
  const card = group.packages[0]!;
  card.name = name;
  card.price = `From $${amount} / guest`;
  if (card.pricing) card.pricing.amount = amount;
  return next;
}

describe('the site rendered from the content port', () => {
  let app: FastifyInstance;
  let store: InquiryStore;
  let remove: () => void;
  const { port, publish } = publishingPort(content);

  beforeAll(async () => {
    if (!existsSync(resolve('dist/ssr/entry-server.js'))) {
      throw new Error('No build of the site in dist/: run "npm run build" first (npm test builds before this stage).');
    }
    const built = buildTestConfig({ CLIENT_DIR });
    remove = built.remove;
    store = openSqliteStore(built.config.dataDir);
    app = await buildApp(built.config, store, { contentPort: port });
  });
  afterAll(async () => {
    await app?.close();
    remove?.();
  });

  it('renders each version once: requests for the page and its files never render', async () => {
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await app.inject({ url: '/index.html', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ url: '/' });
    expect(plain.headers.etag).toBe(first.headers.etag);
    // The landing page keeps record 231's headers: no opener policy, the CSP with the inline style's hash.
    expect(plain.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(plain.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/);
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/robots.txt', headers: { 'if-none-match': robots.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
    await app.inject({ url: '/sitemap.xml' });
    await app.inject({ url: '/manifest.webmanifest' });
    await app.inject({ url: '/inquiry' });
    expect(app.siteRenderer!.renders()).toBe(1);
  });

  it('renders a publish once, and serves it: the page, its data, the form without JavaScript, the site files', async () => {
    const before = await app.inject({ url: '/' });
    const manifestBefore = await app.inject({ url: '/manifest.webmanifest' });
    expect(before.body).not.toContain('$97');

    const raised = withFirstPackage('Fiesta Grande', 97);
    raised.seo.description = 'Now with a bigger fiesta.';
    raised.shortName = 'Fiesta';
    publish(raised);
    await app.siteRenderer!.settled();
    expect(app.siteRenderer!.renders()).toBe(2);

    const after = await app.inject({ url: '/', headers: { 'if-none-match': before.headers.etag as string } });
    // The old ETag names bytes no longer served: the new page, not a 304.
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('From $97 / guest');
    expect(after.body).not.toContain('From $12 / guest');
    expect(after.body).toContain('Now with a bigger fiesta.');
    // The hydrated parts read the new content from the page itself (no rebuild).
    const data = pageData(after.body);
    const truck = (data.content.packageGroups as { id: string; packages: { name: string }[] }[]).find(
      (group) => group.id === content.truckPackageGroup,
    )!;
    expect(truck.packages[0]!.name).toBe('Fiesta Grande');
    // The JSON-LD in the page follows too.
    expect(after.body).toMatch(/<script type="application\/ld\+json">[^<]*Now with a bigger fiesta\./);
    // The form without JavaScript offers the renamed package.
    expect((await app.inject({ url: '/inquiry' })).body).toContain('Fiesta Grande');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers.etag).not.toBe(manifestBefore.headers.etag);
    expect(JSON.parse(manifest.body)).toMatchObject({ short_name: 'Fiesta' });
    // Still one render per version, however many requests.
    await app.inject({ url: '/' });
    expect(app.siteRenderer!.renders()).toBe(2);
  });

  it("renders another content on demand, not indexed, without touching the live one (the owner's Preview)", async () => {
    const live = await app.inject({ url: '/' });
    const preview = app.siteRenderer!.renderPage(withFirstPackage('Preview Only', 55), { noindex: true });
    expect(preview).toContain('From $55 / guest');
    expect(preview).toContain('<meta name="robots" content="noindex" />');
    expect(pageData(preview).content.name).toBe(content.name);
    const still = await app.inject({ url: '/' });
    expect(still.headers.etag).toBe(live.headers.etag);
    expect(still.body).not.toContain('Preview Only');
  });

  it('keeps the version before when a publish cannot be rendered (a photo nobody built or uploaded)', async () => {
    const live = await app.inject({ url: '/' });
    const broken = structuredClone(port.current().content);
    const group = broken.packageGroups.find((candidate) => candidate.id === broken.truckPackageGroup)!;
    group.packages[0]!.photo = { src: 'upload:0000', alt: 'Nothing' };
    group.packages[0]!.price = 'From $31 / guest';
    publish(broken);
    await app.siteRenderer!.settled();
    const still = await app.inject({ url: '/' });
    expect(still.headers.etag).toBe(live.headers.etag);
    expect(still.body).not.toContain('From $31 / guest');
  });
});
