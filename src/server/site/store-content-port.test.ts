// The store's content port (record 251), on both engines: version 1 is the content
// file; a publish here is served once refreshed; a publish through another connection
// to the same database (another instance) is picked up by the look every second.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { until } from '../../../tests/support/until.js';
import type { LiveContent } from './content-port.js';
import { storeContentPort } from './store-content-port.js';

const OWNER = 'owner@tacos.example';
const renamed = (name: string) => ({ ...structuredClone(content), name });

describe.each(OWNER_STORE_ENGINES)('the content port on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('serves the content file as version 1 on a fresh store, then each version published here', async () => {
    const { siteContent } = (await open()).owners;
    const port = storeContentPort({ store: siteContent, fileContent: content });
    expect(await port.refresh()).toEqual({ version: 1, content, publishedAt: null, publishedBy: null });
    const seen: LiveContent[] = [];
    port.onChange((live) => seen.push(live));
    const at = new Date('2031-01-01T10:00:00Z');
    await siteContent.publish(1, renamed('Lucky Lime Two'), OWNER, at);
    // Nothing changes until the port looks.
    expect(port.current().version).toBe(1);
    await port.refresh();
    expect(port.current()).toEqual({
      version: 2,
      content: renamed('Lucky Lime Two'),
      publishedAt: at.toISOString(),
      publishedBy: OWNER,
    });
    expect(seen.map((live) => live.version)).toEqual([2]);
    // Looking again finds nothing newer and tells nobody.
    await port.refresh();
    expect(seen).toHaveLength(1);
  });

  it('serves a live version the schema now refuses with the newest earlier content it takes, and says so', async () => {
    const { siteContent } = (await open()).owners;
    await siteContent.publish(1, renamed('Still Fine'), OWNER, new Date());
    // Published when the schema took any host (record 400 tightened it): it cannot be served.
    const old = { ...renamed('Old Schema'), siteUrl: 'https://a"onfocus=alert(1)"x.example' };
    await siteContent.publish(2, old, OWNER, new Date());
    const errors: unknown[] = [];
    const port = storeContentPort({ store: siteContent, fileContent: content, onError: (error) => errors.push(error) });
    const live = await port.refresh();
    expect(live.version).toBe(3);
    expect(live.content.name).toBe('Still Fine');
    expect(String(errors[0])).toContain('siteUrl');
    // The owner's next publish starts from the live version.
    expect((await siteContent.publish(live.version, renamed('Mended'), OWNER, new Date())).status).toBe('published');
    expect((await port.refresh()).content.name).toBe('Mended');
  });

  it('picks up a version published by another instance on the same database', async () => {
    const stores = await open();
    const port = storeContentPort({ store: stores.owners.siteContent, fileContent: content, lookEveryMs: 50 });
    await port.refresh();
    port.start();
    try {
      const other = await stores.another();
      await other.siteContent.publish(1, renamed('Elsewhere'), OWNER, new Date());
      const live = await until('the other instance’s version', () =>
        port.current().version === 2 ? port.current() : undefined,
      );
      expect(live.content.name).toBe('Elsewhere');
    } finally {
      port.stop();
    }
  });
});
