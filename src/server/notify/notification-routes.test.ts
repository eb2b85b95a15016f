// The owner's notification routes, on the real app with a real SMTP server:
// behind the owner's session and the Origin rule; an inquiry's deliveries with
// their state and attempts; "Send again"; which inquiries' owner e-mail failed;
// the settings and a test e-mail; erasure forgets the deliveries.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody, buildTestConfig } from '../../../tests/support/builders.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import type { DeliveryView, NotificationSettingsView } from '../../shared/notifications.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../owner/password.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';

const ORIGIN = 'http://localhost:80';
const OWNER = 'owner@tacos.example';
const PASSWORD = 'a long owner passphrase';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Harness {
  app: FastifyInstance;
  store: InquiryStore;
  smtp: TestSmtp;
  cookie: string;
  create(overrides?: Parameters<typeof buildInquiryBody>[0]): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { body?: unknown; cookie?: string | null; origin?: string | null },
  ): Promise<LightMyRequestResponse>;
  deliveries(id: string): Promise<DeliveryView[]>;
}

let passwordHash: Promise<string> | undefined;

async function start(env: Record<string, string> = {}, retries = [100, 100]): Promise<Harness> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.stop());
  const { config, remove } = buildTestConfig({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'inquiries@tacos.example',
    CONFIRMATION_EMAIL: 'off',
    RATE_LIMIT_OWNER_SIGNINS_PER_IP: '1000',
    ...env,
  });
  cleanups.push(remove);
  const store = openSqliteStore(config.dataDir);
  const owners = openSqliteOwnerStore(config.dataDir);
  passwordHash ??= hashPassword(PASSWORD);
  await owners.createOwner(OWNER, await passwordHash);
  const app = await buildApp(config, store, { ownerStore: owners, notifyRetryDelaysMs: retries });
  cleanups.push(() => app.close());
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const session = (await app.inject({ method: 'POST', url: '/api/session' })).json().token as string;
  const harness: Harness = {
    app,
    store,
    smtp,
    cookie,
    async create(overrides = {}) {
      const id = randomUUID();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
        payload: JSON.stringify(buildInquiryBody(overrides)),
      });
      expect(response.statusCode, response.body).toBe(201);
      return id;
    },
    call(method, url, options = {}) {
      const headers: Record<string, string> = {};
      const sessionCookie = options.cookie === undefined ? cookie : options.cookie;
      if (sessionCookie) headers.cookie = sessionCookie;
      if (method !== 'GET' && options.origin !== null) headers.origin = options.origin ?? ORIGIN;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return app.inject({
        method,
        url,
        headers,
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      });
    },
    async deliveries(id) {
      const response = await harness.call('GET', `/api/owner/inquiries/${id}/deliveries`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { deliveries: DeliveryView[] }).deliveries;
    },
  };
  return harness;
}

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`never reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('owner notification routes', () => {
  it('answer 401 without an owner session and 403 for a change from another origin', async () => {
    const t = await start();
    const id = await t.create();
    for (const [method, url] of [
      ['GET', `/api/owner/inquiries/${id}/deliveries`],
      ['GET', '/api/owner/notifications'],
      ['GET', `/api/owner/notifications/failed?ids=${id}`],
      ['POST', `/api/owner/deliveries/${randomUUID()}/resend`],
      ['POST', '/api/owner/notifications/test-email'],
    ] as const) {
      const response = await t.call(method, url, { cookie: null });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
    const foreign = await t.call('POST', '/api/owner/notifications/test-email', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(t.smtp.received).toHaveLength(0);
  });

  it('show an inquiry’s deliveries going from queued to sent, with each attempt, and send again on request', async () => {
    const t = await start();
    const id = await t.create();
    const [sent] = await until(
      () => t.deliveries(id),
      (deliveries) => deliveries[0]?.status === 'sent',
    );
    expect(sent).toMatchObject({
      kind: 'owner-email',
      target: null,
      status: 'sent',
      nextAttemptAt: null,
      lastError: null,
      attempts: [{ outcome: 'sent', error: null }],
    });
    expect(Date.parse(sent!.sentAt!)).toBeGreaterThan(0);
    const resend = await t.call('POST', `/api/owner/deliveries/${sent!.id}/resend`);
    expect(resend.statusCode, resend.body).toBe(202);
    await t.smtp.waitFor(2);
    expect(t.smtp.received[1]!.messageId).not.toBe(t.smtp.received[0]!.messageId);
    await until(
      () => t.deliveries(id),
      (deliveries) => deliveries[0]!.attempts.length === 2 && deliveries[0]!.status === 'sent',
    );
    expect((await t.call('POST', `/api/owner/deliveries/${randomUUID()}/resend`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/owner/inquiries/${randomUUID()}/deliveries`)).statusCode).toBe(404);
  });

  it('refuse to send again a delivery whose send is in flight, and send it again once it is done', async () => {
    const t = await start();
    const held = t.smtp.holdNext();
    const id = await t.create();
    await held.arrived;
    const [sending] = await t.deliveries(id);
    const refused = await t.call('POST', `/api/owner/deliveries/${sending!.id}/resend`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'conflict', message: expect.stringMatching(/being sent right now/) });
    held.release();
    await until(
      () => t.deliveries(id),
      (deliveries) => deliveries[0]?.status === 'sent',
    );
    expect((await t.call('POST', `/api/owner/deliveries/${sending!.id}/resend`)).statusCode).toBe(202);
    await t.smtp.waitFor(2);
    // One message while the first send was in flight, one on "Send again" after it.
    expect(t.smtp.received).toHaveLength(2);
  });

  it('show a retrying delivery with its next time, and mark inquiries whose owner e-mail failed', async () => {
    const t = await start({}, [60_000]);
    t.smtp.failNext(1, 451);
    const retried = await t.create();
    const [retrying] = await until(
      () => t.deliveries(retried),
      (deliveries) => deliveries[0]?.attempts.length === 1,
    );
    expect(retrying).toMatchObject({ status: 'retrying', lastError: expect.stringMatching(/^SMTP 451/) });
    // The next attempt is about a minute after the first (60 s, jittered by up to a fifth).
    const wait = Date.parse(retrying!.nextAttemptAt!) - Date.parse(retrying!.attempts[0]!.at);
    expect(wait).toBeGreaterThanOrEqual(48_000);
    expect(wait).toBeLessThanOrEqual(72_000);
    // "Send again" does not wait for it.
    expect((await t.call('POST', `/api/owner/deliveries/${retrying!.id}/resend`)).statusCode).toBe(202);
    await until(
      () => t.deliveries(retried),
      (deliveries) => deliveries[0]?.status === 'sent',
    );

    t.smtp.failNext(1, 550, 'No such mailbox');
    const failed = await t.create();
    await until(
      () => t.deliveries(failed),
      (deliveries) => deliveries[0]?.status === 'failed',
    );
    const marked = await t.call('GET', `/api/owner/notifications/failed?ids=${failed},${retried},not-an-id`);
    expect(marked.json()).toEqual({ failed: [failed] });
    const [delivery] = await t.deliveries(failed);
    expect(delivery).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^SMTP 550.*No such mailbox/),
    });
  });

  it('report the set-up and send a test e-mail to the signed-in owner, never to an address from the request', async () => {
    const t = await start({ CONFIRMATION_EMAIL: 'on' });
    const settings = (await t.call('GET', '/api/owner/notifications')).json() as NotificationSettingsView;
    expect(settings).toMatchObject({
      email: { configured: true, from: 'inquiries@tacos.example', confirmation: true },
      webhooks: [],
    });
    const test = await t.call('POST', '/api/owner/notifications/test-email');
    expect(test.json()).toEqual({ sent: true, to: OWNER });
    for (const to of ['stranger@elsewhere.example', OWNER, 'nobody']) {
      const other = await t.call('POST', '/api/owner/notifications/test-email', { body: { to } });
      expect(other.statusCode, other.body).toBe(400);
      expect(other.json()).toMatchObject({ message: 'The test e-mail goes to your own address only.' });
    }
    expect((await t.call('POST', '/api/owner/notifications/test-email', { body: {} })).json()).toEqual({
      sent: true,
      to: OWNER,
    });
    const mails = await t.smtp.waitFor(2);
    expect(mails.map((mail) => mail.rcptTo)).toEqual([[OWNER], [OWNER]]);
    t.smtp.failNext(1, 550);
    const refused = await t.call('POST', '/api/owner/notifications/test-email');
    expect(refused.json()).toMatchObject({ sent: false, error: expect.stringMatching(/^SMTP 550/) });
  });

  it('forget an erased inquiry’s deliveries', async () => {
    const t = await start();
    const id = await t.create();
    await until(
      () => t.deliveries(id),
      (deliveries) => deliveries[0]?.status === 'sent',
    );
    const erase = await t.call('DELETE', `/api/owner/inquiries/${id}`);
    expect(erase.statusCode, erase.body).toBe(204);
    expect(await t.store.outbox.forInquiry(id)).toEqual([]);
  });
});
