// The owner's accounts, from the command line (there is no public sign-up page):
//
//   npm run owner -- add EMAIL       (the password from standard input)
//   npm run owner -- passwd EMAIL    (a new password; ends every other way in of that owner's)
//   npm run owner -- remove EMAIL    (and every session of theirs)
//   npm run owner -- list
//
// On a terminal the password is asked for twice and not shown; piped, it is the
// first line of standard input, so scripts and tests can use it.
import { PATTERNS } from '../shared/inquiry.js';
import { loadStoreConfig } from '../server/config.js';
import { hashPassword, passwordProblem } from '../server/owner/password.js';
import { openOwnerStore } from '../server/store/open-owner-store.js';
import { normalizeEmail, OwnerExistsError } from '../server/store/account-store.js';
import type { OwnerStore } from '../server/store/owner-store.js';
import { answerUsage, exitCodeOf, runAsEntry, UserError } from './command-line.js';

export const USAGE = `Usage: npm run owner -- <command>

  add EMAIL      adds an owner who can sign in to the inbox at /inbox; asks for
                 the password (at least 12 characters, not a common one)
  passwd EMAIL   sets a new password for EMAIL and signs them out everywhere: every
                 session, every browser's standing, the push devices and the
                 calendar feed's address (get the new one from the inbox)
  remove EMAIL   removes the owner EMAIL and signs them out everywhere
  list           lists the owners

The password is read from standard input: asked for (not shown) on a terminal,
or the first line when piped, e.g.  printf '%s\\n' "$PASSWORD" | npm run owner -- add me@example.com

The owners are kept in the store the server uses: the PostgreSQL database at
DATABASE_URL when it is set, otherwise the SQLite file under DATA_DIR (default ./data).`;

export type Command =
  | { kind: 'help' }
  | { kind: 'add' | 'passwd' | 'remove'; email: string }
  | { kind: 'list' }
  | { kind: 'error'; message: string };

const EMAIL = new RegExp(`^(?:${PATTERNS.email})$`);

export function parseCommand(argv: readonly string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'list') {
    return rest.length === 0 ? { kind: 'list' } : { kind: 'error', message: '"list" takes no arguments.' };
  }
  if (command === 'add' || command === 'passwd' || command === 'remove') {
    if (rest.length !== 1) return { kind: 'error', message: `"${command}" takes one argument: the e-mail address.` };
    const email = normalizeEmail(rest[0]!);
    if (!EMAIL.test(email) || email.length > 254) {
      return { kind: 'error', message: `"${rest[0]}" is not an e-mail address.` };
    }
    return { kind: command, email };
  }
  return { kind: 'error', message: `Unknown command "${command}".` };
}

/** The first line of a piped standard input (without its line ending). */
async function readPipedLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine(process.stdin);
  const first = await askHidden('Password (at least 12 characters): ');
  const problem = passwordProblem(first);
  if (problem) return first; // refused with its reason below, without asking twice
  const second = await askHidden('The same password again: ');
  if (first !== second) throw new UserError('The two passwords differ: nothing changed.');
  return first;
}

export async function run(
  command: Command,
  owners: () => Promise<OwnerStore>,
  password: () => Promise<string>,
  out: (line: string) => void,
): Promise<void> {
  if (command.kind === 'help' || command.kind === 'error') return;
  let newHash: string | undefined;
  if (command.kind === 'add' || command.kind === 'passwd') {
    const given = await password();
    const problem = passwordProblem(given);
    if (problem) throw new UserError(`${problem} Nothing changed.`);
    newHash = await hashPassword(given);
  }
  const store = await owners();
  try {
    switch (command.kind) {
      case 'add':
        try {
          await store.createOwner(command.email, newHash!);
        } catch (error) {
          if (error instanceof OwnerExistsError) {
            throw new UserError(`${error.message} To change the password: npm run owner -- passwd ${command.email}`);
          }
          throw error;
        }
        out(`Added ${command.email}. Sign in at /inbox.`);
        break;
      case 'passwd': {
        // Every way in a thief could have set up ends with the old password (record 155).
        if (!(await store.setPassword(command.email, newHash!))) throw new UserError(`No owner ${command.email}.`);
        const { id } = (await store.findOwnerByEmail(command.email))!;
        const devices = await store.devices.removeDevicesNotFrom(id);
        out(
          `Changed the password of ${command.email} and signed them out everywhere; ` +
            `${devices} push ${devices === 1 ? 'device' : 'devices'} turned off and the calendar feed has a new address.`,
        );
        break;
      }
      case 'remove':
        if (!(await store.removeOwner(command.email))) throw new UserError(`No owner ${command.email}.`);
        out(`Removed ${command.email} and signed them out everywhere.`);
        break;
      case 'list': {
        const list = await store.listOwners();
        if (list.length === 0) out('No owners yet. Add one: npm run owner -- add EMAIL');
        for (const owner of list) out(`${owner.email}\tsince ${owner.createdAt}`);
        break;
      }
    }
  } finally {
    await store.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.kind === 'help' || command.kind === 'error') return answerUsage(command, USAGE);
  return exitCodeOf(async () => {
    const storeConfig = loadStoreConfig();
    await run(
      command,
      () => openOwnerStore(storeConfig),
      readPassword,
      (line) => process.stdout.write(`${line}\n`),
    );
  });
}

runAsEntry(import.meta.url, main, 'Cannot change the owners');
