// The backup's own restore hint works as printed (issue 32 item 7), and a restore that
// is pointed at no store says so instead of a stack trace.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { freshDataDir } from '../../tests/support/databases.js';
import { openSqliteStore } from '../server/store/sqlite/sqlite-store.js';
import { restoreCommand } from './backup.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const env = (more: Record<string, string>) => {
  const { DATA_DIR: _dataDir, DATABASE_URL: _url, ...rest } = process.env;
  return { ...rest, ...more };
};

describe('the restore command a backup prints', () => {
  const removals: (() => void)[] = [];
  afterEach(() => {
    for (const remove of removals.splice(0)) remove();
  });

  it('names the app’s folder and the store in full; from a service, as the service’s user', () => {
    expect(restoreCommand('/var/lib/curbside', '/backups/a.sqlite', { terminal: true, cwd: '/opt/curbside' })).toBe(
      'cd /opt/curbside && DATA_DIR=/var/lib/curbside npm run restore -- /backups/a.sqlite',
    );
    expect(
      restoreCommand('/var/lib/curbside', '/backups/a.sqlite', {
        terminal: false,
        user: 'curbside',
        cwd: '/opt/curbside',
      }),
    ).toBe(
      'cd /opt/curbside && sudo -u curbside env DATA_DIR=/var/lib/curbside node scripts/cli.mjs restore /backups/a.sqlite',
    );
    expect(restoreCommand("/srv/o'hara data", '/b.sqlite', { terminal: true, cwd: '/app' })).toBe(
      "cd /app && DATA_DIR='/srv/o'\\''hara data' npm run restore -- /b.sqlite",
    );
  });

  it('restores as printed, run from another folder and with no DATA_DIR in the shell', async () => {
    const live = freshDataDir();
    const elsewhere = freshDataDir();
    removals.push(live.remove, elsewhere.remove);
    const inquiry = buildNewInquiry();
    const store = openSqliteStore(live.dir);
    await store.create(inquiry);
    await store.close();
    const file = join(live.dir, 'backup.sqlite');
    await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', file], {
      cwd: ROOT,
      env: env({ DATA_DIR: live.dir }),
    });
    const printed = restoreCommand(live.dir, file, { terminal: true, cwd: ROOT });
    const { stdout } = await run('sh', ['-c', printed], { cwd: elsewhere.dir, env: env({}) });
    expect(stdout).toContain(`Restored into ${live.dir}`);
    expect(existsSync(join(elsewhere.dir, 'data'))).toBe(false);
  }, 120_000);

  it('a restore pointed at no store folder says what to set, and changes nothing', async () => {
    const data = freshDataDir();
    removals.push(data.remove);
    const missing = join(data.dir, 'data');
    const result = await run(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', join(data.dir, 'x.sqlite')], {
      cwd: ROOT,
      env: env({ DATA_DIR: missing }),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Cannot restore: there is no store folder at .*\/data\. Set DATA_DIR to the server's/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(missing)).toBe(false);
  });
});
