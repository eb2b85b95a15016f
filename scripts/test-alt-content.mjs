// `npm run test:e2e:alt-content`: the browser tests against a site built from a
// second, different content file (content/examples/coffee-cart.ts, or
// ALT_CONTENT_FILE), proving that the page, the form, the server's rules and the
// tests follow the content rather than the demo's words. Afterwards the default
// build is put back, so `npm start` and `npm run test:e2e` serve the owner's content.
import { spawnSync } from 'node:child_process';

const alternative = process.env.ALT_CONTENT_FILE || 'content/examples/coffee-cart.ts';
const { CONTENT_FILE: _ignored, ...baseEnv } = process.env;

function run(label, command, args, env) {
  console.log(`\n=== ${label} ===`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

const altEnv = { ...baseEnv, CONTENT_FILE: alternative };
let status = run(`build from ${alternative}`, 'npm', ['run', 'build'], altEnv);
if (status === 0)
  status = run(`browser tests on ${alternative}`, 'npx', ['playwright', 'test', ...process.argv.slice(2)], altEnv);
const restored = run('build from content/business.ts again', 'npm', ['run', 'build'], baseEnv);
if (status !== 0) console.error(`\ntest:e2e:alt-content: the browser tests on ${alternative} failed.`);
process.exit(status || restored);
