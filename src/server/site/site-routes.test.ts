// The owner's site API (contract 2; record 250), on both engines: only a signed-in owner,
// only from this site; a draft is kept as typed with its issues by field; a publish from
// a stale version is refused (409) and keeps the draft; an invalid one is refused (400)
// naming the field and publishes nothing; history says what changed; restore republishes.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import type { BusinessContent } from '../../../content/schema.js';

/** The content with the Basic package at `amount` a guest (its card's text following). */
function basicAt(amount: number): BusinessContent {
  const edited = structuredClone(content);
  const basic = edited.packageGroups.flatMap((group) => group.packages).find((card) => card.name === 'Basic')!;
  basic.pricing = { per: 'guest', amount };
  basic.price = `From $${amount} / guest`;
  return edited;
}
const basicPath = () => {
  const g = content.packageGroups.findIndex((group) => group.packages.some((card) => card.name === 'Basic'));
  const p = content.packageGroups[g]!.packages.findIndex((card) => card.name === 'Basic');
  return `packageGroups[${g}].packages[${p}]`;
};

describe.each(['sqlite', 'postgres'] as const)('the owner’s site API on %s', (engine) => {
  const start = async () => {
    const started = await startOwnerApp(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {});
    return { ...started, cookie: await cookieOf(started.app) };
  };

  it('is the signed-in owner’s alone, and changed only from this site', async () => {
    const { app, owners, cookie } = await start();
    for (const [method, url] of [
      ['GET', '/api/owner/site'],
      ['PUT', '/api/owner/site/draft'],
      ['DELETE', '/api/owner/site/draft'],
      ['POST', '/api/owner/site/publish'],
      ['GET', '/api/owner/site/history'],
      ['POST', '/api/owner/site/restore'],
    ] as const) {
      const response = await call(app, method, url, method === 'GET' ? {} : { body: { baseVersion: 1 } });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    }
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: basicAt(20) } });
    for (const [method, url, body] of [
      ['PUT', '/api/owner/site/draft', { baseVersion: 1, content: basicAt(30) }],
      ['POST', '/api/owner/site/publish', { baseVersion: 1 }],
      ['DELETE', '/api/owner/site/draft', undefined],
      ['POST', '/api/owner/site/restore', { version: 1, baseVersion: 1 }],
    ] as const) {
      const foreign = await app.inject({
        method,
        url,
        headers: { cookie, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect(foreign.statusCode, url).toBe(403);
    }
    expect(await owners.siteContent.liveVersion()).toBe(1);
    expect((await owners.siteContent.draft())?.content).toEqual(basicAt(20));
  });

  it('starts at the content file, keeps a draft as typed with its issues, and publishes it', async () => {
    const { app, cookie } = await start();
    const fresh = (await call(app, 'GET', '/api/owner/site', { cookie })).json();
    expect(fresh).toEqual({
      live: { version: 1, publishedAt: null, publishedBy: null, content: JSON.parse(JSON.stringify(content)) },
      draft: null,
      issues: {},
    });
    // An invalid draft is kept, with each wrong field's message.
    const typing = basicAt(14);
    typing.packageGroups[0]!.packages[1]!.price = 'From $16 / guest';
    const broken = { ...typing, name: '' };
    const saved = await call(app, 'PUT', '/api/owner/site/draft', {
      cookie,
      body: { baseVersion: 1, content: broken },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().issues).toEqual({ name: 'must not be empty' });
    expect(saved.json().draft).toMatchObject({ baseVersion: 1, content: broken, savedAt: expect.any(String) });
    const view = (await call(app, 'GET', '/api/owner/site', { cookie })).json();
    expect(view.draft.content).toEqual(broken);
    expect(view.issues).toEqual({ name: 'must not be empty' });
    // What is not a content document at all is a 400; over the cap, 413.
    const notContent = await call(app, 'PUT', '/api/owner/site/draft', {
      cookie,
      body: { baseVersion: 1, content: [] },
    });
    expect(notContent.statusCode).toBe(400);
    expect(notContent.json().fields).toEqual({ content: 'must be an object' });
    const huge = { ...basicAt(14), tagline: 'x'.repeat(300 * 1024) };
    const tooBig = await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: huge } });
    expect(tooBig.statusCode).toBe(413);
    expect((await call(app, 'GET', '/api/owner/site', { cookie })).json().draft.content).toEqual(broken);

    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: basicAt(14) } });
    const published = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ version: 2 });
    const live = (await call(app, 'GET', '/api/owner/site', { cookie })).json();
    expect(live.live).toMatchObject({ version: 2, publishedBy: OWNER, content: basicAt(14) });
    expect(live.draft).toBeNull();
    expect(app.content.current().version).toBe(2);
  });

  it('refuses an invalid publish naming the field, and publishes nothing', async () => {
    const { app, cookie, owners } = await start();
    const wrong = basicAt(14);
    wrong.packageGroups[0]!.packages[1]!.price = 'From $16 / guest';
    const edited = structuredClone(wrong);
    const basic = edited.packageGroups.flatMap((group) => group.packages).find((card) => card.name === 'Basic')!;
    basic.price = 'Cheap';
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: edited } });
    const refused = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(refused.statusCode).toBe(400);
    const field = `${basicPath()}.price`;
    expect(Object.keys(refused.json().fields)).toEqual([field]);
    expect(refused.json().message).toContain(field);
    expect(await owners.siteContent.liveVersion()).toBe(1);
    expect(app.content.current().version).toBe(1);
    expect((await owners.siteContent.draft())?.content).toEqual(edited);
    // Nor a javascript: link.
    const sneaky = { ...basicAt(14), social: [{ label: 'Hi', href: 'javascript:alert(1)' }] };
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: sneaky } });
    const link = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(link.statusCode).toBe(400);
    expect(link.json().fields).toEqual({ 'social[0].href': 'must be a #section, https, mailto: or tel: link' });
    expect(await owners.siteContent.liveVersion()).toBe(1);
  });

  it('refuses a picture the page cannot draw (never uploaded, never built) in the draft, a publish and a restore', async () => {
    const { app, cookie, owners } = await start();
    const photoField = 'packageGroups[0].packages[0].photo.src';
    const withPhoto = (src: string) => {
      const next = basicAt(14);
      next.packageGroups[0]!.packages[0]!.photo = { src, alt: 'A photo' };
      return next;
    };
    const notUploaded = withPhoto(`upload:${'ab'.repeat(32)}`);
    const saved = await call(app, 'PUT', '/api/owner/site/draft', {
      cookie,
      body: { baseVersion: 1, content: notUploaded },
    });
    expect(saved.json().issues).toEqual({ [photoField]: 'No such photo: upload it again' });
    expect((await call(app, 'GET', '/api/owner/site', { cookie })).json().issues).toEqual(saved.json().issues);
    const refused = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ [photoField]: 'No such photo: upload it again' });
    expect(refused.json().message).toContain(photoField);
    // A file of the content folder the build did not make (without a build: not the content file's).
    await call(app, 'PUT', '/api/owner/site/draft', {
      cookie,
      body: { baseVersion: 1, content: withPhoto('images/never-built.jpg') },
    });
    const unbuilt = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(unbuilt.statusCode).toBe(400);
    expect(Object.keys(unbuilt.json().fields)).toEqual([photoField]);
    expect(await owners.siteContent.liveVersion()).toBe(1);
    expect(app.content.current().version).toBe(1);
    // A version in the store that names one (published before this check) is not restored.
    await owners.siteContent.publish(1, notUploaded, OWNER, new Date());
    await owners.siteContent.publish(2, basicAt(18), OWNER, new Date());
    const restore = await call(app, 'POST', '/api/owner/site/restore', {
      cookie,
      body: { version: 2, baseVersion: 3 },
    });
    expect(restore.statusCode).toBe(400);
    expect(restore.json().fields).toEqual({ [photoField]: 'No such photo: upload it again' });
    expect(await owners.siteContent.liveVersion()).toBe(3);
  });

  it('refuses a publish from a stale version with 409, keeping the draft', async () => {
    const { app, cookie, owners } = await start();
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: basicAt(14) } });
    expect((await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } })).json()).toEqual({
      version: 2,
    });
    // The other device still on version 1.
    await call(app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: basicAt(18) } });
    const stale = await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale',
      message: 'Published from another device since you opened this',
      live: { version: 2, content: basicAt(14) },
    });
    expect(await owners.siteContent.liveVersion()).toBe(2);
    expect((await owners.siteContent.draft())?.content).toEqual(basicAt(18));
    // Discarded: gone.
    expect((await call(app, 'DELETE', '/api/owner/site/draft', { cookie })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/owner/site', { cookie })).json().draft).toBeNull();
    // With no draft, publish says so.
    expect((await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 2 } })).statusCode).toBe(
      404,
    );
  });

  it('tells the history in words, newest first, and restores an old version as a new one', async () => {
    const { app, cookie } = await start();
    for (const [base, amount] of [
      [1, 12],
      [2, 14],
    ] as const) {
      await call(app, 'PUT', '/api/owner/site/draft', {
        cookie,
        body: { baseVersion: base, content: basicAt(amount) },
      });
      await call(app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: base } });
    }
    const history = (await call(app, 'GET', '/api/owner/site/history', { cookie })).json();
    expect(history.versions).toEqual([
      { version: 3, publishedAt: expect.any(String), publishedBy: OWNER, changes: ['Basic: $12 → $14 per guest'] },
      { version: 2, publishedAt: expect.any(String), publishedBy: OWNER, changes: ['Basic: $16 → $12 per guest'] },
      { version: 1, publishedAt: null, publishedBy: null, changes: ['The content file'] },
    ]);
    const stale = await call(app, 'POST', '/api/owner/site/restore', { cookie, body: { version: 2, baseVersion: 2 } });
    expect(stale.statusCode).toBe(409);
    const restored = await call(app, 'POST', '/api/owner/site/restore', {
      cookie,
      body: { version: 2, baseVersion: 3 },
    });
    expect(restored.json()).toEqual({ version: 4 });
    expect(app.content.current().content).toEqual(basicAt(12));
    const [newest] = (await call(app, 'GET', '/api/owner/site/history', { cookie })).json().versions;
    expect(newest).toMatchObject({ version: 4, changes: ['Basic: $14 → $12 per guest'] });
    const missing = await call(app, 'POST', '/api/owner/site/restore', {
      cookie,
      body: { version: 9, baseVersion: 4 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
