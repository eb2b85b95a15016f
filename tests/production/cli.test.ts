// The CLIs in production: the build and the lock file, installed with
// `npm ci --omit=dev` (no tsx, no Vite, nothing for development only), still export the inquiries,
// back the store up and restore it. Installed without scripts, better-sqlite3's compiled
// binding taken from this checkout's own install (record 450).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildNewInquiry } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';

/** The native part of better-sqlite3, as its install script builds it. */
const SQLITE_BINDING = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const SHIPPED = ['package.json', 'package-lock.json', '.npmrc', 'dist', 'scripts/cli.mjs', 'scripts/ensure-build.mjs'];

describe('a production install (npm ci --omit=dev)', () => {
  let app: string;
  let installLog = '';
  const data = freshDataDir();

  beforeAll(() => {
    if (!existsSync('dist/node/src/cli/inquiries.js')) throw new Error('No build: run "npm run build" first.');
    app = mkdtempSync(join(tmpdir(), 'curbside-production-'));
    for (const path of SHIPPED) cpSync(path, join(app, path), { recursive: true });
    // Without install scripts: the one a runtime dependency has is better-sqlite3's, which
    // compiles SQLite (two minutes on CI's two cores) into the very file this checkout's own
    // `npm ci` made from the same lock file for the same Node: that file is taken (record 450).
    const install = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: app, encoding: 'utf8' },
    );
    if (install.status !== 0) throw new Error(`npm ci failed:\n${install.stderr}`);
    installLog = install.stdout + install.stderr;
    cpSync(SQLITE_BINDING, join(app, SQLITE_BINDING));
  }, 600_000);

  afterAll(() => {
    rmSync(app, { recursive: true, force: true });
    data.remove();
  });

  it(`installs on this Node (${process.version}) without engine warnings`, () => {
    expect(installLog).not.toMatch(/EBADENGINE/);
  });

  it('has no development tools', () => {
    for (const tool of ['tsx', 'vite', 'vitest']) expect(existsSync(join(app, 'node_modules', tool))).toBe(false);
    // Nothing the lock file marks as for development only. TypeScript is marked "devOptional":
    // an optional peer of Valibot's (for its types; record 230), so npm keeps it.
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages).filter(([path, entry]) => path && entry.dev === true);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.map(([path]) => path).filter((path) => existsSync(join(app, path)))).toEqual([]);
  });

  it('decodes photos: sharp and heic-decode are runtime dependencies (record 270)', () => {
    const script =
      "const sharp = require('sharp'); require('heic-decode');" +
      "sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).avif().toBuffer()" +
      '.then((b) => sharp(b).metadata()).then((m) => console.log(m.format))';
    expect(execFileSync('node', ['-e', script], { cwd: app, encoding: 'utf8' }).trim()).toBe('heif');
  });

  /** `npm run NAME -- ARGS` in the production install, on the store in `dataDir`; its standard output. */
  const npmRun = (name: string, args: string[], dataDir = data.dir) =>
    execFileSync('npm', ['run', '--silent', name, '--', ...args], {
      cwd: app,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });

  it('exports the inquiries with npm run inquiries', async () => {
    const inquiry = buildNewInquiry();
    const store = openSqliteStore(data.dir);
    await store.create(inquiry);
    await store.close();

    const output = npmRun('inquiries', ['--format', 'json']);
    expect(JSON.parse(output)).toEqual([expect.objectContaining({ id: inquiry.id, email: inquiry.document.email })]);
  });

  it('backs the store up with npm run backup and restores it with npm run restore', async () => {
    const inquiry = buildNewInquiry();
    const live = freshDataDir();
    const restored = freshDataDir();
    try {
      const store = openSqliteStore(live.dir);
      await store.create(inquiry);
      await store.close();
      const file = join(live.dir, 'backup.sqlite');
      expect(npmRun('backup', [file], live.dir)).toMatch(/^Backed up to .*backup\.sqlite .*\n {2}1 inquiry, /);
      expect(npmRun('restore', [file], restored.dir)).toMatch(/^Restored into .*\n {2}1 inquiry, /);
      const copy = openSqliteStore(restored.dir);
      expect((await copy.list()).map((row) => row.id)).toEqual([inquiry.id]);
      await copy.close();
    } finally {
      live.remove();
      restored.remove();
    }
  });
});
