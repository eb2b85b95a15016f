// Notifications end to end: the real app (buildApp, inject) creating inquiries,
// its worker sending to a real SMTP server (smtp-server, parsed with
// mailparser) and a real webhook receiver that verifies every signature with
// the `standardwebhooks` package. Retry delays are shortened; every wait is
// for an event (a message, a state), never a fixed sleep standing for one.
import { dayInWords, instantInWords, timeInWords } from '../../shared/date-words.js';
import { inquiryDetails } from '../../shared/inquiry-details.js';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { buildInquiryBody, buildTestConfig } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, OWNER, PASSWORD } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import {
  newWebhookSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../tests/support/webhook-receiver.js';
import type { InquiryBody } from '../../shared/inquiry.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../owner/password.js';
import { openOwnerStore } from '../store/open-owner-store.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import type { DeliveryWithAttempts } from '../store/outbox-store.js';
import { openPostgresStore } from '../store/postgres/postgres-store.js';
import { openDatabase } from '../store/sqlite/sqlite-statements.js';
import { openSqliteStore, SQLITE_FILE } from '../store/sqlite/sqlite-store.js';
import type { Channel, ChannelOutcome } from './channels/channel.js';
import { CHANNELS } from './channels/index.js';

const OWNERS = ['owner@tacos.example', 'partner@tacos.example'];
const MAIL_FROM = 'inquiries@tacos.example';
const PUBLIC_URL = 'https://tacos.example';
/** Short retry delays so retries happen within a test. */
const FAST_RETRIES = [150, 150, 150, 150, 150, 150, 150, 150, 150];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Harness {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database, if on one. */
  postgresUrl: string | undefined;
  store: InquiryStore;
  /** Runs SQL on the store's database behind its back (a fault injected by the test). */
  sql(statement: string): Promise<void>;
  logs: string[];
  token: string;
  /** Creates an inquiry, from `from` (default 127.0.0.1). */
  create(overrides?: Partial<InquiryBody>, from?: string): Promise<{ id: string; body: InquiryBody }>;
  deliveries(inquiryId: string): Promise<DeliveryWithAttempts[]>;
  /** Waits until `check` holds for the inquiry's deliveries. */
  until(inquiryId: string, check: (deliveries: DeliveryWithAttempts[]) => boolean): Promise<DeliveryWithAttempts[]>;
}

async function startApp(
  env: Record<string, string>,
  options: {
    owners?: string[];
    /** On PostgreSQL: a fresh database, or this one (another instance on it). */
    postgres?: boolean | string;
    retries?: number[];
    channels?: readonly Channel[];
    /** An owner account (OWNER, PASSWORD) to sign in to the inbox's routes with. */
    ownerAccount?: boolean;
  } = {},
): Promise<Harness> {
  const { config, remove } = buildTestConfig({
    RATE_LIMIT_INQUIRIES_PER_SESSION: '10000',
    RATE_LIMIT_INQUIRIES_PER_IP: '10000',
    MAIL_FROM,
    PUBLIC_URL,
    LOG_LEVEL: 'info',
    ...env,
  });
  cleanups.push(remove);
  const postgresUrl =
    typeof options.postgres === 'string' ? options.postgres : options.postgres ? await freshPostgresUrl() : undefined;
  // DATA_DIR in `env`: the same SQLite file again (a restart).
  const { dataDir } = config;
  const store = postgresUrl ? await openPostgresStore(postgresUrl, 4) : openSqliteStore(config.dataDir);
  const logs: string[] = [];
  const ownerStore = options.ownerAccount ? await openOwnerStore({ ...config, databaseUrl: postgresUrl }) : undefined;
  if (ownerStore) await ownerStore.createOwner(OWNER, await hashPassword(PASSWORD));
  const app = await buildApp(config, store, {
    ...(ownerStore ? { ownerStore } : {}),
    logStream: { write: (line) => void logs.push(line) },
    ownerRecipients: async () => options.owners ?? OWNERS,
    notifyRetryDelaysMs: options.retries ?? FAST_RETRIES,
    ...(options.channels ? { channels: options.channels } : {}),
  });
  cleanups.push(() => app.close());
  await app.ready();
  const session = await app.inject({ method: 'POST', url: '/api/session' });
  const token = session.json().token as string;
  const harness: Harness = {
    app,
    dataDir,
    postgresUrl,
    store,
    async sql(statement) {
      if (!postgresUrl) {
        const db = openDatabase(join(dataDir, SQLITE_FILE));
        try {
          db.exec(statement);
        } finally {
          db.close();
        }
        return;
      }
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    logs,
    token,
    async create(overrides = {}, from = '127.0.0.1') {
      const id = randomUUID();
      const body = buildInquiryBody(overrides);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: from,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { id, body };
    },
    deliveries: (inquiryId) => store.outbox.forInquiry(inquiryId),
    async until(inquiryId, check) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const deliveries = await store.outbox.forInquiry(inquiryId);
        if (check(deliveries)) return deliveries;
        if (Date.now() > deadline) {
          throw new Error(`deliveries never reached the expected state: ${JSON.stringify(deliveries, null, 1)}`);
        }
        await sleep(20);
      }
    },
  };
  return harness;
}

async function smtpServer(): Promise<TestSmtp> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.stop());
  return smtp;
}

async function receiver(): Promise<WebhookReceiver> {
  const hooks = await startWebhookReceiver();
  cleanups.push(() => hooks.close());
  return hooks;
}

/** Reopens the closed app's file: the inquiry's delivery is queued, unclaimed, and no attempt was recorded. */
async function expectLetGo(dataDir: string, inquiryId: string): Promise<void> {
  const reopened = openSqliteStore(dataDir);
  try {
    expect(await reopened.outbox.forInquiry(inquiryId)).toEqual([
      expect.objectContaining({ state: 'queued', claimedUntil: null, tries: 0, attempts: [] }),
    ]);
  } finally {
    await reopened.close();
  }
}

const allSettled = (deliveries: DeliveryWithAttempts[]) =>
  deliveries.length > 0 && deliveries.every((delivery) => delivery.state !== 'queued');
const byKind = (deliveries: DeliveryWithAttempts[], kind: string) =>
  deliveries.filter((delivery) => delivery.kind === kind);

/** The inquiry's confirmation once it has been tried: sent, skipped, or waiting after an attempt. */
async function confirmationOf(t: Harness, inquiryId: string): Promise<DeliveryWithAttempts> {
  const tried = (deliveries: DeliveryWithAttempts[]) => (byKind(deliveries, 'confirmation')[0]?.tries ?? 0) > 0;
  return byKind(await t.until(inquiryId, tried), 'confirmation')[0]!;
}

/** The messages the SMTP server took for one mailbox, whatever the case or +tag of its address. */
const mailsTo = (smtp: TestSmtp, local: string, domain: string) =>
  smtp.received.filter((mail) =>
    mail.rcptTo.some((to) => {
      const [name = '', at = ''] = to.toLowerCase().split('@');
      return name.split('+')[0] === local && at === domain;
    }),
  );

describe('e-mail through a real SMTP server', () => {
  it('sends the owner every field, from MAIL_FROM, Reply-To the customer, with a link to the inbox', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' });
    const { id, body } = await t.create({
      eventName: 'Spring <fair> & "games"',
      notes: 'Two vegan options.\nNo cilantro <b>please</b>.',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo.sort()).toEqual([...OWNERS].sort());
    expect(mail!.to.sort()).toEqual([...OWNERS].sort());
    expect(mail!.from).toEqual([MAIL_FROM]);
    expect(mail!.mailFrom).toBe(MAIL_FROM);
    expect(mail!.replyTo).toEqual([body.email]);
    expect(mail!.subject).toContain('Spring <fair> & "games"');
    expect(mail!.subject).toContain(dayInWords(body.eventDate, content.locale));
    expect(mail!.subject).toContain(`${body.plannedGuestCount} guests`);
    // Every field the visitor gave, under its label from the field table (a field added there appears here).
    for (const row of inquiryDetails(body).filter((detail) => detail.value !== '')) {
      expect(mail!.text).toContain(`${row.label}:`);
      // Days and times as the business writes them (shared/date-words.ts), never ISO.
      const shown =
        row.kind === 'time'
          ? timeInWords(row.value, content.locale)
          : row.kind === 'date'
            ? dayInWords(row.value, content.locale)
            : row.kind === 'instant'
              ? instantInWords(row.value, content.locale, content.timeZone)
              : row.value;
      for (const line of shown.split('\n')) expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toContain(`${PUBLIC_URL}/inbox?id=${id}`);
    expect(mail!.parsed.headers.get('x-curbside-inquiry')).toBe(id);
    // The HTML escapes what the customer typed, links the inbox, and loads nothing from elsewhere.
    expect(mail!.html).toContain('No cilantro &lt;b&gt;please&lt;/b&gt;.');
    expect(mail!.html).not.toContain('<b>please</b>');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/inbox?id=${id}"`);
    expect(mail!.html).not.toMatch(/<img|<script|src=/i);

    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({
      kind: 'owner-email',
      state: 'sent',
      attempts: [{ outcome: 'sent', error: null }],
    });
    expect(mail!.messageId).toBe(`<${delivery!.id}@tacos.example>`);
  });

  it('sends the customer a confirmation in the business’s name, with what they asked and how to reach the business', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url });
    // The address is not verified: a spammer's text and links must not reach it in the business's name.
    const spam = {
      firstName: 'Eve "x" <evil@evil.example>, bcc: victim@x.example',
      notes: 'Cheap pills at https://spam.example/notes',
      eventName: 'Visit https://spam.example/event',
      company: 'Winner! spam.example/company',
      siteAddress: 'Claim your prize: https://spam.example/address',
    };
    const { id, body } = await t.create(spam);
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((mail) => mail.to.includes(body.email))!;
    expect(confirmation.rcptTo).toEqual([body.email]);
    expect(confirmation.from).toEqual([MAIL_FROM]);
    expect(confirmation.parsed.from?.value[0]?.name).toBe(content.name);
    expect(confirmation.replyTo).toEqual([content.contact.email]);
    expect(confirmation.subject).toContain(content.name);
    for (const value of [
      dayInWords(body.eventDate, content.locale),
      timeInWords(body.startTime, content.locale),
      timeInWords(body.endTime, content.locale),
      String(body.plannedGuestCount),
      body.operation,
    ]) {
      expect(confirmation.text).toContain(value);
    }
    for (const part of [confirmation.text, confirmation.parsed.html || '']) expect(part).not.toContain('spam.example');
    // Nothing typed by the visitor, not even the first name (a stranger's name or address line).
    for (const part of [confirmation.text, confirmation.parsed.html || '', confirmation.subject]) {
      expect(part).not.toContain(body.firstName);
    }
    expect(confirmation.text.startsWith('Hello,\n')).toBe(true);
    expect(confirmation.text).toContain(content.contact.email);
    expect(confirmation.text).toContain(content.contact.phone);
    expect(confirmation.text).toMatch(/what happens next/i);
    // The estimate, from the package and guests; the address (in no travel area) only widens it to a range.
    expect(confirmation.text).toContain('Estimate: $5,109.40–$5,271.78');
    expect(confirmation.parsed.html).toContain('Estimate: $5,109.40–$5,271.78');
    const deliveries = await t.until(id, allSettled);
    expect(deliveries.map((delivery) => [delivery.kind, delivery.state]).sort()).toEqual([
      ['confirmation', 'sent'],
      ['owner-email', 'sent'],
    ]);
  });

  it('sends one address at most three confirmations a day, whoever asks: ten inquiries from ten sessions, three e-mails', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const session = (
        await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: `198.51.100.${i + 1}` })
      ).json();
      const id = randomUUID();
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(buildInquiryBody({ email: 'Victim@Example.org' })),
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(response.statusCode).toBe(201);
      ids.push(id);
    }
    const settled = await Promise.all(ids.map((id) => t.until(id, allSettled)));
    const confirmations = settled.flatMap((deliveries) => byKind(deliveries, 'confirmation'));
    expect(confirmations.filter((delivery) => delivery.state === 'sent')).toHaveLength(3);
    const skippedOnes = confirmations.filter((delivery) => delivery.state === 'skipped');
    expect(skippedOnes).toHaveLength(7);
    expect(skippedOnes[0]!.lastError).toMatch(
      /3 confirmations already went to this address .*CONFIRMATIONS_PER_ADDRESS/,
    );
    // The owner hears of all ten.
    expect(settled.flatMap((deliveries) => byKind(deliveries, 'owner-email')).every((d) => d.state === 'sent')).toBe(
      true,
    );
    const toVictim = smtp.received.filter((mail) =>
      mail.rcptTo.some((to) => to.toLowerCase() === 'victim@example.org'),
    );
    expect(toVictim).toHaveLength(3);
  });

  it('counts one mailbox whatever its case and +tag: four inquiries, three confirmations; a neighbour still gets one', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url });
    const states: string[] = [];
    for (const email of [
      'victim+1@example.net',
      'Victim+2@Example.NET',
      'victim@example.net',
      'VICTIM+3@example.net',
      'victimx@example.net',
    ]) {
      states.push((await confirmationOf(t, (await t.create({ email })).id)).state);
    }
    expect(states).toEqual(['sent', 'sent', 'sent', 'skipped', 'sent']);
    expect(mailsTo(smtp, 'victim', 'example.net')).toHaveLength(3);
  });

  it('keeps counting one address across a restart (SQLite): two before, then one sent and one skipped', async () => {
    const smtp = await smtpServer();
    const first = await startApp({ SMTP_URL: smtp.url });
    for (let i = 0; i < 2; i++) {
      expect((await confirmationOf(first, (await first.create({ email: 'victim@example.org' })).id)).state).toBe(
        'sent',
      );
    }
    await first.app.close();
    const second = await startApp({ SMTP_URL: smtp.url, DATA_DIR: first.dataDir });
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      states.push(
        (await confirmationOf(second, (await second.create({ email: 'victim+again@example.org' })).id)).state,
      );
    }
    expect(states).toEqual(['sent', 'skipped']);
    expect(mailsTo(smtp, 'victim', 'example.org')).toHaveLength(3);
  });

  it('holds the hourly cap across a restart: the confirmation past it waits an hour, unsent', async () => {
    const smtp = await smtpServer();
    const env = { SMTP_URL: smtp.url, CONFIRMATIONS_PER_HOUR: '2' };
    const first = await startApp(env);
    // From three networks: each network's own share of the hour (record 154) is not what is tested here.
    const ana = await first.create({ email: 'ana@example.org' }, '198.51.100.1');
    expect((await confirmationOf(first, ana.id)).state).toBe('sent');
    await first.app.close();
    const second = await startApp({ ...env, DATA_DIR: first.dataDir });
    const ben = await second.create({ email: 'ben@example.org' }, '198.51.100.2');
    expect((await confirmationOf(second, ben.id)).state).toBe('sent');
    const triedAt = Date.now();
    const waiting = await confirmationOf(second, (await second.create({ email: 'cy@example.org' }, '198.51.100.3')).id);
    expect(waiting).toMatchObject({
      state: 'queued',
      lastError: expect.stringMatching(/^2 confirmations went out in the last hour \(CONFIRMATIONS_PER_HOUR\)$/),
    });
    expect(waiting.dueAt).toBeGreaterThanOrEqual(triedAt + 59 * 60_000);
    expect(mailsTo(smtp, 'cy', 'example.org')).toHaveLength(0);
  });

  it.each([
    ['SQLite', false],
    ['PostgreSQL', true],
  ])(
    'lets one network take a sixth of the hourly budget, not all of it: a real customer still gets theirs (%s)',
    async (_, postgres) => {
      const smtp = await smtpServer();
      // 12 an hour: 2 for any one network.
      const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATIONS_PER_HOUR: '12' }, { postgres });
      const junk = [];
      for (let i = 0; i < 5; i++) junk.push(await t.create({ email: `junk${i}@example.org` }, '203.0.113.9'));
      const states = [];
      for (const { id } of junk) states.push(await confirmationOf(t, id));
      expect(states.filter((delivery) => delivery.state === 'sent')).toHaveLength(2);
      for (const waiting of states.filter((delivery) => delivery.state !== 'sent')) {
        expect(waiting).toMatchObject({
          state: 'queued',
          lastError:
            '2 confirmations went to inquiries from this network in the last hour (a sixth of CONFIRMATIONS_PER_HOUR)',
        });
      }
      // The same /64 is the same network; another network is not held back.
      const sameNetwork = await t.create({ email: 'more@example.org' }, '2001:db8:9:9::1');
      await t.create({ email: 'more2@example.org' }, '2001:db8:9:9::2');
      await t.create({ email: 'more3@example.org' }, '2001:db8:9:9::3');
      expect((await confirmationOf(t, sameNetwork.id)).state).toBe('sent');
      const customer = await t.create({ email: 'real.customer@example.org' }, '198.51.100.20');
      expect((await confirmationOf(t, customer.id)).state).toBe('sent');
      expect(mailsTo(smtp, 'real.customer', 'example.org')).toHaveLength(1);
    },
  );

  it('sends nothing at all for an inquiry flagged as spam', async () => {
    const smtp = await smtpServer();
    const hooks = await receiver();
    const t = await startApp({
      SMTP_URL: smtp.url,
      WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const spam = await t.create({ website: 'http://spam.example' });
    const real = await t.create();
    // The real inquiry's three deliveries arrive; the spam one, created first, has none.
    await smtp.waitFor(2);
    await hooks.waitFor(1);
    await t.until(real.id, allSettled);
    expect(await t.deliveries(spam.id)).toEqual([]);
    expect(smtp.received.flatMap((mail) => mail.rcptTo)).not.toContain(spam.body.email);
    expect(hooks.received.map((hook) => (hook.verified as { data: { id: string } }).data.id)).toEqual([real.id]);
  });

  it('retries a 4xx answer and then delivers, with the same Message-ID', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' });
    smtp.failNext(2, 451, 'Greylisted, try again');
    const { id } = await t.create();
    const [mail] = await smtp.waitFor(1);
    const [delivery] = await t.until(id, allSettled);
    expect(delivery!.state).toBe('sent');
    expect(delivery!.attempts.map((attempt) => attempt.outcome)).toEqual(['retry', 'retry', 'sent']);
    expect(delivery!.attempts[0]!.error).toMatch(/^SMTP 451.*Greylisted/);
    expect(mail!.messageId).toBe(`<${delivery!.id}@tacos.example>`);
    expect(smtp.received).toHaveLength(1);
    // Each retry is in the log at warn, with the delivery's id and the answer's code, nothing personal.
    const retries = t.logs.filter((line) => line.includes(`notification ${delivery!.id} (owner-email): attempt`));
    expect(retries).toHaveLength(2);
    expect(JSON.parse(retries[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('failed (SMTP 451)') });
    expect(t.logs.join('')).not.toContain('Greylisted');
  });

  it('marks a 5xx answer failed at once, with the reason, and does not retry', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' });
    smtp.failNext(1, 550, 'No such mailbox: gone.customer@example.com');
    const { id } = await t.create({ email: 'gone.customer@example.com' });
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({ state: 'failed', tries: 1 });
    expect(delivery!.lastError).toMatch(/^SMTP 550.*No such mailbox/);
    // The reason is on record for the owner; the log says only that it failed (no address in it).
    expect(t.logs.some((line) => line.includes(`notification ${delivery!.id} (owner-email) failed`))).toBe(true);
    expect(t.logs.join('')).not.toContain('gone.customer@example.com');
    expect(delivery!.attempts).toEqual([{ at: expect.any(Number), outcome: 'failed', error: delivery!.lastError }]);
    expect(await t.store.outbox.failedOf('owner-email', [id])).toEqual(new Set([id]));
    // Well past several retry delays: still one attempt, nothing delivered.
    await sleep(FAST_RETRIES[0]! * 4);
    expect((await t.deliveries(id))[0]!.attempts).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
  });

  it('aborts a send unanswered at its deadline inside the lease (lease less a second at 5 s) and sends it again, not marked sent', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off', NOTIFY_LEASE_SECONDS: '5' });
    // The relay takes the first message's DATA and never answers it.
    const held = smtp.holdNext();
    cleanups.push(() => held.release());
    const { id } = await t.create();
    await held.arrived;
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({
      state: 'sent',
      attempts: [
        { outcome: 'retry', error: 'TIMEOUT: no answer within 4 s: aborted' },
        { outcome: 'sent', error: null },
      ],
    });
    // Aborted at its deadline, not sooner: 5 s lease less max(1 s, a fifth).
    expect(delivery!.attempts[0]!.at - delivery!.createdAt).toBeGreaterThanOrEqual(4_000);
    // The second try went out while the first was still unanswered, on its own connection.
    expect(smtp.received).toHaveLength(1);
  });

  it('waits a little past the deadline for the answer to a message that went out whole, rather than sending it twice', {
    timeout: 30_000,
  }, async () => {
    const smtp = await smtpServer();
    // Lease 10 s: the send's deadline is at 8 s, and a message the relay has whole may wait 1 s more.
    smtp.delayMs = 8_400;
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off', NOTIFY_LEASE_SECONDS: '10' });
    const { id } = await t.create();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({ state: 'sent', attempts: [{ outcome: 'sent', error: null }] });
    // No second send is queued or in flight: the outbox has nothing left.
    expect(await t.store.outbox.nextDueAt()).toBeUndefined();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps everything queued while the SMTP server is down and delivers it all once it is back', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url });
    await smtp.stop();
    const created = [await t.create(), await t.create(), await t.create()];
    // Every delivery has been tried and failed while the server was down.
    for (const { id } of created) {
      await t.until(id, (deliveries) => deliveries.every((delivery) => delivery.attempts.length >= 1));
    }
    const failedMeanwhile = (await Promise.all(created.map(({ id }) => t.deliveries(id)))).flat();
    expect(failedMeanwhile.every((delivery) => delivery.state === 'queued')).toBe(true);
    expect(failedMeanwhile[0]!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    await smtp.start();
    await smtp.waitFor(6);
    for (const { id, body } of created) {
      const deliveries = await t.until(id, allSettled);
      expect(deliveries.every((delivery) => delivery.state === 'sent')).toBe(true);
      expect(smtp.received.filter((mail) => mail.rcptTo.includes(body.email))).toHaveLength(1);
    }
    expect(smtp.received).toHaveLength(6);
  });

  it('records a skipped owner e-mail when no owner receives notifications', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' }, { owners: [] });
    const { id } = await t.create();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({ state: 'skipped' });
    expect(delivery!.lastError).toMatch(/no owner account/);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends again on request with a new Message-ID once one was sent (mail services drop a repeated one)', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' });
    const { id } = await t.create();
    const [first] = await smtp.waitFor(1);
    const [delivery] = await t.until(id, allSettled);
    expect(first!.messageId).toBe(`<${delivery!.id}@tacos.example>`);
    expect(await t.app.notifier.resend(delivery!.id)).toBe('queued');
    const [, second] = await smtp.waitFor(2);
    expect(second!.messageId).toBe(`<${delivery!.id}.${delivery!.sentAt!.toString(36)}@tacos.example>`);
    const [again] = await t.until(id, (deliveries) => deliveries[0]!.attempts.length === 2 && allSettled(deliveries));
    expect(again!.attempts.map((attempt) => attempt.outcome)).toEqual(['sent', 'sent']);
    // Each recorded send gives the next "Send again" a Message-ID of its own.
    expect(await t.app.notifier.resend(delivery!.id)).toBe('queued');
    const [, , third] = await smtp.waitFor(3);
    expect(new Set([first!.messageId, second!.messageId, third!.messageId]).size).toBe(3);
  });

  it('sends a test e-mail and reports the set-up without the SMTP password', async () => {
    const smtp = await smtpServer();
    const hooks = await receiver();
    const t = await startApp({
      SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`,
      WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
    });
    await expect(t.app.notifier.sendTestEmail('owner@tacos.example')).resolves.toEqual({ ok: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual(['owner@tacos.example']);
    expect(mail!.subject).toMatch(/test/i);
    const status = await t.app.notifier.status();
    expect(status).toMatchObject({
      email: { configured: true, server: `smtp://mailer@127.0.0.1:${smtp.port}`, from: MAIL_FROM, confirmation: true },
      webhooks: [{ endpoint: `${hooks.base}/…`, slack: false }],
    });
    expect(JSON.stringify(status)).not.toContain('s3cret');
    expect(t.logs.join('')).not.toContain('s3cret');
  });

  it('without SMTP_URL queues no e-mail and says so once at start', async () => {
    const t = await startApp({});
    const { id } = await t.create();
    expect(await t.deliveries(id)).toEqual([]);
    const notices = t.logs.filter((line) => line.includes('SMTP_URL is not set'));
    expect(notices).toHaveLength(1);
    await expect(t.app.notifier.sendTestEmail('owner@tacos.example')).resolves.toMatchObject({ ok: false });
  });
});

describe('webhooks to a real receiver', () => {
  it('signs each request the Standard Webhooks way and sends the inquiry document with its id', async () => {
    const hooks = await receiver();
    const t = await startApp({ WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`, WEBHOOK_ALLOW_PRIVATE: 'true' });
    const { id, body } = await t.create();
    const [hook] = await hooks.waitFor(1);
    expect(hook!.verifyError).toBeUndefined();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({ kind: 'webhook', state: 'sent', target: `${hooks.base}/hook` });
    expect(hook!.path).toBe('/hook');
    expect(hook!.headers['webhook-id']).toBe(`msg_${delivery!.id}`);
    expect(hook!.headers['content-type']).toBe('application/json');
    const payload = hook!.verified as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('inquiry.created');
    const { website: _website, fillMs: _fillMs, ...fields } = body;
    expect(payload.data).toMatchObject({ ...fields, id, source: 'web' });
    expect(payload.data).not.toHaveProperty('uid');
  });

  it('rejects a tampered signature (the receiver’s check is real)', async () => {
    const hooks = await receiver();
    const other = newWebhookSecret();
    const t = await startApp({ WEBHOOK_URLS: `${hooks.base}/hook|${other}`, WEBHOOK_ALLOW_PRIVATE: 'true' });
    await t.create();
    const [hook] = await hooks.waitFor(1);
    expect(hook!.verified).toBeUndefined();
    expect(hook!.verifyError).toBeDefined();
  });

  it('retries a 500 with the same webhook-id, and honours Retry-After on a 429', async () => {
    const hooks = await receiver();
    const t = await startApp({ WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`, WEBHOOK_ALLOW_PRIVATE: 'true' });
    hooks.respondNext({ status: 500 }, { status: 429, headers: { 'retry-after': '1' } });
    const { id } = await t.create();
    const received = await hooks.waitFor(3);
    const [delivery] = await t.until(id, allSettled);
    expect(delivery!.state).toBe('sent');
    expect(delivery!.attempts.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
      ['retry', 'HTTP 500'],
      ['retry', 'HTTP 429'],
      ['sent', null],
    ]);
    expect(new Set(received.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([`msg_${delivery!.id}`]));
    expect(received.every((hook) => hook.verifyError === undefined)).toBe(true);
    // Retry-After: 1 waits a second, far beyond the 150 ms the schedule alone would wait.
    expect(received[2]!.receivedAt - received[1]!.receivedAt).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after the last retry of the schedule, with the last reason', async () => {
    const hooks = await receiver();
    const t = await startApp(
      { WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`, WEBHOOK_ALLOW_PRIVATE: 'true' },
      { retries: [100, 100] },
    );
    hooks.respondNext({ status: 503 }, { status: 500 }, { status: 502 }, { status: 500 });
    const { id } = await t.create();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery!.state).toBe('failed');
    expect(delivery!.lastError).toBe('gave up after 3 attempts; last: HTTP 502');
    expect(delivery!.attempts.map((attempt) => attempt.outcome)).toEqual(['retry', 'retry', 'failed']);
    expect(hooks.received).toHaveLength(3);
  });

  it('does not follow a redirect', async () => {
    const hooks = await receiver();
    const t = await startApp({ WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`, WEBHOOK_ALLOW_PRIVATE: 'true' });
    hooks.respondNext({ status: 302, headers: { location: `${hooks.base}/elsewhere` } });
    const { id } = await t.create();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery!.attempts[0]).toMatchObject({
      outcome: 'retry',
      error: expect.stringMatching(/^HTTP 302.*not followed/),
    });
    expect(hooks.received.map((hook) => hook.path)).toEqual(['/hook', '/hook']);
  });

  it('refuses private and loopback addresses unless WEBHOOK_ALLOW_PRIVATE=true, checking the resolved address', async () => {
    const hooks = await receiver();
    const port = new URL(hooks.base).port;
    const t = await startApp({
      WEBHOOK_URLS: `http://127.0.0.1:${port}/literal|${hooks.secret},http://localhost:${port}/named|${hooks.secret}`,
    });
    const { id } = await t.create();
    const deliveries = await t.until(id, allSettled);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.state).toBe('failed');
      expect(delivery.lastError).toMatch(/private address.*WEBHOOK_ALLOW_PRIVATE/);
    }
    expect(hooks.received).toHaveLength(0);
  });

  it('stops cleanly on close while a webhook hangs, letting go of its claim', async () => {
    const hanging = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          hanging.closeAllConnections();
          hanging.close(() => resolve());
        }),
    );
    const address = hanging.address() as { port: number };
    const t = await startApp({
      WEBHOOK_URLS: `http://127.0.0.1:${address.port}/hook|${newWebhookSecret()}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const { id } = await t.create();
    await t.until(id, (deliveries) => deliveries[0]?.claimedUntil !== null);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the request is out
    await t.app.close(); // must not wait for the 15 s timeout
    await expectLetGo(t.dataDir, id);
  });
});

describe.each([
  { engine: 'sqlite', postgres: false },
  { engine: 'postgres', postgres: true },
])('on $engine', ({ postgres }) => {
  it('records an e-mail refused for one of its recipients as failed, naming the refused address', async () => {
    const smtp = await smtpServer();
    smtp.refused.add('gone@tacos.example');
    const t = await startApp(
      { SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' },
      { owners: ['owner@tacos.example', 'gone@tacos.example'], postgres },
    );
    const { id } = await t.create();
    const [delivery] = await t.until(id, allSettled);
    expect(delivery).toMatchObject({ state: 'failed', tries: 1 });
    expect(delivery!.lastError).toMatch(/^sent to 1 of 2; refused: gone@tacos\.example \(550/);
    expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([['owner@tacos.example']]);
    expect(await t.store.outbox.failedOf('owner-email', [id])).toEqual(new Set([id]));
  });

  it('stops at once on 410 Gone; retries another 4xx (a receiver mid-deploy), which then goes through', async () => {
    const gone = await receiver();
    const deploying = await receiver();
    const t = await startApp(
      {
        WEBHOOK_URLS: `${gone.base}/gone|${gone.secret},${deploying.base}/deploying|${deploying.secret}`,
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      { postgres },
    );
    gone.respondNext({ status: 410 });
    deploying.respondNext({ status: 401 });
    const { id } = await t.create();
    const deliveries = await t.until(id, allSettled);
    const of = (hooks: WebhookReceiver) => deliveries.find((delivery) => delivery.target?.startsWith(hooks.base))!;
    expect(of(gone)).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/^HTTP 410/) });
    expect(of(gone).attempts).toHaveLength(1);
    expect(of(deploying)).toMatchObject({ state: 'sent' });
    expect(of(deploying).attempts.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
      ['retry', 'HTTP 401'],
      ['sent', null],
    ]);
    await sleep(FAST_RETRIES[0]! * 4);
    expect(gone.received).toHaveLength(1);
    expect(deploying.received).toHaveLength(2);
    // The same message both times: one webhook-id.
    expect(new Set(deploying.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
  });

  it('sets aside an inquiry whose notifications cannot be written out, shows it, and sends the others’ e-mails', async () => {
    const smtp = await smtpServer();
    const t = await startApp({ SMTP_URL: smtp.url, CONFIRMATION_EMAIL: 'off' }, { postgres, ownerAccount: true });
    // A fault of the engine's own: writing out this one inquiry's deliveries fails, every time.
    const refusal = 'outbox write refused (a fault injected by the test)';
    await t.sql(
      postgres
        ? `CREATE FUNCTION poison() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
             IF (SELECT "firstName" FROM "eventInquiries" WHERE "id" = NEW."inquiryId") = 'Poison' THEN
               RAISE EXCEPTION '${refusal}';
             END IF;
             RETURN NEW;
           END $$;
           CREATE TRIGGER poison BEFORE INSERT ON "outbox" FOR EACH ROW EXECUTE FUNCTION poison();`
        : `CREATE TRIGGER poison BEFORE INSERT ON outbox
           WHEN (SELECT firstName FROM eventInquiries WHERE id = NEW.inquiryId) = 'Poison'
           BEGIN SELECT RAISE(ABORT, '${refusal}'); END;`,
    );
    const poisoned = await t.create({ firstName: 'Poison' });
    const first = await t.create();
    const inquiryOf = (mail: { parsed: { headers: Map<string, unknown> } }) =>
      mail.parsed.headers.get('x-curbside-inquiry');
    expect((await smtp.waitFor(1)).map(inquiryOf)).toEqual([first.id]);
    await t.until(first.id, allSettled);
    // Tried with each claim, then set aside after a few failures, with its error, on the Notifications page.
    for (const deadline = Date.now() + 15_000; (await t.app.notifier.status()).trouble.setAside === 0; ) {
      if (Date.now() > deadline) throw new Error('the failing write-out was never set aside');
      await sleep(50);
    }
    // Shown where the owner and the operator look: the inbox's Notifications page (its
    // route) with the error, and the readiness answer as a count (no text: it can quote an address).
    const view = await call(t.app, 'GET', '/api/owner/notifications', { cookie: await cookieOf(t.app) });
    expect(view.statusCode).toBe(200);
    expect(view.json().trouble).toMatchObject({ setAside: 1, setAsideError: expect.stringContaining(refusal) });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true, outbox: { setAside: 1, queued: 0 } });
    expect(ready.body).not.toContain(refusal);
    // It holds nothing up: the next inquiry's e-mail goes out too, and nothing about the set-aside one.
    const second = await t.create();
    expect((await smtp.waitFor(2)).map(inquiryOf)).toEqual([first.id, second.id]);
    expect(await t.deliveries(poisoned.id)).toEqual([]);
  });
});

describe('on PostgreSQL', () => {
  it('delivers the owner e-mail, the confirmation and the webhook, and nothing for spam', async () => {
    const smtp = await smtpServer();
    const hooks = await receiver();
    const t = await startApp(
      { SMTP_URL: smtp.url, WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`, WEBHOOK_ALLOW_PRIVATE: 'true' },
      { postgres: true },
    );
    smtp.failNext(1, 421, 'Too busy');
    const spam = await t.create({ website: 'filled by a bot' });
    const { id, body } = await t.create();
    await smtp.waitFor(2);
    const [hook] = await hooks.waitFor(1);
    const deliveries = await t.until(id, allSettled);
    expect(deliveries.map((delivery) => [delivery.kind, delivery.state]).sort()).toEqual([
      ['confirmation', 'sent'],
      ['owner-email', 'sent'],
      ['webhook', 'sent'],
    ]);
    expect(
      byKind(deliveries, 'owner-email')[0]!.attempts.length + byKind(deliveries, 'confirmation')[0]!.attempts.length,
    ).toBe(3);
    expect(smtp.received.map((mail) => mail.replyTo[0]).sort()).toEqual([body.email, content.contact.email].sort());
    expect(hook!.verifyError).toBeUndefined();
    expect(await t.deliveries(spam.id)).toEqual([]);
  });
  it('counts one address across two instances on one database, and across a restart of one', async () => {
    const smtp = await smtpServer();
    const a = await startApp({ SMTP_URL: smtp.url }, { postgres: true });
    const b = await startApp({ SMTP_URL: smtp.url }, { postgres: a.postgresUrl });
    // Six at once through both instances in turn: either worker may claim and send any of them.
    const created = await Promise.all([a, b, a, b, a, b].map((t, i) => t.create({ email: `victim+${i}@example.org` })));
    const states = await Promise.all(created.map(({ id }) => confirmationOf(a, id)));
    expect(states.map((delivery) => delivery.state).sort()).toEqual([
      'sent',
      'sent',
      'sent',
      'skipped',
      'skipped',
      'skipped',
    ]);
    // A new process (nothing in its memory) on the same database: the count is still there.
    await a.app.close();
    const c = await startApp({ SMTP_URL: smtp.url }, { postgres: a.postgresUrl });
    expect((await confirmationOf(c, (await c.create({ email: 'Victim@Example.org' })).id)).state).toBe('skipped');
    expect(mailsTo(smtp, 'victim', 'example.org')).toHaveLength(3);
  });
});

describe('a channel of its own', () => {
  it('is planned, sent, retried and shown by the worker as it is, from one registration', async () => {
    // A pager that is down at first: its first send fails (worth a retry), its second goes through.
    const pages: { deliveryId: string; customer: string }[] = [];
    const answers: ChannelOutcome[] = [{ ok: false, permanent: false, error: 'pager offline' }, { ok: true }];
    const pager: Channel = {
      kind: 'pager',
      label: 'Pager',
      plan: () => [null],
      async send(delivery, inquiry) {
        pages.push({ deliveryId: delivery.id, customer: inquiry.firstName });
        return answers.shift() ?? { ok: true };
      },
      describe: () => 'Pages the owner.',
    };
    const t = await startApp({}, { channels: [...CHANNELS, pager] });
    const { id, body } = await t.create({ firstName: 'Paged' });
    const [delivery] = byKind(
      await t.until(id, (deliveries) => byKind(deliveries, 'pager')[0]?.state === 'sent'),
      'pager',
    );
    expect(pages).toEqual([
      { deliveryId: delivery!.id, customer: 'Paged' },
      { deliveryId: delivery!.id, customer: 'Paged' },
    ]);
    expect(delivery!.attempts.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
      ['retry', 'pager offline'],
      ['sent', null],
    ]);
    expect(body.firstName).toBe('Paged');
    // Shown: in the inquiry's notifications and in the settings, under its label.
    const status = await t.app.notifier.status();
    expect(status.channels.find((channel) => channel.kind === 'pager')).toMatchObject({
      label: 'Pager',
      description: 'Pages the owner.',
      sent: 1,
      queued: 0,
    });
    expect(t.app.notifier.label('pager')).toBe('Pager');
  });
  it('keeps its targets in the store: one delivery per target, a gone target forgotten, its own deadline kept', async () => {
    // A push-like channel: the owner's devices are stored; one hangs at first (aborted at the
    // channel's own 300 ms deadline, then retried), and then answers that it is gone.
    const devices = ['https://push.example/phone', 'https://push.example/laptop'];
    const forgotten: string[] = [];
    let laptopTries = 0;
    const buzzer: Channel = {
      kind: 'buzzer',
      label: 'Buzzer',
      timeoutMs: 300,
      targets: async () => [...devices],
      plan: (_config, stored) => [...stored],
      async send(delivery, _inquiry, { signal }) {
        if (delivery.target !== devices[1] || ++laptopTries > 1) {
          return delivery.target === devices[1]
            ? { ok: false, permanent: true, gone: true, error: 'HTTP 410' }
            : { ok: true };
        }
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        return { ok: false, permanent: false, error: 'aborted' };
      },
      async forget(target) {
        forgotten.push(target);
        devices.splice(devices.indexOf(target), 1);
      },
      describe: () => 'Buzzes the owner’s devices.',
    };
    const t = await startApp({}, { channels: [buzzer] });
    const { id } = await t.create();
    const deliveries = await t.until(id, (list) => list.length === 2 && allSettled(list));
    const to = (target: string) => deliveries.find((delivery) => delivery.target === target)!;
    expect(to('https://push.example/phone')).toMatchObject({ state: 'sent' });
    expect(to('https://push.example/laptop').attempts.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
      ['retry', 'TIMEOUT: no answer within 0.3 s: aborted'],
      ['failed', 'HTTP 410'],
    ]);
    expect(forgotten).toEqual(['https://push.example/laptop']);
    // The next inquiry goes only to the device that is left.
    const next = await t.create();
    const [only, ...more] = await t.until(next.id, allSettled);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ kind: 'buzzer', target: 'https://push.example/phone', state: 'sent' });
  });

  it('stops within its bound even when a send ignores the abort, letting go of its claim', async () => {
    let release: () => void = () => {};
    const stuck: Channel = {
      kind: 'stuck',
      label: 'Stuck',
      plan: () => [null],
      // A send that does not listen to its signal: it ends only when the test lets it.
      send: () => new Promise((resolve) => (release = () => resolve({ ok: true }))),
      describe: () => 'Never answers.',
    };
    cleanups.push(() => release());
    const t = await startApp({}, { channels: [stuck] });
    const { id } = await t.create();
    await t.until(id, (deliveries) => deliveries[0]?.claimedUntil !== null);
    await t.app.close(); // would wait for ever on the send
    expect(t.logs.join('')).toContain('1 notification sends did not end when aborted; their claims are let go of');
    await expectLetGo(t.dataDir, id);
  });
});
