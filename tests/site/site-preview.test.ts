// The owner's Preview and uploaded photos on the rendered site (issue 37, records 270 and
// 271), on the real app and the real build (`npm run build`, as `npm test` builds before
// this stage): Preview draws the page with the draft for a signed-in owner only, never
// indexed; a draft with problems is not drawn but listed; a published menu item with an
// uploaded photo is drawn from the photos' files.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BusinessContent, content } from '../../content/index.js';
import { call, cookieOf, ORIGIN, startOwnerApp } from '../support/owner-app.js';
import { gpsJpeg } from '../support/photos.js';

const CLIENT_DIR = resolve('dist/client');

describe('Preview and uploaded photos on the rendered site', () => {
  beforeAll(() => {
    if (!existsSync(resolve('dist/ssr/entry-server.js')))
      throw new Error('No build of the site in dist/: run "npm run build" first (npm test builds before this stage).');
  });

  it('shows the signed-in owner the page with the draft, not indexed; a draft with problems is listed, not drawn', async () => {
    const { app } = await startOwnerApp({ CLIENT_DIR });
    expect((await app.inject({ url: '/inbox/site/preview' })).statusCode).toBe(401);
    const cookie = await cookieOf(app);
    const draft: BusinessContent = { ...structuredClone(content), tagline: 'A tagline only the draft has' };
    const saved = await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: draft } });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await app.inject({ url: '/inbox/site/preview', headers: { cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.body).toContain('A tagline only the draft has');
    expect(preview.body).toContain('<meta name="robots" content="noindex"');
    // The public page is not the draft.
    expect((await app.inject({ url: '/' })).body).not.toContain('A tagline only the draft has');

    const broken = { ...draft, tagline: '' };
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: broken } });
    const refused = await app.inject({ url: '/inbox/site/preview', headers: { cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('tagline: ');
  });

  it('lists a picture it cannot draw (never uploaded, never built) rather than failing, and publishes nothing', async () => {
    const { app, owners } = await startOwnerApp({ CLIENT_DIR });
    const cookie = await cookieOf(app);
    const field = 'packageGroups[0].packages[0].photo.src';
    for (const src of [`upload:${'ab'.repeat(32)}`, 'images/never-built.jpg']) {
      const draft = structuredClone(content);
      draft.packageGroups[0]!.packages[0]!.photo = { src, alt: 'Nothing' };
      const saved = await call(app, 'PUT', '/api/owner/site/draft', {
        cookie,
        body: { baseVersion: 1, content: draft },
      });
      expect(Object.keys(saved.json().issues), src).toEqual([field]);
      const preview = await app.inject({ url: '/inbox/site/preview', headers: { cookie } });
      expect(preview.statusCode, src).toBe(409);
      expect(preview.body).toContain(`${field}: No such`);
      const refused = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
      expect(refused.statusCode, src).toBe(400);
    }
    expect(await owners.siteContent.liveVersion()).toBe(1);
  });

  it('draws a published menu item’s uploaded photo from the photos’ files', async () => {
    const { app } = await startOwnerApp({ CLIENT_DIR });
    const cookie = await cookieOf(app);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/owner/site/photos',
      headers: { cookie, origin: ORIGIN, 'content-type': 'image/jpeg' },
      payload: await gpsJpeg(),
    });
    const { src } = upload.json();
    const next = structuredClone(content);
    next.menu!.groups[0]!.items[0]!.photo = { src, alt: 'The uploaded taco' };
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: next } });
    const published = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(published.statusCode, published.body).toBe(200);
    await app.content.refresh();
    await app.siteRenderer!.settled();
    const page = (await app.inject({ url: '/' })).body;
    const hash = src.slice('upload:'.length);
    expect(page).toContain(`/photos/${hash}-dish-240.webp`);
    expect(page).toContain('The uploaded taco');
    expect((await app.inject({ url: `/photos/${hash}-dish-240.webp` })).statusCode).toBe(200);
  });
});
