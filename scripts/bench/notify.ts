// The notification part of `npm run bench` (design.md, "Budgets: owner's side"):
//
//   creates/s with the outbox on, beside the same server with it off, in the
//   same run: runs alternate off/on (ROUNDS each); each "on" run is compared
//   with the "off" run just before it (the machine's speed drifts over minutes,
//   so a pair shares the moment), and the median of those changes is the
//   figure; the medians of each side are printed beside it. "On" is
//   SMTP_URL (owner e-mail and customer confirmation) and one webhook, to a real
//   SMTP server (smtp-server) and HTTP receiver in this process; the worker
//   sends while the load runs, in the server's process, as in production (a
//   flat-out run is a flood, so it sends a few a second and leaves the rest
//   queued: the run ends with the load, its queue is not waited for).
//   Target: no more than 10 % lower.
//
//   from an acknowledged create (the 201 reaching the client) to the owner's
//   e-mail accepted by the SMTP server, median and p99, at 50 connections
//   sending LATENCY_RATE creates/s in all (autocannon's overallRate): a busy
//   site, far above a food truck's day, but below saturation; every owner
//   e-mail must arrive. Target: median <= 1 s. Beside it, in the same run, from the
//   create to its push accepted by a push service (a local HTTPS one, as in
//   tests/notify/push.test.ts) for the owner's one device.
//
// Alone: `npx tsx scripts/bench/notify.ts` (BENCH_SECONDS per run, default 10;
// BENCH_NOTIFY_ROUNDS, default 5; BENCH_NOTIFY_ENGINES=sqlite,postgres).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import * as ece from 'http_ece';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import type { NewPushDevice } from '../../src/server/store/device-store.js';
import { startPushService } from '../../tests/support/push-service.js';
import { startSmtp } from '../../tests/support/smtp.js';
import { startWebhookReceiver } from '../../tests/support/webhook-receiver.js';
import { createDatabase, freePort, startPostgres } from '../../tests/support/postgres.js';
import { API_BENCH_CONNECTIONS, benchBody, type Child, cpuBusyPercent, signIn, startOurs } from './api.js';

const require = createRequire(import.meta.url);
const OWNER = 'owner@bench.example';
/** After a run's load stops, how long its last e-mails may take to arrive before they count as missing. */
const DRAIN_MS = 60_000;
/** Creates per second, in all, for the latency run. */
const LATENCY_RATE = 100;

export interface NotifyBenchResult {
  engine: 'sqlite' | 'postgres';
  rounds: number;
  seconds: number;
  offCreatesPerSecond: number[];
  onCreatesPerSecond: number[];
  /** Each round's on / off - 1, in percent (negative: slower with the outbox). */
  pairChangesPercent: number[];
  /** The median of pairChangesPercent. */
  changePercent: number;
  /** At LATENCY_RATE creates/s. */
  ownerEmailP50Ms: number;
  ownerEmailP99Ms: number;
  ownerEmails: number;
  /** The same, to the owner's device's push service. */
  pushP50Ms: number;
  pushP99Ms: number;
  pushes: number;
  acknowledged: number;
  /** Acknowledged creates whose owner e-mail did not arrive within DRAIN_MS of the load's end. */
  missing: number;
  busyBefore: number;
  targets: { target: string; met: boolean }[];
}

interface AutocannonResult {
  duration: number;
  '2xx': number;
  non2xx: number;
  errors: number;
}

/** 50 connections of new inquiries; calls onAck(id, time) as each 201 arrives. */
function load(
  base: string,
  token: string,
  seconds: number,
  onAck: (id: string, at: number) => void,
  overallRate?: number,
): Promise<AutocannonResult> {
  const autocannon = require('autocannon') as (options: unknown) => Promise<AutocannonResult>;
  const body = JSON.stringify(benchBody());
  return autocannon({
    url: base,
    connections: API_BENCH_CONNECTIONS,
    duration: seconds,
    timeout: 10,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        setupRequest: (request: Record<string, unknown>) => ({ ...request, path: `/api/inquiries/${randomUUID()}` }),
        onResponse: (status: number, responseBody: string) => {
          if (status === 201) onAck(responseBody.slice(7, 43), Date.now());
        },
      },
    ],
  });
}

export const median = (values: number[]) => percentile(values, 50);
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Arrival times after each create's acknowledgement. Something can arrive before the
 * client has read its 201: that counts as 0.
 */
function arrivals(acked: ReadonlyMap<string, number>) {
  const delays: number[] = [];
  const early = new Set<string>();
  return {
    delays,
    arrived(id: string, at: number) {
      const ackAt = acked.get(id);
      if (ackAt !== undefined) delays.push(Math.max(0, at - ackAt));
      else early.add(id);
    },
    acked(id: string) {
      if (early.delete(id)) delays.push(0);
    },
  };
}

/** The bench's device: its own keys, to read what each push says and which inquiry it is about. */
export function newBenchDevice() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const payloadOf = (body: Buffer) =>
    JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()) as {
      title: string;
      url: string;
    };
  return {
    subscription: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    payloadOf,
    inquiryOf: (body: Buffer): string => new URL(payloadOf(body).url).searchParams.get('id') ?? '',
  };
}

export interface Place {
  env: Record<string, string>;
  /** The owner, with a device that takes push when one is given. */
  addOwner(device?: NewPushDevice): Promise<void>;
  cleanup(): Promise<void>;
}

export async function sqlitePlace(): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-notify-'));
  return {
    env: { DATA_DIR: dataDir },
    async addOwner(device) {
      const owners = openSqliteOwnerStore(dataDir);
      const owner = await owners.createOwner(OWNER, 'bench: never signs in');
      if (device) await owners.devices.addPushDevice(owner.id, device, new Date());
      await owners.close();
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresPlace(serverUrl: string): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-notify-pg-'));
  const url = await createDatabase(serverUrl, `bench_notify_${randomUUID().slice(0, 8)}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async addOwner(device) {
      const owners = await openPostgresOwnerStore(url, 1);
      const owner = await owners.createOwner(OWNER, 'bench: never signs in');
      if (device) await owners.devices.addPushDevice(owner.id, device, new Date());
      await owners.close();
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Creates per second without and with the outbox, `rounds` pairs of fresh places, and how busy the machine was. */
async function throughput(
  engine: 'sqlite' | 'postgres',
  fresh: () => Promise<Place>,
  rounds: number,
  seconds: number,
  senders: { smtp: string; hooks: { base: string; secret: string } },
) {
  const off: number[] = [];
  const on: number[] = [];
  let busyBefore = 0;
  for (let round = 0; round < rounds; round++) {
    for (const outbox of [false, true]) {
      const place = await fresh();
      try {
        await place.addOwner();
        const env = outbox
          ? {
              ...place.env,
              SMTP_URL: senders.smtp,
              MAIL_FROM: 'inquiries@bench.example',
              WEBHOOK_URLS: `${senders.hooks.base}/hook|${senders.hooks.secret}`,
              WEBHOOK_ALLOW_PRIVATE: 'true',
              // Every confirmation sent, as before the caps (record 082): the heavier case.
              CONFIRMATIONS_PER_ADDRESS: '100000',
              CONFIRMATIONS_PER_HOUR: '100000',
            }
          : place.env;
        busyBefore = Math.max(busyBefore, await cpuBusyPercent());
        const child: Child = await startOurs({ ...env, LOG_LEVEL: 'warn' }, await freePort());
        try {
          const token = await signIn(child.base);
          await load(child.base, token, 1, () => {}); // warm-up, not counted (its e-mails are not timed)
          const result = await load(child.base, token, seconds, () => {});
          (outbox ? on : off).push(Math.round(result['2xx'] / result.duration));
          console.log(
            `  ${engine}, outbox ${outbox ? 'on ' : 'off'}: ${Math.round(result['2xx'] / result.duration)} creates/s` +
              (result.non2xx + result.errors > 0 ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
          );
        } finally {
          await child.stop();
        }
      } finally {
        await place.cleanup();
      }
    }
  }
  return { off, on, busyBefore };
}

/** What the bench reports of an engine's runs, and whether it meets the targets. */
function notifyResult(
  engine: 'sqlite' | 'postgres',
  rounds: number,
  seconds: number,
  runs: {
    off: number[];
    on: number[];
    busyBefore: number;
    delays: number[];
    pushDelays: number[];
    acked: Map<string, number>;
  },
): NotifyBenchResult {
  const { off, on, busyBefore, delays, pushDelays, acked } = runs;
  const percent = (ratio: number) => Math.round((ratio - 1) * 1000) / 10;
  const pairChangesPercent = on.map((rate, round) => percent(rate / off[round]!));
  const changePercent = median(pairChangesPercent);
  const p50 = median(delays);
  const p99 = percentile(delays, 99);
  return {
    engine,
    rounds,
    seconds,
    offCreatesPerSecond: off,
    onCreatesPerSecond: on,
    pairChangesPercent,
    changePercent,
    ownerEmailP50Ms: p50,
    ownerEmailP99Ms: p99,
    ownerEmails: delays.length,
    pushP50Ms: median(pushDelays),
    pushP99Ms: percentile(pushDelays, 99),
    pushes: pushDelays.length,
    acknowledged: acked.size,
    missing: acked.size - delays.length,
    busyBefore,
    targets: [
      { target: 'creates/s with the outbox >= 90 % of without', met: changePercent >= -10 },
      {
        target: `create -> owner e-mail accepted at ${LATENCY_RATE}/s, median <= 1 s`,
        met: p50 <= 1000 && acked.size === delays.length,
      },
      {
        target: `create -> push accepted at ${LATENCY_RATE}/s, median <= 1 s`,
        met: median(pushDelays) <= 1000 && acked.size === pushDelays.length,
      },
    ],
  };
}

async function runEngine(
  engine: 'sqlite' | 'postgres',
  fresh: () => Promise<Place>,
  rounds: number,
  seconds: number,
): Promise<NotifyBenchResult> {
  const smtp = await startSmtp();
  smtp.parse = false;
  const hooks = await startWebhookReceiver();
  const pushService = await startPushService();
  const device = newBenchDevice();
  const acked = new Map<string, number>();
  const emails = arrivals(acked);
  const pushes = arrivals(acked);
  // Only the latency run's e-mails and pushes are timed (the throughput runs' flood is not waited for).
  const onAccepted: typeof smtp.onAccepted = ({ inquiryId, acceptedAt }) => {
    if (inquiryId) emails.arrived(inquiryId, acceptedAt); // else the customer's confirmation
  };
  pushService.onReceived = (_path, push, at) => pushes.arrived(device.inquiryOf(push.body), at);
  const onAck = (id: string, at: number) => {
    acked.set(id, at);
    emails.acked(id);
    pushes.acked(id);
  };
  const delays = emails.delays;
  const off: number[] = [];
  const on: number[] = [];
  let busyBefore = 0;
  try {
    const rates = await throughput(engine, fresh, rounds, seconds, { smtp: smtp.url, hooks });
    off.push(...rates.off);
    on.push(...rates.on);
    busyBefore = rates.busyBefore;
    // The latency run: outbox on, a steady LATENCY_RATE creates/s.
    smtp.onAccepted = onAccepted;
    const place = await fresh();
    try {
      await place.addOwner({ ...device.subscription, endpoint: `${pushService.base}/push/bench`, label: 'Bench' });
      const child: Child = await startOurs(
        {
          ...place.env,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'inquiries@bench.example',
          WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
          WEBHOOK_ALLOW_PRIVATE: 'true',
          NODE_EXTRA_CA_CERTS: pushService.caFile,
          LOG_LEVEL: 'warn',
        },
        await freePort(),
      );
      try {
        const token = await signIn(child.base);
        await load(child.base, token, seconds, onAck, LATENCY_RATE);
        const deadline = Date.now() + DRAIN_MS;
        while ((delays.length < acked.size || pushes.delays.length < acked.size) && Date.now() < deadline)
          await sleep(100);
        console.log(
          `  ${engine}, ${LATENCY_RATE} creates/s: ${delays.length} owner e-mails and ${pushes.delays.length} pushes timed`,
        );
      } finally {
        await child.stop();
      }
    } finally {
      await place.cleanup();
    }
  } finally {
    await smtp.stop();
    await hooks.close();
    await pushService.close();
    pushService.remove();
  }
  return notifyResult(engine, rounds, seconds, { off, on, busyBefore, delays, pushDelays: pushes.delays, acked });
}

export async function runNotifyBench(): Promise<NotifyBenchResult[]> {
  const seconds = Number(process.env.BENCH_SECONDS || 10);
  const rounds = Number(process.env.BENCH_NOTIFY_ROUNDS || 5);
  const engines = (process.env.BENCH_NOTIFY_ENGINES || 'sqlite,postgres').split(',');
  const results: NotifyBenchResult[] = [];
  if (engines.includes('sqlite')) results.push(await runEngine('sqlite', sqlitePlace, rounds, seconds));
  if (engines.includes('postgres')) {
    const postgres = await startPostgres();
    try {
      results.push(await runEngine('postgres', () => postgresPlace(postgres.url), rounds, seconds));
    } finally {
      await postgres.stop();
    }
  }
  return results;
}

const signed = (value: number) => `${value > 0 ? '+' : ''}${value}`;

export function formatNotifyBench(results: NotifyBenchResult[]): string {
  const lines = [
    `${API_BENCH_CONNECTIONS} connections, loopback; outbox on = owner e-mail + confirmation (real SMTP server) + 1 webhook; ` +
      `alternating off/on runs, ${results[0]?.rounds ?? '?'} of each, ${results[0]?.seconds ?? '?'} s each`,
  ];
  for (const result of results) {
    lines.push(
      `${result.engine}: creates/s off ${median(result.offCreatesPerSecond)} [${result.offCreatesPerSecond.join(', ')}], ` +
        `on ${median(result.onCreatesPerSecond)} [${result.onCreatesPerSecond.join(', ')}]; ` +
        `on vs the off run before it: median ${signed(result.changePercent)} % [${result.pairChangesPercent.map(signed).join(', ')}] ` +
        `(medians of each side: ${signed(Math.round((median(result.onCreatesPerSecond) / median(result.offCreatesPerSecond) - 1) * 1000) / 10)} %); ` +
        `ack -> owner e-mail accepted at ${LATENCY_RATE} creates/s: p50 ${result.ownerEmailP50Ms} ms, p99 ${result.ownerEmailP99Ms} ms ` +
        `over ${result.ownerEmails} e-mails (${result.missing} missing); ` +
        `ack -> push accepted: p50 ${result.pushP50Ms} ms, p99 ${result.pushP99Ms} ms over ${result.pushes} pushes` +
        (result.busyBefore > 20 ? `; busy before ${result.busyBefore}% (other work competing)` : ''),
      `  targets: ${result.targets.map((t) => `${t.target}: ${t.met ? 'met' : 'MISSED'}`).join('; ')}`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runNotifyBench();
  console.log(formatNotifyBench(results));
  process.exit(0);
}
