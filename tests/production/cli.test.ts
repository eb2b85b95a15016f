// The CLIs in production: the build and the lock file, installed with
// `npm ci --omit=dev` (no tsx, no TypeScript, no Vite), still export the inquiries.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildNewInquiry } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';

const SHIPPED = ['package.json', 'package-lock.json', '.npmrc', 'dist', 'scripts/cli.mjs', 'scripts/ensure-build.mjs'];

describe('a production install (npm ci --omit=dev)', () => {
  let app: string;
  let installLog = '';
  const data = freshDataDir();

  beforeAll(() => {
    if (!existsSync('dist/node/src/cli/inquiries.js')) throw new Error('No build: run "npm run build" first.');
    app = mkdtempSync(join(tmpdir(), 'curbside-production-'));
    for (const path of SHIPPED) cpSync(path, join(app, path), { recursive: true });
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: app,
      encoding: 'utf8',
    });
    if (install.status !== 0) throw new Error(`npm ci failed:\n${install.stderr}`);
    installLog = install.stdout + install.stderr;
  }, 600_000);

  afterAll(() => {
    rmSync(app, { recursive: true, force: true });
    data.remove();
  });

  it(`installs on this Node (${process.version}) without engine warnings`, () => {
    expect(installLog).not.toMatch(/EBADENGINE/);
  });

  it('has no development tools', () => {
    for (const tool of ['tsx', 'typescript', 'vite', 'vitest'])
      expect(existsSync(join(app, 'node_modules', tool))).toBe(false);
  });

  it('exports the inquiries with npm run inquiries', async () => {
    const inquiry = buildNewInquiry();
    const store = openSqliteStore(data.dir);
    await store.create(inquiry);
    await store.close();

    const output = execFileSync('npm', ['run', '--silent', 'inquiries', '--', '--format', 'json'], {
      cwd: app,
      env: { ...process.env, DATA_DIR: data.dir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual([expect.objectContaining({ id: inquiry.id, email: inquiry.document.email })]);
  });
});
