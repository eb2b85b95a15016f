// The owner's export: prints every inquiry, newest first, as CSV or JSON, from
// the store the server uses (DATABASE_URL, or the SQLite file under DATA_DIR), each
// with the owner's work on it: its status, when that last changed, and the notes.
//
//   npm run inquiries -- --format csv --output inquiries.csv
//   npm run --silent inquiries -- --format json | jq .
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../server/config-error.js';
import { loadStoreConfig } from '../server/config.js';
import { loadEnvFile } from '../server/env-file.js';
import { FORMATS, type Format, formatInquiries, inquiriesWithWork, WORK_COLUMNS } from '../server/inquiry-export.js';
import { openOwnerStore } from '../server/store/open-owner-store.js';
import { SQLITE_FILE } from '../server/store/sqlite/sqlite-store.js';
import { runAsEntry } from './command-line.js';

export const USAGE = `Usage: npm run inquiries -- [--format csv|json] [--output FILE]

Prints every event inquiry, newest first, to standard output or to FILE.

  --format csv   one row per inquiry with a header row (the default);
                 opens in any spreadsheet
  --format json  an array of objects
  --output FILE  writes to FILE (readable by you only) instead
  --help         shows this help

The inquiries are read from the store the server uses: the PostgreSQL database
at DATABASE_URL when it is set, otherwise the SQLite file under DATA_DIR
(default ./data). Inquiries flagged as likely spam are included; see the
spamReason column. After the inquiry's fields come the inbox's: ownerStatus
(New, Contacted, Quoted, Booked, Declined or Spam), statusChangedAt and
ownerNotes (your notes, oldest first).

Examples:
  npm run inquiries -- --format csv --output inquiries.csv
  npm run --silent inquiries -- --format json > inquiries.json
(without --silent, npm adds its own lines to standard output)`;

/** The owner's work, by the names the columns have in the inbox's rows. */
const CLI_WORK_COLUMNS = Object.fromEntries(Object.keys(WORK_COLUMNS).map((key) => [key, key]));

export type ParsedArguments =
  | { kind: 'help' }
  | { kind: 'export'; format: Format; output: string | undefined }
  | { kind: 'error'; message: string };

export function parseArguments(argv: readonly string[]): ParsedArguments {
  let values: { format?: string | undefined; output?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        format: { type: 'string', short: 'f' },
        output: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const format = values.format ?? 'csv';
  if (!(FORMATS as readonly string[]).includes(format)) {
    return { kind: 'error', message: `Unknown format "${format}": use --format csv or --format json.` };
  }
  if (values.output === '') return { kind: 'error', message: 'Option --output needs a file name.' };
  return { kind: 'export', format: format as Format, output: values.output };
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArguments(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${USAGE}\n`);
    return 2;
  }

  let storeConfig: ReturnType<typeof loadStoreConfig>;
  try {
    loadEnvFile();
    storeConfig = loadStoreConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }

  let rows: object[] = [];
  if (!storeConfig.databaseUrl && !existsSync(join(storeConfig.dataDir, SQLITE_FILE))) {
    // Nothing was ever stored here: say so, and create nothing.
    process.stderr.write(
      `No inquiries yet: there is no database in ${storeConfig.dataDir} (set DATA_DIR or DATABASE_URL as for the server).\n`,
    );
  } else {
    const owners = await openOwnerStore(storeConfig);
    try {
      const everything = { q: '', status: '', from: '', to: '', spam: true, before: undefined, limit: 1000 } as const;
      rows = await inquiriesWithWork(owners.inbox, { ...everything }, Number.POSITIVE_INFINITY);
    } finally {
      await owners.close();
    }
  }
  const text = formatInquiries(rows, parsed.format, { more: CLI_WORK_COLUMNS });
  if (parsed.output === undefined) {
    await write(text);
  } else {
    // Personal data: readable by the owner only.
    writeFileSync(parsed.output, text, { mode: 0o600 });
    process.stderr.write(`Wrote ${rows.length} ${rows.length === 1 ? 'inquiry' : 'inquiries'} to ${parsed.output}.\n`);
  }
  return 0;
}

/** Writes to stdout and waits until it is flushed; a closed pipe (`| head`) is not an error. */
function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' ? resolve() : reject(error),
    );
    process.stdout.write(text, () => resolve());
  });
}

runAsEntry(import.meta.url, main, 'Cannot export the inquiries');
