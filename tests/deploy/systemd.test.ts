// The shipped systemd units pass `systemd-analyze verify` (where systemd is installed:
// not in most containers), with ExecStart's node pointed at this machine's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ANALYZE = '/usr/bin/systemd-analyze';
const UNITS = ['curbside.service', 'curbside-backup.service', 'curbside-backup.timer'];

describe('deploy/*.service and *.timer', () => {
  it.skipIf(!existsSync(ANALYZE))(
    `pass systemd-analyze verify${existsSync(ANALYZE) ? '' : ' (no systemd here)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'curbside-units-'));
      try {
        for (const unit of UNITS)
          writeFileSync(
            join(dir, unit),
            readFileSync(join('deploy', unit), 'utf8').replaceAll('/usr/bin/node', process.execPath),
          );
        const output = execFileSync(ANALYZE, ['verify', ...UNITS], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
        expect(output).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
