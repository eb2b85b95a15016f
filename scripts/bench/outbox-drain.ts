// The outbox's backlog in `npm run bench` (issue 41, item 10): how long a backlog of
// notifications takes to drain, and what bounds it.
//
//   The store is filled first, with the server stopped: BENCH_DRAIN_INQUIRIES inquiries
//   (default 2,000), each owing the owner's e-mail and the customer's confirmation (2 per
//   inquiry), as a burst of creates leaves them. Then the server starts with SMTP_URL set
//   to a real SMTP server in this process, and its worker sends them all; the figure is
//   from its start to the last e-mail accepted, with the rate, the time to the first
//   e-mail, and how busy the machine was meanwhile. What bounds it is printed beside it:
//   the worker's sends in flight (MAX_IN_FLIGHT, fewer while the event loop is busy) over
//   the SMTP pool's connections (SMTP_POOL_SIZE), each send a round trip to the relay;
//   when the machine is busy throughout, the CPU is the bound instead.
//
// Alone: `npx tsx scripts/bench/outbox-drain.ts` (BENCH_NOTIFY_ENGINES=sqlite,postgres).
import { pathToFileURL } from 'node:url';
import { MAX_IN_FLIGHT } from '../../src/server/notify/flood-control.js';
import { SMTP_POOL_SIZE } from '../../src/server/notify/mailer.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { freePort, startPostgres } from '../../tests/support/postgres.js';
import { startSmtp } from '../../tests/support/smtp.js';
import { type Child, cpuBusyPercent, startOurs } from './api.js';
import { type Place, postgresPlace, sqlitePlace } from './notify.js';

/** How long the drain may take before what arrived is reported as it is. */
const DRAIN_LIMIT_MS = 10 * 60_000;
/** Nothing new accepted for this long: the rest is not coming. */
const STALLED_MS = 30_000;

export interface DrainBenchResult {
  engine: 'sqlite' | 'postgres';
  inquiries: number;
  /** E-mails owed: the owner's and the confirmation, per inquiry. */
  owed: number;
  arrived: number;
  firstMs: number;
  drainMs: number;
  perSecond: number;
  /** The machine's CPU busy before the drain, and its median during it. */
  busyBefore: number;
  busyDuring: number;
}

/** The store the server will open, filled with `count` inquiries that owe their e-mails. */
async function fill(place: Place, count: number): Promise<void> {
  const store: InquiryStore = place.env.DATABASE_URL
    ? await openPostgresStore(place.env.DATABASE_URL, 2)
    : openSqliteStore(place.env.DATA_DIR!);
  try {
    // What each create owes is the server's to plan when it writes them out; here only that it owes.
    store.outbox.configure({ plan: () => [{ kind: 'owner-email', target: null }], idSecret: 'bench: only owes' });
    for (let index = 0; index < count; index++) await store.create(buildNewInquiry());
  } finally {
    await store.close();
  }
}

async function runEngine(engine: DrainBenchResult['engine'], fresh: () => Promise<Place>, inquiries: number) {
  const smtp = await startSmtp();
  smtp.parse = false;
  const place = await fresh();
  const accepted: number[] = [];
  smtp.onAccepted = ({ acceptedAt }) => void accepted.push(acceptedAt);
  try {
    await place.addOwner();
    await fill(place, inquiries);
    const owed = inquiries * 2;
    const busyBefore = await cpuBusyPercent();
    const child: Child = await startOurs(
      {
        ...place.env,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'inquiries@bench.example',
        CONFIRMATIONS_PER_ADDRESS: '100000',
        CONFIRMATIONS_PER_HOUR: '100000',
        LOG_LEVEL: 'warn',
      },
      await freePort(),
    );
    const started = Date.now();
    const busy: number[] = [];
    try {
      let lastCount = -1;
      let lastChange = Date.now();
      while (accepted.length < owed && Date.now() - started < DRAIN_LIMIT_MS) {
        if (accepted.length !== lastCount) [lastCount, lastChange] = [accepted.length, Date.now()];
        if (Date.now() - lastChange > STALLED_MS) break;
        busy.push(await cpuBusyPercent()); // takes a second
      }
    } finally {
      await child.stop();
    }
    const last = accepted.at(-1) ?? started;
    const drainMs = last - started;
    const result: DrainBenchResult = {
      engine,
      inquiries,
      owed,
      arrived: accepted.length,
      firstMs: (accepted[0] ?? started) - started,
      drainMs,
      perSecond: Math.round((accepted.length / Math.max(1, drainMs)) * 1000),
      busyBefore,
      busyDuring: [...busy].sort((a, b) => a - b)[Math.floor(busy.length / 2)] ?? 0,
    };
    console.log(`  ${engine}: ${result.arrived} of ${owed} e-mails in ${drainMs} ms`);
    return result;
  } finally {
    await smtp.stop();
    await place.cleanup();
  }
}

export async function runDrainBench(): Promise<DrainBenchResult[]> {
  const inquiries = Number(process.env.BENCH_DRAIN_INQUIRIES || 2_000);
  const engines = (process.env.BENCH_NOTIFY_ENGINES || 'sqlite,postgres').split(',');
  const results: DrainBenchResult[] = [];
  if (engines.includes('sqlite')) results.push(await runEngine('sqlite', sqlitePlace, inquiries));
  if (engines.includes('postgres')) {
    const postgres = await startPostgres();
    try {
      results.push(await runEngine('postgres', () => postgresPlace(postgres.url), inquiries));
    } finally {
      await postgres.stop();
    }
  }
  return results;
}

export function formatDrainBench(results: DrainBenchResult[]): string {
  const lines = [
    'a backlog left by a burst of creates (owner e-mail + confirmation each), drained by a fresh server to a real SMTP server on loopback',
  ];
  for (const result of results) {
    const bound =
      result.busyDuring >= 90
        ? 'the CPU (busy throughout: the server, the relay and this process share the machine)'
        : `round trips to the relay: at most ${MAX_IN_FLIGHT} sends in flight (4 while the event loop is busy) over ${SMTP_POOL_SIZE} SMTP connections`;
    lines.push(
      `${result.engine}: ${result.inquiries} inquiries, ${result.arrived} of ${result.owed} e-mails in ${(result.drainMs / 1000).toFixed(1)} s ` +
        `(${result.perSecond}/s; first after ${result.firstMs} ms); CPU busy ${result.busyDuring} % during, ${result.busyBefore} % before; bound: ${bound}`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatDrainBench(await runDrainBench()));
  process.exit(0);
}
