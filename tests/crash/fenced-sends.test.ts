// Each e-mail goes out once, however slow the relay (issue 16): a real SMTP server
// answering each message after a second, the shortest lease allowed (5 s), and the
// real server process on each engine. Before sends were fenced, 80 e-mails went out
// as 131 messages: the worker claimed 64 e-mails for a pool of 5 connections, so
// claims ran out while messages waited in the pool, and another claim sent them
// again. Then SIGTERM in the middle of slow sends: the process exits cleanly within
// its bound, lets go of its claims, and after a restart nothing goes out twice. And
// on PostgreSQL, an instance frozen mid-send past its lease, whose send then fails,
// cannot put back in the queue the e-mail another instance sent meanwhile.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

const OWNER = 'owner@fenced.example';

interface Place {
  env: Record<string, string>;
  addOwner(): Promise<void>;
  /** Claims still held on the outbox (PostgreSQL: other instances would wait for them). */
  heldClaims(): Promise<number>;
  /** Each delivery's state, tries and recorded attempts (PostgreSQL only). */
  outboxRows(): Promise<{ state: string; tries: number; attempts: number }[]>;
}

async function query(url: string, sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const places: { name: string; make(): Promise<Place> }[] = [
  {
    name: 'sqlite',
    async make() {
      const data = freshDataDir();
      cleanups.push(data.remove);
      return {
        env: { DATA_DIR: data.dir },
        async addOwner() {
          const owners = openSqliteOwnerStore(data.dir);
          await owners.createOwner(OWNER, 'not-a-real-hash: this owner never signs in');
          await owners.close();
        },
        // One SQLite file has one server: a new one lets go of every old claim at start.
        heldClaims: async () => 0,
        outboxRows: async () => [],
      };
    },
  },
  {
    name: 'postgres',
    async make() {
      const data = freshDataDir();
      cleanups.push(data.remove);
      const url = await freshPostgresUrl();
      return {
        env: { DATA_DIR: data.dir, DATABASE_URL: url },
        async addOwner() {
          const owners = await openPostgresOwnerStore(url, 1);
          await owners.createOwner(OWNER, 'not-a-real-hash: this owner never signs in');
          await owners.close();
        },
        async heldClaims() {
          const rows = await query(url, 'SELECT count(*)::int AS n FROM "outbox" WHERE "claimedUntil" > $1', [
            Date.now(),
          ]);
          return rows[0]!.n as number;
        },
        async outboxRows() {
          return (await query(
            url,
            `SELECT o."state", o."tries", (SELECT count(*)::int FROM "outboxAttempts" a WHERE a."deliveryId" = o."id") AS "attempts"
             FROM "outbox" o ORDER BY o."createdAt"`,
          )) as { state: string; tries: number; attempts: number }[];
        },
      };
    },
  },
];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every Message-ID the relay accepted, with how many times. */
function countMessages(smtp: TestSmtp): Map<string, number> {
  const seen = new Map<string, number>();
  smtp.parse = false;
  smtp.onAccepted = ({ messageId }) => seen.set(messageId, (seen.get(messageId) ?? 0) + 1);
  return seen;
}

async function startServer(
  place: Place,
  smtp: TestSmtp,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; port: number }> {
  const port = await freePort();
  const server = new ServerProcess(port, {
    ...place.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'inquiries@fenced.example',
    NOTIFY_LEASE_SECONDS: '5',
    // Forty confirmations in a minute: more than the shipped hourly cap allows.
    CONFIRMATIONS_PER_HOUR: '1000',
    ...env,
  });
  cleanups.push(() => server.kill());
  await server.start();
  return { server, port };
}

async function createInquiries(port: number, count: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const { token } = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/inquiries/${randomUUID()}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(buildInquiryBody({ email: `customer${i}@fenced.example` })),
    });
    expect(response.status).toBe(201);
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.each(places)('fenced e-mail sends on $name', (where) => {
  it('sends 80 e-mails through a relay taking a second each, with a 5 s lease: each Message-ID exactly once', async () => {
    const place = await where.make();
    await place.addOwner();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    smtp.delayMs = 1_000;
    const seen = countMessages(smtp);
    const { port } = await startServer(place, smtp);
    // 40 inquiries: the owner's e-mail and the customer's confirmation each.
    await createInquiries(port, 40);
    await until(() => seen.size >= 80, '80 distinct messages', 120_000);
    // Two more leases: any claim that could still be taken over has run out by now.
    await sleep(10_000);
    const twice = [...seen].filter(([, times]) => times > 1);
    expect(twice).toEqual([]);
    expect(seen.size).toBe(80);
  }, 180_000);

  it('SIGTERM during slow sends exits cleanly, holds no claim, and nothing goes out twice after a restart', async () => {
    const place = await where.make();
    await place.addOwner();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const seen = countMessages(smtp);
    // A relay that takes half a minute to answer: every send is in flight when the server is stopped.
    smtp.delayMs = 30_000;
    let arrived = 0;
    smtp.onData = () => arrived++;
    const first = await startServer(place, smtp);
    await createInquiries(first.port, 3);
    await until(() => arrived >= 5, 'the sends to be in flight');
    expect(await first.server.terminate(), first.server.log).toBe(0);
    expect(await place.heldClaims()).toBe(0);
    expect(seen.size).toBe(0);

    // The relay is quick again: the next life sends all six, once each.
    smtp.delayMs = 0;
    await startServer(place, smtp);
    await until(() => seen.size >= 6, 'six distinct messages');
    await sleep(2_000);
    expect([...seen.values()]).toEqual([1, 1, 1, 1, 1, 1]);
  }, 120_000);
});

describe('fenced settlements on postgres, two instances', () => {
  it('a failure answered after the lease ran out never queues again an e-mail another instance sent', async () => {
    const place = await places.find((candidate) => candidate.name === 'postgres')!.make();
    await place.addOwner();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const seen = countMessages(smtp);
    const only = { CONFIRMATION_EMAIL: 'off', LOG_LEVEL: 'warn' };
    // Instance A sends the owner's e-mail; the relay keeps it waiting for its answer.
    const hold = smtp.holdNext();
    const a = await startServer(place, smtp, only);
    await createInquiries(a.port, 1);
    await hold.arrived;
    // A freezes mid-send (a long pause, a stalled VM) until well past its 5 s lease.
    a.server.pause();
    await sleep(6_000);
    // Instance B takes the delivery over and sends it.
    await startServer(place, smtp, only);
    await until(() => seen.size === 1, 'instance B to send the e-mail');
    await until(async () => (await place.outboxRows())[0]?.state === 'sent', 'the e-mail recorded as sent');
    // Now A's send fails (the relay answers 451), and A wakes up to record that.
    smtp.failNext(1, 451, 'Try again later');
    hold.release();
    a.server.resume();
    await until(() => a.server.log.includes('its claim ran out'), 'A to find its claim lost');
    // A first retry would come after about 5 s: wait past it.
    await sleep(8_000);
    expect(await place.outboxRows()).toEqual([{ state: 'sent', tries: 1, attempts: 1 }]);
    expect([...seen.values()]).toEqual([1]);
  }, 120_000);
});
