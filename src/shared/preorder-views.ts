// What a stop's pre-orders are, as the server stores them and the owner's inbox reads
// them (issue 40, record 290): one definition for both sides.
import type { Language } from './language.js';
import type { Minor } from './money.js';

/** An item of the content's menu, as a stop may offer it. */
export interface MenuChoice {
  name: string;
  price: Minor;
}

/** An item a stop offers: its name and price as the menu said when the owner chose it, and an optional cap. */
export interface OfferedItem {
  name: string;
  price: Minor;
  /** At most this many of it at the stop; null: no cap. */
  cap: number | null;
}

export interface PreorderSettings {
  stopId: string;
  /** "Take pre-orders". */
  open: boolean;
  items: OfferedItem[];
  /** "Pickup every", in minutes. */
  pickupEvery: number;
  /** "Orders per pickup time". */
  perPickup: number;
  /** "Order by": minutes before the stop starts that ordering closes. */
  orderBy: number;
  currency: string;
  /** Set by "Cancel stop": no more orders, every order cancelled. */
  cancelledAt: string | null;
}

export const ORDER_STATUSES = ['held', 'paid', 'pay-at-pickup', 'ready', 'picked-up', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderLine {
  name: string;
  price: Minor;
  quantity: number;
}

export interface Preorder {
  id: string;
  /** What the customer and the owner call it ("Order #1042"). */
  number: number;
  stopId: string;
  /** The pickup time, 'HH:MM' on the stop's day. */
  pickup: string;
  name: string;
  phone: string;
  email: string;
  lines: OrderLine[];
  total: Minor;
  currency: string;
  payAtPickup: boolean;
  /** The language of the order page it was placed from: its page and e-mails are in it (record 420). */
  language: Language;
  status: OrderStatus;
  /** Until when an unpaid checkout holds its place (null: paid at pickup, or no longer held). */
  holdUntil: string | null;
  provider: string | null;
  checkoutId: string | null;
  checkoutUrl: string | null;
  paymentRef: string | null;
  paidAt: string | null;
  /** What the payment brought in (minor units; record 390): what is paid back, even when it is not the total. */
  paidAmount: Minor | null;
  /** Paid, and owed back (a cancelled stop, or a payment after its hold ended with no room left). */
  refundDue: boolean;
  refundedAt: string | null;
  readyAt: string | null;
  pickedUpAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
}

/** How many places of each pickup time and each item are taken. */
export interface Taken {
  pickups: Record<string, number>;
  items: Record<string, number>;
}
