// Every SQLite connection and statement, the server's and the tests', goes through
// store/sqlite/sqlite-statements.ts, which keeps it from the garbage collector (a
// collected one aborts Node 24).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

// The checkpointer's and the writer's workers prepare their statements once and keep them for their life.
const ALLOWED = new Set([
  'src/server/store/sqlite/sqlite-statements.ts',
  'src/server/store/sqlite/sqlite-checkpointer.ts',
  'src/server/store/sqlite/sqlite-writer.ts',
]);

describe('SQLite statements', () => {
  it('are opened and prepared only through sqlite-statements.ts, and pragmas set with exec', () => {
    const offenders = [...sources('src'), ...sources('tests')].filter(
      (path) =>
        !ALLOWED.has(path) &&
        !path.endsWith('sqlite-statements.test.ts') &&
        /\b(db|database|sqlite)\.(prepare|pragma)\(|new Database\(/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
