// Every request is answered within its bound (record 150), over a real socket: a handler
// that waits on something that never answers (standing in for a hung database) gets 503
// with Retry-After in time; a client whose body takes longer than the bound to arrive is
// still answered as usual (its upload is its own time, bounded by the request timeout).
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildInquiryBody, buildTestConfig } from '../../tests/support/builders.js';
import { openRaw, putHead } from '../../tests/support/raw-http.js';
import { buildApp } from './app.js';
import { issueSession } from './session-token.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';

const BOUND_MS = 400;
let app: FastifyInstance | undefined;
let remove: (() => void) | undefined;
afterEach(async () => {
  await app?.close();
  remove?.();
});

async function listening(): Promise<number> {
  const built = buildTestConfig();
  remove = built.remove;
  app = await buildApp(built.config, openSqliteStore(built.config.dataDir), { timeouts: { handlerMs: BOUND_MS } });
  // What a request waits on that never answers.
  app.get('/api/test/never-answers', () => new Promise(() => {}));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

it('answers a request still waiting at its bound with 503 and Retry-After', async () => {
  const port = await listening();
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/test/never-answers`);
  const waited = performance.now() - started;
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ error: 'unavailable' });
  expect(waited).toBeGreaterThanOrEqual(BOUND_MS - 50);
});

it('does not count the time a body takes to arrive: a slow upload is answered as usual', async () => {
  const port = await listening();
  const { config } = buildTestConfig();
  const token = issueSession(config.sessionSecret).token;
  const body = JSON.stringify(buildInquiryBody());
  const connection = await openRaw(port, putHead(crypto.randomUUID(), token, Buffer.byteLength(body), 'close'));
  // Half now, the rest well past the bound.
  connection.socket.write(body.slice(0, 100));
  await new Promise((resolve) => setTimeout(resolve, BOUND_MS * 3));
  connection.socket.write(body.slice(100));
  expect(await connection.closed).toMatch(/^HTTP\/1\.1 201 /);
});
