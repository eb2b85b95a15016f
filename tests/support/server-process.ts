// The real server, from source, in its own process: started (waiting until it
// answers) and SIGKILLed by the crash tests. Rate limits off, the form's
// minimum fill time off: the tests send many creates from few addresses (a
// test's own env wins over these defaults).
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const SESSION_SECRET = 'crash-test-session-secret-0123456789abcdef';
const UNLIMITED = '1000000000';

export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = '';
  /** How many bytes of log it wrote, over all its lives. */
  written = 0;
  /** Incremented at each start: which life of the server an answer came from. */
  generation = 0;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    /** Run the production build (dist/) rather than the source. */
    private readonly built = false,
    /** Runs the server's command line inside another (small-disk.ts's onSmallDisk). */
    private readonly wrap: (command: string[]) => string[] = (command) => command,
  ) {}

  /** The server's process id (a wrapper execs it, keeping the id). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it and waits until it answers; rejects with its output if it exits first. */
  async start(): Promise<void> {
    this.generation++;
    const entry = this.built ? ['dist/node/src/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
    const [program, ...args] = this.wrap([process.execPath, ...entry]);
    const child = spawn(program!, args, {
      cwd: process.cwd(),
      env: {
        ...process.env,
        SESSION_SECRET,
        MIN_FILL_SECONDS: '0',
        RATE_LIMIT_SESSIONS_PER_IP: UNLIMITED,
        RATE_LIMIT_INQUIRIES_PER_IP: UNLIMITED,
        RATE_LIMIT_INQUIRIES_PER_SESSION: UNLIMITED,
        LOG_LEVEL: 'error',
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
      this.written += chunk.length;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited at start (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/api/health`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The server did not answer within 30 s:\n${this.output}`);
      await sleep(25);
    }
  }

  /** SIGTERM, as systemd stops it: resolves with its exit code once it has exited. */
  async terminate(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  /** SIGSTOP: the process is frozen (as in a long GC pause or a stalled VM), its timers and sockets with it. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT: it runs on from where it was frozen. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Resolves with its exit code once it has exited by itself. */
  exited(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** What the process wrote last (for a failing test's message). */
  get log(): string {
    return this.output;
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Signs an owner in to a server process as the inbox does (same Origin); the session cookie to send back. */
export async function ownerCookie(server: ServerProcess, email: string, password: string): Promise<string> {
  const origin = `http://127.0.0.1:${server.port}`;
  const response = await fetch(`${origin}/api/owner/session`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`owner sign-in answered ${response.status}: ${await response.text()}`);
  return String(response.headers.get('set-cookie')).split(';')[0]!;
}
