// The crash test of issue 3: 32 clients create inquiries against the real server
// process while it is killed with SIGKILL and restarted at least 10 times. A
// client retries a failed create with the same id and the same body until it is
// acknowledged. Afterwards the store, opened directly, must hold every
// acknowledged inquiry exactly once, exactly as sent, and nothing no client sent.
// Runs on SQLite and on PostgreSQL. Checks correctness only, never timings.
//
// Notifications (issue 9) ride along: a real SMTP server and a webhook receiver
// run throughout, and afterwards every acknowledged inquiry has had its owner
// e-mail and its webhook delivered at least once; duplicates (the same
// Message-ID or webhook-id delivered twice, from a send cut off before it was
// recorded) are counted and reported, as at-least-once allows them.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { InquiryStore, StoredInquiry } from '../../src/server/store/inquiry-store.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import {
  DOCUMENT_FIELDS,
  OPERATIONS,
  PACKAGE_NAMES,
  TRUCK_OPERATION,
  type InquiryBody,
} from '../../src/shared/inquiry.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { startNotificationSinks } from '../support/notification-sinks.js';
import { ServerProcess } from '../support/server-process.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';

const CLIENTS = 32;
const KILLS = 10;
/** How long the server runs (once it answers) before the next SIGKILL. */
const UP_MS = { min: 300, max: 800 };
/** A client's pause before retrying a failed request. */
const BACKOFF_MS = { min: 20, max: 80 };
const REQUEST_TIMEOUT_MS = 5_000;
/** Safety net: no single inquiry may take longer than this to be acknowledged. */
const ACK_DEADLINE_MS = 30_000;
const OWNER_EMAIL = 'owner@crash-test.example';
/** After the last life: how long the deliveries may take to drain (a dead claimer's lease included). */
const DELIVERY_DEADLINE_MS = 90_000;

const randomBetween = ({ min, max }: { min: number; max: number }) => min + Math.floor(Math.random() * (max - min + 1));

interface Engine {
  name: 'sqlite' | 'postgres';
  /** Env for the server, and how to open the same store directly afterwards. */
  prepare(): Promise<{
    env: Record<string, string>;
    open: () => Promise<InquiryStore>;
    addOwner: (email: string) => Promise<void>;
    cleanup: () => void;
  }>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async prepare() {
      const data = freshDataDir();
      return {
        env: { DATA_DIR: data.dir },
        open: async () => openSqliteStore(data.dir),
        addOwner: async (email) => {
          const owners = openSqliteOwnerStore(data.dir);
          await owners.createOwner(email, 'not-a-real-hash: this owner never signs in');
          await owners.close();
        },
        cleanup: data.remove,
      };
    },
  },
  {
    name: 'postgres',
    async prepare() {
      const data = freshDataDir();
      const url = await freshPostgresUrl();
      return {
        env: { DATA_DIR: data.dir, DATABASE_URL: url },
        open: () => openPostgresStore(url, 2),
        addOwner: async (email) => {
          const owners = await openPostgresOwnerStore(url, 1);
          await owners.createOwner(email, 'not-a-real-hash: this owner never signs in');
          await owners.close();
        },
        cleanup: data.remove,
      };
    },
  },
];

interface Attempt {
  uid: string;
  body: InquiryBody;
}

interface Run {
  attempted: Map<string, Attempt>;
  /** id -> createdAt of the 201 answer. */
  acknowledged: Map<string, string>;
  networkErrors: number;
  serverErrors: number;
  /** Retries answered as replays: the earlier attempt had been committed, its answer lost. */
  replays: number;
  /** Server generations in which at least one create was acknowledged. */
  ackGenerations: Set<number>;
}

/** One visitor: signs in once, then creates inquiries one after another until told to stop. */
async function runClient(
  index: number,
  base: string,
  run: Run,
  server: ServerProcess,
  stop: { requested: boolean },
): Promise<void> {
  const retryPause = () => sleep(randomBetween(BACKOFF_MS));

  let session: { uid: string; token: string } | undefined;
  while (!session) {
    try {
      const response = await fetch(`${base}/api/session`, {
        method: 'POST',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      session = (await response.json()) as { uid: string; token: string };
    } catch {
      await retryPause();
    }
  }

  for (let sequence = 1; !stop.requested; sequence++) {
    const id = randomUUID();
    const operation = OPERATIONS[(index + sequence) % OPERATIONS.length]!;
    const body = buildInquiryBody({
      notes: `client ${index}, inquiry ${sequence}, ${id}`,
      plannedGuestCount: 1 + ((index * 7919 + sequence) % 5000),
      operation,
      package: operation === TRUCK_OPERATION ? PACKAGE_NAMES[sequence % PACKAGE_NAMES.length]! : '',
      fillMs: 10_000,
      website: '',
    });
    const json = JSON.stringify(body);
    run.attempted.set(id, { uid: session.uid, body });
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      if (Date.now() - started > ACK_DEADLINE_MS)
        throw new Error(`inquiry ${id} not acknowledged after ${attempt - 1} attempts`);
      let status: number;
      let text: string;
      const generation = server.generation;
      const sentAt = Date.now();
      try {
        const response = await fetch(`${base}/api/inquiries/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
          body: json,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = response.status;
        text = await response.text();
      } catch {
        // Refused, reset or timed out: the server is down or was killed mid-request.
        run.networkErrors++;
        await retryPause();
        continue;
      }
      if (status === 201) {
        const answer = JSON.parse(text) as { id: string; createdAt: string };
        expect(answer.id).toBe(id);
        run.acknowledged.set(id, answer.createdAt);
        // createdAt is set when a create is stored; one older than this attempt comes from an earlier one.
        if (attempt > 1 && Date.parse(answer.createdAt) < sentAt) run.replays++;
        run.ackGenerations.add(generation);
        break;
      }
      if (status >= 500) {
        run.serverErrors++;
        await retryPause();
        continue;
      }
      // A 409 here means a retry of our own create was refused: the replay rule is broken.
      throw new Error(`PUT ${id} (attempt ${attempt}) answered ${status}: ${text}`);
    }
  }
}

function expectStoredAsSent(stored: StoredInquiry, attempt: Attempt): void {
  const { website: _website, fillMs: _fillMs, ...fields } = attempt.body;
  const got: Record<string, unknown> = {};
  for (const field of DOCUMENT_FIELDS) if (field !== 'createdAt' && field !== 'source') got[field] = stored[field];
  expect(got).toEqual(fields);
  expect(stored.source).toBe('web');
  expect(stored.uid).toBe(attempt.uid);
  expect(stored.spamReason).toBeNull();
}

describe.each(engines)('crash test on $name', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(`loses and duplicates nothing while the server is SIGKILLed ${KILLS} times under ${CLIENTS} clients`, {
    timeout: 200_000,
  }, async () => {
    const { env, open, addOwner, cleanup } = await engine.prepare();
    cleanups.push(cleanup);
    const notifications = await startNotificationSinks();
    cleanups.push(() => notifications.stop());
    await addOwner(OWNER_EMAIL);
    const port = await freePort();
    const server = new ServerProcess(port, { ...env, ...notifications.env });
    const killOnExit = () => void server.kill();
    process.once('exit', killOnExit);
    cleanups.push(async () => {
      process.removeListener('exit', killOnExit);
      await server.kill();
    });

    await server.start();
    const run: Run = {
      attempted: new Map(),
      acknowledged: new Map(),
      networkErrors: 0,
      serverErrors: 0,
      replays: 0,
      ackGenerations: new Set(),
    };
    const stop = { requested: false };
    const base = `http://127.0.0.1:${port}`;
    const clients = Array.from({ length: CLIENTS }, (_, index) => runClient(index, base, run, server, stop));
    // A failing client stops the others, so the test ends at once with its error.
    const clientsDone = Promise.all(clients).catch((error: unknown) => {
      stop.requested = true;
      throw error;
    });
    let failed: unknown;
    clientsDone.catch((error: unknown) => (failed = error));

    // Each life of the server serves at least one create, then runs a random while more.
    const serveAWhile = async () => {
      const deadline = Date.now() + ACK_DEADLINE_MS;
      while (!run.ackGenerations.has(server.generation) && failed === undefined) {
        if (Date.now() > deadline) throw new Error(`no create acknowledged in life ${server.generation} of the server`);
        await sleep(10);
      }
      await sleep(randomBetween(UP_MS));
    };
    let kills = 0;
    while (kills < KILLS && failed === undefined) {
      await serveAWhile();
      await server.kill();
      kills++;
      await server.start();
    }
    // The last life of the server: let the clients work a little, then let them
    // finish the inquiry each has in flight (retrying until acknowledged) and stop.
    await serveAWhile();
    stop.requested = true;
    await clientsDone;
    // The last life also sends what earlier lives left (their claims are let go at
    // start on SQLite, and expire after NOTIFY_LEASE_SECONDS on PostgreSQL).
    await notifications.waitForAll([...run.acknowledged.keys()], DELIVERY_DEADLINE_MS);
    await server.kill();

    const store = await open();
    let rows: StoredInquiry[];
    try {
      rows = await store.list();
      expect(await store.count()).toBe(rows.length);
    } finally {
      await store.close();
    }

    const storedById = new Map<string, StoredInquiry>();
    for (const row of rows) {
      expect(storedById.has(row.id), `id ${row.id} stored twice`).toBe(false);
      storedById.set(row.id, row);
    }
    // Every acknowledged inquiry is there, once, exactly as sent, with the createdAt it was acknowledged with.
    for (const [id, createdAt] of run.acknowledged) {
      const row = storedById.get(id);
      expect(row, `acknowledged inquiry ${id} is missing`).toBeDefined();
      expectStoredAsSent(row!, run.attempted.get(id)!);
      expect(row!.createdAt).toBe(createdAt);
    }
    // Nothing is stored that no client sent; a commit that landed just before a
    // kill (sent, never acknowledged) may be there, but only exactly as sent.
    for (const row of rows) {
      const attempt = run.attempted.get(row.id);
      expect(attempt, `stored inquiry ${row.id} was never sent`).toBeDefined();
      expectStoredAsSent(row, attempt!);
    }

    const unacknowledgedStored = rows.filter((row) => !run.acknowledged.has(row.id)).length;
    console.log(
      `crash test [${engine.name}]: kills=${kills} acknowledged=${run.acknowledged.size} stored=${rows.length} ` +
        `(stored but never acknowledged: ${unacknowledgedStored}) attempted=${run.attempted.size} ` +
        `network errors retried=${run.networkErrors} 5xx retried=${run.serverErrors} acknowledged as replays=${run.replays} lives with acks=${run.ackGenerations.size}/${server.generation}`,
    );
    // Notifications: every acknowledged inquiry's owner e-mail and webhook arrived, at least once.
    const missingMail = [...run.acknowledged.keys()].filter((id) => !notifications.mailsByInquiry.has(id));
    const missingHook = [...run.acknowledged.keys()].filter((id) => !notifications.hooksByInquiry.has(id));
    expect(missingMail, 'acknowledged inquiries without an owner e-mail').toEqual([]);
    expect(missingHook, 'acknowledged inquiries without a webhook').toEqual([]);
    expect(notifications.unverifiedHooks, 'webhooks whose signature did not verify').toBe(0);
    expect(notifications.mailsTo.size === 1 && notifications.mailsTo.has(OWNER_EMAIL)).toBe(true);
    // Each inquiry has one owner e-mail (one Message-ID) and one webhook (one webhook-id): a
    // second delivery of a message is a duplicate, with the same identity as the first.
    for (const [id, messageIds] of notifications.mailsByInquiry) {
      expect(new Set(messageIds).size, `inquiry ${id} got e-mails with different Message-IDs`).toBe(1);
      expect(storedById.has(id), `e-mail for inquiry ${id}, which is not stored`).toBe(true);
    }
    for (const [id, webhookIds] of notifications.hooksByInquiry) {
      expect(new Set(webhookIds).size, `inquiry ${id} got webhooks with different webhook-ids`).toBe(1);
    }
    const duplicateMails = [...notifications.mailsByInquiry.values()].reduce((sum, ids) => sum + ids.length - 1, 0);
    const duplicateHooks = [...notifications.hooksByInquiry.values()].reduce((sum, ids) => sum + ids.length - 1, 0);
    console.log(
      `crash test [${engine.name}] notifications: owner e-mails ${notifications.mailsByInquiry.size} inquiries ` +
        `(duplicates, same Message-ID: ${duplicateMails}), webhooks ${notifications.hooksByInquiry.size} inquiries ` +
        `(duplicates, same webhook-id: ${duplicateHooks})`,
    );

    expect(kills).toBeGreaterThanOrEqual(KILLS);
    // The kills really cut requests off, and creates were acknowledged throughout.
    expect(run.networkErrors).toBeGreaterThan(0);
    expect(run.ackGenerations.size).toBe(server.generation);
  });
});
