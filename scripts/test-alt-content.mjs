// `npm run test:e2e:alt-content`: the browser tests of what a visitor and a customer see
// (the owner's inbox pages are the demo run's, record 450), against a site built from a
// second, different content file (content/examples/coffee-cart.ts, or
// ALT_CONTENT_FILE), proving that the page, the form, the server's rules and the
// tests follow the content rather than the demo's words. Only the site is built for
// it, into a folder of its own (dist/alt/client, scripts/build-output.ts): the
// server's build is the same for every content file, and the default build in
// dist/client stays as it was, for `npm start` and `npm run test:e2e`.
// `npm test` runs the same two steps (scripts/test.mjs), the build beside the others.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const alternative = process.env.ALT_CONTENT_FILE || 'content/examples/coffee-cart.ts';

/** The environment of the build and the browser tests of the second business. */
const altContentEnv = {
  CONTENT_FILE: alternative,
  CLIENT_DIR: 'dist/alt/client',
  E2E_OUTPUT_DIR: 'test-results-alt',
  // What a visitor and a customer see; the owner's inbox pages are the demo run's (record 450).
  E2E_VISITOR_SIDE_ONLY: '1',
};

/** Its two steps: [label, command, args, environment]. */
export const altContentSteps = (testArgs = []) => [
  [`build the site from ${alternative} (into dist/alt)`, 'npm', ['run', 'build:site'], altContentEnv],
  [`browser tests of the visitor's side on ${alternative}`, 'npx', ['playwright', 'test', ...testArgs], altContentEnv],
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const steps = altContentSteps(process.argv.slice(2));
  if (!existsSync('dist/node/src/server/main.js')) {
    steps.unshift(['build the server', 'npm', ['run', 'build:server'], {}]);
  }
  for (const [label, command, args, env] of steps) {
    console.log(`\n=== ${label} ===`);
    const status = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
    if (status !== 0) {
      console.error(`\ntest:e2e:alt-content: ${label} failed.`);
      process.exit(status);
    }
  }
}
