// The deposit part of `npm run bench` (design.md, "Budgets: the sale"): from a deposit's
// payment event to the inquiry Booked and the owner's push accepted by the push service,
// median and p99, beside an acknowledged create to its push in the same run.
//
// The server in its own process (as the notify part runs it) with a real SMTP server, a
// local HTTPS push service for the owner's one device, and the local stand-in for
// Stripe's API (STRIPE_API_BASE). Each round, untimed: an inquiry, the owner's quote,
// the customer's acceptance and "Pay deposit" (a Checkout Session). Timed: Stripe's
// signed checkout.session.completed posted to /api/payments/stripe; Booked is written
// in the event's own transaction, so the 200 is the moment it is Booked (read back
// after, to be sure); then the "Deposit paid" push arriving. Beside it, each round: a
// create, from its request sent (as the event's) to its "New inquiry" push. One at a time, at rest: the latency
// an owner sees, not a load test. Target: event -> Booked and push, median <= 1 s.
//
// Alone: `npx tsx scripts/bench/payments.ts` (BENCH_PAYMENT_ROUNDS, default 40;
// BENCH_PAYMENT_ENGINES=sqlite,postgres, default sqlite), or BENCH_ONLY=payments.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../../src/server/owner/password.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import type { InquiryDetail } from '../../src/shared/inbox-views.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { createDatabase, freePort, startPostgres } from '../../tests/support/postgres.js';
import { startPushService } from '../../tests/support/push-service.js';
import { startSmtp } from '../../tests/support/smtp.js';
import { startStripeStandIn } from '../../tests/support/stripe-stand-in.js';
import { benchBody, type Child, signIn, startOurs } from './api.js';
import { median, newBenchDevice, percentile } from './notify.js';

const OWNER = 'owner@bench.example';
const PASSWORD = 'a long bench owner passphrase';
/** How long one push may take before its round counts it as missing. */
const PUSH_WAIT_MS = 15_000;

export interface PaymentBenchResult {
  engine: 'sqlite' | 'postgres';
  rounds: number;
  /** Event posted -> its 200 (the inquiry Booked in the event's transaction). */
  bookedP50Ms: number;
  bookedP99Ms: number;
  /** Event posted -> the owner's "Deposit paid" push accepted by the push service. */
  pushP50Ms: number;
  pushP99Ms: number;
  /** Create sent -> its "New inquiry" push accepted, in the same run (measured alike: from the request sent). */
  createPushP50Ms: number;
  createPushP99Ms: number;
  /** Rounds whose inquiry was not Booked after its event, or whose push did not come. */
  missing: number;
  targets: { target: string; met: boolean }[];
}

/** The place the server keeps its data: a fresh SQLite directory, or a fresh PostgreSQL database as well. */
async function place(engine: 'sqlite' | 'postgres', postgresUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-bench-payments-'));
  const databaseUrl =
    engine === 'postgres' ? await createDatabase(postgresUrl!, `bench_pay_${randomUUID().slice(0, 8)}`) : undefined;
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    store: { dataDir, databaseUrl },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The owner's calls (signed in, with the Origin) and the customer's form posts, on `base`. */
async function ownerClient(base: string) {
  const session = await fetch(`${base}/api/owner/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  const cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
  const ownerCall = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const form = (path: string, fields: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams(fields),
    });
  return { ownerCall, form };
}

/** The round's times as the bench reports them, and whether they meet the target. */
function resultOf(
  engine: 'sqlite' | 'postgres',
  rounds: number,
  { booked, deposits, creates, missing }: { booked: number[]; deposits: number[]; creates: number[]; missing: number },
): PaymentBenchResult {
  return {
    engine,
    rounds,
    bookedP50Ms: median(booked),
    bookedP99Ms: percentile(booked, 99),
    pushP50Ms: median(deposits),
    pushP99Ms: percentile(deposits, 99),
    createPushP50Ms: median(creates),
    createPushP99Ms: percentile(creates, 99),
    missing,
    targets: [
      {
        target: 'deposit payment event -> Booked and the owner’s push accepted, median <= 1 s',
        met: missing === 0 && median(booked) <= 1000 && median(deposits) <= 1000,
      },
    ],
  } satisfies PaymentBenchResult;
}

/** When the push titled `what` ('Deposit paid') about inquiry `id` arrived, waiting for it up to PUSH_WAIT_MS. */
function watchPushes(
  pushService: Awaited<ReturnType<typeof startPushService>>,
  device: ReturnType<typeof newBenchDevice>,
) {
  /** '<title word>:<inquiry id>' -> when its push arrived. */
  const pushed = new Map<string, number>();
  pushService.onReceived = (_path, push, at) => {
    const payload = device.payloadOf(push.body);
    const id = new URL(payload.url).searchParams.get('id') ?? '';
    pushed.set(`${payload.title.split(':')[0]}:${id}`, at);
  };
  return async (what: string, id: string) => {
    const deadline = Date.now() + PUSH_WAIT_MS;
    while (!pushed.has(`${what}:${id}`) && Date.now() < deadline) await sleep(5);
    return pushed.get(`${what}:${id}`);
  };
}

async function runEngine(engine: 'sqlite' | 'postgres', rounds: number, postgresUrl?: string) {
  const [smtp, pushService, stripe] = await Promise.all([startSmtp(), startPushService(), startStripeStandIn()]);
  smtp.parse = false;
  const device = newBenchDevice();
  const pushOf = watchPushes(pushService, device);
  const where = await place(engine, postgresUrl);
  const owners = await openOwnerStore(where.store);
  const owner = await owners.createOwner(OWNER, await hashPassword(PASSWORD));
  await owners.devices.addPushDevice(
    owner.id,
    { ...device.subscription, endpoint: `${pushService.base}/push/bench`, label: 'Bench' },
    new Date(),
  );
  await owners.close();
  const booked: number[] = [];
  const deposits: number[] = [];
  const creates: number[] = [];
  let missing = 0;
  let child: Child | undefined;
  try {
    child = await startOurs(
      {
        ...where.env,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'inquiries@bench.example',
        CONFIRMATION_EMAIL: 'off',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NODE_EXTRA_CA_CERTS: pushService.caFile,
        PUBLIC_URL: 'https://tacos.example',
        ...stripe.env,
        LOG_LEVEL: 'warn',
      },
      await freePort(),
    );
    const { base } = child;
    const token = await signIn(base);
    const { ownerCall, form } = await ownerClient(base);
    /** A new inquiry; when it was sent. */
    const create = async () => {
      const id = randomUUID();
      const sentAt = Date.now();
      const response = await fetch(`${base}/api/inquiries/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(benchBody()),
      });
      if (response.status !== 201) throw new Error(`a create answered ${response.status}`);
      return { id, sentAt };
    };

    for (let round = 0; round < rounds; round++) {
      // Beside it: a create to its push.
      const created = await create();
      const createPush = await pushOf('New inquiry', created.id);
      if (createPush === undefined) missing++;
      else creates.push(createPush - created.sentAt);

      // Untimed: an accepted quote with its Checkout Session.
      const { id } = await create();
      const { draft } = (await (await ownerCall('GET', `/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
      const quote = (await (await ownerCall('POST', `/api/owner/inquiries/${id}/quotes`, draft)).json()) as QuoteView;
      const path = new URL(quote.url).pathname;
      await form(`${path}/accept`, { accept: 'yes' });
      const pressed = await form(`${path}/pay`);
      const sessionId = pressed.headers.get('location')?.split('/').at(-1) ?? '';
      // Its own notifications (the create's, the acceptance's) out of the way first.
      await pushOf('Quote accepted', id);

      // Timed: Stripe's event to Booked (its 200) and to the owner's push.
      const event = stripe.completed(sessionId);
      const postedAt = Date.now();
      const answer = await fetch(`${base}/api/payments/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
      const answeredAt = Date.now();
      const status = ((await (await ownerCall('GET', `/api/owner/inquiries/${id}`)).json()) as InquiryDetail).inquiry
        .status;
      const push = await pushOf('Deposit paid', id);
      if (answer.status !== 200 || status !== 'booked' || push === undefined) {
        missing++;
        continue;
      }
      booked.push(answeredAt - postedAt);
      deposits.push(push - postedAt);
    }
  } finally {
    await child?.stop();
    await smtp.stop();
    await pushService.close();
    pushService.remove();
    await stripe.close();
    where.cleanup();
  }
  return resultOf(engine, rounds, { booked, deposits, creates, missing });
}

export async function runPaymentBench(): Promise<PaymentBenchResult[]> {
  const rounds = Number(process.env.BENCH_PAYMENT_ROUNDS || 40);
  const engines = (process.env.BENCH_PAYMENT_ENGINES || 'sqlite').split(',');
  const results: PaymentBenchResult[] = [];
  if (engines.includes('sqlite')) results.push(await runEngine('sqlite', rounds));
  if (engines.includes('postgres')) {
    const postgres = await startPostgres();
    try {
      results.push(await runEngine('postgres', rounds, postgres.url));
    } finally {
      await postgres.stop();
    }
  }
  return results;
}

export function formatPaymentBench(results: PaymentBenchResult[]): string {
  const lines = [
    `one at a time, at rest, ${results[0]?.rounds ?? '?'} rounds; the server with a real SMTP server, a local push service ` +
      'and a local stand-in for Stripe’s API',
  ];
  for (const result of results) {
    lines.push(
      `${result.engine}: deposit event -> Booked (its 200): p50 ${result.bookedP50Ms} ms, p99 ${result.bookedP99Ms} ms; ` +
        `-> owner’s push accepted: p50 ${result.pushP50Ms} ms, p99 ${result.pushP99Ms} ms; ` +
        `beside it, create sent -> push accepted: p50 ${result.createPushP50Ms} ms, p99 ${result.createPushP99Ms} ms` +
        (result.missing > 0 ? `; ${result.missing} rounds MISSING` : ''),
      `  targets: ${result.targets.map((t) => `${t.target}: ${t.met ? 'met' : 'MISSED'}`).join('; ')}`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatPaymentBench(await runPaymentBench()));
  process.exit(0);
}
