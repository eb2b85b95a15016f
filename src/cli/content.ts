// The site's content, from the command line (issue 37, record 250):
//
//   npm run content -- export FILE   (the published version as one JSON file)
//   npm run content -- import FILE   (checked, then published as a new version)
//   npm run content -- history       (every version, newest first, with what changed)
//
// On the store the server uses (DATABASE_URL, else DATA_DIR); the servers pick an
// imported version up within seconds, as they do a publish from the inbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { content as contentFile } from '../../content/index.js';
import type { BusinessContent } from '../../content/schema.js';
import { ConfigError } from '../server/config-error.js';
import { loadStoreConfig } from '../server/config.js';
import { loadEnvFile } from '../server/env-file.js';
import { openPhotoLibrary } from '../server/photos/photo-library.js';
import { builtPicturesIn, pictureCheck } from '../server/site/picture-check.js';
import { siteEditor } from '../server/site/site-editor.js';
import { storeContentPort } from '../server/site/store-content-port.js';
import { openOwnerStore } from '../server/store/open-owner-store.js';
import type { OwnerStore } from '../server/store/owner-store.js';

export const USAGE = `Usage: npm run content -- <command>

  export FILE   writes the site's published content to FILE (JSON)
  import FILE   checks FILE and publishes it as a new version (an invalid file
                publishes nothing and names the field)
  history       lists the published versions, newest first, with what changed

The content is kept in the store the server uses: the PostgreSQL database at
DATABASE_URL when it is set, otherwise the SQLite file under DATA_DIR (default ./data).`;

/** What an export file says it is. */
export const EXPORT_KIND = 'curbside-site-content';
/** Who published a version imported here (the inbox records the owner's e-mail). */
export const IMPORTED_BY = 'npm run content -- import';

export type Command =
  | { kind: 'help' }
  | { kind: 'export' | 'import'; file: string }
  | { kind: 'history' }
  | { kind: 'error'; message: string };

export function parseCommand(argv: readonly string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'history') {
    return rest.length === 0 ? { kind: 'history' } : { kind: 'error', message: '"history" takes no arguments.' };
  }
  if (command === 'export' || command === 'import') {
    if (rest.length !== 1 || !rest[0]) return { kind: 'error', message: `"${command}" takes one argument: the file.` };
    return { kind: command, file: rest[0] };
  }
  return { kind: 'error', message: `Unknown command "${command}".` };
}

export class UserError extends Error {}

/** The content inside an export file (or a file that is the content itself). */
function contentInFile(file: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UserError(`${file} is not a JSON file (${(error as Error).message}): nothing published.`);
  }
  const wrapped = parsed as { kind?: unknown; content?: unknown } | null;
  return wrapped?.kind === EXPORT_KIND ? wrapped.content : parsed;
}

export async function run(
  command: Exclude<Command, { kind: 'help' | 'error' }>,
  store: OwnerStore,
  fileContent: BusinessContent,
  out: (line: string) => void,
  now = () => new Date(),
): Promise<void> {
  const port = storeContentPort({ store: store.siteContent, fileContent });
  // Only pictures the page can draw (record 400): the build's here (CLIENT_DIR, as the server's) or an uploaded photo.
  const built = builtPicturesIn(resolve(process.env.CLIENT_DIR || 'dist/client'));
  const pictures = pictureCheck(() => built, fileContent, await openPhotoLibrary(store.photos));
  const editor = siteEditor(store.siteContent, port, pictures);
  const live = await port.refresh();
  if (command.kind === 'export') {
    // Photos uploaded in the inbox are referenced as upload:<hash>; their bytes are not in the file yet.
    const exported = { kind: EXPORT_KIND, version: live.version, publishedAt: live.publishedAt, content: live.content };
    writeFileSync(command.file, `${JSON.stringify(exported, null, 2)}\n`);
    out(`Wrote version ${live.version} of the site's content to ${command.file}.`);
  } else if (command.kind === 'import') {
    const outcome = await editor.publish(live.version, contentInFile(command.file), IMPORTED_BY, now());
    if (outcome.status === 'invalid') {
      const fields = Object.entries(outcome.fields).map(([path, message]) => `  ${path}: ${message}`);
      throw new UserError(`${command.file} was not published. Please check:\n${fields.join('\n')}`);
    }
    if (outcome.status !== 'published') throw new UserError('Published from elsewhere meanwhile: import again.');
    out(`Published ${command.file} as version ${outcome.version}.`);
  } else {
    for (const entry of await editor.history()) {
      const who = entry.publishedAt ? `${entry.publishedAt} by ${entry.publishedBy}` : 'the content file';
      out(`${entry.version}\t${who}${live.version === entry.version ? '\t(live)' : ''}`);
      for (const change of entry.changes) out(`\t${change}`);
    }
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.kind === 'help' || command.kind === 'error') {
    if (command.kind === 'error') process.stderr.write(`${command.message}\n\n`);
    (command.kind === 'help' ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return command.kind === 'help' ? 0 : 2;
  }
  try {
    loadEnvFile();
    const store = await openOwnerStore(loadStoreConfig());
    try {
      await run(command, store, contentFile, (line) => process.stdout.write(`${line}\n`));
    } finally {
      await store.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UserError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.umask(0o077);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`Cannot run the command: ${(error as Error).message ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
