// The README's "How it is built" map cannot drift from the house (issue 26 item 5):
// each line opens with a folder that exists, every file or folder it names exists
// (beside that folder, or from the project's root: `inbox.html`), and every folder in
// src/ and each of their own folders is named, so a room added or removed shows here.
// The folders are git's: not the ones other tests make for a moment (boundaries.test.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const section = readme.split(/^## How it is built$/m)[1] ?? '';
const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
/** Each folder of the map with its words; an indented line goes on with the one above. */
const lines = block
  .split('\n')
  .filter(Boolean)
  .reduce<{ head: string; rest: string }[]>((all, line) => {
    const [, head = '', rest = ''] = /^(\S*)\s*(.*)$/.exec(line) ?? [];
    if (head) all.push({ head, rest });
    else if (all.length > 0) all[all.length - 1]!.rest += ` ${rest}`;
    return all;
  }, []);

/** Names in a line's words that read as a file or a folder: `routes/`, `inquiry-fields.ts`, `inbox.html`. */
const namesIn = (words: string) =>
  [...words.matchAll(/(?<![\w.-])([\w.-]+\/|[\w-]+(?:\.[\w-]+)*\.(?:tsx?|mjs|js|json|html|css))(?![\w/])/g)].map(
    ([name]) => name,
  );

/** src/'s folders and their folders, as git tracks them: `src/server`, `src/server/owner`. */
const rooms = () => {
  const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = files.map((file) => dirname(file).split('/').slice(0, 3).join('/'));
  return [...new Set(folders.flatMap((folder) => [folder.split('/').slice(0, 2).join('/'), folder]))];
};

describe('the README’s map of the house', () => {
  it('is there', () => {
    expect(lines.length).toBeGreaterThan(5);
  });

  it.each(lines)('$head exists, and every file or folder its line names', ({ head, rest }) => {
    expect(existsSync(head), `${head} is in the map but not in the house`).toBe(true);
    for (const name of namesIn(rest)) {
      expect(existsSync(join(head, name)) || existsSync(name), `${head} names ${name}, which is not there`).toBe(true);
    }
  });

  it('names every folder in src/ and each of their folders', () => {
    const named = new Set<string>();
    const folder = (path: string) => named.add(path.replace(/\/$/, ''));
    for (const { head, rest } of lines) {
      folder(head);
      for (const name of namesIn(rest)) if (name.endsWith('/')) folder(join(head, name));
    }
    expect(rooms().filter((room) => !named.has(room))).toEqual([]);
  });
});
