// `npm test`: every suite, in order, against real parts: typecheck, production
// build, unit/API/store tests (real SQLite and PostgreSQL), then browser tests
// (Debian's Chromium against the build). A missing browser or database fails
// here, at once, with the command that installs it; nothing is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pgRoot = '/usr/lib/postgresql';
const hasPostgres =
  (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) ||
  (existsSync(pgRoot) && readdirSync(pgRoot).some((version) => existsSync(`${pgRoot}/${version}/bin/initdb`)));

const missing = [];
if (!existsSync(chromium)) missing.push(['chromium', `Chromium (looked for ${chromium}; or set CHROMIUM_PATH)`]);
if (!existsSync(process.env.CADDY_PATH ?? '/usr/bin/caddy'))
  missing.push(['caddy', 'Caddy, for the deploy test (looked for /usr/bin/caddy; or set CADDY_PATH)']);
if (!hasPostgres) missing.push(['postgresql', `PostgreSQL server binaries (looked in ${pgRoot}/*/bin; or set PG_BIN)`]);
if (missing.length > 0) {
  console.error(`npm test needs: ${missing.map(([, what]) => what).join('; ')}.`);
  console.error(
    `Install with: sudo apt-get update && sudo apt-get install -y ${missing.map(([pkg]) => pkg).join(' ')}`,
  );
  process.exit(1);
}

const steps = [
  ['lint, format and import boundaries', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['build', 'npm', ['run', 'build']],
  ['unit, API and store tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['playwright', 'test']],
  ['browser tests on a second business (content/examples/coffee-cart.ts)', 'npm', ['run', 'test:e2e:alt-content']],
  [
    'production install: the CLIs without dev dependencies',
    'npx',
    ['vitest', 'run', '--config', 'vitest.production.config.ts'],
  ],
];
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nnpm test: every suite passed.');
