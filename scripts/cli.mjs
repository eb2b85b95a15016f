// `npm run inquiries|owner -- …`: runs a command-line tool from the build (plain
// Node, so it works in a production install without tsx), building first when needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuild } from './ensure-build.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = `dist/node/src/cli/${name}.js`;
ensureBuild();
if (!existsSync(entry)) {
  console.error(`No command "${name}" (looked for ${entry}).`);
  process.exit(2);
}
const result = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
