// The public site rendered by the server from the content port (issue 37 item 2, record
// 260), on the real app and the real build (`npm run build`: the server-side bundle in
// dist/ssr, as `npm test` builds before this stage): rendered once per version, never per
// request; a publish (in the store, as the owner's Publish makes it) renders the new version
// and the old bytes are gone.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessContent, content } from '../../content/index.js';
import { buildApp } from '../../src/server/app.js';
import { styleHashOf } from '../../src/server/site/site-renderer.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { PAGE_DATA_ID, type PageData } from '../../src/shared/page-data.js';
import { PACKAGE_NAMES, TRUCK_OPERATION } from '../../src/shared/inquiry.js';
import { buildTestConfig, dayFromToday } from '../support/builders.js';
import { freshPostgresUrl } from '../support/databases.js';
import { call, cookieOf, startOwnerApp } from '../support/owner-app.js';
import { until } from '../support/until.js';

const CLIENT_DIR = resolve('dist/client');

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
  let owners: OwnerStore;
  let remove: () => void;

  /** Publishes as the owner's Publish does: in the store, then this instance's port looks (record 251). */
  async function publish(next: BusinessContent): Promise<void> {
    const result = await owners.siteContent.publish(app.content.current().version, next, 'o@x.test', new Date());
    expect(result.status).toBe('published');
    await app.content.refresh();
    await app.siteRenderer!.settled();
  }

  beforeAll(async () => {
    if (!existsSync(resolve('dist/ssr/entry-server.js'))) {
      throw new Error('No build of the site in dist/: run "npm run build" first (npm test builds before this stage).');
    }
    const built = buildTestConfig({ CLIENT_DIR });
    remove = built.remove;
    store = openSqliteStore(built.config.dataDir);
    owners = openSqliteOwnerStore(built.config.dataDir);
    app = await buildApp(built.config, store, { ownerStore: owners });
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

  it('answers the Spanish page’s form without JavaScript with Spanish pages (record 360)', async () => {
    // The Spanish page's "Find the truck" section, filled by the server, in Spanish too.
    const spanish = (await app.inject({ url: '/es/' })).body;
    expect(spanish).toContain('<h2 id="schedule-title">Encuentre el camión</h2>');
    expect((await app.inject({ url: '/' })).body).toContain('<h2 id="schedule-title">Find the truck</h2>');
    // Its photos described in Spanish (record 460).
    const photo = content.es!.packageGroups![0]!.packages![0]!.photo!.alt!;
    expect(spanish).toContain(`alt="${photo}"`);
    expect(spanish).not.toContain(`alt="${content.packageGroups[0]!.packages[0]!.photo!.alt}"`);
    const form = await app.inject({ url: '/inquiry', headers: { referer: 'http://x.test/es/' } });
    expect(form.body).toContain('<html lang="es">');
    expect(form.body).toContain('<title>Cuéntenos sobre su evento');
    expect(form.body).toContain('<input type="hidden" name="language" value="es"/>');
    expect(form.body).toMatch(/<a href="\/es\/">/);
    const sent = new URLSearchParams({
      firstName: 'Lucía',
      lastName: 'Herrera',
      email: `lucia.${Date.now()}@example.com`,
      phoneNumber: '+1 512 555 0142',
      eventName: 'Quinceañera',
      eventDate: '2001-01-01',
      streetAddress: '12 Oak St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      startTime: '11:00',
      endTime: '14:00',
      plannedGuestCount: '180',
      operation: 'Nothing offered',
      language: 'es',
    });
    const post = (body: URLSearchParams) =>
      app.inject({
        method: 'POST',
        url: '/inquiry',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
    const wrong = await post(sent);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('<html lang="es">');
    expect(wrong.body).toContain('Fecha: La fecha del evento no puede estar en el pasado.');
    expect(wrong.body).toContain('Servicio: Elija un servicio.');
    sent.set('eventDate', dayFromToday(60));
    sent.set('operation', TRUCK_OPERATION);
    sent.set('packageChoice', PACKAGE_NAMES[0]!);
    const thanks = await post(sent);
    expect(thanks.statusCode, thanks.body).toBe(200);
    expect(thanks.body).toContain('<html lang="es">');
    expect(thanks.body).toContain('<h1 id="inquiry-title">Gracias</h1>');
    expect(thanks.body).toContain('¡Recibimos su solicitud! 🎉');
    expect(thanks.body).toContain('Volver a la página principal');
    expect(thanks.body).toMatch(/Estimado: [\d.]+,\d{2}\s?US\$/);
    expect(thanks.body).not.toMatch(/Thank you|Back to the home page|Estimate:/);
  });

  it('renders a publish once, and serves it: the page, its data, the form without JavaScript, the site files', async () => {
    const before = await app.inject({ url: '/' });
    const manifestBefore = await app.inject({ url: '/manifest.webmanifest' });
    expect(before.body).not.toContain('$97');

    const raised = withFirstPackage('Fiesta Grande', 97);
    raised.seo.description = 'Now with a bigger fiesta.';
    raised.shortName = 'Fiesta';
    await publish(raised);
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

  it('draws the icons and link preview card again for a new tagline or colours, and lays the colours over the stylesheet, allowed by the CSP (record 470)', async () => {
    const built = (name: string) => readFileSync(join(CLIENT_DIR, name));
    // A version that changes none of what they show (the prices above) serves the build's.
    const cardBefore = await app.inject({ url: '/social-card.png' });
    expect(cardBefore.headers['content-type']).toBe('image/png');
    expect(cardBefore.rawPayload.equals(built('social-card.png'))).toBe(true);
    expect((await app.inject({ url: '/icon-192.png' })).rawPayload.equals(built('icon-192.png'))).toBe(true);

    const rebranded = structuredClone(content);
    rebranded.tagline = 'Tacos that travel further';
    rebranded.theme = { primary: '#123456', accent: '#abcdef' };
    // Without a logo mark of its own, the icons are the mark drawn in its colours.
    delete rebranded.logoMark;
    await publish(rebranded);
    const card = await app.inject({ url: '/social-card.png', headers: { 'if-none-match': cardBefore.headers.etag } });
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(built('social-card.png'))).toBe(false);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const corner = await sharp(card.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner.subarray(0, 3)]).toEqual([0x12, 0x34, 0x56]);
    expect((await app.inject({ url: '/icon-192.png' })).rawPayload.equals(built('icon-192.png'))).toBe(false);
    const icon = await app.inject({ url: '/icon.svg' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toContain('fill="#abcdef"');
    const revalidated = await app.inject({ url: '/social-card.png', headers: { 'if-none-match': card.headers.etag } });
    expect(revalidated.statusCode).toBe(304);

    const theme = ':root{--brand:#123456;--accent:#abcdef}';
    const page = await app.inject({ url: '/' });
    expect(page.body).toContain(`<style>${theme}</style>`);
    expect(page.headers['content-security-policy']).toContain(`'${styleHashOf(theme)}'`);
    expect((await app.inject({ url: '/inquiry' })).body).toContain(`<style>${theme}</style>`);

    // Back to what the build drew: its files again, and no style of the version's own.
    await publish(structuredClone(content));
    expect((await app.inject({ url: '/social-card.png' })).rawPayload.equals(built('social-card.png'))).toBe(true);
    expect((await app.inject({ url: '/' })).body).not.toContain('--brand:#123456');
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
    const broken = withFirstPackage('Broken', 31);
    const group = broken.packageGroups.find((candidate) => candidate.id === broken.truckPackageGroup)!;
    group.packages[0]!.photo = { src: 'images/never-built.jpg', alt: 'Nothing' };
    await publish(broken);
    // Published: the store and the port have it; only the render could not be made.
    expect(JSON.stringify(app.content.current().content)).toContain('From $31 / guest');
    const still = await app.inject({ url: '/' });
    expect(still.headers.etag).toBe(live.headers.etag);
    expect(still.body).not.toContain('From $31 / guest');
  });
});

describe.each(['sqlite', 'postgres'] as const)('a publish on %s, two instances', (engine) => {
  it('the other instance renders it and serves the new page (with and without JavaScript) within its look', async () => {
    const env: Record<string, string> = {
      CLIENT_DIR,
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    };
    const build = { contentLookEveryMs: 100 };
    const first = await startOwnerApp(env, { build });
    const second = await startOwnerApp({ ...env, DATA_DIR: first.config.dataDir }, { build });
    await second.app.ready();
    const before = await second.app.inject({ url: '/' });
    expect(before.body).not.toContain('From $88 / guest');

    const cookie = await cookieOf(first.app);
    const next = withFirstPackage('Second Instance', 88);
    await call(first.app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: next } });
    const publish = await call(first.app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(publish.json()).toEqual({ version: 2 });

    await until('the second instance to render version 2', () =>
      second.app.siteRenderer?.current().version === 2 ? true : undefined,
    );
    await second.app.siteRenderer!.settled();
    const after = await second.app.inject({ url: '/' });
    expect(after.body).toContain('From $88 / guest');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(pageData(after.body).content.packageGroups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          packages: expect.arrayContaining([expect.objectContaining({ name: 'Second Instance' })]),
        }),
      ]),
    );
    expect((await second.app.inject({ url: '/inquiry' })).body).toContain('Second Instance');
    expect(second.app.siteRenderer!.renders()).toBe(2);
  });
});

describe.each(['sqlite', 'postgres'] as const)('a live version that cannot be drawn, on %s', (engine) => {
  it('at start, serves the newest version that can be drawn and says so in the log, never exits', async () => {
    const env: Record<string, string> = {
      CLIENT_DIR,
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    };
    const first = await startOwnerApp(env);
    const store = first.owners.siteContent;
    expect((await store.publish(1, withFirstPackage('Drawable', 77), 'o@x.test', new Date())).status).toBe('published');
    // Version 3 names a photo nobody uploaded (published before the editor checked pictures).
    const broken = withFirstPackage('Broken', 31);
    broken.packageGroups.find((group) => group.id === broken.truckPackageGroup)!.packages[0]!.photo = {
      src: `upload:${'ab'.repeat(32)}`,
      alt: 'Nothing',
    };
    expect((await store.publish(2, broken, 'o@x.test', new Date())).status).toBe('published');

    const logs: string[] = [];
    const second = await startOwnerApp(
      { ...env, DATA_DIR: first.config.dataDir, LOG_LEVEL: 'error' },
      { build: { logStream: { write: (line) => void logs.push(line) } } },
    );
    expect(second.app.content.current().version).toBe(3);
    expect(second.app.siteRenderer!.current().version).toBe(2);
    const page = (await second.app.inject({ url: '/' })).body;
    expect(page).toContain('From $77 / guest');
    expect(page).not.toContain('From $31 / guest');
    const logged = logs.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: expect.stringContaining('version 3 could not be rendered; version 2'),
      }),
    );
  });
});
