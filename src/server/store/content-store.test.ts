// One contract, two engines (record 250): published versions are kept and numbered
// after the content file's version 1; the draft is one, kept until discarded or
// published; a publish from a version that is no longer live writes nothing, and of
// two publishes from the same version exactly one wins.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { FILE_VERSION } from './content-store.js';

const OWNER = 'owner@tacos.example';
const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 10, minute));
// Key order kept as written (a reordering engine would show here).
const doc = (name: string) => ({ zeta: 1, name, alpha: [3, 1, 2], nested: { b: 'é', a: null } });

describe.each(OWNER_STORE_ENGINES)('the content store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('starts at the content file’s version, with no draft and nothing published', async () => {
    const { siteContent } = (await open()).owners;
    expect(await siteContent.liveVersion()).toBe(FILE_VERSION);
    expect(await siteContent.versions()).toEqual([]);
    expect(await siteContent.version(FILE_VERSION)).toBeUndefined();
    expect(await siteContent.draft()).toBeUndefined();
    expect(await siteContent.discardDraft()).toBe(false);
  });

  it('keeps one draft, replaced by each save, until discarded', async () => {
    const { siteContent } = (await open()).owners;
    await siteContent.saveDraft({ baseVersion: 1, content: doc('first'), savedAt: at(1).toISOString() });
    await siteContent.saveDraft({ baseVersion: 1, content: { not: 'valid content' }, savedAt: at(2).toISOString() });
    expect(await siteContent.draft()).toEqual({
      baseVersion: 1,
      content: { not: 'valid content' },
      savedAt: at(2).toISOString(),
    });
    expect(await siteContent.discardDraft()).toBe(true);
    expect(await siteContent.draft()).toBeUndefined();
  });

  it('publishes versions in order, keeps each, and takes the draft it published', async () => {
    const stores = await open();
    const { siteContent } = stores.owners;
    await siteContent.saveDraft({ baseVersion: 1, content: doc('two'), savedAt: at(1).toISOString() });
    expect(await siteContent.publish(1, doc('two'), OWNER, at(2))).toEqual({ status: 'published', version: 2 });
    expect(await siteContent.draft()).toBeUndefined();
    // A draft with other content stays when a version is published (a restore).
    await siteContent.saveDraft({ baseVersion: 2, content: doc('typing'), savedAt: at(3).toISOString() });
    expect(await siteContent.publish(2, doc('three'), OWNER, at(4))).toEqual({ status: 'published', version: 3 });
    expect((await siteContent.draft())?.content).toEqual(doc('typing'));
    expect(await siteContent.liveVersion()).toBe(3);
    const three = { version: 3, content: doc('three'), publishedAt: at(4).toISOString(), publishedBy: OWNER };
    expect(await siteContent.version(3)).toEqual(three);
    expect(JSON.stringify((await siteContent.version(3))?.content)).toBe(JSON.stringify(doc('three')));
    expect((await siteContent.versions()).map((v) => v.version)).toEqual([3, 2]);
    // Kept across a restart.
    expect(await (await stores.reopen()).siteContent.version(3)).toEqual(three);
  });

  it('refuses a publish from a version that is no longer live, writing nothing', async () => {
    const { siteContent } = (await open()).owners;
    await siteContent.publish(1, doc('two'), OWNER, at(1));
    await siteContent.saveDraft({ baseVersion: 1, content: doc('old tab'), savedAt: at(2).toISOString() });
    expect(await siteContent.publish(1, doc('old tab'), OWNER, at(3))).toEqual({ status: 'stale', liveVersion: 2 });
    expect(await siteContent.liveVersion()).toBe(2);
    expect((await siteContent.draft())?.content).toEqual(doc('old tab'));
    // Nor from a version that was never live.
    expect(await siteContent.publish(7, doc('future'), OWNER, at(4))).toEqual({ status: 'stale', liveVersion: 2 });
  });

  it('of publishes from the same version at once, exactly one wins', async () => {
    const { siteContent } = (await open()).owners;
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => siteContent.publish(1, doc(name), OWNER, at(1))),
    );
    expect(results.filter((result) => result.status === 'published')).toEqual([{ status: 'published', version: 2 }]);
    expect(results.filter((result) => result.status === 'stale')).toHaveLength(3);
    expect((await siteContent.versions()).map((v) => v.version)).toEqual([2]);
  });
});
