// `npm test`: every suite, against real parts: lint, types, the production build (of
// the demo and of a second business), unit/API/store tests (real SQLite and
// PostgreSQL), browser tests (Debian's Chromium against each build), and the CLIs
// from a production install. A missing browser or database fails here, at once, with
// the command that installs it; nothing is skipped.
//
// Stages run one after the other; within a stage, lanes run side by side (CI has two
// cores; record 131 says what shares a stage and why), each lane's steps in order. The
// first lane prints as it goes, the others each step's output when it ends. A failed
// step ends its lane, and the run after its stage. Each step's time is printed when
// it ends, and all of them at the end.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { altContentSteps } from './test-alt-content.mjs';

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

const [altBuild, altBrowserTests] = altContentSteps();

/** The suites that load the machine and hold it to time (a server SIGKILLed under 32 clients, each create due within 30 s; creates within a second under 50 clients): one at a time, with nothing but WAITING beside them. */
const UNDER_LOAD = 'tests/crash';
/** Those of UNDER_LOAD that mostly wait (a relay taking a second a message, leases running out): a quarter of a core, so they run beside the others (record 450). */
const WAITING = ['fenced-sends', 'orphaned-claims', 'waits-on-the-clock'].map(
  (name) => `${UNDER_LOAD}/${name}.test.ts`,
);

/** [name, command, args, environment] */
const step = (name, command, args, env = {}) => [name, command, args, env];
/** [stage, lanes]: the lanes of a stage run side by side, the steps of a lane in order. */
const STAGES = [
  [
    'checks and builds',
    [
      [
        step('lint, format and import boundaries', 'npm', ['run', 'lint']),
        step('typecheck', 'npm', ['run', 'typecheck']),
      ],
      [step('build', 'npm', ['run', 'build']), altBuild],
    ],
  ],
  [
    'unit, API and store tests; the production install and Node 24',
    [
      [step('unit, API and store tests', 'npx', ['vitest', 'run', '--exclude', `${UNDER_LOAD}/**`])],
      [
        step('production install: the CLIs without dev dependencies', 'npx', [
          'vitest',
          'run',
          '--config',
          'vitest.production.config.ts',
        ]),
        // The current LTS too: the suites whose subject can differ between runtimes (record 450).
        step('Node 24: the suites whose subject can differ between runtimes', 'bash', ['scripts/test-node24.sh']),
      ],
    ],
  ],
  [
    'tests under load',
    [
      [
        step(`tests under load (${UNDER_LOAD}/ but the waiting ones)`, 'npx', [
          'vitest',
          'run',
          '--maxWorkers=1',
          ...WAITING.flatMap((file) => ['--exclude', file]),
          UNDER_LOAD,
        ]),
      ],
      [
        step(`tests that wait under load (${WAITING.join(', ')})`, 'npx', [
          'vitest',
          'run',
          '--maxWorkers=1',
          ...WAITING,
        ]),
      ],
    ],
  ],
  // One business after the other: each run keeps both cores' browsers busy, and beside each
  // other a toast's dismissal went by before the test could see it.
  ['browser tests', [[step('browser tests on content/business.ts', 'npx', ['playwright', 'test']), altBrowserTests]]],
];

const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** Runs a step; its output goes straight through when `live`, else is printed whole when it ends. */
function run([name, command, args, env], live) {
  const started = Date.now();
  if (live) console.log(`\n=== ${name} ===`);
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const status = code ?? (signal ? 1 : 0);
      if (!live)
        process.stdout.write(`\n=== ${name} (ran beside the others of its stage) ===\n${Buffer.concat(output)}`);
      console.log(`\n--- ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
      resolve({ name, ms, status });
    });
  });
}

const results = [];
const began = Date.now();
let failed;
for (const [stage, lanes] of STAGES) {
  const stageStarted = Date.now();
  const laneResults = await Promise.all(
    lanes.map(async (steps, lane) => {
      const done = [];
      for (const each of steps) {
        const result = await run(each, lane === 0);
        done.push(result);
        if (result.status !== 0) break;
      }
      return done;
    }),
  );
  const stageResults = laneResults.flat();
  results.push({ stage, ms: Date.now() - stageStarted, steps: stageResults });
  failed = stageResults.find((result) => result.status !== 0);
  if (failed) break;
}

console.log('\nnpm test: the time of each stage, and of its steps (those of a stage ran side by side)');
for (const { stage, ms, steps } of results) {
  console.log(`  ${stage}: ${seconds(ms)}`);
  for (const { name, ms: stepMs, status } of steps)
    console.log(`      ${seconds(stepMs).padStart(10)}  ${name}${status === 0 ? '' : ' (FAILED)'}`);
}
console.log(`  in all: ${seconds(Date.now() - began)}`);
if (failed) {
  console.error(`\nnpm test: ${failed.name} failed.`);
  process.exit(failed.status);
}
console.log('\nnpm test: every suite passed.');
