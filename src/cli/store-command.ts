// What the backup and restore commands share: one FILE argument, the store's
// settings as the server reads them (.env, DATA_DIR), SQLite only, and an error that
// says what to do rather than a stack trace.
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../server/config-error.js';
import { loadStoreConfig } from '../server/config.js';
import { loadEnvFile } from '../server/env-file.js';
import { BackupError } from '../server/store/sqlite/sqlite-backup.js';

type StoreConfig = ReturnType<typeof loadStoreConfig>;

/** Runs `command` when this module is the process's entry; its lines go to stdout. */
export function runStoreCommand(
  moduleUrl: string,
  usage: string,
  verb: string,
  command: (config: StoreConfig, file: string) => string[],
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  // The copy holds personal data: the owner's alone.
  process.umask(0o077);
  process.exitCode = run(process.argv.slice(2), usage, verb, command);
}

function run(argv: string[], usage: string, verb: string, command: (config: StoreConfig, file: string) => string[]) {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (argv.length !== 1 || !argv[0] || argv[0].startsWith('-')) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  try {
    loadEnvFile();
    const config = loadStoreConfig();
    if (config.databaseUrl) {
      process.stderr.write(`DATABASE_URL is set: this store is PostgreSQL. ${usage.split('\n').at(-1)}\n`);
      return 2;
    }
    process.stdout.write(`${command(config, argv[0]).join('\n')}\n`);
    return 0;
  } catch (error) {
    // What went wrong, in a line: never a stack trace (the owner runs this at 2 a.m.).
    const known = error instanceof BackupError || error instanceof ConfigError;
    process.stderr.write(`Cannot ${verb}: ${known ? error.message : String((error as Error).message ?? error)}\n`);
    return 1;
  }
}
