// Every request is answered within its bound (record 150), over a real socket: a handler
// that waits on something that never answers (standing in for a hung database) gets 503
// with Retry-After in time; a client whose body takes longer than the bound to arrive is
// still answered as usual (its upload is its own time, bounded by the request timeout).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
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

/** A built site of its own: a page and a large script, as `npm run build` leaves them. */
function siteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-site-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tacos</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), `// ${'x'.repeat(2_000_000)}\n`);
  return dir;
}

it('answers a stream handed over but not yet read at its bound (a static file) with 503 and Retry-After, not a 500', async () => {
  const built = buildTestConfig();
  remove = built.remove;
  app = await buildApp(built.config, openSqliteStore(built.config.dataDir), { timeouts: { handlerMs: BOUND_MS } });
  // What @fastify/static does: the file's headers set and its stream handed over; here its
  // first bytes come only after the bound (a loaded machine's disk read).
  let file: PassThrough | undefined;
  app.get('/test/slow-file', (_request, reply) => {
    file = new PassThrough();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('etag', '"abc"')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/test/slow-file`);
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(response.headers.get('etag')).toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await response.json()).toMatchObject({ error: 'unavailable' });
  // The file's stream is let go of.
  expect(file?.destroyed).toBe(true);
});

it('answers every static file whole or with 503 and Retry-After when its bound is spent, never with an error', async () => {
  const logs: string[] = [];
  const built = buildTestConfig({ CLIENT_DIR: siteDir() });
  remove = built.remove;
  // A bound of 1 ms: most requests are still on their way when it passes, at every step of the file's serving.
  app = await buildApp(built.config, openSqliteStore(built.config.dataDir), {
    timeouts: { handlerMs: 1 },
    logStream: { write: (line) => void logs.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const answers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const response = await fetch(`http://127.0.0.1:${port}/assets/app.js`);
      const body = await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), bytes: body.byteLength };
    }),
  );
  for (const answer of answers) {
    if (answer.status === 200) expect(answer.bytes).toBe(2_000_004);
    else expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
  }
  expect(logs.filter((line) => /FST_ERR|request failed/.test(line))).toEqual([]);
});
