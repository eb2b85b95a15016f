// The Node 24 pass (scripts/test-node24.sh) runs the suites vitest.runtime.config.ts
// names: each of its patterns must still name a test, so a suite renamed or moved does
// not drop out of that pass unseen.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import runtime from '../../vitest.runtime.config.js';

const tests = ['src', 'tests'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => `${dir}/${path}`),
);
/** A glob of the config as a regular expression: `**` any folders, `*` any name part. */
const matcher = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );

describe('the Node 24 pass', () => {
  it.each(runtime.test?.include ?? [])('%s names at least one test', (glob) => {
    expect(tests.filter((path) => matcher(glob).test(path))).not.toEqual([]);
  });
});
