// The customer's side of pre-orders (record 290): the order page at /order/<stop id>
// (GET), its post (a plain form: an order placed answers a redirect, so a reload posts
// nothing twice; with "Pay now" to the provider's checkout, the places held 15 minutes),
// and the order's own page after (/order/<stop id>/<order id>, the order's id unguessable).
// A post with a problem answers the page again (400) with the problem said and every
// typed value kept; nothing is written. Posts come from this site only, and each
// address may send so many in a window (the inquiries' limit), as the quote page's posts.
import type { BusinessContent } from '../../../content/schema.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HOLD_MINUTES, orderByTime, pickupTimes, PREORDER_LIMITS } from '../../shared/preorder-times.js';
import { textProblem } from '../../shared/text-rules.js';
import { addDays, localNow, type TruckStop } from '../../shared/truck-schedule.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { CheckoutRequest, PaymentProvider } from '../payments/payment-provider.js';
import { postedFromThisSite } from '../same-origin.js';
import { senderOf } from '../routes/rate-limit.js';
import type { ContentPort } from '../site/content-port.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { NewOrder, PlaceResult, Preorder, PreorderSettings } from '../store/preorder-store.js';
import type { RateCounts } from '../store/rate-counts.js';
import {
  EMPTY_FORM,
  orderPageStyle,
  type OrderForm,
  type OrderPageView,
  orderDonePage,
  orderNotFoundPage,
  orderPage,
  orderShell,
} from './order-page.js';

export interface OrderPageRouteOptions {
  owners: OwnerStore;
  clock: Clock;
  /** "Pay now" through the first provider set up; without one, only "Pay at pickup". */
  provider?: PaymentProvider | undefined;
  publicUrl: string;
  publicOrigin?: string | undefined;
  counts: RateCounts;
  /**
   * Its limits: posts from one address (the inquiries' limit) and the orders it may place for
   * one stop (record 390); SESSION_SECRET: an order keeps its network as a keyed hash
   * (senderOf) for its confirmation's per-network cap (record 430).
   */
  config: Pick<Config, 'limits' | 'sessionSecret'>;
  /** The site's live content (record 251): name, zone, colours, "Pay at pickup". */
  content: ContentPort;
}

/** How long a pre-order's checkout takes payment: Stripe's shortest, as near the 15-minute hold as it allows. */
const CHECKOUT_MINUTES = 30;

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The form's values as posted (a field left out is empty). */
function formOf(body: URLSearchParams, settings: PreorderSettings): OrderForm {
  const quantities: Record<string, string> = {};
  settings.items.forEach((_, index) => {
    quantities[`item-${index}`] = (body.get(`item-${index}`) ?? '0').trim() || '0';
  });
  const text = (name: string) => (body.get(name) ?? '').normalize('NFC').trim();
  return { quantities, pickup: text('pickup'), name: text('name'), phone: text('phone'), email: text('email') };
}

/** The form's problems by field; none: the order's lines. */
function checked(form: OrderForm, settings: PreorderSettings, times: readonly string[]) {
  const problems: Record<string, string> = {};
  const lines: NewOrder['lines'] = [];
  settings.items.forEach((item, index) => {
    const field = `item-${index}`;
    const text = form.quantities[field] ?? '0';
    const quantity = Number(text);
    if (!/^\d{1,3}$/.test(text) || quantity > PREORDER_LIMITS.quantity.max)
      problems[field] = `${item.name}: a quantity from 0 to ${PREORDER_LIMITS.quantity.max}.`;
    else if (quantity > 0) lines.push({ name: item.name, quantity });
  });
  if (lines.length === 0 && Object.keys(problems).length === 0) problems.items = 'Choose at least one item.';
  if (!times.includes(form.pickup)) problems.pickup = 'Choose a pickup time.';
  const line = (name: 'name' | 'phone' | 'email', label: string, minDigits?: number) => {
    const problem = textProblem({ kind: 'line', ...(minDigits ? { minDigits } : {}) }, form[name]);
    if (form[name] === '') problems[name] = `${label}: please fill this in.`;
    else if (problem) problems[name] = `${label} ${problem}.`;
  };
  line('name', 'Name');
  line('phone', 'Phone', 7);
  line('email', 'E-mail');
  if (!problems.email && !EMAIL.test(form.email)) problems.email = 'E-mail: an address such as you@example.com.';
  return { problems, lines };
}

/** A refusal from the store, said beside its field. */
function refusal(result: Exclude<PlaceResult, { ok: true }>, settings: PreorderSettings): Record<string, string> {
  if (result.reason === 'pickup-full') return { pickup: 'That pickup time is Full: please choose another.' };
  if (result.reason === 'item-full' || result.reason === 'unknown-item') {
    const index = settings.items.findIndex((item) => item.name === result.item);
    return { [`item-${index}`]: `${result.item}: not enough left for this order.` };
  }
  return { items: 'This stop no longer takes pre-orders.' };
}

/** The order's checkout: its id rides as the reference (the paid event finds the order by the checkout's id). */
function checkoutRequest(order: Preorder, what: string, back: string, now: Date): CheckoutRequest {
  return {
    quoteId: order.id,
    amount: order.total,
    currency: order.currency,
    customerEmail: order.email,
    description: `Order #${order.number}: ${what}`,
    successUrl: `${back}?payment=done`,
    cancelUrl: `${back}?payment=cancelled`,
    idempotencyKey: `curbside-preorder-${order.id}`,
    // The checkout ends soon after the hold (Stripe's shortest), not a day later (record 390).
    expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
  };
}

/** The page that says an order was not placed for too many from one address. */
function tooManyOrdersPage(content: BusinessContent, message: string): string {
  return orderShell(
    content,
    'Too many orders',
    `<h1>Too many orders</h1><div class="notice" role="alert"><p>${message}</p></div>`,
  );
}

/** The order page's policy; the style's hash follows the live content's colours (record 251). */
function orderPageCsp(content: BusinessContent, provider: PaymentProvider | undefined): string {
  return [
    "default-src 'none'",
    `style-src '${orderPageStyle(content).hash}'`,
    "img-src 'self' data:",
    ["form-action 'self'", ...(provider?.checkoutOrigins ?? [])].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The order as the form places it, with the network it came from (senderOf: record 430). */
function orderFrom(form: OrderForm, stopId: string, lines: NewOrder['lines'], payAtPickup: boolean, sender: string) {
  const { pickup, name, phone, email } = form;
  return { stopId, pickup, lines, name, phone, email, payAtPickup, sender } satisfies NewOrder;
}

export const orderPageRoutes: FastifyPluginAsync<OrderPageRouteOptions> = async (app, options) => {
  const { owners, clock, provider } = options;
  const site = () => options.content.current().content;
  const payAtPickup = () => site().preorders?.payAtPickup ?? true;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, text, done) => done(null, new URLSearchParams(text as string)),
  );
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', orderPageCsp(site(), provider))
      .type('text/html; charset=utf-8')
      .send(page);

  /** The stop and its settings, if it is one that has taken pre-orders. */
  const load = async (stopId: string) => {
    const settings = await owners.preorders.settings(stopId);
    if (!settings) return undefined;
    const today = localNow(new Date(clock()), site().timeZone).date;
    const stop = (await owners.schedule.stops(addDays(today, -1))).find((one) => one.id === stopId);
    return stop && { stop, settings };
  };
  /** Why ordering is closed now, if it is. */
  const closedBecause = (stop: TruckStop, settings: PreorderSettings) => {
    if (settings.cancelledAt) return 'This stop is cancelled.';
    if (!settings.open) return 'This stop does not take pre-orders.';
    if (clock() >= orderByTime(stop, settings.orderBy, site().timeZone).getTime())
      return 'Pre-orders for this stop are closed. Come by the window!';
    return undefined;
  };
  const view = async (
    stop: TruckStop,
    settings: PreorderSettings,
    form: OrderForm,
    problems: Record<string, string>,
  ): Promise<OrderPageView> => {
    const closed = closedBecause(stop, settings);
    return {
      content: site(),
      stop,
      settings,
      times: pickupTimes(stop, settings.pickupEvery),
      taken: await owners.preorders.taken(stop.id),
      form,
      problems,
      payNow: provider !== undefined,
      payAtPickup: payAtPickup() || provider === undefined,
      ...(closed ? { closed } : {}),
    };
  };

  type Params = { Params: { stopId: string } };
  app.get<Params>('/order/:stopId', async (request, reply) => {
    const found = await load(request.params.stopId);
    if (!found) return html(reply, 404, orderNotFoundPage(site()));
    return html(reply, 200, orderPage(await view(found.stop, found.settings, EMPTY_FORM, {})));
  });

  const sameSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!postedFromThisSite(request, options.publicOrigin))
      return html(
        reply,
        403,
        orderShell(site(), 'Not sent', '<h1>Not sent</h1><p>Please order from the order page itself.</p>'),
      );
  };
  /** The 429 page, its wait in Retry-After. */
  const tooMany = (reply: FastifyReply, msLeft: number, message: (seconds: number) => string) => {
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    return html(reply.header('retry-after', String(seconds)), 429, tooManyOrdersPage(site(), message(seconds)));
  };
  const perAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const { count, msLeft } = await options.counts.hit(
      `order-posts:${request.ip}`,
      options.config.limits.inquiriesPerIp.windowMs,
    );
    if (count <= options.config.limits.inquiriesPerIp.max) return;
    return tooMany(
      reply,
      msLeft,
      (seconds) =>
        `Too many orders came from here in a short time, so this one was not placed. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
  };

  /** Whether this address placed its most orders for the stop already (record 390), the 429 page then sent; counted only for an order otherwise fine. */
  const overStopCap = async (request: FastifyRequest, reply: FastifyReply, stopId: string): Promise<boolean> => {
    const cap = options.config.limits.ordersPerStopPerIp;
    const { count, msLeft } = await options.counts.hit(`orders-per-stop:${stopId}:${request.ip}`, cap.windowMs);
    if (count <= cap.max) return false;
    tooMany(
      reply,
      msLeft,
      () =>
        `${cap.max} orders for this stop came from here already, so this one was not placed. To change an order, or for a larger one, please call or write to us.`,
    );
    return true;
  };

  app.post<Params & { Body: URLSearchParams }>(
    '/order/:stopId',
    { onRequest: [sameSite, perAddress] },
    async (request, reply) => {
      const found = await load(request.params.stopId);
      if (!found) return html(reply, 404, orderNotFoundPage(site()));
      const { stop, settings } = found;
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const form = formOf(body, settings);
      const refuse = async (problems: Record<string, string>) =>
        html(reply, 400, orderPage(await view(stop, settings, form, problems)));
      if (closedBecause(stop, settings)) return html(reply, 409, orderPage(await view(stop, settings, form, {})));
      const { problems, lines } = checked(form, settings, pickupTimes(stop, settings.pickupEvery));
      const pay = body.get('pay');
      const online = pay === 'now' && provider !== undefined;
      if (!online && !(pay === 'pickup' && (payAtPickup() || !provider))) problems.pay = 'Choose how to pay.';
      if (Object.keys(problems).length > 0) return refuse(problems);
      if (await overStopCap(request, reply, stop.id)) return reply;

      const now = new Date(clock());
      const placed = await owners.preorders.place(
        orderFrom(form, stop.id, lines, !online, senderOf(options.config.sessionSecret, request)),
        now,
        online ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
      );
      if (!placed.ok) return refuse(refusal(placed, settings));
      const { order } = placed;
      const donePath = `/order/${stop.id}/${order.id}`;
      if (!online || !provider) return reply.redirect(donePath, 303);
      const checkout = await provider.createCheckout(
        checkoutRequest(order, `${site().name}, ${stop.place}`, new URL(donePath, options.publicUrl).href, now),
      );
      await owners.preorders.attachCheckout(order.id, provider.name, checkout.id, checkout.url);
      return reply.redirect(checkout.url, 303);
    },
  );

  app.get<{ Params: { stopId: string; orderId: string }; Querystring: { payment?: string } }>(
    '/order/:stopId/:orderId',
    async (request, reply) => {
      const order = await owners.preorders.get(request.params.orderId);
      if (!order || order.stopId !== request.params.stopId) return html(reply, 404, orderNotFoundPage(site()));
      const found = await load(order.stopId);
      return html(reply, 200, orderDonePage(site(), order, found?.stop, request.query.payment));
    },
  );
};
