// A notification channel: what it sends for each new inquiry, how, and how it is set
// up. The worker (../worker.ts) claims, leases, paces and settles deliveries of any
// channel the same way; a new channel is one file here and one line in index.ts.
import type { StoredInquiry } from '../../store/inquiry-store.js';
import type { ClaimedDelivery, OutboxStore } from '../../store/outbox-store.js';
import { type Mailer, type SendOutcome, SMTP_POOL_SIZE } from '../mailer.js';
import type { NotifyConfig, VapidKeys } from '../notify-config.js';
import type { PushDevice } from '../../store/device-store.js';
import type { Payment } from '../../store/payment-store.js';
import type { Quote } from '../../store/quote-store.js';
import type { InquiryStatus } from '../../../shared/inbox-views.js';
import type { NoticeAction } from '../messages.js';
import type { EventSheetView } from '../../../shared/event-plan.js';
import type { FinalCount } from '../../store/event-plan-store.js';
import type { SaleFigures } from '../../event-plan/sale-figures.js';
import type { OrderServices } from '../order-notices.js';
import type { ContentPort } from '../../site/content-port.js';

/** Who receives the owner's e-mail, asked at send time (the owner accounts with notifications on). */
export type OwnerRecipients = () => Promise<string[]>;

/** The owners' devices and the server's push keys, from the owner store. */
export interface PushServices {
  devices(): Promise<PushDevice[]>;
  device(id: string): Promise<PushDevice | undefined>;
  forget(id: string): Promise<void>;
  keys(): Promise<VapidKeys>;
  /** Who sends the pushes (VAPID's subject: a mailto: the push service may write to). */
  subject: string;
}

/** The sale's records a notice of one of its events reads at send time (record 142). */
export interface SaleServices {
  quote(id: string): Promise<Quote | undefined>;
  /** The customer's link to a quote (its unguessable token). */
  quoteUrl(quoteId: string): string;
  /** Where the owner has got with the inquiry (an answer: a status change, note or quote), or undefined once erased. */
  progress(inquiryId: string): Promise<{ status: InquiryStatus; answered: boolean } | undefined>;
  /**
   * A lead's action links ("Mark as contacted", "Decline"; record 182), signed for the
   * owner a notification goes to: a device's owner, or the one owner an e-mail goes to
   * (none named when it goes to several).
   */
  actionLinks(inquiryId: string, to: { ownerId: string } | { emails: readonly string[] }): Promise<NoticeAction[]>;
  /** A payment ('deposit-paid:<payment id>' names one). */
  payment(id: string): Promise<Payment | undefined>;
  /** The inquiry's figures of money and guests as they stand (sale-figures.ts, record 200). */
  figures(inquiry: StoredInquiry): Promise<SaleFigures>;
  /** The booked event's records (record 170). */
  event?: EventServices;
}

/** What the notices of a booked event read at send time (record 170). */
export interface EventServices {
  /** The inquiry's event sheet (its status, final count, balance due), or undefined if it is gone. */
  sheet(inquiryId: string): Promise<EventSheetView | undefined>;
  /** A final count by its id, with the count it replaced (the planned one before the first). */
  finalCount(id: string): Promise<{ count: FinalCount; was: number } | undefined>;
  /**
   * The customer's final counts set in [from, to): the last of them, the count in force
   * before them (the planned one before the first), and how many (record 190).
   */
  finalCountChanges(
    inquiryId: string,
    from: number,
    to: number,
  ): Promise<{ count: FinalCount; was: number; changes: number } | undefined>;
  /** The owner's link to the event sheet in the inbox. */
  sheetUrl(inquiryId: string): string;
  /** What day it is in the business's time zone, by the sale's clock (record 143). */
  today(): string;
}

/** What every channel may use (the server's set-up, its mailer, the owner accounts). */
export interface ChannelServices {
  config: NotifyConfig;
  /** SMTP through nodemailer; undefined without SMTP_URL. */
  mailer: Pick<Mailer, 'send'> | undefined;
  ownerRecipients: OwnerRecipients;
  /** The address of MAIL_FROM (its domain names the Message-IDs). */
  fromAddress: string;
  /** The owners' devices for push and the server's push keys (undefined without an owner store). */
  push?: PushServices | undefined;
  /** Counts a send against the channel's caps, in the store, so every instance and every restart sees it. */
  outbox: Pick<OutboxStore, 'countSend'>;
  /** The quotes and payments a sale event's notice reads (undefined without an owner store). */
  sale?: SaleServices | undefined;
  /** The pre-orders an order's notice reads (record 320; undefined without an owner store). */
  orders?: OrderServices | undefined;
  /** The site's live content (record 251): each message is written from it at send time, so a publish reaches it. */
  content: ContentPort;
}

/** What one send may use. */
export interface ChannelContext extends ChannelServices {
  /**
   * Aborted at the send's deadline (well inside its claim) or when the server stops.
   * A send must end promptly once it is aborted: its claim is about to run out, and
   * anyone may then send the delivery again.
   */
  signal: AbortSignal;
  /**
   * After the abort, how long a send whose message the other side already has whole (an
   * e-mail past its final dot) may still wait for its answer: it may be about to accept
   * it, and a retry would repeat it (record 151).
   */
  graceMs: number;
}

/**
 * What one send came to. Besides sent or failed (permanent, or worth a retry after
 * the schedule's delay or the target's Retry-After), `skipped`: there was nothing to
 * send it to (recorded, never retried), and `gone`: the target itself is gone for good
 * (a webhook's 410, a push subscription's 404/410), so the channel forgets it.
 */
export type ChannelOutcome = SendOutcome | { ok: false; skipped: true; error: string };

export interface Channel {
  /** Its name in the outbox ('owner-email'); never changes once deliveries exist. */
  readonly kind: string;
  /** What the inbox calls it ('Owner e-mail'). */
  readonly label: string;
  /**
   * The deliveries a new inquiry (not spam), or an event of its sale the channel tells of
   * (`events`), gets: one per target; null for one with no target of its own. `stored`:
   * what targets() read last (empty without it).
   */
  plan(config: NotifyConfig, stored: readonly string[]): (string | null)[];
  /**
   * The events it tells of ('' is the inquiry's arrival; the others are topics' events,
   * outbox-store.ts). Default: the arrival only.
   */
  readonly events?: readonly string[];
  /**
   * For a channel whose targets live in the store (the owner's devices for push): reads
   * them. The worker reads them before each claim, so an inquiry's deliveries go to the
   * targets there are when they are written out, one delivery (retried, shown) each.
   */
  targets?(services: ChannelServices): Promise<string[]>;
  send(delivery: ClaimedDelivery, inquiry: StoredInquiry, context: ChannelContext): Promise<ChannelOutcome>;
  /** Sends a delivery about an order (record 320: its topic is an order's, it has no inquiry). */
  sendForOrder?(delivery: ClaimedDelivery, context: ChannelContext): Promise<ChannelOutcome>;
  /** A send answered `gone` for this target (a push subscription's 404 or 410): remove it, so nothing more goes there. */
  forget?(target: string, services: ChannelServices): Promise<void>;
  /** How it is set up, in a sentence, for the inbox's Notifications page. */
  describe(config: NotifyConfig): string;
  /**
   * Channels sharing a limited resource (the SMTP pool) name it, with how many sends
   * it takes at once: the worker claims no more of them than that, so none waits in a
   * queue while its claim runs out.
   */
  readonly concurrency?: { group: string; max: number };
  /** Its own deadline for one send, when shorter than the lease allows (a webhook's 15 s). */
  readonly timeoutMs?: number;
}

export const skipped = (error: string): ChannelOutcome => ({ ok: false, skipped: true, error });

export const NO_SMTP = 'e-mail is not set up (SMTP_URL is not set)';

/** A sale event's notice whose record is gone (erased, or never there): nothing to say. */
export const GONE = 'what it told of is no longer there';

/** The e-mail channels share the SMTP pool's connections. */
export const SMTP_POOL = { group: 'smtp', max: SMTP_POOL_SIZE };
