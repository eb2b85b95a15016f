// What the customer and the owner are told of a pre-order (record 320): rendered at send
// time from the order as it is then (an erased order says nothing), worded once for the
// customer's e-mail and the owner's push. Money and times through the shared helpers.
import type { BusinessContent } from '../../../content/schema.js';
import { timeInWords } from '../../shared/date-words.js';
import { formatMoney } from '../../shared/money.js';
import { topicEvent, topicRef } from '../store/outbox-store.js';
import { ORDER_EVENTS, type Preorder } from '../store/preorder-store.js';
import type { Notice } from './messages.js';

/** A notice of an order, or undefined when there is nothing to tell (erased, or no longer so). */
export type OrderNoticeOf = (order: Preorder, publicUrl: string, content: BusinessContent) => Notice | undefined;

const money = (order: Preorder, amount: number, content: BusinessContent) =>
  formatMoney(amount, order.currency, content.locale);
const itemsOf = (order: Preorder) => order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
const pickupOf = (order: Preorder, content: BusinessContent) => timeInWords(order.pickup, content.locale);
/** The customer's own page of the order (its id unguessable). */
const toOrder = (order: Preorder, publicUrl: string) => ({
  url: `${publicUrl}/order/${order.stopId}/${order.id}`,
  linkText: 'See your order',
});
/** The owner's Orders page, on the order's stop. */
const toOrders = (order: Preorder, publicUrl: string) => ({
  url: `${publicUrl}/inbox/orders?stop=${encodeURIComponent(order.stopId)}`,
  linkText: 'Open the orders',
});

export const ORDER_CUSTOMER_NOTICES: Record<string, OrderNoticeOf> = {
  [ORDER_EVENTS.placed]: (order, publicUrl, content) => ({
    subject: `Order #${order.number} from ${content.name}: pickup at ${pickupOf(order, content)}`,
    lines: [
      `Thank you for your order, Order #${order.number}.`,
      `Items: ${itemsOf(order)}.`,
      `Total: ${money(order, order.total, content)}${order.payAtPickup ? ', to pay at pickup' : ', paid'}.`,
      `Pickup time: ${pickupOf(order, content)}.`,
    ],
    ...toOrder(order, publicUrl),
  }),
  [ORDER_EVENTS.ready]: (order, publicUrl, content) => ({
    subject: `Your order is ready: Order #${order.number}`,
    lines: [`Your order is ready. Order #${order.number} waits for you at ${content.name}'s window.`],
    ...toOrder(order, publicUrl),
  }),
  [ORDER_EVENTS.cancelled]: (order, publicUrl, content) => ({
    subject: `Order #${order.number} cancelled`,
    lines: [
      `We are sorry: the stop was cancelled, and with it Order #${order.number}.`,
      order.paidAt
        ? `Your payment of ${money(order, order.total, content)} is refunded to the card you paid with.`
        : 'Nothing was charged.',
    ],
    ...toOrder(order, publicUrl),
  }),
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
