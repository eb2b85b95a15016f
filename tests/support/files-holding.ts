// Which files under a folder hold any of some strings (as UTF-8 bytes): for tests that
// check an erasure left no copy anywhere in an engine's files. A file or folder that
// goes while it reads (another test's database dropped meanwhile) is passed over.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function filesHolding(dir: string, texts: readonly string[], skip: (path: string) => boolean = () => false) {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readOr(() => readdirSync(folder, { withFileTypes: true }), [])) {
      const path = join(folder, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const bytes = readOr(() => readFileSync(path), Buffer.alloc(0));
        if (texts.some((text) => bytes.includes(text))) found.push(path);
      }
    }
  };
  walk(dir);
  return found;
}

function readOr<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return otherwise;
    throw error;
  }
}
