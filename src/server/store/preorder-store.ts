// Pre-orders at a public stop (issue 40, record 290), one interface for both engines: a
// stop's settings (the items offered with their caps, the pickup times' size and cap,
// the cutoff), and its orders. Capacity is claimed in the transaction that writes the
// order, on counter rows (one per pickup time, one per capped item) raised only while
// they stay within the cap: a conditional UPDATE, never a read then a write, so two
// instances on one database never oversell. An unpaid checkout holds its place until
// `holdUntil`; the sweeper frees it (releaseExpired). A payment that arrives after that
// is kept: honoured when its places are still free, else owed back (refundDue) and paid
// back through the provider by the sweeper; never lost.
//
// Each provider event is applied once, by the paymentEvents table the deposits use.
// Orders hold the customer's name, phone and e-mail: erased on request (erase).
import { randomUUID } from 'node:crypto';
import { type Language, languageOf } from '../../shared/language.js';
import type { Minor } from '../../shared/money.js';
import { orderByTime } from '../../shared/preorder-times.js';
import type {
  OfferedItem,
  OrderLine,
  OrderStatus,
  Preorder,
  PreorderSettings,
  Taken,
} from '../../shared/preorder-views.js';
import type { StopFields } from '../../shared/stop-fields.js';
import type { PaidEvent } from './payment-store.js';

export {
  ORDER_STATUSES,
  type OfferedItem,
  type OrderLine,
  type OrderStatus,
  type Preorder,
  type PreorderSettings,
  type Taken,
} from '../../shared/preorder-views.js';

export interface NewOrder {
  stopId: string;
  pickup: string;
  lines: { name: string; quantity: number }[];
  name: string;
  phone: string;
  email: string;
  payAtPickup: boolean;
  /**
   * The network it came from, as the inquiries keep theirs (senderOf in routes/rate-limit.ts,
   * a keyed hash, never the address): its confirmation's per-network cap counts it (record 430).
   */
  sender?: string | undefined;
  /** The order page's language (record 420); English when not given. */
  language?: Language;
}

export type PlaceResult =
  | { ok: true; order: Preorder }
  | { ok: false; reason: 'closed' }
  | { ok: false; reason: 'unknown-item'; item: string }
  | { ok: false; reason: 'pickup-full' }
  | { ok: false; reason: 'item-full'; item: string };

/**
 * applied: the held order is paid; late-honoured: paid after its hold ended, and its
 * places were still free (taken again); late-refund: paid after its hold ended with no
 * room (or the stop cancelled): kept, and owed back; duplicate: this event, or a payment
 * for this order, was applied before; mismatch: paid other than asked (kept, owed back);
 * ignored: no order of the site's.
 */
export type OrderPaidOutcome = 'applied' | 'late-honoured' | 'late-refund' | 'duplicate' | 'mismatch' | 'ignored';

/**
 * The notifications an order owes (record 320): an outbox pending row with the topic
 * '<event>:<order id>' and the order's id as its subject (the outbox's `inquiryId`
 * column), written in the transaction that changes the order.
 */
export const ORDER_EVENTS = {
  /** Paid, or placed to pay at pickup: the customer's confirmation and the owner's push. */
  placed: 'order-placed',
  /** "Ready": "Your order is ready". */
  ready: 'order-ready',
  /** "Cancel stop" or "Cancel order": the customer told their order was cancelled (and refunded, when paid). */
  cancelled: 'order-cancelled',
  /** A payment that came after its hold ended, or other than asked, owed back: the owner told. */
  lateRefund: 'order-late-refund',
} as const;
const ORDER_EVENT_NAMES: readonly string[] = Object.values(ORDER_EVENTS);

/** Whether an outbox topic is an order's (its subject is the order, not an inquiry). */
export const isOrderTopic = (topic: string): boolean => ORDER_EVENT_NAMES.includes(topic.split(':', 1)[0]!);

/** What a payment applied to an order tells (record 320): its confirmation, or the owner of a payment owed back. */
export const PAID_NOTICE: Partial<Record<OrderPaidOutcome, string>> = {
  applied: ORDER_EVENTS.placed,
  'late-honoured': ORDER_EVENTS.placed,
  'late-refund': ORDER_EVENTS.lateRefund,
  mismatch: ORDER_EVENTS.lateRefund,
};

/**
 * Whether a payment that came after its hold ended may take its order's places again
 * (record 390): only while the stop takes pre-orders (open, not cancelled) and, given the
 * business's time zone, before the stop's "Order by" (its stop gone: never). Else it is refunded.
 */
export function mayHonourLate(
  settings: PreorderSettings | undefined,
  stop: Pick<StopFields, 'date' | 'starts'> | undefined,
  at: Date,
  timeZone: string | undefined,
): settings is PreorderSettings {
  if (!settings?.open || settings.cancelledAt) return false;
  if (timeZone === undefined) return true;
  return stop !== undefined && at.getTime() < orderByTime(stop, settings.orderBy, timeZone).getTime();
}

/** The first order number: "Order #1001", then up. */
export const FIRST_ORDER_NUMBER = 1001;

/** The statuses whose order holds its places. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['held', 'paid', 'pay-at-pickup', 'ready', 'picked-up'];

export interface PreorderStore {
  settings(stopId: string): Promise<PreorderSettings | undefined>;
  /** The stops of these ids that take pre-orders now (open, not cancelled). */
  openStops(stopIds: readonly string[]): Promise<Set<string>>;
  /** Saves a stop's settings (the orders already taken stay, even above a lowered cap). */
  saveSettings(settings: Omit<PreorderSettings, 'cancelledAt'>, at: Date): Promise<void>;
  taken(stopId: string): Promise<Taken>;
  /**
   * Writes the order and claims its places in one transaction: its pickup time's one
   * place and each capped item's quantity, or nothing. Online (not payAtPickup), it holds
   * them until `holdUntil`.
   */
  place(order: NewOrder, at: Date, holdUntil: Date | null): Promise<PlaceResult>;
  /** Keeps the checkout made for a held order (its paid event finds the order by it). */
  attachCheckout(orderId: string, provider: string, checkoutId: string, url: string): Promise<void>;
  /** Whether a provider's checkout is an order's (else it is a deposit's). */
  ownsCheckout(provider: string, checkoutId: string): Promise<boolean>;
  /** `timeZone`: the business's; given, a late payment after the stop's "Order by" is refunded (mayHonourLate). */
  applyPaid(event: PaidEvent, at: Date, timeZone?: string): Promise<{ outcome: OrderPaidOutcome; order?: Preorder }>;
  /** Frees the places of the held orders whose hold ended by `at` (cancelled); returns them. */
  releaseExpired(at: Date): Promise<Preorder[]>;
  /** The orders paid and owed back, not yet refunded. */
  refundsDue(): Promise<Preorder[]>;
  /** Marks an owed refund made; false if it was already (once only). */
  markRefunded(orderId: string, at: Date): Promise<boolean>;
  /** "Ready": the order if it became ready now (once), else undefined. */
  markReady(orderId: string, at: Date): Promise<Preorder | undefined>;
  /** "Picked up": the order if it was picked up now, else undefined. */
  markPickedUp(orderId: string, at: Date): Promise<Preorder | undefined>;
  /** "Cancel stop": closes the stop and cancels its live orders, the paid ones owed back; returns those cancelled now. */
  cancelStop(stopId: string, at: Date): Promise<Preorder[]>;
  /**
   * "Cancel order" (record 390): one live order cancelled, its places given back, a paid one
   * owed back (refunded once by the sweep), its customer told; the order if cancelled now.
   */
  cancelOrder(orderId: string, at: Date): Promise<Preorder | undefined>;
  get(orderId: string): Promise<Preorder | undefined>;
  /** A stop's orders by pickup time, then number. */
  forStop(stopId: string): Promise<Preorder[]>;
  /** Every order created in [from, to) (ISO times), for the owner's numbers. */
  createdBetween(from: string, to: string): Promise<Preorder[]>;
  /** Erases the customer's name, phone and e-mail from every order with this e-mail; how many. */
  erase(email: string): Promise<number>;
}

/** A preorders row as both engines insert it (times as ISO text, the lines as JSON text). */
export interface NewOrderRow {
  id: string;
  stopId: string;
  pickup: string;
  name: string;
  phone: string;
  email: string;
  lines: string;
  total: Minor;
  currency: string;
  payAtPickup: boolean;
  language: Language;
  status: OrderStatus;
  holdUntil: string | null;
  createdAt: string;
  sender: string | null;
}

/** The row of an order placed: held until `holdUntil` when paid online, else to pay at pickup (no hold). */
export const newOrderRow = (
  order: NewOrder,
  priced: { lines: OrderLine[]; total: Minor },
  settings: PreorderSettings,
  at: Date,
  holdUntil: Date | null,
): NewOrderRow => ({
  id: randomUUID(),
  stopId: order.stopId,
  pickup: order.pickup,
  name: order.name,
  phone: order.phone,
  email: order.email,
  lines: JSON.stringify(priced.lines),
  total: priced.total,
  currency: settings.currency,
  payAtPickup: order.payAtPickup,
  language: order.language ?? 'en',
  status: order.payAtPickup ? 'pay-at-pickup' : 'held',
  holdUntil: order.payAtPickup ? null : (holdUntil?.toISOString() ?? null),
  createdAt: at.toISOString(),
  sender: order.sender ?? null,
});

/** A preorders row as either engine returns it (PostgreSQL: Date times; SQLite: 0/1 flags, JSON text). */
export function rowToPreorder(row: Record<string, unknown>): Preorder {
  const time = (value: unknown) => (value instanceof Date ? value.toISOString() : ((value as string | null) ?? null));
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as OrderLine[]) : (row.lines as OrderLine[]);
  return {
    id: row.id as string,
    number: Number(row.number),
    stopId: row.stopId as string,
    pickup: row.pickup as string,
    name: row.name as string,
    phone: row.phone as string,
    email: row.email as string,
    lines,
    total: Number(row.total),
    currency: row.currency as string,
    payAtPickup: Boolean(row.payAtPickup),
    language: languageOf(row.language),
    status: row.status as OrderStatus,
    holdUntil: time(row.holdUntil),
    provider: (row.provider as string | null) ?? null,
    checkoutId: (row.checkoutId as string | null) ?? null,
    checkoutUrl: (row.checkoutUrl as string | null) ?? null,
    paymentRef: (row.paymentRef as string | null) ?? null,
    paidAt: time(row.paidAt),
    paidAmount: row.paidAmount == null ? null : Number(row.paidAmount),
    refundDue: Boolean(row.refundDue),
    refundedAt: time(row.refundedAt),
    readyAt: time(row.readyAt),
    pickedUpAt: time(row.pickedUpAt),
    cancelledAt: time(row.cancelledAt),
    createdAt: time(row.createdAt)!,
  };
}

export function rowToSettings(row: Record<string, unknown>): PreorderSettings {
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as OfferedItem[]) : (row.items as OfferedItem[]);
  const cancelled = row.cancelledAt instanceof Date ? row.cancelledAt.toISOString() : row.cancelledAt;
  return {
    stopId: row.stopId as string,
    open: Boolean(row.open),
    items,
    pickupEvery: Number(row.pickupEvery),
    perPickup: Number(row.perPickup),
    orderBy: Number(row.orderBy),
    currency: row.currency as string,
    cancelledAt: (cancelled as string | null) ?? null,
  };
}

/** Why an order cannot be placed, before any place is claimed: the items it names that the stop does not offer. */
export function pricedLines(
  settings: PreorderSettings,
  lines: NewOrder['lines'],
): { ok: true; lines: OrderLine[]; total: Minor } | { ok: false; item: string } {
  const priced: OrderLine[] = [];
  for (const line of lines) {
    const item = settings.items.find((offered) => offered.name === line.name);
    if (!item || !Number.isInteger(line.quantity) || line.quantity < 1) return { ok: false, item: line.name };
    priced.push({ name: item.name, price: item.price, quantity: line.quantity });
  }
  return { ok: true, lines: priced, total: priced.reduce((sum, line) => sum + line.price * line.quantity, 0) };
}

/** The counters an order claims, in the one order both engines lock them (no deadlock): its pickup time, then its capped items by name. */
export function claimsOf(settings: PreorderSettings, pickup: string, lines: readonly OrderLine[]) {
  const items = lines
    .flatMap((line) => {
      const cap = settings.items.find((item) => item.name === line.name)?.cap ?? null;
      return cap === null ? [] : [{ kind: 'item' as const, key: line.name, amount: line.quantity, cap }];
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [{ kind: 'pickup' as const, key: pickup, amount: 1, cap: settings.perPickup }, ...items];
}
export type Claim = ReturnType<typeof claimsOf>[number];

/** A claim that did not fit: thrown in the order's transaction, which rolls back. */
export class Full extends Error {
  constructor(readonly claim: Claim) {
    super('full');
  }
}

/** What placing answers when a claim did not fit. */
export const fullResult = ({ claim }: Full): PlaceResult =>
  claim.kind === 'pickup' ? { ok: false, reason: 'pickup-full' } : { ok: false, reason: 'item-full', item: claim.key };

/** The counters an order holds, to give back, in the order claimsOf locks them: its pickup time, then its items by name. */
export function heldClaims(order: Pick<Preorder, 'pickup' | 'lines'>) {
  const items = order.lines
    .map((line) => ({ kind: 'item' as const, key: line.name, amount: line.quantity }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [{ kind: 'pickup' as const, key: order.pickup, amount: 1 }, ...items];
}
