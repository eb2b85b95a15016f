// .env.example is the list of settings a developer reads: every variable the
// configuration reads is in it (set or commented out), and it names none that
// nothing reads. The configuration is read through an environment that notes each
// name asked for, so a new setting cannot be missed by a list kept by hand.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** Read by content/index.ts when it loads, before any configuration. */
const READ_AT_IMPORT = ['CONTENT_FILE'];

function namesReadByTheConfiguration(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-env-example-'));
  const read = new Set<string>(READ_AT_IMPORT);
  const env = new Proxy<Record<string, string | undefined>>(
    { DATA_DIR: dir },
    {
      get(target, name) {
        if (typeof name !== 'string') return undefined;
        read.add(name);
        return target[name];
      },
      has(target, name) {
        if (typeof name === 'string') read.add(name);
        return name in target;
      },
    },
  );
  try {
    loadConfig(env, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [...read].sort();
}

const namesInTheExample = () =>
  [...readFileSync('.env.example', 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!).sort();

it('.env.example names every setting the server reads, and nothing else', () => {
  const example = namesInTheExample();
  expect(new Set(example).size, 'a name twice in .env.example').toBe(example.length);
  expect(example).toEqual(namesReadByTheConfiguration());
});
