// `npm start`: builds first when the build is missing or older than the sources
// (so an owner's content edit shows up), then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/client/index.html', 'dist/node/src/server/main.js'];
const sources = ['content', 'src', 'index.html', 'vite.config.ts', 'package.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = outputs.every((path) => existsSync(path))
  ? Math.min(...outputs.map((path) => statSync(path).mtimeMs))
  : 0;
// A build of another content file (CONTENT_FILE) is not this one.
const contentFile = process.env.CONTENT_FILE || 'content/business.ts';
const builtContent = existsSync('dist/content-file') ? readFileSync('dist/content-file', 'utf8') : contentFile;
if (builtAt < Math.max(...sources.filter((path) => existsSync(path)).map(newest)) || builtContent !== contentFile) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../dist/node/src/server/main.js');
