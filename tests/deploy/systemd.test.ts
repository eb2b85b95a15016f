// The shipped systemd units pass `systemd-analyze verify` (where systemd is installed:
// not in most containers), with ExecStart's node pointed at this machine's, and the
// backup unit, which reads the whole store, is sandboxed at least as tightly as the
// server's (`systemd-analyze security`; it was 8.5 EXPOSED against 1.6 in the review).
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

  it.skipIf(!existsSync(ANALYZE))(
    `sandbox the backup as tightly as the server${existsSync(ANALYZE) ? '' : ' (no systemd here)'}`,
    () => {
      const exposure = (unit: string) => {
        const output = execFileSync(ANALYZE, ['security', '--offline=yes', join('deploy', unit)], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
        return Number(/Overall exposure level for \S+: ([\d.]+)/.exec(output)?.[1]);
      };
      const server = exposure('curbside.service');
      const backup = exposure('curbside-backup.service');
      expect(server).toBeLessThan(2);
      expect(backup).toBeLessThanOrEqual(server);
      // It needs no network at all.
      const unit = readFileSync('deploy/curbside-backup.service', 'utf8');
      expect(unit).toMatch(/^PrivateNetwork=yes$/m);
      expect(unit).toMatch(/^RestrictAddressFamilies=AF_UNIX$/m);
    },
  );
});
