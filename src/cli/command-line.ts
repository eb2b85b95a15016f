// What the owner's and the content's commands share: help on stdout, a wrong command
// named with the usage on stderr, what the owner got wrong as one line (never a stack
// trace), and the entry that sets the exit code and keeps what it writes the owner's.
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../server/config-error.js';

/** What the owner can put right (a wrong file, no such owner): its message, exit code 1. */
export class UserError extends Error {}

/** Help (0, on stdout) or a mistake in the arguments (2, named on stderr), with the usage. */
export function answerUsage(command: { kind: 'help' } | { kind: 'error'; message: string }, usage: string): number {
  if (command.kind === 'help') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  process.stderr.write(`${command.message}\n\n${usage}\n`);
  return 2;
}

/** Runs `work`: 0 when done, 1 with the message for a UserError or ConfigError; anything else is thrown on. */
export async function exitCodeOf(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof UserError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** Runs `main` when `moduleUrl` is the process's entry; what it throws is one line, `failure: message`. */
export function runAsEntry(moduleUrl: string, main: (argv: string[]) => Promise<number>, failure: string): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  // What it creates (a database, an export) is the owner's alone, as the server's.
  process.umask(0o077);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${failure}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
