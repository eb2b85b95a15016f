// The outbox worker, inside the server process. Kicked right after a commit
// that queued deliveries (the owner hears within a second) and polling once a
// second for due ones (retries, and whatever a crash or an outage left).
// Claims rows with a lease, sends them (up to MAX_IN_FLIGHT at once; far fewer
// during a flood of creates, which come first), and
// settles them in batches: sent, retry later (exponential backoff with jitter
// over about three days, or the endpoint's Retry-After), failed (a permanent
// error, or out of tries), or skipped (nothing to send it to). At least once:
// a delivery is settled after its send, so a crash in between sends it again,
// with the same Message-ID / webhook-id.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type {
  ClaimedDelivery,
  DeliveryPlanner,
  OutboxStore,
  ResendResult,
  Settlement,
  SettleItem,
} from '../store/outbox-store.js';
import { mailAddress, type NotifyConfig } from './notify-config.js';
import { createMailer, describeSmtpUrl, type Mailer, type SendOutcome } from './mailer.js';
import {
  confirmationEmail,
  isSlackWebhook,
  messageIdFor,
  ownerEmail,
  slackPayload,
  testEmail,
  webhookPayload,
} from './messages.js';
import { sendWebhook } from './webhooks.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt: about three days in all, then it has failed. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
/** Each delay is stretched or shrunk by up to this fraction, so retries from an outage do not all land at once. */
const JITTER = 0.2;
const MAX_IN_FLIGHT = 64;
/**
 * While the event loop is this busy (utilisation over the last moments), the
 * worker keeps only MAX_IN_FLIGHT_BUSY sends going: visitors' creates come
 * first, and the durable outbox catches up once the rush is over.
 */
const BUSY_UTILISATION = 0.8;
const MAX_IN_FLIGHT_BUSY = 4;
const POLL_MS = SECOND;
/**
 * More inquiries owing notifications than this in a second is a flood of creates
 * (a food truck's site sees a few a day; an attack or the benchmark, thousands a
 * second). Then the worker writes out and sends at most FLOOD_SENDS_PER_TICK
 * every FLOOD_TICK_MS, in one claim (each claim is a write transaction beside the
 * creates' own), leaving the CPU to the creates; what is queued goes out at
 * full speed once it passes.
 */
const FLOOD_INQUIRIES_PER_SECOND = 300;
const FLOOD_SENDS_PER_TICK = 20;
const FLOOD_TICK_MS = 1000;

/** How busy the event loop has been since the last call (0..1), measured over at least 100 ms. */
function eventLoopMeter(): () => number {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let current = 0;
  return () => {
    const now = performance.now();
    if (now - lastAt >= 100) {
      const next = performance.eventLoopUtilization();
      current = performance.eventLoopUtilization(next, last).utilization;
      last = next;
      lastAt = now;
    }
    return current;
  };
}

/** Who receives the owner's e-mail, asked at send time (the owner accounts with notifications on). */
export type OwnerRecipients = () => Promise<string[]>;

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

export interface NotifierOptions {
  outbox: OutboxStore;
  config: NotifyConfig;
  ownerRecipients: OwnerRecipients;
  log: Logger;
  /** Default: nodemailer on SMTP_URL, or none without it. */
  mailer?: Mailer | undefined;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  random?: () => number;
}

/** What of an error goes to the log: its kind and code, not its message or details (they can quote personal data). */
function loggable(error: unknown): Record<string, unknown> {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return { type: name, code };
}

/** `base` stretched or shrunk by up to JITTER, by `random` in [0, 1). */
export function jittered(base: number, random: number): number {
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/**
 * How long to wait after the `tries`th failure: the schedule's delay (jittered), or the
 * endpoint's Retry-After (capped at a day by webhooks.ts) when that is longer. Never
 * shorter than the schedule: an endpoint answering "Retry-After: 0" must not use up
 * the ten attempts in seconds.
 */
export function retryDelayMs(
  delays: readonly number[],
  tries: number,
  retryAfterMs: number | undefined,
  random: number,
): number {
  const scheduled = jittered(delays[Math.min(tries - 1, delays.length - 1)]!, random);
  return Math.max(scheduled, retryAfterMs ?? 0);
}

export interface NotifyStatus {
  email: { configured: boolean; server: string | null; from: string; confirmation: boolean };
  webhooks: { endpoint: string; slack: boolean }[];
  deliveries: Awaited<ReturnType<OutboxStore['summary']>>;
}

export interface Notifier {
  /** Begins polling; sends what is due. */
  start(): Promise<void>;
  /** `count` created inquiries owe notifications: look now. */
  kick(count?: number): void;
  /** Stops polling, lets in-flight sends finish (webhooks are cut off), settles them. */
  stop(): Promise<void>;
  /** Queues a delivery again, now, unless it is being sent right now (see OutboxStore.resend). */
  resend(deliveryId: string): Promise<ResendResult>;
  /** Sends a test e-mail straight away (not through the outbox). */
  sendTestEmail(to: string): Promise<SendOutcome>;
  status(): Promise<NotifyStatus>;
}

/** Which deliveries an inquiry gets: none for spam; e-mail only with SMTP; one per webhook endpoint. */
export function deliveryPlan(config: NotifyConfig): DeliveryPlanner {
  return (inquiry) => {
    if (inquiry.spamReason !== null) return [];
    return [
      ...(config.smtpUrl ? [{ kind: 'owner-email' as const, target: null }] : []),
      ...(config.smtpUrl && config.confirmationEmail ? [{ kind: 'confirmation' as const, target: null }] : []),
      ...config.webhooks.map((endpoint) => ({ kind: 'webhook' as const, target: endpoint.url })),
    ];
  };
}

/** The endpoint without its path (a Slack URL's path is its secret). */
export function describeEndpoint(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/…`;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { outbox, config, log } = options;
  const mailer = 'mailer' in options ? options.mailer : config.smtpUrl ? createMailer(config.smtpUrl) : undefined;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const random = options.random ?? Math.random;
  const fromAddress = mailAddress(config.mailFrom) ?? config.mailFrom;

  let started = false;
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked = false;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const busyness = eventLoopMeter();
  const maxInFlight = () => (busyness() > BUSY_UTILISATION ? MAX_IN_FLIGHT_BUSY : MAX_IN_FLIGHT);
  // Inquiries queued in this second and the last: a flood of creates.
  let second = Math.floor(Date.now() / SECOND);
  let queuedThisSecond = 0;
  let queuedLastSecond = 0;
  const noteQueued = (count: number) => {
    const now = Math.floor(Date.now() / SECOND);
    if (now !== second) {
      queuedLastSecond = now === second + 1 ? queuedThisSecond : 0;
      queuedThisSecond = 0;
      second = now;
    }
    queuedThisSecond += count;
  };
  const flooding = () => {
    noteQueued(0);
    return Math.max(queuedThisSecond, queuedLastSecond) > FLOOD_INQUIRIES_PER_SECOND;
  };
  let lastFloodClaimAt = 0;
  let settlements: SettleItem[] = [];
  let flushing: Promise<void> | undefined;

  let timerAt = Number.POSITIVE_INFINITY;
  /** Looks again at `at` (or at the next poll, whichever is sooner). */
  const wakeAt = (at: number) => {
    if (stopped || !started) return;
    const when = Math.min(at, Date.now() + pollMs);
    if (timer && when >= timerAt) return;
    clearTimeout(timer);
    timerAt = when;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        void pump();
      },
      Math.max(0, when - Date.now()),
    );
    timer.unref();
  };
  const schedulePoll = () => wakeAt(Date.now() + pollMs);

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      // Let this turn's other sends finish into the same batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (settlements.length > 0) {
        const batch = settlements;
        settlements = [];
        try {
          await outbox.settle(batch);
        } catch (error) {
          // Their claims expire with the lease, and they are sent again: at least once.
          log.error({ err: loggable(error) }, `could not record ${batch.length} notification attempts`);
        }
      }
      flushing = undefined;
    })();
    return flushing;
  };

  const retryDelay = (tries: number, retryAfterMs: number | undefined) =>
    retryDelayMs(delays, tries, retryAfterMs, random());

  const settlementFor = (delivery: ClaimedDelivery, outcome: SendOutcome, now: number): Settlement => {
    if (outcome.ok) return { outcome: 'sent' };
    if (outcome.permanent) return { outcome: 'failed', error: outcome.error };
    const tries = delivery.tries + 1;
    if (tries > delays.length) {
      return { outcome: 'failed', error: `gave up after ${tries} attempts; last: ${outcome.error}` };
    }
    return { outcome: 'retry', error: outcome.error, dueAt: now + retryDelay(tries, outcome.retryAfterMs) };
  };

  /** Sends one delivery; undefined when cut off by stop() (its claim is then let go). */
  const attempt = async (delivery: ClaimedDelivery): Promise<Settlement | undefined> => {
    const { inquiry } = delivery;
    if (!inquiry) return { outcome: 'skipped', error: 'the inquiry no longer exists (erased)' };
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    switch (delivery.kind) {
      case 'owner-email': {
        if (!mailer) return { outcome: 'skipped', error: 'e-mail is not set up (SMTP_URL is not set)' };
        const to = await options.ownerRecipients();
        if (to.length === 0) {
          return {
            outcome: 'skipped',
            error: 'no owner account receives e-mail notifications (add one: npm run owner -- add EMAIL)',
          };
        }
        const message = ownerEmail({ inquiry, to, from: config.mailFrom, messageId, publicUrl: config.publicUrl });
        return settlementFor(delivery, await mailer.send(message), Date.now());
      }
      case 'confirmation': {
        if (!mailer) return { outcome: 'skipped', error: 'e-mail is not set up (SMTP_URL is not set)' };
        const message = confirmationEmail({ inquiry, from: config.mailFrom, fromAddress, messageId });
        return settlementFor(delivery, await mailer.send(message), Date.now());
      }
      case 'webhook': {
        const endpoint = config.webhooks.find((candidate) => candidate.url === delivery.target);
        if (!endpoint) return { outcome: 'skipped', error: 'this endpoint is no longer in WEBHOOK_URLS' };
        const body = isSlackWebhook(endpoint.url)
          ? slackPayload(inquiry, config.publicUrl)
          : webhookPayload(inquiry, config.publicUrl);
        const outcome = await sendWebhook({
          url: endpoint.url,
          secret: endpoint.secret,
          id: `msg_${delivery.id}`,
          body,
          allowPrivate: config.webhookAllowPrivate,
          signal: stopping.signal,
        });
        if (stopping.signal.aborted && !outcome.ok) return undefined;
        return settlementFor(delivery, outcome, Date.now());
      }
    }
  };

  const launch = (delivery: ClaimedDelivery) => {
    const task = attempt(delivery)
      .catch((error: unknown): Settlement => {
        log.error({ err: loggable(error) }, `notification ${delivery.id} (${delivery.kind}) failed unexpectedly`);
        return settlementFor(delivery, { ok: false, permanent: false, error: String(error) }, Date.now());
      })
      .then(async (settlement) => {
        if (!settlement) {
          await outbox.release([delivery.id]).catch(() => {});
          return;
        }
        if (settlement.outcome === 'failed') {
          // The reason (an SMTP answer can quote an address) is on record, not in the log.
          log.warn(`notification ${delivery.id} (${delivery.kind}) failed; the reason is on the inquiry's page`);
        }
        settlements.push({ id: delivery.id, at: Date.now(), settlement });
        if (settlement.outcome === 'retry') wakeAt(settlement.dueAt);
        await flush();
      })
      .finally(() => {
        inFlight.delete(task);
        // A slot is free: more may be waiting.
        if (again) void pump();
      });
    inFlight.add(task);
  };

  /** Claims what is due, as many as there are free slots (a few at a time during a flood), and sends it. */
  const pump = async (): Promise<void> => {
    if (stopped || !started) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        let free = maxInFlight() - inFlight.size;
        if (free <= 0) {
          again = true; // a finishing send pumps again
          break;
        }
        if (flooding()) {
          // Creates first: a few sends per tick, the rest waits (durably) for the flood to pass.
          const wait = lastFloodClaimAt + FLOOD_TICK_MS - Date.now();
          if (wait > 0) {
            wakeAt(Date.now() + wait);
            break;
          }
          lastFloodClaimAt = Date.now();
          free = Math.min(free, FLOOD_SENDS_PER_TICK);
          const claimed = await outbox.claimDue(Date.now(), free, config.leaseMs);
          if (stopped) {
            await outbox.release(claimed.map((delivery) => delivery.id));
            break;
          }
          for (const delivery of claimed) launch(delivery);
          if (claimed.length === free) wakeAt(Date.now() + FLOOD_TICK_MS);
          break;
        }
        const claimed = await outbox.claimDue(Date.now(), free, config.leaseMs);
        if (stopped) {
          await outbox.release(claimed.map((delivery) => delivery.id));
          break;
        }
        for (const delivery of claimed) launch(delivery);
        if (claimed.length === free) again = true;
      } while (again && inFlight.size < maxInFlight() && !stopped);
    } catch (error) {
      log.error({ err: loggable(error) }, 'the notification outbox could not be read');
    } finally {
      pumping = false;
      schedulePoll();
    }
  };

  return {
    async start() {
      if (started) return;
      started = true;
      if (config.smtpUrl) {
        log.info(`E-mail notifications: on, through ${describeSmtpUrl(config.smtpUrl)}, from ${config.mailFrom}`);
      } else {
        log.warn('E-mail notifications: off (SMTP_URL is not set); inquiries are still stored for the inbox');
      }
      if (config.webhooks.length > 0) log.info(`Webhooks: ${config.webhooks.length} endpoint(s)`);
      await outbox.recoverAtStart();
      void pump();
    },
    kick(count = 1) {
      noteQueued(count);
      // Soon, not now: the kick comes from inside the commit that queued the deliveries.
      if (kicked) return;
      kicked = true;
      setImmediate(() => {
        kicked = false;
        void pump();
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      while (pumping || inFlight.size > 0) {
        await Promise.all([...inFlight]);
        if (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await flush();
      mailer?.close();
    },
    async resend(deliveryId) {
      const result = await outbox.resend(deliveryId, Date.now());
      if (result === 'queued') void pump();
      return result;
    },
    async sendTestEmail(to) {
      if (!mailer) return { ok: false, permanent: true, error: 'e-mail is not set up (SMTP_URL is not set)' };
      return mailer.send(
        testEmail({
          to,
          from: config.mailFrom,
          messageId: messageIdFor(randomUUID(), fromAddress),
          publicUrl: config.publicUrl,
        }),
      );
    },
    async status() {
      return {
        email: {
          configured: mailer !== undefined,
          server: config.smtpUrl ? describeSmtpUrl(config.smtpUrl) : null,
          from: config.mailFrom,
          confirmation: config.smtpUrl !== undefined && config.confirmationEmail,
        },
        webhooks: config.webhooks.map((endpoint) => ({
          endpoint: describeEndpoint(endpoint.url),
          slack: isSlackWebhook(endpoint.url),
        })),
        deliveries: await outbox.summary(),
      };
    },
  };
}
