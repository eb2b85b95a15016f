// The pre-order's words in English (record 290; Spanish in order-es.ts, record 420): its
// page at /order/<stop id>, the answers to its post, its own page after, and its e-mails.
import type { OrderStatus } from '../../shared/preorder-views.js';

type Fill = Record<string, string | number>;

export const orderEn = {
  orderAhead: 'Order ahead',
  description: ({ business }: Fill) => `Order ahead from ${business}`,
  orderAheadAt: ({ place }: Fill) => `Order ahead: ${place}`,
  items: 'Items',
  soldOut: 'Sold out',
  left: ({ count }: Fill) => `${count} left`,
  pickupTime: 'Pickup time',
  full: 'Full',
  yourDetails: 'Your details',
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  notPlaced: 'Your order was not placed.',
  payNow: 'Pay now',
  payAtPickup: 'Pay at pickup',
  orderNumber: ({ number }: Fill) => `Order #${number}`,
  confirming: 'We are confirming your payment: reload in a moment.',
  yourOrder: 'Your order',
  item: 'Item',
  qty: 'Qty',
  price: 'Price',
  total: 'Total',
  pickupAt: ({ time }: Fill) => `Pickup time: <strong>${time}</strong>`,
  notFound: 'Not found',
  notFoundText: 'This link does not lead to a stop taking pre-orders.',
  notSent: 'Not sent',
  fromOrderPage: 'Please order from the order page itself.',
  tooManyOrders: 'Too many orders',
  tooManyFromHere: ({ minutes }: Fill) =>
    `Too many orders came from here in a short time, so this one was not placed. Please try again in ${minutes} minutes.`,
  stopCap: ({ max }: Fill) =>
    `${max} orders for this stop came from here already, so this one was not placed. To change an order, or for a larger one, please call or write to us.`,
  cancelledStop: 'This stop is cancelled.',
  noPreorders: 'This stop does not take pre-orders.',
  closed: 'Pre-orders for this stop are closed. Come by the window!',
  // The post's problems, beside their fields.
  quantity: ({ item, max }: Fill) => `${item}: a quantity from 0 to ${max}.`,
  chooseItem: 'Choose at least one item.',
  choosePickup: 'Choose a pickup time.',
  fillIn: ({ label }: Fill) => `${label}: please fill this in.`,
  textProblem: ({ label, problem }: Fill) => `${label} ${problem}.`,
  emailShape: 'E-mail: an address such as you@example.com.',
  pickupFull: 'That pickup time is Full: please choose another.',
  notEnough: ({ item }: Fill) => `${item}: not enough left for this order.`,
  noLonger: 'This stop no longer takes pre-orders.',
  choosePay: 'Choose how to pay.',
  // Its e-mails (record 320).
  seeOrder: 'See your order',
  placedSubject: ({ number, business, time }: Fill) => `Order #${number} from ${business}: pickup at ${time}`,
  thankYou: ({ number }: Fill) => `Thank you for your order, Order #${number}.`,
  itemsLine: ({ items }: Fill) => `Items: ${items}.`,
  totalToPay: ({ total }: Fill) => `Total: ${total}, to pay at pickup.`,
  totalPaid: ({ total }: Fill) => `Total: ${total}, paid.`,
  pickupLine: ({ time }: Fill) => `Pickup time: ${time}.`,
  readySubject: ({ number }: Fill) => `Your order is ready: Order #${number}`,
  readyLine: ({ number, business }: Fill) =>
    `Your order is ready. Order #${number} waits for you at ${business}'s window.`,
  cancelledSubject: ({ number }: Fill) => `Order #${number} cancelled`,
  cancelledLine: ({ number }: Fill) => `We are sorry: the stop was cancelled, and with it Order #${number}.`,
  refunded: ({ total }: Fill) => `Your payment of ${total} is refunded to the card you paid with.`,
  nothingCharged: 'Nothing was charged.',
  /** Where the order stands, on its page. */
  status: {
    held: 'Waiting for your payment: your places are held for 15 minutes.',
    paid: 'Paid. See you at pickup.',
    'pay-at-pickup': 'You pay at pickup.',
    ready: 'Your order is ready',
    'picked-up': 'Picked up. Enjoy!',
    cancelled: 'Cancelled.',
    refunded: 'Cancelled and refunded.',
  } satisfies Record<OrderStatus, string>,
};

export type OrderWords = typeof orderEn;
