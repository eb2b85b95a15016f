// Health and metrics (issue 17): GET /api/health/ready is 200 only while the store
// answers with its schema current, 503 during a PostgreSQL outage and 200 once it is
// back, 503 while the database lacks migrations; GET /metrics is not there without the
// token, counts a create with it, and shows a failing SMTP server (refusing mail, or
// not there at all), as the readiness answer's figures do; neither ever holds
// personal data.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../../tests/support/builders.js';
import { freshPostgresUrl, releaseFixture } from '../../tests/support/databases.js';
import { startPostgres, createDatabase, freePort } from '../../tests/support/postgres.js';
import { startSmtp } from '../../tests/support/smtp.js';
import { newId, putInquiry, signIn, startApp, type TestApp } from '../../tests/support/test-app.js';
import { POSTGRES_MIGRATIONS } from './store/postgres/postgres-migrations.js';
import { openPostgresStore } from './store/postgres/postgres-store.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}, storeFor?: Parameters<typeof startApp>[1]): Promise<TestApp> {
  const t = await startApp(env, storeFor);
  cleanups.push(() => t.close());
  await t.app.ready();
  return t;
}

const scrape = (t: TestApp, token = TOKEN) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

const metric = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .map((line) => Number(line.split(' ').at(-1)))
    .reduce((sum, value) => sum + value, 0);

describe('GET /api/health/ready', () => {
  it('is 503 while PostgreSQL is down and 200 again once it is back, with the outbox’s figures', async () => {
    const cluster = await startPostgres();
    cleanups.push(() => cluster.stop());
    const url = await createDatabase(cluster.url);
    const t = await app({}, async () => openPostgresStore(url, 2));
    const ready = async () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

    const up = await ready();
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      ok: true,
      store: 'postgres',
      outbox: { queued: 0, retrying: 0, oldestDueAgeMs: 0, failedLastDay: 0, setAside: 0, lastWorkerErrorAt: null },
    });
    await cluster.halt();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ok: false, problem: 'the database does not answer' });
    // The liveness answer does not depend on the database.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await cluster.resume();
    await expect.poll(async () => (await ready()).statusCode, { timeout: 15_000 }).toBe(200);
  });

  it('is 503 while the database lacks migrations, naming them, and 200 once a start has applied them', async () => {
    const url = await freshPostgresUrl();
    const ready = async (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const running = await app({}, async () => openPostgresStore(url, 2));
    expect((await ready(running)).statusCode).toBe(200);

    // As a pg_restore of an older release's dump leaves it under a running instance:
    // release 0.1's schema, which has recorded migrations 1 and 2 only.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await client.query(releaseFixture('postgres'));
    await client.end();
    const lacking = POSTGRES_MIGRATIONS.map((migration) => migration.version).filter((version) => version > 2);
    const stale = await ready(running);
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      ok: false,
      store: 'postgres',
      problem: `migrations not applied yet: ${lacking.join(', ')}`,
    });

    // The next start migrates (the store's open runs them), and it is ready again.
    const restarted = await app({}, async () => openPostgresStore(url, 2));
    expect((await ready(restarted)).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, nor with a wrong token', async () => {
    const without = await app();
    expect((await scrape(without)).statusCode).toBe(404);
    const t = await app({ METRICS_TOKEN: TOKEN });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await scrape(t, `${TOKEN}x`)).statusCode).toBe(404);
    expect((await scrape(t)).statusCode).toBe(200);
  });

  it('counts a create, its route and status, and the notifications by channel; no personal data', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const t = await app({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'inquiries@metrics.example',
      CONFIRMATION_EMAIL: 'on',
    });
    const before = (await scrape(t)).body;
    expect(metric(before, 'curbside_inquiries_created_total')).toBe(0);
    const token = await signIn(t.app);
    const body = buildInquiryBody({ firstName: 'Metricsmarker' });
    expect((await putInquiry(t.app, newId(), body, { token })).statusCode).toBe(201);
    await smtp.waitFor(1);
    await expect
      .poll(async () => metric((await scrape(t)).body, 'curbside_notification_delivery_seconds_count'))
      .toBe(1);
    const after = (await scrape(t)).body;
    expect(metric(after, 'curbside_inquiries_created_total')).toBe(1);
    expect(after).toContain('curbside_http_requests_total{route="/api/inquiries/:id",method="PUT",status="201"} 1');
    expect(after).toContain('curbside_outbox_notifications{channel="confirmation",state="sent"} 1');
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(after).not.toContain('Metricsmarker');
    expect(after).not.toContain(body.email);
  });

  it('shows a failing SMTP server in the metrics and in the readiness answer', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    smtp.failNext(1_000, 550, 'No such mailbox');
    const t = await app({ METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url, MAIL_FROM: 'inquiries@metrics.example' });
    const token = await signIn(t.app);
    expect((await putInquiry(t.app, newId(), buildInquiryBody(), { token })).statusCode).toBe(201);
    await expect
      .poll(async () => metric((await scrape(t)).body, 'curbside_outbox_failed_last_day'), { timeout: 10_000 })
      .toBe(1);
    const ready = (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json();
    expect(ready.outbox.failedLastDay).toBe(1);
    expect((await scrape(t)).body).toContain('curbside_outbox_notifications{channel="confirmation",state="failed"} 1');
  });

  it('shows an SMTP server that cannot be reached (connection refused) in the metrics and the readiness answer', async () => {
    // A port nothing listens on: every attempt is refused, and the e-mail waits for its retry.
    const t = await app({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: 'inquiries@metrics.example',
    });
    const token = await signIn(t.app);
    const id = newId();
    expect((await putInquiry(t.app, id, buildInquiryBody(), { token })).statusCode).toBe(201);
    await expect
      .poll(async () => metric((await scrape(t)).body, 'curbside_outbox_retrying'), { timeout: 10_000 })
      .toBe(1);
    const [delivery] = await t.store.outbox.forInquiry(id);
    expect(delivery?.lastError).toMatch(/ECONNREFUSED/);
    const scraped = (await scrape(t)).body;
    expect(scraped).toContain('curbside_outbox_notifications{channel="confirmation",state="queued"} 1');
    expect(metric(scraped, 'curbside_outbox_queued')).toBe(1);
    // The worker itself read and wrote the outbox without fault: a send that fails is the delivery's, not the worker's.
    expect(metric(scraped, 'curbside_outbox_last_worker_error_timestamp_seconds')).toBe(0);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    // Ready all the same: the store serves requests, and the e-mail waits durably (record 094).
    expect(ready.statusCode).toBe(200);
    expect(ready.json().outbox).toMatchObject({ queued: 1, retrying: 1, failedLastDay: 0, lastWorkerErrorAt: null });
  });
});
