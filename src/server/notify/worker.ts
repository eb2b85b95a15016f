// The outbox worker, inside the server process: it claims, paces, sends and settles
// the deliveries of every channel (channels/) the same way, knowing none of them
// (notifier.ts gives it the channels' services and adds what is e-mail's own). Kicked right after a
// commit that queued deliveries (the owner hears within a second) and polling once a
// second for due ones (retries, and whatever a crash or an outage left). Claims
// rows with a short lease that it renews while it holds them (record 151: a killed
// instance's claims come back within seconds), sends them (up to MAX_IN_FLIGHT at
// once; far fewer during a flood of creates, which come first: flood-control.ts), and
// settles them in batches: sent, retry later (retry-policy.ts), failed, or skipped
// (nothing to send it to); a batch the store did not take is kept and tried again
// while its claims are held. At least once: a delivery is settled after its send, so
// a crash in between sends it again, with the same Message-ID / webhook-id.
import { setTimeout as sleep } from 'node:timers/promises';
import { throttledLog } from '../log-throttle.js';
import { isOrderTopic } from '../store/preorder-store.js';
import type {
  ClaimedDelivery,
  DeliveryPlanner,
  KindFilter,
  OutboxFigures,
  OutboxStore,
  ResendResult,
  Settlement,
  SettleItem,
} from '../store/outbox-store.js';
import type { Channel, ChannelServices } from './channels/channel.js';
import { deliveryPlan } from './channels/index.js';
import { FLOOD_SENDS_PER_TICK, FLOOD_TICK_MS, floodControl } from './flood-control.js';
import { RETRY_DELAYS_MS, settlementFor } from './retry-policy.js';

const POLL_MS = 1000;
/**
 * A claim's lease on record, renewed every quarter of it while its holder works on it
 * (NOTIFY_LEASE_SECONDS, when shorter, instead): a holder that died lets go within it.
 */
export const CLAIM_TTL_MS = 10_000;
/** How soon settlements the store did not take are offered again. */
const SETTLE_RETRY_MS = 250;
/**
 * On stop, sends get this long to end after they are aborted (they do at once when
 * they honour their signal); then their claims are let go of anyway, so the stores
 * close within the shutdown's bound. Should such a send still end, its record is
 * refused: the claim is no longer its.
 */
const STOP_WAIT_MS = 2000;

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

export interface WorkerOptions {
  outbox: OutboxStore;
  channels: readonly Channel[];
  /** What the channels send with (the set-up, the mailer, the owner accounts, the push keys). */
  services: ChannelServices;
  log: Logger;
  retryDelaysMs?: readonly number[];
  /** A delivery was accepted (for the metrics): its channel, and how long after its inquiry was created. */
  onSent?: (kind: string, delayMs: number) => void;
  pollMs?: number;
  random?: () => number;
}

/** What of an error goes to the log: its kind and code, not its message or details (they can quote personal data). */
function loggable(error: unknown): Record<string, unknown> {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return { type: name, code };
}

/**
 * How long one send may take: well inside its claim's lease (a fifth of it, at least a
 * second, left over), so a send is over, or aborted, before anyone may take it over.
 */
export function sendDeadline(leaseMs: number): number {
  return Math.max(500, leaseMs - claimMargin(leaseMs));
}

/** How long before a lease runs out its send must be over: a fifth of it, at least a second. */
const claimMargin = (leaseMs: number) => Math.max(1000, leaseMs / 5);

/** The lease a claim is written with and renewed to (record 151). */
export const claimTtl = (leaseMs: number) => Math.min(leaseMs, CLAIM_TTL_MS);

/** What the worker holds a claim on: from its claim until its attempt is recorded or it is let go. */
interface Held {
  claim: { id: string; claimToken: string };
  /** Its lease on record, as last written by this worker. */
  until: number;
  /** Aborts its send when the claim is lost, or about to run out unrenewed. */
  lapse: AbortController;
}

interface ConcurrencyGroup {
  max: number;
  kinds: string[];
  filter: { kinds: string[]; only: true };
}

/** The channels that share a limited resource (the SMTP pool), by the group they name. */
function concurrencyGroups(channels: readonly Channel[]): Map<string, ConcurrencyGroup> {
  const groups = new Map<string, ConcurrencyGroup>();
  for (const channel of channels) {
    if (!channel.concurrency) continue;
    const { group: name, max } = channel.concurrency;
    const group = groups.get(name) ?? { max, kinds: [], filter: { kinds: [], only: true as const } };
    group.kinds.push(channel.kind);
    group.filter.kinds = group.kinds;
    groups.set(name, group);
  }
  return groups;
}

const groupOf = (groups: Map<string, ConcurrencyGroup>, kind: string) =>
  [...groups].find(([, group]) => group.kinds.includes(kind))?.[0];

/** A failure's code for the log (an SMTP or HTTP status, a socket error's code): never its text, which can quote an address. */
export function errorCode(error: string): string {
  return /^(SMTP \d{3}|HTTP \d{3})/.exec(error)?.[1] ?? /^([A-Z][A-Z0-9_]{2,}):/.exec(error)?.[1] ?? 'no code';
}

function logOutcome(log: Logger, delivery: ClaimedDelivery, settlement: Settlement): void {
  const which = `notification ${delivery.id} (${delivery.kind})`;
  if (settlement.outcome === 'retry') {
    const next = new Date(settlement.dueAt).toISOString();
    log.warn(
      `${which}: attempt ${delivery.tries + 1} failed (${errorCode(settlement.error)}); next attempt at ${next}`,
    );
  } else if (settlement.outcome === 'failed') {
    // The reason (an SMTP answer can quote an address) is on record, not in the log.
    log.warn(`${which} failed (${errorCode(settlement.error)}); the reason is on the inquiry's page`);
  }
}

/** The outbox's figures for health checks and metrics: counts, ages and a time, never text (an error can quote personal data). */
export interface NotifierHealth extends Omit<OutboxFigures, 'setAsideError'> {
  /** When the worker last failed to read or write the outbox (ISO), or null. */
  lastWorkerErrorAt: string | null;
}

export interface OutboxWorker {
  /** Which deliveries a created inquiry gets, from the channels (for the outbox's configure). */
  plan: DeliveryPlanner;
  /**
   * Whether a created inquiry owes notifications: not spam, and some channel plans one,
   * or keeps its targets in the store (the push devices, read again before writing out).
   */
  owes(inquiry: { spamReason: string | null }): boolean;
  /** Begins polling; sends what is due. */
  start(): Promise<void>;
  /** `count` created inquiries owe notifications: look now. */
  kick(count?: number): void;
  /** Stops polling, aborts the sends in flight and lets go of their claims (within STOP_WAIT_MS). */
  stop(): Promise<void>;
  /** Queues a delivery again, now, unless it is being sent right now (see OutboxStore.resend). */
  resend(deliveryId: string): Promise<ResendResult>;
  /** What the inbox calls a channel ('Owner e-mail'), by its kind. */
  label(kind: string): string;
  /** The outbox's figures and when the worker last met an error of its own (health checks, metrics). */
  health(): Promise<NotifierHealth>;
  /** When the worker last failed to read or write the outbox (ISO), or null. */
  lastErrorAt(): string | null;
}

export function createOutboxWorker(options: WorkerOptions): OutboxWorker {
  const { outbox, channels, services, log } = options;
  const { config } = services;
  const byKind = new Map(channels.map((channel) => [channel.kind, channel]));
  const policy = { delays: options.retryDelaysMs ?? RETRY_DELAYS_MS, random: options.random ?? Math.random };
  const pollMs = options.pollMs ?? POLL_MS;

  let started = false;
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked = false;
  const stopping = new AbortController();
  // The targets of the channels that keep theirs in the store, as read before the last claim.
  const stored = new Map<string, readonly string[]>();
  const plan = deliveryPlan(channels, config, stored);
  const readStoredTargets = async () => {
    for (const channel of channels) if (channel.targets) stored.set(channel.kind, await channel.targets(services));
  };
  // A send must be over (sent, failed, or aborted here) within NOTIFY_LEASE_SECONDS, and
  // well before its claim runs out, so that nobody else can take the delivery over while
  // it might still go out: the claim is renewed while the send goes on, and the send is
  // aborted if it was not renewed in time (a store that does not answer).
  const sendDeadlineMs = sendDeadline(config.leaseMs);
  const ttlMs = claimTtl(config.leaseMs);
  const marginMs = claimMargin(ttlMs);
  /** An SMTP server that has a message whole may still answer for this long after an abort. */
  const graceMs = marginMs / 2;
  const held = new Map<string, Held>();
  let renewTimer: NodeJS.Timeout | undefined;
  let settleRetry: NodeJS.Timeout | undefined;
  const holdAll = (claimed: ClaimedDelivery[], now: number) => {
    for (const delivery of claimed) {
      held.set(delivery.id, {
        claim: { id: delivery.id, claimToken: delivery.claimToken },
        until: now + ttlMs,
        lapse: new AbortController(),
      });
    }
  };
  const letGo = (ids: Iterable<string>) => {
    for (const id of ids) held.delete(id);
  };
  const groups = concurrencyGroups(channels);
  const grouped = [...groups.values()].flatMap((group) => group.kinds);
  /** Each send in flight, with the delivery it holds a claim on. */
  const inFlight = new Map<Promise<void>, ClaimedDelivery>();
  const inFlightByGroup = new Map<string, number>();
  let lastErrorAt: number | null = null;
  // One line per kind of error every few seconds: an outage fails every poll.
  const errorLog = throttledLog(5_000);
  const noteError = (object: object, message: string) => {
    lastErrorAt = Date.now();
    // Keyed by the message without its counts: "could not record 2 …" and "… 3 …" are one kind.
    errorLog(message.replace(/\d+/g, 'N'), (held) =>
      log.error(held > 0 ? { ...object, alsoSince: held } : object, message),
    );
  };
  const flood = floodControl();
  let lastFloodClaimAt = 0;
  let settlements: SettleItem[] = [];
  let flushing: Promise<void> | undefined;
  /** Stopped and the stores may be closing: nothing more is written. */
  let done = false;

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
      while (settlements.length > 0 && !done) {
        const batch = settlements;
        settlements = [];
        try {
          const lost = await outbox.settle(batch);
          for (const id of lost) {
            log.warn(`notification ${id}: its claim ran out and was taken over before this attempt was recorded`);
          }
          letGo(batch.map((item) => item.id));
        } catch (error) {
          // Kept, with their claims (still renewed), and offered again shortly: sending
          // them again once their claims ran out would repeat what went out.
          settlements = [...batch, ...settlements];
          noteError({ err: loggable(error) }, `could not record ${batch.length} notification attempts yet`);
          clearTimeout(settleRetry);
          settleRetry = setTimeout(() => void flush(), SETTLE_RETRY_MS);
          settleRetry.unref();
          break;
        }
      }
      flushing = undefined;
    })();
    return flushing;
  };

  /**
   * Renews the claims held, then aborts the sends whose claim was lost, or will run out
   * before the next renewal could save it (the store does not answer).
   */
  const renew = async () => {
    renewTimer = undefined;
    if (done || held.size === 0) return;
    const holding = [...held.values()];
    const until = Date.now() + ttlMs;
    try {
      const lost = new Set(
        await outbox.renew(
          holding.map((entry) => entry.claim),
          until,
        ),
      );
      for (const entry of holding) {
        if (lost.has(entry.claim.id)) entry.lapse.abort();
        else entry.until = until;
      }
    } catch (error) {
      noteError({ err: loggable(error) }, `could not renew ${holding.length} notification claims`);
    } finally {
      const now = Date.now();
      for (const entry of held.values()) if (entry.until - marginMs <= now) entry.lapse.abort();
      scheduleRenewal();
    }
  };
  const scheduleRenewal = () => {
    if (renewTimer || done || held.size === 0) return;
    renewTimer = setTimeout(() => void renew(), ttlMs / 4);
    renewTimer.unref();
  };

  /** A target its channel was told is gone: removed, so nothing more is planned for it. */
  const forget = async (channel: Channel, target: string) => {
    try {
      await channel.forget?.(target, services);
      stored.set(
        channel.kind,
        (stored.get(channel.kind) ?? []).filter((known) => known !== target),
      );
    } catch (error) {
      noteError({ err: loggable(error) }, `could not remove a gone ${channel.kind} target`);
    }
  };

  /**
   * Sends one delivery through its channel, aborted at the send's deadline (the
   * channel's own, if shorter); undefined when cut off by stop() (its claim is then let go).
   */
  const attempt = async (delivery: ClaimedDelivery): Promise<Settlement | undefined> => {
    const { inquiry } = delivery;
    const aboutOrder = isOrderTopic(delivery.topic);
    if (!inquiry && !aboutOrder) return { outcome: 'skipped', error: 'the inquiry no longer exists (erased)' };
    const channel = byKind.get(delivery.kind);
    if (!channel) return { outcome: 'skipped', error: `this server has no "${delivery.kind}" channel` };
    const { sendForOrder } = channel;
    if (aboutOrder && !sendForOrder) return { outcome: 'skipped', error: `"${delivery.kind}" tells of no order` };
    const deadlineMs = Math.min(channel.timeoutMs ?? sendDeadlineMs, sendDeadlineMs);
    const deadline = AbortSignal.timeout(deadlineMs);
    const lapse = held.get(delivery.id)?.lapse.signal ?? AbortSignal.abort();
    const signal = AbortSignal.any([stopping.signal, deadline, lapse]);
    const context = { ...services, signal, graceMs };
    let outcome =
      inquiry && !aboutOrder
        ? await channel.send(delivery, inquiry, context)
        : await sendForOrder!.call(channel, delivery, context);
    if (stopping.signal.aborted && !outcome.ok) return undefined;
    if (deadline.aborted && !outcome.ok) {
      outcome = { ok: false, permanent: false, error: `TIMEOUT: no answer within ${deadlineMs / 1000} s: aborted` };
    } else if (lapse.aborted && !outcome.ok) {
      outcome = { ok: false, permanent: false, error: 'CLAIM_LAPSED: its claim could not be renewed: aborted' };
    }
    if (!outcome.ok && 'gone' in outcome && outcome.gone && delivery.target !== null) {
      await forget(channel, delivery.target);
    }
    return settlementFor(outcome, delivery.tries, Date.now(), policy);
  };

  const release = async (claimed: ClaimedDelivery[]) => {
    letGo(claimed.map((delivery) => delivery.id));
    try {
      await outbox.release(claimed);
    } catch (error) {
      // They come back when their lease runs out.
      noteError({ err: loggable(error) }, `could not let go of ${claimed.length} notification claims`);
    }
  };

  /** Claims up to `free` due deliveries; of a channel that shares a limited resource, no more than it has room for. */
  const claim = async (free: number): Promise<ClaimedDelivery[]> => {
    await readStoredTargets();
    const claimed: ClaimedDelivery[] = [];
    const take = async (limit: number, filter: KindFilter) => {
      const now = Date.now();
      const taken = await outbox.claimDue(now, limit, ttlMs, filter);
      holdAll(taken, now);
      claimed.push(...taken);
    };
    for (const [name, group] of groups) {
      const room = Math.min(free - claimed.length, group.max - (inFlightByGroup.get(name) ?? 0));
      if (room > 0) await take(room, group.filter);
    }
    const rest = free - claimed.length;
    if (rest > 0) await take(rest, { kinds: grouped, only: false });
    scheduleRenewal();
    return claimed;
  };

  const launch = (delivery: ClaimedDelivery) => {
    const group = groupOf(groups, delivery.kind);
    if (group) inFlightByGroup.set(group, (inFlightByGroup.get(group) ?? 0) + 1);
    const task = attempt(delivery)
      .catch((error: unknown): Settlement => {
        noteError({ err: loggable(error) }, `notification ${delivery.id} (${delivery.kind}) failed unexpectedly`);
        return settlementFor({ ok: false, permanent: false, error: String(error) }, delivery.tries, Date.now(), policy);
      })
      .then(async (settlement) => {
        if (done) return; // stop() has let go of its claim already
        if (!settlement) return release([delivery]);
        logOutcome(log, delivery, settlement);
        settlements.push({ id: delivery.id, claimToken: delivery.claimToken, at: Date.now(), settlement });
        if (settlement.outcome === 'retry') wakeAt(settlement.dueAt);
        if (settlement.outcome === 'sent') options.onSent?.(delivery.kind, Date.now() - delivery.createdAt);
        await flush();
      })
      .finally(() => {
        inFlight.delete(task);
        if (group) inFlightByGroup.set(group, (inFlightByGroup.get(group) ?? 1) - 1);
        // A slot is free: more may be waiting.
        if (again || group) void pump();
      });
    inFlight.set(task, delivery);
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
      // Attempts not yet on record come first: their deliveries must not be claimed anew.
      if (settlements.length > 0) await flush();
      if (settlements.length > 0) return;
      do {
        again = false;
        let free = flood.maxInFlight() - inFlight.size;
        if (free <= 0) {
          again = true; // a finishing send pumps again
          break;
        }
        if (flood.flooding()) {
          // Creates first: a few sends per tick, the rest waits (durably) for the flood to pass.
          const wait = lastFloodClaimAt + FLOOD_TICK_MS - Date.now();
          if (wait > 0) {
            wakeAt(Date.now() + wait);
            break;
          }
          lastFloodClaimAt = Date.now();
          free = Math.min(free, FLOOD_SENDS_PER_TICK);
          const claimed = await claim(free);
          if (stopped) {
            await release(claimed);
            break;
          }
          for (const delivery of claimed) launch(delivery);
          if (claimed.length === free) wakeAt(Date.now() + FLOOD_TICK_MS);
          break;
        }
        const claimed = await claim(free);
        if (stopped) {
          await release(claimed);
          break;
        }
        for (const delivery of claimed) launch(delivery);
        if (claimed.length === free) again = true;
      } while (again && inFlight.size < flood.maxInFlight() && !stopped);
    } catch (error) {
      noteError({ err: loggable(error) }, 'the notification outbox could not be read');
    } finally {
      pumping = false;
      schedulePoll();
    }
  };

  const lastErrorIso = () => (lastErrorAt === null ? null : new Date(lastErrorAt).toISOString());
  const health = async (): Promise<NotifierHealth> => {
    const { setAsideError: _text, ...figures } = await outbox.figures(Date.now());
    return { ...figures, lastWorkerErrorAt: lastErrorIso() };
  };

  return {
    plan,
    owes: (inquiry) =>
      inquiry.spamReason === null && (channels.some((channel) => channel.targets) || plan(inquiry).length > 0),
    async start() {
      if (started) return;
      started = true;
      await outbox.recoverAtStart();
      try {
        await readStoredTargets();
      } catch (error) {
        noteError({ err: loggable(error) }, 'could not read the notification targets');
      }
      void pump();
    },
    kick(count = 1) {
      flood.noteQueued(count);
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
      const giveUpAt = Date.now() + STOP_WAIT_MS;
      while ((pumping || inFlight.size > 0) && Date.now() < giveUpAt) {
        const pause = sleep(Math.min(20, giveUpAt - Date.now()));
        await (inFlight.size > 0 ? Promise.race([Promise.all(inFlight.keys()), pause]) : pause);
      }
      await flush();
      done = true;
      clearTimeout(renewTimer);
      clearTimeout(settleRetry);
      if (settlements.length > 0) {
        log.warn(
          `${settlements.length} notification attempts could not be recorded; they go out again once their claims run out`,
        );
      }
      if (inFlight.size > 0) {
        log.warn(`${inFlight.size} notification sends did not end when aborted; their claims are let go of`);
        await release([...inFlight.values()]);
      }
    },
    async resend(deliveryId) {
      const result = await outbox.resend(deliveryId, Date.now());
      if (result === 'queued') void pump();
      return result;
    },
    label: (kind) => byKind.get(kind)?.label ?? kind,
    health,
    lastErrorAt: lastErrorIso,
  };
}
