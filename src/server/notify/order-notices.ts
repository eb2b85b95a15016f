// What the customer and the owner are told of a pre-order (record 320): rendered at send
// time from the order as it is then (an erased order says nothing), worded once for the
// customer's e-mail and the owner's push. Money and times through the shared helpers;
// the customer's in the language the order was placed in (record 420), the owner's English.
import type { BusinessContent } from '../../../content/schema.js';
import { timeInWords } from '../../shared/date-words.js';
import { type Language, localeFor } from '../../shared/language.js';
import { formatMoney } from '../../shared/money.js';
import { ORDER_WORDS, orderPath } from '../preorders/order-page.js';
import { topicEvent, topicRef } from '../store/outbox-store.js';
import { ORDER_EVENTS, type Preorder } from '../store/preorder-store.js';
import type { Notice } from './messages.js';

/** A notice of an order, or undefined when there is nothing to tell (erased, or no longer so). */
export type OrderNoticeOf = (order: Preorder, publicUrl: string, content: BusinessContent) => Notice | undefined;

const money = (order: Preorder, amount: number, content: BusinessContent, language: Language = 'en') =>
  formatMoney(amount, order.currency, localeFor(language, content));
const itemsOf = (order: Preorder) => order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
const pickupOf = (order: Preorder, content: BusinessContent, language: Language = 'en') =>
  timeInWords(order.pickup, localeFor(language, content));
/** The customer's own page of the order (its id unguessable), in the order's language. */
const toOrder = (order: Preorder, publicUrl: string) => ({
  url: `${publicUrl}${orderPath(order.language, order.stopId)}/${order.id}`,
  linkText: ORDER_WORDS[order.language].seeOrder,
});
/** The customer's words, money and pickup time in the order's language. */
const toCustomer = (order: Preorder, content: BusinessContent) => ({
  say: ORDER_WORDS[order.language],
  number: order.number,
  total: money(order, order.total, content, order.language),
  time: pickupOf(order, content, order.language),
});
/** The owner's Orders page, on the order's stop. */
const toOrders = (order: Preorder, publicUrl: string) => ({
  url: `${publicUrl}/inbox/orders?stop=${encodeURIComponent(order.stopId)}`,
  linkText: 'Open the orders',
});

export const ORDER_CUSTOMER_NOTICES: Record<string, OrderNoticeOf> = {
  [ORDER_EVENTS.placed]: (order, publicUrl, content) => {
    const { say, number, total, time } = toCustomer(order, content);
    return {
      subject: say.placedSubject({ number, business: content.name, time }),
      lines: [
        say.thankYou({ number }),
        say.itemsLine({ items: itemsOf(order) }),
        order.payAtPickup ? say.totalToPay({ total }) : say.totalPaid({ total }),
        say.pickupLine({ time }),
      ],
      ...toOrder(order, publicUrl),
    };
  },
  [ORDER_EVENTS.ready]: (order, publicUrl, content) => {
    const { say, number } = toCustomer(order, content);
    return {
      subject: say.readySubject({ number }),
      lines: [say.readyLine({ number, business: content.name })],
      ...toOrder(order, publicUrl),
    };
  },
  [ORDER_EVENTS.cancelled]: (order, publicUrl, content) => {
    const { say, number, total } = toCustomer(order, content);
    return {
      subject: say.cancelledSubject({ number }),
      lines: [say.cancelledLine({ number }), order.paidAt ? say.refunded({ total }) : say.nothingCharged],
      ...toOrder(order, publicUrl),
    };
  },
};

export const ORDER_OWNER_NOTICES: Record<string, OrderNoticeOf> = {
  [ORDER_EVENTS.placed]: (order, publicUrl, content) => ({
    subject: `New order: Order #${order.number}, pickup at ${pickupOf(order, content)}`,
    lines: [
      `${itemsOf(order)}: ${money(order, order.total, content)}${order.payAtPickup ? ', to pay at pickup' : ', paid'}.`,
    ],
    ...toOrders(order, publicUrl),
  }),
  [ORDER_EVENTS.lateRefund]: (order, publicUrl, content) => ({
    subject: `Late payment refunded: Order #${order.number}`,
    lines: [
      `A payment of ${money(order, order.total, content)} for Order #${order.number} came after its hold ended (or other than asked): it is refunded, and the order is not taken.`,
    ],
    ...toOrders(order, publicUrl),
  }),
};

export const ORDER_CUSTOMER_EVENTS = Object.keys(ORDER_CUSTOMER_NOTICES);
export const ORDER_OWNER_EVENTS = Object.keys(ORDER_OWNER_NOTICES);

/** The notice a delivery's topic ('order-ready:<order id>') names, for the order as it is now; undefined when gone or erased. */
export async function orderNoticeFor(
  notices: Record<string, OrderNoticeOf>,
  topic: string,
  orders: OrderServices | undefined,
  publicUrl: string,
  content: BusinessContent,
): Promise<{ notice: Notice; order: Preorder } | undefined> {
  const make = notices[topicEvent(topic)];
  const order = make && (await orders?.order(topicRef(topic)));
  if (!make || !order || order.email === '') return undefined;
  const notice = make(order, publicUrl, content);
  return notice && { notice, order };
}

/** The orders a notice reads at send time. */
export interface OrderServices {
  order(id: string): Promise<Preorder | undefined>;
}
