// The outbox: one row per notification an inquiry owes (the owner's e-mail, the
// customer's confirmation, one per webhook endpoint), claimed, sent and settled
// by the worker (notify/worker.ts). At least once: a row is settled only after
// its send, so a crash in between sends it again, with the same Message-ID /
// webhook-id.
//
// The create's own transaction appends one row to `outboxPending` (the inquiry
// owes notifications); `claimDue` turns pending inquiries into their deliveries
// before it claims. An acknowledged inquiry thus always has its notifications on
// record, at the cost of one appended row in the create's transaction rather than
// a row per delivery with its indexes (decision record 030).
//
// No personal data here: the message is rendered from the inquiry row at send
// time, so erasing an inquiry and its deliveries leaves nothing behind.
import { createHmac } from 'node:crypto';
import { isOrderTopic } from './preorder-store.js';
import type { StoredInquiry } from './stored-inquiry.js';

/** A notification channel's name ('owner-email', 'webhook', …): the channels are listed once, in notify/channels/. */
export type DeliveryKind = string;

/**
 * What a delivery tells of its inquiry: '' its arrival (the create's notifications), or
 * an event of the sale, '<event>:<ref>' ('quote-accepted:<quote id>'), written as a
 * pending row in the event's own transaction (record 142). Each channel plans the
 * events it sends (notify/channels/); the message is rendered at send time.
 */
export type Topic = string;

/**
 * The order deliveries are written out and claimed in (record 193): an inquiry's arrival
 * (topic '': the owner's e-mail and push about a new lead, the customer's confirmation)
 * before every event and reminder, then the oldest due first. A lead never waits behind
 * a backlog of reminders.
 */
export const claimOrder = (a: { topic: Topic; dueAt: number }, b: { topic: Topic; dueAt: number }): number =>
  Number(a.topic !== '') - Number(b.topic !== '') || a.dueAt - b.dueAt;

/** The event of a topic: 'quote-accepted' of 'quote-accepted:<id>', '' for an inquiry's arrival. */
export const topicEvent = (topic: Topic): string => topic.split(':', 1)[0]!;
/** An event's topic: 'quote-accepted:<quote id>'. */
export const topicOf = (event: string, ref: string): Topic => `${event}:${ref}`;
/** The reference of a topic: the quote's (or payment's) id of 'quote-accepted:<id>'. */
export const topicRef = (topic: Topic): string => topic.slice(topic.indexOf(':') + 1);

/**
 * queued: waiting for its due time (tries > 0: retrying); sent; failed: given up
 * (permanent error or out of retries); skipped: nothing to send it to (no owner
 * receives e-mail, endpoint no longer configured), recorded rather than dropped.
 */
export type DeliveryState = 'queued' | 'sent' | 'failed' | 'skipped';

export interface PlannedDelivery {
  kind: DeliveryKind;
  /** The webhook endpoint's URL; null for e-mail. */
  target: string | null;
}

export interface Delivery {
  /** Also the message's identity: the e-mail's Message-ID and the webhook-id are built from it. */
  id: string;
  inquiryId: string;
  kind: DeliveryKind;
  topic: Topic;
  target: string | null;
  state: DeliveryState;
  /** Attempts since it was (re)queued; picks the next retry delay. */
  tries: number;
  /** When it is due (ms since the epoch); for a queued one, its next attempt. */
  dueAt: number;
  claimedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

export interface Attempt {
  at: number;
  outcome: 'sent' | 'retry' | 'failed' | 'skipped';
  /** The error's text (an SMTP answer, an HTTP status), never the message. */
  error: string | null;
}

export interface DeliveryWithAttempts extends Delivery {
  attempts: Attempt[];
}

/** What an attempt came to: settles the row and is appended to its history. */
export type Settlement =
  | { outcome: 'sent' }
  | { outcome: 'retry'; error: string; dueAt: number }
  | { outcome: 'failed'; error: string }
  | { outcome: 'skipped'; error: string };

export interface SettleItem {
  id: string;
  /** The claim it was sent under: the row changes only if that claim is still the row's. */
  claimToken: string;
  /** When the attempt ended. */
  at: number;
  settlement: Settlement;
}

export interface ClaimedDelivery extends Delivery {
  /** This claim's own token (fencing: see SettleItem). */
  claimToken: string;
  /** The inquiry as stored now; undefined if it was erased since. */
  inquiry: StoredInquiry | undefined;
}

/** A claim to let go of without an attempt. */
export interface Release {
  id: string;
  claimToken: string;
}

/** Which kinds a claim takes: only these, or all but these. */
export interface KindFilter {
  kinds: readonly string[];
  only: boolean;
}
export const ANY_KIND: KindFilter = { kinds: [], only: false };

/**
 * A pending inquiry's write-out failed this many times: it is set aside, with its
 * error, and not tried again until the worker's next start (the cause may be fixed by then).
 */
export const WRITE_OUT_ATTEMPTS = 3;
/** The waits after a pending inquiry's 1st, 2nd, … failed write-out: a passing fault does not set it aside at once. */
const WRITE_OUT_RETRY_MS = [1_000, 5_000];

/** When a pending inquiry whose write-out failed for the `failures`th time is tried again. */
export function writeOutRetryAt(failures: number, now: number): number {
  return now + WRITE_OUT_RETRY_MS[Math.min(failures, WRITE_OUT_RETRY_MS.length) - 1]!;
}

/** The outbox's state, for health checks and metrics: counts and ages only, no personal data. */
export interface OutboxFigures {
  /** Deliveries waiting to be sent (first try or retry), with the inquiries not yet written out. */
  queued: number;
  /** Of those, deliveries that failed at least once and wait for their retry. */
  retrying: number;
  /** How long the oldest due one has been due, ms (0: none is due). */
  oldestDueAgeMs: number;
  /** Deliveries that failed for good in the last 24 hours. */
  failedLastDay: number;
  /** Inquiries whose notifications could not be written out (set aside), and the last such error. */
  setAside: number;
  setAsideError: string | null;
}

/**
 * A cap on a channel's sends: at most `most` counted from `since` on (ms), to any
 * address, or only to the one of `to` (an e-mail address, compared by addressKey).
 */
export interface SendCap {
  since: number;
  most: number;
  to?: string;
  /**
   * Only the sends about subjects from the same network as this one (its id): an inquiry's
   * (record 154), or an order's (record 430).
   */
  fromSenderOf?: string;
}

/**
 * The topics whose sends a cap counts with this delivery's, as a LIKE pattern: for an
 * order's, the same event's about any order (every order's confirmation: record 430),
 * counted by the orders' addresses and networks; for an inquiry's, its kind's, any topic.
 */
export const cappedTopics = (topic: Topic): string => (isOrderTopic(topic) ? `${topicEvent(topic)}:%` : '%');

/**
 * An address as the caps count it: lowercased, and the local part without a "+tag"
 * (victim+1@x.example and Victim+2@X.example are victim@x.example's mailbox).
 */
export function addressKey(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase();
  const tag = local.indexOf('+');
  return `${tag >= 0 ? local.slice(0, tag) : local}${email.slice(at).toLowerCase()}`;
}

/**
 * A first cut, in SQL, at the lowercased addresses a cap counts: a LIKE pattern (escaped
 * with a backslash) for the key's local part, then anything, then its domain.
 * countedFor has the last word.
 */
export function capLike(cap: SendCap): string {
  if (cap.to === undefined) return '%';
  const key = addressKey(cap.to);
  const at = key.lastIndexOf('@');
  const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return `${literal(key.slice(0, at))}%${literal(key.slice(at))}`;
}

/** How many of the sends read with capLike(cap) (their addresses) the cap counts. */
export function countedFor(cap: SendCap, addresses: readonly string[]): number {
  if (cap.to === undefined) return addresses.length;
  const key = addressKey(cap.to);
  return addresses.filter((address) => addressKey(address) === key).length;
}

/**
 * Which deliveries an inquiry gets: asked in the create's transaction (does it
 * owe any?) and again when its deliveries are written.
 */
export type DeliveryPlanner = (inquiry: { spamReason: string | null }, topic?: Topic) => PlannedDelivery[];

export interface OutboxStore {
  /**
   * Sets what each created inquiry gets (default: nothing) and who hears, after
   * the commit, that (how many) created inquiries owe notifications (the worker's kick).
   */
  /**
   * `owes`: whether a created inquiry gets a pending row (default: its plan is not empty).
   * A channel whose targets are in the store may have some that this instance has not
   * read yet (a device added through another instance), so the notifier decides.
   */
  configure(options: {
    plan: DeliveryPlanner;
    owes?: (inquiry: { spamReason: string | null }) => boolean;
    idSecret: string;
    onQueued?: (count: number) => void;
  }): void;
  /**
   * Writes out the deliveries of up to `limit` pending inquiries (oldest first;
   * due from when each was created), then claims up to `limit` due deliveries
   * for `leaseMs` (others skip them until then, so a crashed claimer's rows come
   * back), oldest due first.
   */
  claimDue(now: number, limit: number, leaseMs: number, filter?: KindFilter): Promise<ClaimedDelivery[]>;
  /**
   * Settles claimed deliveries and records their attempts, in one write, each only
   * while its claim is still the one it was sent under (a claim that expired and was
   * taken over is not this worker's to settle). A delivery deleted meanwhile
   * (erasure) is left deleted. Returns the ids whose claim was lost.
   */
  settle(settlements: SettleItem[]): Promise<string[]>;
  /**
   * Counts a send of the claimed `delivery` against its channel's caps, atomically on
   * every instance sharing the store: what a cap counts is its kind's deliveries sent
   * since `cap.since`, and those counted and still in flight (claimed, not settled).
   * Answers the first cap that is full (nothing counted), or undefined: the send is
   * counted (in flight until it is settled or let go of) and may go out. Read from the
   * outbox's own rows, so the counts hold across restarts; an erased inquiry's
   * deliveries are gone and no longer count.
   */
  countSend(delivery: ClaimedDelivery, caps: readonly SendCap[], now: number): Promise<SendCap | undefined>;
  /** Lets go of claims without an attempt (shutting down mid-send), each only while still held; returns the ids lost. */
  release(claims: Release[]): Promise<string[]>;
  /**
   * Extends claims still held to `until` (their holder is alive and working on them:
   * record 151); returns the ids it could not (taken over, or erased meanwhile).
   */
  renew(claims: Release[], until: number): Promise<string[]>;
  /**
   * At the worker's start: on SQLite (one server process per file) every claim
   * is a dead process's, so all are let go; on PostgreSQL other instances may
   * hold claims, which expire with their lease. Inquiries set aside are tried again.
   */
  recoverAtStart(): Promise<void>;
  /** When the next queued delivery (or pending inquiry) is due, or undefined if none is. */
  nextDueAt(): Promise<number | undefined>;
  /** An inquiry's deliveries with their attempts, in creation order (written out first if still pending). */
  forInquiry(inquiryId: string): Promise<DeliveryWithAttempts[]>;
  get(id: string): Promise<DeliveryWithAttempts | undefined>;
  /**
   * Queues a delivery again, due now, with a fresh retry schedule and the same id (its
   * webhook-id; an e-mail already sent gets a new Message-ID, see messageIdFor): 'queued'. Refused ('sending') while a live claim holds it (its send is in flight;
   * clearing the claim would let a second send start beside it), or 'missing'.
   */
  resend(id: string, now: number): Promise<ResendResult>;
  /**
   * Forgets every delivery of an inquiry, pending or not, and their attempts. Returns how many.
   * The owner store's `erase` does the same inside its own transaction.
   */
  deleteForInquiry(inquiryId: string): Promise<number>;
  /** Of these inquiries, those with a failed delivery of this kind (the owner's e-mail). */
  failedOf(kind: DeliveryKind, inquiryIds: string[]): Promise<Set<string>>;
  /** How many deliveries are in each state, per kind (kinds with none are left out). */
  summary(): Promise<DeliverySummary>;
  figures(now: number): Promise<OutboxFigures>;
}

export type DeliverySummary = Record<DeliveryKind, Record<DeliveryState, number>>;

export type ResendResult = 'queued' | 'sending' | 'missing';

/** A kind's counts in a summary, zeros until counted. */
export function countsOf(summary: DeliverySummary, kind: DeliveryKind): Record<DeliveryState, number> {
  summary[kind] ??= { queued: 0, sent: 0, failed: 0, skipped: 0 };
  return summary[kind];
}

/** The summary of counted rows (kind, state, n), with the deliveries of `pending` inquiries counted as queued. */
export function summarize(
  rows: readonly { kind: string; state: string; n: number }[],
  plan: DeliveryPlanner,
  pending: number,
): DeliverySummary {
  const summary: DeliverySummary = {};
  for (const row of rows) {
    const counts = countsOf(summary, row.kind);
    if (row.state in counts) counts[row.state as DeliveryState] = row.n;
  }
  // A pending row is written only for an inquiry that owes deliveries.
  if (pending > 0) for (const planned of plan({ spamReason: null })) countsOf(summary, planned.kind).queued += pending;
  return summary;
}

/** A created inquiry whose deliveries are not written yet, with what its plan needs. */
export interface PendingInquiry {
  inquiryId: string;
  topic: Topic;
  queuedAt: number;
  /** undefined: the inquiry is gone (erased since), so it gets nothing. */
  spamReason: string | null | undefined;
}

/** A delivery row as written out. */
export interface OutboxRow {
  id: string;
  inquiryId: string;
  kind: DeliveryKind;
  topic: Topic;
  target: string | null;
  /** Due (and created) when its inquiry was: oldest inquiries are sent first. */
  dueAt: number;
}

/** The deliveries of pending inquiries, as their plan says. */
export function deliveryRows(plan: DeliveryPlanner, pending: PendingInquiry[], idSecret: string): OutboxRow[] {
  return pending.flatMap(({ inquiryId, topic, queuedAt, spamReason: inquirySpam }) => {
    // An order's notices (record 320) have no inquiry: the order is read at send time.
    const spamReason = isOrderTopic(topic) ? null : inquirySpam;
    return spamReason === undefined
      ? []
      : plan({ spamReason }, topic).map((planned) => ({
          id: deliveryId(idSecret, inquiryId, planned.kind, planned.target, topic),
          inquiryId,
          kind: planned.kind,
          topic,
          target: planned.target,
          dueAt: queuedAt,
        }));
  });
}

/**
 * A delivery's id (a UUID, version 8), derived from its inquiry, kind and target:
 * written out twice (the write lost in a power cut, or two instances racing), it
 * is the same delivery, with the same Message-ID and webhook-id. Keyed with the
 * server's secret (SESSION_SECRET, the same on every instance): the visitor chooses
 * the inquiry's id, and must not be able to compute the Message-ID of its e-mails.
 */
export function deliveryId(
  secret: string,
  inquiryId: string,
  kind: DeliveryKind,
  target: string | null,
  topic: Topic = '',
): string {
  // An arrival's topic adds nothing: the ids of deliveries written before topics existed stay the same.
  const about = topic === '' ? '' : `\n${topic}`;
  const hex = createHmac('sha256', secret)
    .update(`curbside delivery\n${inquiryId}\n${kind}\n${target ?? ''}${about}`)
    .digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The state a settlement leaves a delivery in. */
export const SETTLED_STATE: Record<Settlement['outcome'], DeliveryState> = {
  sent: 'sent',
  retry: 'queued',
  failed: 'failed',
  skipped: 'skipped',
};

/** A row as either engine returns it (PostgreSQL gives bigint columns as strings). */
export function toDelivery(row: Record<string, unknown>): Delivery {
  const time = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: row.id as string,
    inquiryId: row.inquiryId as string,
    kind: row.kind as DeliveryKind,
    topic: (row.topic as string | undefined) ?? '',
    target: (row.target as string | null) ?? null,
    state: row.state as DeliveryState,
    tries: Number(row.tries),
    dueAt: Number(row.dueAt),
    claimedUntil: time(row.claimedUntil),
    lastError: (row.lastError as string | null) ?? null,
    createdAt: Number(row.createdAt),
    sentAt: time(row.sentAt),
  };
}

export function toAttempt(row: Record<string, unknown>): Attempt {
  return {
    at: Number(row.at),
    outcome: row.outcome as Attempt['outcome'],
    error: (row.error as string | null) ?? null,
  };
}
