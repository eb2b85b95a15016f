// `npm run content` (record 250): the real CLI process on a real SQLite store: export,
// import (checked, published as a new version; an invalid file publishes nothing and
// names the field), history; and the round trip: what is exported imports back whole.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { freshDataDir } from '../../tests/support/databases.js';
import { openSqliteOwnerStore } from '../server/store/sqlite/sqlite-owner-store.js';
import { EXPORT_KIND, parseCommand } from './content.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function cli(args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'content.ts'), ...args], {
    encoding: 'utf8',
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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
    const data = freshDataDir();
    cleanups.push(data.remove);
    const file = join(data.dir, 'photo.json');
    const photo = structuredClone(content);
    photo.packageGroups[0]!.packages[0]!.photo = { src: `upload:${'ab'.repeat(32)}`, alt: 'Nothing' };
    writeFileSync(file, JSON.stringify(photo));
    const refused = cli(['import', file], data.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('packageGroups[0].packages[0].photo.src: No such photo: upload it again');
    const store = openSqliteOwnerStore(data.dir);
    try {
      expect(await store.siteContent.liveVersion()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('exports, imports and lists the versions; an export imports back whole', async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
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
