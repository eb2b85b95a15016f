// Slow and idle clients over real sockets: 50 connections trickling their bodies
// do not keep others from being answered, and are cut off at the request
// timeout; a client that never finishes its headers, or sits idle on a
// keep-alive connection, is closed too; a graceful close ends them all while
// finishing the request in flight. (The real process and SIGTERM: tests/shutdown.)
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody, buildTestConfig } from '../../tests/support/builders.js';
import { openRaw, openTrickle, putHead, statusOf, type RawConnection } from '../../tests/support/raw-http.js';
import { buildApp, type BuildOptions } from './app.js';
import { closeGracefully } from './shutdown.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';

const UNLIMITED = {
  RATE_LIMIT_SESSIONS_PER_IP: '1000000',
  RATE_LIMIT_INQUIRIES_PER_IP: '1000000',
  RATE_LIMIT_INQUIRIES_PER_SESSION: '1000000',
  MIN_FILL_SECONDS: '0',
};

interface Running {
  app: FastifyInstance;
  port: number;
  base: string;
  token: string;
  dataDir: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(timeouts: BuildOptions['timeouts']): Promise<Running> {
  const { config, remove } = buildTestConfig(UNLIMITED);
  const app = await buildApp(config, openSqliteStore(config.dataDir), { timeouts });
  cleanups.push(remove);
  cleanups.push(async () => {
    app.server.closeAllConnections();
    await app.close();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const token = ((await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string }).token;
  return { app, port, base, token, dataDir: config.dataDir };
}

function track(connections: RawConnection[]): RawConnection[] {
  cleanups.push(() => {
    for (const connection of connections) connection.destroy();
  });
  return connections;
}

async function create(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/api/inquiries/${randomUUID()}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(buildInquiryBody()),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('slow clients', () => {
  it('answers others while 50 connections trickle their bodies, then cuts the trickles off with 408', async () => {
    const { app, port, base, token } = await listening({ requestMs: 1_500, headersMs: 1_000, checkEveryMs: 100 });
    const trickles = track(await Promise.all(Array.from({ length: 50 }, () => openTrickle(port, token, randomUUID()))));

    // While they trickle, everyone else is served.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => create(base, token)));
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 201));
    expect(trickles.every((trickle) => !trickle.socket.destroyed)).toBe(true);

    // None of them ever finishes its body; the server closes every one of them itself.
    const answers = await Promise.all(trickles.map((trickle) => trickle.closed));
    expect(answers.map(statusOf)).toEqual(answers.map(() => 408));
    // In the API's error shape, not cached.
    const [head, json] = answers[0]!.split('\r\n\r\n');
    expect(head).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(JSON.parse(json!)).toEqual({
      error: 'request_timeout',
      message: 'The request took too long to arrive. Please send it again.',
    });
    expect(await create(base, token)).toBe(201);
    await app.close();
  });

  it('closes a connection whose headers never end, and an idle keep-alive connection', async () => {
    const { port, token } = await listening({ headersMs: 500, keepAliveMs: 500, checkEveryMs: 100 });
    const [slowHeaders, idle] = track([
      await openRaw(port, 'PUT /api/inquiries/x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
      await openRaw(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
    ]);
    expect(token).toBeTruthy();
    expect(statusOf(await slowHeaders!.closed)).toBe(408);
    const garbage = await openRaw(port, 'NOT HTTP AT ALL\r\n\r\n');
    const refused = await garbage.closed;
    expect(statusOf(refused)).toBe(400);
    expect(JSON.parse(refused.split('\r\n\r\n')[1]!)).toMatchObject({ error: 'bad_request' });
    // The idle one was answered, then closed by the server without anything more.
    expect(statusOf(await idle!.closed)).toBe(200);
  });
});

describe('closeGracefully', () => {
  it('finishes the request in flight, ends idle and stalled connections, and closes the store', async () => {
    // Long request timeouts, so only the close can end the trickles.
    const { app, port, base, token, dataDir } = await listening({
      requestMs: 600_000,
      headersMs: 600_000,
      keepAliveMs: 600_000,
    });
    const trickles = track(await Promise.all(Array.from({ length: 50 }, () => openTrickle(port, token, randomUUID()))));
    const [idle] = track([await openRaw(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]);
    await expect.poll(() => statusOf(idle!.received())).toBe(200);

    // A create whose first half is on its way when the close begins.
    const id = randomUUID();
    const json = JSON.stringify(buildInquiryBody());
    const half = Math.floor(json.length / 2);
    const arrived = new Promise<void>((resolve) =>
      app.server.on('request', (request) => {
        if (request.url?.includes(id)) resolve();
      }),
    );
    const [inFlight] = track([
      await openRaw(port, `${putHead(id, token, Buffer.byteLength(json), 'close')}${json.slice(0, half)}`),
    ]);

    await arrived; // its head is in: it is in flight
    const closing = closeGracefully(app, 1_500);
    // Idle keep-alive connections go at once (not after their keep-alive timeout).
    await idle!.closed;
    inFlight!.socket.write(json.slice(half));
    expect(statusOf(await inFlight!.closed)).toBe(201);

    await closing;
    // The trickles were cut (no answer: their requests never arrived whole).
    const cut = await Promise.all(trickles.map((trickle) => trickle.closed));
    expect(cut.every((received) => statusOf(received) === undefined)).toBe(true);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    // The store was closed after the request in flight was written: reopened, it holds it.
    const reopened = openSqliteStore(dataDir);
    try {
      expect((await reopened.list()).map((row) => row.id)).toEqual([id]);
    } finally {
      await reopened.close();
    }
  });
});
