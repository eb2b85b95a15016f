// The architecture's import rules (biome.json) catch a deliberate cross import:
// each probe is written for a moment into the named folder and linted there. Probes are
// named *.test.ts(x): the server's build and "sources changed" (scripts/ensure-build.mjs)
// pass over test files, so a CLI test building beside this one never sees them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

let probes = 0;

function lintAs(path: string, source: string): { failed: boolean; output: string } {
  const file = path.replace(/probe(\.tsx?)$/, `boundary-probe-${process.pid}-${++probes}.test$1`);
  writeFileSync(file, source);
  try {
    const result = spawnSync('npx', ['biome', 'lint', file], { encoding: 'utf8' });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(file);
  }
}

const probe = (from: string) => `import { thing } from '${from}';\nexport const probe = thing;\n`;

describe('import boundaries', () => {
  it.each([
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
  ])('%s may not import %s', (path, from) => {
    const { failed, output } = lintAs(path, probe(from));
    expect(failed).toBe(true);
    expect(output).toContain('noRestrictedImports');
  });

  it.each([
    ['src/web/probe.ts', '../shared/inquiry.js'],
    ['src/server/probe.ts', '../shared/inquiry.js'],
    ['src/web/probe.ts', '../../content/index.js'],
    ['src/inbox/probe.ts', '../shared/inbox-views.js'],
    ['src/inbox/probe.ts', '../../content/index.js'],
    ['src/cli/probe.ts', '../server/config.js'],
    ['src/server/quotes/probe.ts', '../store/quote-store.js'],
    ['src/server/store/probe.ts', './sqlite/sqlite-owner-store.js'],
  ])('%s may import %s', (path, from) => {
    expect(lintAs(path, probe(from))).toMatchObject({ failed: false });
  });

  it('no module imports itself through others (an import circle)', () => {
    const dir = `src/server/cycle-probe-${process.pid}`;
    mkdirSync(dir);
    try {
      writeFileSync(`${dir}/a.test.ts`, "import { b } from './b.test.js';\nexport const a = () => b;\n");
      writeFileSync(`${dir}/b.test.ts`, "import { a } from './a.test.js';\nexport const b = () => a;\n");
      const result = spawnSync('npx', ['biome', 'lint', dir], { encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain('noImportCycles');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('a circle through a type-only import is one too (content/ and src/shared/ had two)', () => {
    const dir = `src/shared/type-cycle-probe-${process.pid}`;
    mkdirSync(dir);
    try {
      writeFileSync(`${dir}/a.test.ts`, "import type { B } from './b.test.js';\nexport interface A { b?: B }\n");
      writeFileSync(`${dir}/b.test.ts`, "import { a } from './c.test.js';\nexport interface B { a: typeof a }\n");
      writeFileSync(`${dir}/c.test.ts`, "import type { A } from './a.test.js';\nexport const a: A = {};\n");
      const result = spawnSync('npx', ['biome', 'lint', dir], { encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain('noImportCycles');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
