// The deploy guide never has root run npm: `npm ci` runs the packages' install scripts,
// and as root in a root-owned app folder a compromised package would own the machine
// (review of 2026-11-26, N11). It builds and upgrades as a user of its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const commands = readFileSync('docs/deploy.md', 'utf8')
  .split(/^```sh$/m)
  .slice(1)
  .map((block) => block.split(/^```$/m)[0]!)
  .join('\n')
  .split('\n')
  .flatMap((line) => line.replace(/#.*$/, '').split(/&&|;/))
  .map((command) => command.trim())
  .filter(Boolean);

/** The program a command line runs, past `sudo [-u user]` and `env VAR=value`. */
function programOf(command: string): string {
  const words = command.split(/\s+/);
  let at = 0;
  if (words[at] === 'sudo') at += words[at + 1] === '-u' ? 3 : 1;
  if (words[at] === 'env') at++;
  while (words[at]?.includes('=')) at++;
  return words[at] ?? '';
}

describe('docs/deploy.md', () => {
  it('runs npm and git in the app folder as the build user, never as root', () => {
    const npmOrGit = commands.filter((command) => ['npm', 'git'].includes(programOf(command)));
    expect(npmOrGit.some((command) => /\bnpm ci\b/.test(command))).toBe(true);
    for (const command of npmOrGit) expect(command, command).toMatch(/^sudo -u curbside-build (npm|git) /);
  });
});
