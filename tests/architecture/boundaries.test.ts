// The architecture's import rules (biome.json) catch a deliberate cross import:
// each probe is written for a moment into the named folder, and all are linted in one run. Probes are
// named *.test.ts(x): the server's build and "sources changed" (scripts/ensure-build.mjs)
// pass over test files, so a CLI test building beside this one never sees them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FORBIDDEN: [string, string][] = [
  ['src/web/probe.ts', '../server/app.js'],
  ['src/web/sections/probe.tsx', '../../server/config.js'],
  ['src/web/probe.ts', '../inbox/app.js'],
  ['src/server/probe.ts', '../web/app.js'],
  ['src/server/routes/probe.ts', '../../inbox/app.js'],
  ['src/cli/probe.ts', '../web/app.js'],
  ['src/shared/probe.ts', '../server/config.js'],
  ['src/shared/probe.ts', '../web/app.js'],
  ['src/inbox/probe.ts', '../server/app.js'],
  ['src/inbox/probe.tsx', '../web/app.js'],
  ['src/inbox/probe.ts', '../cli/owner.js'],
  ['src/shared/probe.ts', '../inbox/inbox-app.js'],
  ['src/server/probe.ts', '../cli/inquiries.js'],
  ['src/server/owner/probe.ts', '../../cli/owner.js'],
  // A server feature reaches a store through its contract, never an engine's file (record 440).
  ['src/server/quotes/probe.ts', '../store/sqlite/sqlite-owner-store.js'],
  ['src/server/notify/channels/probe.ts', '../../store/postgres/postgres-outbox.js'],
];
const ALLOWED: [string, string][] = [
  ['src/web/probe.ts', '../shared/inquiry.js'],
  ['src/server/probe.ts', '../shared/inquiry.js'],
  ['src/web/probe.ts', '../../content/index.js'],
  ['src/inbox/probe.ts', '../shared/inbox-views.js'],
  ['src/inbox/probe.ts', '../../content/index.js'],
  ['src/cli/probe.ts', '../server/config.js'],
  ['src/server/quotes/probe.ts', '../store/quote-store.js'],
  ['src/server/store/probe.ts', './sqlite/sqlite-owner-store.js'],
];
/** Import circles, each a folder of files: a plain one, and one through a type-only import (content/ and src/shared/ had two). */
const CIRCLES = {
  plain: {
    dir: `src/server/cycle-probe-${process.pid}`,
    files: {
      'a.test.ts': "import { b } from './b.test.js';\nexport const a = () => b;\n",
      'b.test.ts': "import { a } from './a.test.js';\nexport const b = () => a;\n",
    },
  },
  typeOnly: {
    dir: `src/shared/type-cycle-probe-${process.pid}`,
    files: {
      'a.test.ts': "import type { B } from './b.test.js';\nexport interface A { b?: B }\n",
      'b.test.ts': "import { a } from './c.test.js';\nexport interface B { a: typeof a }\n",
      'c.test.ts': "import type { A } from './a.test.js';\nexport const a: A = {};\n",
    },
  },
};

const probe = (from: string) => `import { thing } from '${from}';\nexport const probe = thing;\n`;
/** Each probe's file: [path, imported] → the probe written there. */
const probeFiles = new Map<string, string>();
const fileOf = ([path, from]: [string, string]) => probeFiles.get(`${path} ${from}`)!;
/** The rules each linted file broke, by absolute path (Biome's GitHub reporter: one line per diagnostic). */
const broken = new Map<string, string[]>();

// Every probe is written at once and linted in one run of Biome (one start, not one per probe).
beforeAll(() => {
  let n = 0;
  for (const [path, from] of [...FORBIDDEN, ...ALLOWED]) {
    const file = path.replace(/probe(\.tsx?)$/, `boundary-probe-${process.pid}-${++n}.test$1`);
    writeFileSync(file, probe(from));
    probeFiles.set(`${path} ${from}`, file);
  }
  for (const { dir, files } of Object.values(CIRCLES)) {
    mkdirSync(dir);
    for (const [name, source] of Object.entries(files)) writeFileSync(`${dir}/${name}`, source);
  }
  const targets = [...probeFiles.values(), ...Object.values(CIRCLES).map(({ dir }) => dir)];
  const result = spawnSync('node_modules/.bin/biome', ['lint', '--reporter=github', ...targets], { encoding: 'utf8' });
  for (const match of result.stdout.matchAll(/^::error title=lint\/[a-z]+\/(\w+),file=([^,]+),/gm)) {
    broken.set(match[2]!, [...(broken.get(match[2]!) ?? []), match[1]!]);
  }
});

afterAll(() => {
  for (const file of probeFiles.values()) rmSync(file, { force: true });
  for (const { dir } of Object.values(CIRCLES)) rmSync(dir, { recursive: true, force: true });
});

const rulesBrokenIn = (file: string) => broken.get(resolve(file)) ?? [];
const rulesBrokenUnder = (dir: string) =>
  [...broken].filter(([file]) => file.startsWith(`${resolve(dir)}/`)).flatMap(([, rules]) => rules);

describe('import boundaries', () => {
  it.each(FORBIDDEN)('%s may not import %s', (path, from) => {
    expect(rulesBrokenIn(fileOf([path, from]))).toContain('noRestrictedImports');
  });

  it.each(ALLOWED)('%s may import %s', (path, from) => {
    expect(rulesBrokenIn(fileOf([path, from]))).toEqual([]);
  });

  it('no module imports itself through others (an import circle)', () => {
    expect(rulesBrokenUnder(CIRCLES.plain.dir)).toContain('noImportCycles');
  });

  it('a circle through a type-only import is one too (content/ and src/shared/ had two)', () => {
    expect(rulesBrokenUnder(CIRCLES.typeOnly.dir)).toContain('noImportCycles');
  });
});
