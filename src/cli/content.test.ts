// `npm run content` (record 250): the real CLI process on a real SQLite store: export,
// import (checked, published as a new version; an invalid file publishes nothing and
// names the field), history; and the round trip: what is exported imports back whole,
// its uploaded photos inside the file (record 370), on both engines.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { content } from '../../content/index.js';
import { freshDataDir, freshPostgresUrl } from '../../tests/support/databases.js';
import { call, cookieOf, ORIGIN, startOwnerApp } from '../../tests/support/owner-app.js';
import { gpsJpeg } from '../../tests/support/photos.js';
import { openSqliteOwnerStore } from '../server/store/sqlite/sqlite-owner-store.js';
import { EXPORT_KIND, parseCommand } from './content.js';

const CLIENT_DIR = resolve('dist/client');
beforeAll(() => {
  if (!existsSync(resolve('dist/ssr/entry-server.js')))
    throw new Error('No build of the site in dist/: run "npm run build" first (npm test builds before this stage).');
});

/** The public page once the app has rendered its live version. */
async function pageOf(app: FastifyInstance) {
  await app.content.refresh();
  await app.siteRenderer!.settled();
  return (await app.inject({ url: '/' })).body;
}

/** A data directory removed once the test has finished: after the owner app's afterEach closed the app that writes there. */
function dataDirForThisTest() {
  const data = freshDataDir();
  onTestFinished(data.remove);
  return data;
}

/** The CLI on the SQLite store in `store` (a directory), or on the store its DATA_DIR and DATABASE_URL name. */
function cli(args: string[], store: string | { DATA_DIR: string; DATABASE_URL: string }) {
  const env = typeof store === 'string' ? { DATA_DIR: store, DATABASE_URL: '' } : store;
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'content.ts'), ...args], {
    encoding: 'utf8',
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('parseCommand', () => {
  it('reads the three commands and refuses the rest', () => {
    expect(parseCommand(['export', 'site.json'])).toEqual({ kind: 'export', file: 'site.json' });
    expect(parseCommand(['import', 'site.json'])).toEqual({ kind: 'import', file: 'site.json' });
    expect(parseCommand(['history'])).toEqual({ kind: 'history' });
    expect(parseCommand([])).toEqual({ kind: 'help' });
    expect(parseCommand(['import'])).toMatchObject({ kind: 'error' });
    expect(parseCommand(['publish', 'x'])).toMatchObject({ kind: 'error', message: 'Unknown command "publish".' });
  });
});

describe('npm run content', () => {
  it('imports no picture the page cannot draw: nothing published, the field named (record 400)', async () => {
    const data = dataDirForThisTest();
    const file = join(data.dir, 'photo.json');
    const photo = structuredClone(content);
    // A picture the build never made (an upload in neither the file nor the store is refused before: content-photos.ts).
    photo.packageGroups[0]!.packages[0]!.photo = { src: 'images/never-built.jpg', alt: 'Nothing' };
    writeFileSync(file, JSON.stringify(photo));
    const refused = cli(['import', file], data.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('packageGroups[0].packages[0].photo.src: No such picture');
    const store = openSqliteOwnerStore(data.dir);
    try {
      expect(await store.siteContent.liveVersion()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('exports, imports and lists the versions; an export imports back whole', async () => {
    const data = dataDirForThisTest();
    const file = join(data.dir, 'site.json');

    expect(cli(['export', file], data.dir)).toMatchObject({
      code: 0,
      stdout: `Wrote version 1 of the site's content to ${file}.\n`,
    });
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported).toMatchObject({ kind: EXPORT_KIND, version: 1, content: JSON.parse(JSON.stringify(content)) });

    // The owner edits the file: the tagline, and a price (with its card's text).
    exported.content.tagline = 'Tacos for every crowd';
    exported.content.menu.groups[0].items[0].price = 5;
    writeFileSync(file, JSON.stringify(exported));
    expect(cli(['import', file], data.dir)).toMatchObject({ code: 0, stdout: `Published ${file} as version 2.\n` });

    // An invalid file: nothing published, the field named.
    const broken = join(data.dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({ ...exported.content, social: [{ label: 'x', href: 'javascript:alert(1)' }] }),
    );
    const refused = cli(['import', broken], data.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('social[0].href: must be a #section, https, mailto: or tel: link');
    writeFileSync(broken, '{ not json');
    expect(cli(['import', broken], data.dir)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a JSON file'),
    });

    const history = cli(['history'], data.dir);
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(
      /^2\t\S+ by npm run content -- import\t\(live\)\n\tAl pastor: \$4\.50 → \$5\n\tChanged the tagline\n1\tthe content file\n\tThe content file\n$/,
    );

    // The round trip: version 2 exported is what was imported, and imports again as version 3.
    const again = join(data.dir, 'again.json');
    expect(cli(['export', again], data.dir).code).toBe(0);
    expect(JSON.parse(readFileSync(again, 'utf8')).content).toEqual(exported.content);
    expect(cli(['import', again], data.dir).stdout).toBe(`Published ${again} as version 3.\n`);
    const store = openSqliteOwnerStore(data.dir);
    try {
      expect((await store.siteContent.versions()).map((v) => v.version)).toEqual([3, 2]);
      expect((await store.siteContent.version(3))?.content).toEqual(exported.content);
    } finally {
      await store.close();
    }
  });
});

describe.each(['sqlite', 'postgres'] as const)('npm run content with uploaded photos, on %s', (engine) => {
  it('exports the photos inside the file; an import on a fresh store serves the same page with them', async () => {
    const storeOf = async () => {
      const data = dataDirForThisTest();
      return { DATA_DIR: data.dir, DATABASE_URL: engine === 'postgres' ? await freshPostgresUrl() : '' };
    };
    const first = await storeOf();
    const one = await startOwnerApp({ ...first, CLIENT_DIR });
    const cookie = await cookieOf(one.app);
    const upload = await one.app.inject({
      method: 'POST',
      url: '/api/owner/site/photos',
      headers: { cookie, origin: ORIGIN, 'content-type': 'image/jpeg' },
      payload: await gpsJpeg(),
    });
    const { src } = upload.json();
    const next = structuredClone(content);
    next.menu!.groups[0]!.items[0]!.photo = { src, alt: 'The uploaded taco' };
    await call(one.app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: next } });
    expect(
      (await call(one.app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } })).statusCode,
    ).toBe(200);
    const pageOne = await pageOf(one.app);

    const file = join(first.DATA_DIR, 'site.json');
    expect(cli(['export', file], first)).toMatchObject({ code: 0 });
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    const original = await one.owners.photos.photoFile(`${src.slice('upload:'.length)}.jpg`);
    expect(Object.keys(exported.photos)).toEqual([src]);
    expect(Buffer.from(exported.photos[src].base64, 'base64').equals(original!.data)).toBe(true);

    const fresh = await storeOf();
    expect(cli(['import', file], fresh)).toMatchObject({ code: 0, stdout: `Published ${file} as version 2.\n` });
    const two = await startOwnerApp({ ...fresh, CLIENT_DIR });
    const [kept] = await two.owners.photos.photos();
    expect(kept).toMatchObject({ width: 1600, height: 1200, type: 'jpg' });
    // Made again as an upload is: a re-encoded JPEG may have other bytes, so another name; the page is otherwise the same.
    const pageTwo = await pageOf(two.app);
    expect(pageTwo).toContain(`/photos/${kept!.hash}-dish-240.webp`);
    expect(pageTwo).toBe(pageOne.replaceAll(src.slice('upload:'.length), kept!.hash));
    expect((await two.app.inject({ url: `/photos/${kept!.hash}-dish-240.webp` })).statusCode).toBe(200);
  });

  it('refuses a file whose photo does not decode, or that names a photo it does not carry: nothing kept', async () => {
    const data = dataDirForThisTest();
    const env = { DATA_DIR: data.dir, DATABASE_URL: engine === 'postgres' ? await freshPostgresUrl() : '' };
    const src = `upload:${'a'.repeat(64)}`;
    const next = structuredClone(content);
    next.menu!.groups[0]!.items[0]!.photo = { src, alt: 'A taco' };
    const file = join(data.dir, 'site.json');
    const write = (photos: unknown) =>
      writeFileSync(file, JSON.stringify({ kind: EXPORT_KIND, version: 2, content: next, photos }));

    write({ [src]: { contentType: 'image/jpeg', base64: Buffer.from('not a photo').toString('base64') } });
    const broken = cli(['import', file], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`photos["${src}"]: This file is not a photo this server can read.`);
    write({});
    const missing = cli(['import', file], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`menu.groups[0].items[0].photo.src: no photo ${src} in the file or in the store`);

    const { owners } = await startOwnerApp(env);
    expect(await owners.photos.photos()).toEqual([]);
    expect(await owners.siteContent.versions()).toEqual([]);
  });
});
