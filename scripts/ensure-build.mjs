// Builds when the build is missing or older than the sources (so an owner's
// content edit shows up), for `npm start` and the CLIs. A production install
// (`npm ci --omit=dev`) has no build tools: there the build shipped is used as is.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUTS = ['dist/client/index.html', 'dist/node/src/server/main.js'];
const SOURCES = [
  'content',
  'src',
  'index.html',
  'inbox.html',
  'vite.config.ts',
  'vite.inbox.config.ts',
  'package.json',
];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function ensureBuild() {
  const built = OUTPUTS.every((path) => existsSync(path));
  const canBuild = existsSync('node_modules/.bin/vite') && existsSync('src');
  if (!canBuild) {
    if (built) return;
    console.error('No build in dist/ and no build tools here: run "npm ci && npm run build" first.');
    process.exit(1);
  }
  const builtAt = built ? Math.min(...OUTPUTS.map((path) => statSync(path).mtimeMs)) : 0;
  // A build of another content file (CONTENT_FILE, written by the build to dist/content-file) is not this one.
  const contentFile = process.env.CONTENT_FILE || 'content/business.ts';
  const builtContent = existsSync('dist/content-file') ? readFileSync('dist/content-file', 'utf8') : contentFile;
  const fresh = builtAt >= Math.max(...SOURCES.filter((path) => existsSync(path)).map(newest));
  if (fresh && builtContent === contentFile) return;
  console.error(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  // The build's own output goes to stderr, so a CLI's standard output stays clean.
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
