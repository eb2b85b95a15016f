// The outbox: one row per notification an inquiry owes (the owner's e-mail, the
// customer's confirmation, one per webhook endpoint), written in the same
// transaction as the inquiry, then claimed, sent and settled by the worker
// (notify/worker.ts). At least once: a row is settled only after its send, so a
// crash in between sends it again, with the same Message-ID / webhook-id.
//
// No personal data here: the message is rendered from the inquiry row at send
// time, so erasing an inquiry and its deliveries leaves nothing behind.
import { randomUUID } from 'node:crypto';
import type { NewInquiry, StoredInquiry } from './inquiry-store.js';

export const DELIVERY_KINDS = ['owner-email', 'confirmation', 'webhook'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

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
  /** When the attempt ended. */
  at: number;
  settlement: Settlement;
}

export interface ClaimedDelivery extends Delivery {
  /** The inquiry as stored now; undefined if it was erased since. */
  inquiry: StoredInquiry | undefined;
}

/** Decides, inside the create's transaction, which deliveries a new inquiry gets. */
export type DeliveryPlanner = (inquiry: NewInquiry) => PlannedDelivery[];

export interface OutboxStore {
  /**
   * Sets what each created inquiry gets (default: nothing) and who hears, after
   * the commit, that (how many) deliveries were queued (the worker's kick).
   */
  configure(options: { plan: DeliveryPlanner; onQueued?: (count: number) => void }): void;
  /**
   * Claims up to `limit` due deliveries for `leaseMs` (others skip them until
   * then, so a crashed claimer's rows come back), oldest due first.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Settles claimed deliveries and records their attempts, in one write. A
   * delivery deleted meanwhile (erasure) is left deleted.
   */
  settle(settlements: SettleItem[]): Promise<void>;
  /** Lets go of claims without an attempt (shutting down mid-send). */
  release(ids: string[]): Promise<void>;
  /**
   * At the worker's start: on SQLite (one server process per file) every claim
   * is a dead process's, so all are let go; on PostgreSQL other instances may
   * hold claims, which expire with their lease.
   */
  recoverAtStart(): Promise<void>;
  /** When the next queued delivery is due, or undefined if none is. */
  nextDueAt(): Promise<number | undefined>;
  /** An inquiry's deliveries with their attempts, in creation order. */
  forInquiry(inquiryId: string): Promise<DeliveryWithAttempts[]>;
  get(id: string): Promise<DeliveryWithAttempts | undefined>;
  /** Queues a delivery again, due now, with a fresh retry schedule and the same identity. False if there is no such one. */
  resend(id: string, now: number): Promise<boolean>;
  /** Forgets every delivery of an inquiry and their attempts (erasure). Returns how many. */
  deleteForInquiry(inquiryId: string): Promise<number>;
  /** Of these inquiries, those whose owner e-mail failed. */
  failedOwnerNotifications(inquiryIds: string[]): Promise<Set<string>>;
  /** How many deliveries are in each state, per kind. */
  summary(): Promise<Record<DeliveryKind, Record<DeliveryState, number>>>;
}

export function emptySummary(): Record<DeliveryKind, Record<DeliveryState, number>> {
  const counts = () => ({ queued: 0, sent: 0, failed: 0, skipped: 0 });
  return { 'owner-email': counts(), confirmation: counts(), webhook: counts() };
}

/** The rows a new inquiry adds to the outbox. */
export interface OutboxRow {
  id: string;
  inquiryId: string;
  kind: DeliveryKind;
  target: string | null;
}

export function outboxRows(plan: DeliveryPlanner, inquiry: NewInquiry): OutboxRow[] {
  return plan(inquiry).map((planned) => ({
    id: randomUUID(),
    inquiryId: inquiry.id,
    kind: planned.kind,
    target: planned.target,
  }));
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
