// The site's content, from the command line (issue 37, record 250):
//
//   npm run content -- export FILE   (the published version as one JSON file, its photos inside it)
//   npm run content -- import FILE   (checked, its photos made as uploads are, then published as a new version)
//   npm run content -- history       (every version, newest first, with what changed)
//
// On the store the server uses (DATABASE_URL, else DATA_DIR); the servers pick an
// imported version up within seconds, as they do a publish from the inbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { content as contentFile } from '../../content/index.js';
import type { BusinessContent } from '../../content/schema.js';
import { loadStoreConfig } from '../server/config.js';
import { loadEnvFile } from '../server/env-file.js';
import { contentIssues, siteEditor } from '../server/site/site-editor.js';
import type { LiveContent } from '../server/site/content-port.js';
import { storeContentPort } from '../server/site/store-content-port.js';
import { openOwnerStore } from '../server/store/open-owner-store.js';
import type { Actor } from '../server/store/actor.js';
import type { OwnerStore } from '../server/store/owner-store.js';
import { answerUsage, exitCodeOf, runAsEntry, UserError } from './command-line.js';
import { exportPhotos, makeImportedPhotos, PhotoImportError, unknownUploads } from './content-photos.js';

export const USAGE = `Usage: npm run content -- <command>

  export FILE   writes the site's published content to FILE (JSON), the
                uploaded photos it shows inside it
  import FILE   checks FILE (and its photos, as an upload is checked) and
                publishes it as a new version (an invalid file publishes
                nothing and names the field)
  history       lists the published versions, newest first, with what changed

The content is kept in the store the server uses: the PostgreSQL database at
DATABASE_URL when it is set, otherwise the SQLite file under DATA_DIR (default ./data).`;

/** What an export file says it is. */
export const EXPORT_KIND = 'curbside-site-content';
/** Who published a version imported here (the inbox records the owner's e-mail). */
export const IMPORTED_BY = 'npm run content -- import';
/** Who keeps the photos an import brings (the inbox records the owner). */
const IMPORTING: Actor = { id: 'content-import', email: IMPORTED_BY };

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

/** The content inside an export file (or a file that is the content itself), and the photos it carries. */
function readContentFile(file: string): { content: unknown; photos: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UserError(`${file} is not a JSON file (${(error as Error).message}): nothing published.`);
  }
  const wrapped = parsed as { kind?: unknown; content?: unknown; photos?: unknown } | null;
  return wrapped?.kind === EXPORT_KIND
    ? { content: wrapped.content, photos: wrapped.photos }
    : { content: parsed, photos: undefined };
}

const notPublished = (file: string, fields: string[]) =>
  new UserError(`${file} was not published. Please check:\n${fields.map((field) => `  ${field}`).join('\n')}`);

/**
 * The file's content with its photos made as uploads are, checked whole before anything
 * is kept; then its photos kept (they must be there when the servers render it).
 */
async function importFile(file: string, store: OwnerStore): Promise<unknown> {
  const read = readContentFile(file);
  let made: Awaited<ReturnType<typeof makeImportedPhotos>>;
  try {
    made = await makeImportedPhotos(read.content, read.photos);
  } catch (error) {
    if (error instanceof PhotoImportError) throw notPublished(file, [error.message]);
    throw error;
  }
  const issues = contentIssues(made.content);
  if (Object.keys(issues).length > 0)
    throw notPublished(
      file,
      Object.entries(issues).map(([path, message]) => `${path}: ${message}`),
    );
  const unknown = await unknownUploads(made.content as BusinessContent, made.made, store.photos);
  if (unknown.length > 0)
    throw notPublished(
      file,
      unknown.map((use) => `${use.field}: no photo ${use.file} in the file or in the store`),
    );
  for (const photo of made.made) await store.photos.savePhoto(photo.info, photo.files, IMPORTING, new Date());
  return made.content;
}

async function exportFile(file: string, live: LiveContent, store: OwnerStore, out: (line: string) => void) {
  const { photos, missing } = await exportPhotos(live.content, store.photos);
  const exported = {
    kind: EXPORT_KIND,
    version: live.version,
    publishedAt: live.publishedAt,
    content: live.content,
    photos,
  };
  writeFileSync(file, `${JSON.stringify(exported, null, 2)}\n`);
  out(`Wrote version ${live.version} of the site's content to ${file}.`);
  for (const src of missing) out(`The store holds no photo ${src}: the file names it without it.`);
}

export async function run(
  command: Exclude<Command, { kind: 'help' | 'error' }>,
  store: OwnerStore,
  fileContent: BusinessContent,
  out: (line: string) => void,
  now = () => new Date(),
): Promise<void> {
  const port = storeContentPort({ store: store.siteContent, fileContent });
  const editor = siteEditor(store.siteContent, port);
  const live = await port.refresh();
  if (command.kind === 'export') {
    await exportFile(command.file, live, store, out);
  } else if (command.kind === 'import') {
    const outcome = await editor.publish(live.version, await importFile(command.file, store), IMPORTED_BY, now());
    if (outcome.status === 'invalid')
      throw notPublished(
        command.file,
        Object.entries(outcome.fields).map(([path, message]) => `${path}: ${message}`),
      );
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
  if (command.kind === 'help' || command.kind === 'error') return answerUsage(command, USAGE);
  return exitCodeOf(async () => {
    loadEnvFile();
    const store = await openOwnerStore(loadStoreConfig());
    try {
      await run(command, store, contentFile, (line) => process.stdout.write(`${line}\n`));
    } finally {
      await store.close();
    }
  });
}

runAsEntry(import.meta.url, main, 'Cannot run the command');
