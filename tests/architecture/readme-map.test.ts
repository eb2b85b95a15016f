// The README's "How it is built" map cannot drift from the house (issue 26 item 5):
// each line opens with a folder that exists, every file or folder it names exists
// (beside that folder, or from the project's root: `inbox.html`), and every folder in
// src/ and each of their own folders is named, so a room added or removed shows here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const section = readme.split(/^## How it is built$/m)[1] ?? '';
const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const lines = block
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [, head = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    return { head, rest };
  });

/** Names in a line's words that read as a file or a folder: `routes/`, `inquiry-fields.ts`, `inbox.html`. */
const namesIn = (words: string) =>
  [...words.matchAll(/(?<![\w.-])([\w.-]+\/|[\w-]+(?:\.[\w-]+)*\.(?:tsx?|mjs|js|json|html|css))(?![\w/])/g)].map(
    ([name]) => name,
  );

const folders = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());

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
    const rooms = folders('src').flatMap((room) => [
      join('src', room),
      ...folders(join('src', room)).map((inner) => join('src', room, inner)),
    ]);
    expect(rooms.filter((room) => !named.has(room))).toEqual([]);
  });
});
