// The real server process, stopped with SIGTERM while 50 clients trickle bodies
// that will never end and another sits idle on a keep-alive connection: it ends
// them, finishes what was in flight, and exits cleanly (code 0) before its hard
// bound (code 1). Before issue 7 one trickling client kept it running forever.
// On SQLite and on PostgreSQL. Checks the outcome, never a duration.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { openRaw, openTrickle, statusOf, type RawConnection } from '../support/raw-http.js';

const engines = [
  { name: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  { name: 'postgres', env: async (): Promise<Record<string, string>> => ({ DATABASE_URL: await freshPostgresUrl() }) },
];

describe.each(engines)('SIGTERM on $name', (engine) => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  it('ends stalled and idle connections, serves until then, and exits with 0 within its bound', {
    timeout: 90_000,
  }, async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    const port = await freePort();
    let output = '';
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        ...(await engine.env()),
        DATA_DIR: data.dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SESSION_SECRET: 'shutdown-test-session-secret-0123456789',
        MIN_FILL_SECONDS: '0',
        RATE_LIMIT_INQUIRIES_PER_IP: '1000',
        RATE_LIMIT_INQUIRIES_PER_SESSION: '1000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      if (tries > 600 || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await sleep(50);
    }
    const { token } = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };

    const connections: RawConnection[] = [];
    cleanups.push(() => {
      for (const connection of connections) connection.destroy();
    });
    for (let i = 0; i < 50; i++) connections.push(await openTrickle(port, token, randomUUID(), { everyMs: 250 }));
    const idle = await openRaw(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    connections.push(idle);
    await expect.poll(() => statusOf(idle.received())).toBe(200);

    // The trickles keep nobody else waiting.
    const created = await fetch(`${base}/api/inquiries/${randomUUID()}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(buildInquiryBody()),
    });
    expect(created.status).toBe(201);

    child.kill('SIGTERM');
    const exit = await exited;
    expect(exit, output).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM: closing');
    expect(output).not.toContain('not done within the bound');
    // Every connection was ended by the server; the trickles were cut by the shutdown
    // (no answer at all), not left running until their request timeout (a 408).
    const received = await Promise.all(connections.map((connection) => connection.closed));
    expect(received.slice(0, 50).map(statusOf)).toEqual(received.slice(0, 50).map(() => undefined));
    expect(output).toContain('cutting the connections still open');
  });
});
