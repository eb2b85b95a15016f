// CONTENT_FILE replaces content/business.ts for the build, the server and the
// tests; a wrong one stops them with a message naming it.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { business } from './business.js';
import { business as coffeeCart } from './examples/coffee-cart.js';

/** What content/index.ts gives a fresh Node process (through tsx, as the build's scripts run). */
function contentWith(file: string | undefined): string {
  const env = { ...process.env, CONTENT_FILE: file ?? '' };
  try {
    return execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./content/index.ts').then((m) => console.log(m.contentFile + ' ' + m.content.name), (e) => { console.log('error: ' + e.message); })",
      ],
      { env, encoding: 'utf8' },
    ).trim();
  } catch (error) {
    return `failed: ${String(error)}`;
  }
}

describe('CONTENT_FILE', () => {
  it('defaults to content/business.ts', () => {
    expect(contentWith(undefined)).toBe(`content/business.ts ${business.name}`);
  });

  it('names another content file under content/', () => {
    expect(contentWith('content/examples/coffee-cart.ts')).toBe(`content/examples/coffee-cart.ts ${coffeeCart.name}`);
  });

  it('refuses a file outside content/, naming it', () => {
    expect(contentWith('package.json')).toBe(
      'error: CONTENT_FILE=package.json: must be a .ts file under content/ (e.g. content/examples/coffee-cart.ts)',
    );
  });
});

describe('a mistake in a menu item', () => {
  it('stops the build, naming the file and the field', { timeout: 60_000 }, () => {
    // A content file of its own under content/ (a dotfile: no type check or lint picks it up meanwhile).
    const file = `content/.menu-mistake-${randomUUID()}.ts`;
    writeFileSync(
      file,
      `import { business as demo } from './business.js';
const business = structuredClone(demo);
business.menu.groups[1].items[2].tags = ['vegetarian', 'nut-free'];
export { business };
`,
    );
    // Outside dist/, which the production-install test copies meanwhile (scripts/test.mjs).
    const outDir = mkdtempSync(join(tmpdir(), 'curbside-never-'));
    try {
      const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir], {
        env: { ...process.env, CONTENT_FILE: file },
        encoding: 'utf8',
      });
      expect(build.status).not.toBe(0);
      expect(build.stdout + build.stderr).toContain(
        `${file}: menu.groups[1].items[2].tags[1]: must be one of vegan, vegetarian, gluten-free, contains-nuts`,
      );
    } finally {
      rmSync(file, { force: true });
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
