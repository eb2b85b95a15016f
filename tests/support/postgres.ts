// Starts a real, throwaway PostgreSQL server from Debian's `postgresql` package:
// initdb into a temporary directory, listen on 127.0.0.1 only, stop on exit.
// Tests and the benchmark use it; nothing is mocked.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const POSTGRES_FIX =
  'PostgreSQL is needed for the store tests. Install it with: sudo apt-get install -y postgresql';

export interface TestPostgres {
  /** postgres://… of the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down (an outage), keeping its data; `resume()` starts it again on the same port. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** SIGSTOP to the server and every backend: a hung database (connections open, nothing answered). */
  freeze(): void;
  /** SIGCONT: it answers again, from where it stopped. */
  thaw(): void;
}

export function findBinaries(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return bin;
  }
  throw new Error(`No PostgreSQL server binaries found (looked in ${root}/*/bin and PG_BIN). ${POSTGRES_FIX}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root; as root we run it as the `postgres` user that
 * Debian's package creates (spawned with that uid directly, so signals reach it).
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 30 s:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'curbside-pg-'));
  const dataDir = join(dir, 'data');
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  execFileSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'], {
    stdio: 'pipe',
    ...user,
  });
  const port = await freePort();
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=200',
  ];
  let output = '';
  let server: ChildProcess;
  // Never outlive the process that started it.
  const killOnExit = () => signalAll('SIGKILL'); // the backends too (they may be frozen)
  process.once('exit', killOnExit);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const launch = async () => {
    server = spawn(join(bin, 'postgres'), args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    await waitForServer(url, server, () => output);
  };
  let frozen = false;
  // The postmaster first (it forks no more), then each backend: they are its children,
  // each in a session of its own.
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of [server.pid!, ...childrenOf(server.pid!)]) {
      try {
        process.kill(pid, signal);
      } catch {
        // it ended meanwhile
      }
    }
  };
  const thaw = () => {
    if (!frozen) return;
    frozen = false;
    signalAll('SIGCONT');
  };
  const halt = async () => {
    thaw();
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT'); // fast shutdown
    await exited;
  };
  await launch();

  return {
    url,
    async stop() {
      process.removeListener('exit', killOnExit);
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    halt,
    resume: launch,
    freeze() {
      frozen = true;
      signalAll('SIGSTOP');
    },
    thaw,
  };
}

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // it ended meanwhile
    }
  }
  return children;
}

let databases = 0;

/** Creates a fresh, empty database on the server at `serverUrl`; returns its URL. */
export async function createDatabase(
  serverUrl: string,
  name = `test_${process.pid}_${Date.now()}_${++databases}`,
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}
