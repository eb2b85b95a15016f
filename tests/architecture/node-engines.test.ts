// No EBADENGINE on the Node versions the README names (issue 17 item 5, record 095):
// every package the lock file installs on Linux x64 accepts Node 20.19 and 24, checked
// here from package-lock.json with npm's own check (npm-install-checks, which raises
// EBADENGINE), so a dependency that needs Node 22 fails this test by its name, on any
// machine and whatever Node runs the test. The production-install test sees only the
// Node it runs on.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README's "Node: 20.19+ and 24": the first release of each, the strictest for `>=` ranges. */
const NODE_VERSIONS = ['20.19.0', '24.0.0'];
/** The machine the project is installed on; packages for other systems are optional and skipped by npm. */
const PLATFORM = { os: 'linux', cpu: 'x64', libc: 'glibc' };

interface LockEntry {
  version?: string;
  link?: boolean;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
interface Lock {
  packages: Record<string, LockEntry>;
}
interface InstallChecks {
  checkEngine(target: LockEntry, npmVersion: string | null, nodeVersion: string): void;
  checkPlatform(target: LockEntry, force: boolean, environment: typeof PLATFORM): void;
}

/** npm's own checks, from the first npm on PATH whose package holds them (the one that installs the project). */
function npmInstallChecks(): InstallChecks {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const bin = join(dir, 'npm');
    if (!dir || !existsSync(bin)) continue;
    // bin/npm links to npm's bin/npm-cli.js; its package is one folder up.
    const npm = createRequire(join(dirname(realpathSync(bin)), '..', 'package.json'));
    try {
      return npm('npm-install-checks');
    } catch {
      // a wrapper script, not npm's own folder: look further
    }
  }
  throw new Error('No npm on PATH with its npm-install-checks module');
}

const installs = (checks: InstallChecks, entry: LockEntry) => {
  try {
    checks.checkPlatform(entry, false, PLATFORM);
    return true;
  } catch {
    return false;
  }
};

/** Each package npm would install on Linux x64 that refuses `nodeVersion`, by its path, name and wanted range. */
function engineProblems(lock: Lock, nodeVersion: string, checks = npmInstallChecks()): string[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.link && installs(checks, entry))
    .flatMap(([path, entry]) => {
      try {
        checks.checkEngine(entry, null, nodeVersion);
        return [];
      } catch {
        const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
        return [`${name}@${entry.version} (${path}) needs Node ${JSON.stringify(entry.engines)}`];
      }
    });
}

describe('the lock file on the Node versions the README names', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;

  it.each(NODE_VERSIONS)('installs on Node %s without EBADENGINE', (version) => {
    expect(engineProblems(lock, version)).toEqual([]);
  });

  it('names a package that needs a newer Node, and skips packages for other systems', () => {
    const accepts20 = { version: '2.0.0', engines: { node: '>=18' } };
    const problems = engineProblems(
      {
        packages: {
          '': { engines: { node: '>=20.19' } },
          'node_modules/light-my-request/node_modules/cookie': { ...accepts20, engines: { node: '>=22' } },
          'node_modules/@esbuild/darwin-arm64': {
            version: '0.25.0',
            os: ['darwin'],
            cpu: ['arm64'],
            engines: { node: '>=99' },
          },
          'node_modules/@img/sharp-linuxmusl-x64': {
            version: '0.35.0',
            os: ['linux'],
            cpu: ['x64'],
            libc: ['musl'],
            engines: { node: '>=99' },
          },
          'node_modules/fine': accepts20,
        },
      },
      '20.19.0',
    );
    expect(problems).toEqual([
      'cookie@2.0.0 (node_modules/light-my-request/node_modules/cookie) needs Node {"node":">=22"}',
    ]);
  });
});
