// The customer's side of pre-orders (record 290): the order page at /order/<stop id>
// (GET), its post (a plain form: an order placed answers a redirect, so a reload posts
// nothing twice; with "Pay now" to the provider's checkout, the places held 15 minutes),
// and the order's own page after (/order/<stop id>/<order id>, the order's id unguessable).
// A post with a problem answers the page again (400) with the problem said and every
// typed value kept; nothing is written. Posts come from this site only, and each
// address may send so many in a window (the inquiries' limit), as the quote page's posts.
// In Spanish at /es/order/<stop id> (record 420): the order keeps that language, and its
// own page and e-mails are in it.
import type { BusinessContent } from '../../../content/schema.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HOLD_MINUTES, orderByTime, pickupTimes, PREORDER_LIMITS } from '../../shared/preorder-times.js';
import { textProblem } from '../../shared/text-rules.js';
import { addDays, localNow, type TruckStop } from '../../shared/truck-schedule.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { CheckoutRequest, PaymentProvider } from '../payments/payment-provider.js';
import { senderOf } from '../routes/rate-limit.js';
import { postedFromThisSite } from '../same-origin.js';
import type { ContentPort } from '../site/content-port.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { NewOrder, PlaceResult, Preorder, PreorderSettings } from '../store/preorder-store.js';
import type { RateCounts } from '../store/rate-counts.js';
import { type Language, LANGUAGES } from '../../shared/language.js';
import { problemIn as spanishProblem } from '../words/field-messages.js';
import type { OrderWords } from '../words/order-en.js';
import {
  EMPTY_FORM,
  ORDER_WORDS,
  orderPath,
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
function checked(form: OrderForm, settings: PreorderSettings, times: readonly string[], say: OrderWords) {
  const problems: Record<string, string> = {};
  const lines: NewOrder['lines'] = [];
  settings.items.forEach((item, index) => {
    const field = `item-${index}`;
    const text = form.quantities[field] ?? '0';
    const quantity = Number(text);
    if (!/^\d{1,3}$/.test(text) || quantity > PREORDER_LIMITS.quantity.max)
      problems[field] = say.quantity({ item: item.name, max: PREORDER_LIMITS.quantity.max });
    else if (quantity > 0) lines.push({ name: item.name, quantity });
  });
  if (lines.length === 0 && Object.keys(problems).length === 0) problems.items = say.chooseItem;
  if (!times.includes(form.pickup)) problems.pickup = say.choosePickup;
  const line = (name: 'name' | 'phone' | 'email', label: string, minDigits?: number) => {
    const problem = textProblem({ kind: 'line', ...(minDigits ? { minDigits } : {}) }, form[name]);
    if (form[name] === '') problems[name] = say.fillIn({ label });
    else if (problem) problems[name] = say.textProblem({ label, problem: problemIn(say, problem) });
  };
  line('name', say.name);
  line('phone', say.phone, 7);
  line('email', say.email);
  if (!problems.email && !EMAIL.test(form.email)) problems.email = say.emailShape;
  return { problems, lines };
}

/** A refusal from the store, said beside its field. */
function refusal(
  result: Exclude<PlaceResult, { ok: true }>,
  settings: PreorderSettings,
  say: OrderWords,
): Record<string, string> {
  if (result.reason === 'pickup-full') return { pickup: say.pickupFull };
  if (result.reason === 'item-full' || result.reason === 'unknown-item') {
    const index = settings.items.findIndex((item) => item.name === result.item);
    return { [`item-${index}`]: say.notEnough({ item: result.item }) };
  }
  return { items: say.noLonger };
}

/** A text problem's phrase (text-rules.ts) in the page's language: Spanish where field-messages.ts has it. */
const problemIn = (say: OrderWords, problem: string) =>
  say === ORDER_WORDS.en ? problem : spanishProblem(problem) || problem;

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
function tooManyOrdersPage(content: BusinessContent, message: string, language: Language): string {
  const { tooManyOrders } = ORDER_WORDS[language];
  return orderShell(
    content,
    tooManyOrders,
    `<h1>${tooManyOrders}</h1><div class="notice" role="alert"><p>${message}</p></div>`,
    language,
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

/** The page's language, by its address: /es/order/… is Spanish (record 420). */
const languageOfPath = (request: FastifyRequest): Language =>
  LANGUAGES.find((language) => language !== 'en' && request.url.startsWith(`/${language}/`)) ?? 'en';

type Html = (reply: FastifyReply, status: number, page: string) => FastifyReply;

/** The checks before an order is taken: from this site only, so many from one address (records 290, 390), each refusal a page. */
function postGuards(options: OrderPageRouteOptions, html: Html) {
  const site = () => options.content.current().content;
  const sameSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!postedFromThisSite(request, options.publicOrigin)) {
      const language = languageOfPath(request);
      const say = ORDER_WORDS[language];
      const page = orderShell(site(), say.notSent, `<h1>${say.notSent}</h1><p>${say.fromOrderPage}</p>`, language);
      return html(reply, 403, page);
    }
  };
  /** The 429 page, its wait in Retry-After. */
  const tooMany = (
    request: FastifyRequest,
    reply: FastifyReply,
    msLeft: number,
    message: (say: OrderWords, seconds: number) => string,
  ) => {
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    const language = languageOfPath(request);
    const page = tooManyOrdersPage(site(), message(ORDER_WORDS[language], seconds), language);
    return html(reply.header('retry-after', String(seconds)), 429, page);
  };
  const perAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const { count, msLeft } = await options.counts.hit(
      `order-posts:${request.ip}`,
      options.config.limits.inquiriesPerIp.windowMs,
    );
    if (count <= options.config.limits.inquiriesPerIp.max) return;
    return tooMany(request, reply, msLeft, (say, seconds) => say.tooManyFromHere({ minutes: Math.ceil(seconds / 60) }));
  };
  /** Whether this address placed its most orders for the stop already (record 390), the 429 page then sent; counted only for an order otherwise fine. */
  const overStopCap = async (request: FastifyRequest, reply: FastifyReply, stopId: string): Promise<boolean> => {
    const cap = options.config.limits.ordersPerStopPerIp;
    const { count, msLeft } = await options.counts.hit(`orders-per-stop:${stopId}:${request.ip}`, cap.windowMs);
    if (count <= cap.max) return false;
    tooMany(request, reply, msLeft, (say) => say.stopCap({ max: cap.max }));
    return true;
  };
  return { sameSite, perAddress, overStopCap };
}

/** The order as the form places it, with the network it came from (senderOf: record 430) and the page's language (record 420). */
function orderFrom(
  form: OrderForm,
  stopId: string,
  lines: NewOrder['lines'],
  payAtPickup: boolean,
  sender: string,
  language: Language,
) {
  const { pickup, name, phone, email } = form;
  return { stopId, pickup, lines, name, phone, email, payAtPickup, sender, language } satisfies NewOrder;
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
  const closedBecause = (stop: TruckStop, settings: PreorderSettings, say: OrderWords = ORDER_WORDS.en) => {
    if (settings.cancelledAt) return say.cancelledStop;
    if (!settings.open) return say.noPreorders;
    if (clock() >= orderByTime(stop, settings.orderBy, site().timeZone).getTime()) return say.closed;
    return undefined;
  };
  const view = async (
    stop: TruckStop,
    settings: PreorderSettings,
    form: OrderForm,
    problems: Record<string, string>,
    language: Language,
  ): Promise<OrderPageView> => {
    const closed = closedBecause(stop, settings, ORDER_WORDS[language]);
    return {
      language,
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
  const { sameSite, perAddress, overStopCap } = postGuards(options, html);

  const showOrderPage = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    const language = languageOfPath(request);
    const found = await load(request.params.stopId);
    if (!found) return html(reply, 404, orderNotFoundPage(site(), language));
    return html(reply, 200, orderPage(await view(found.stop, found.settings, EMPTY_FORM, {}, language)));
  };

  const placeOrder = async (request: FastifyRequest<Params & { Body: URLSearchParams }>, reply: FastifyReply) => {
    const language = languageOfPath(request);
    const say = ORDER_WORDS[language];
    const found = await load(request.params.stopId);
    if (!found) return html(reply, 404, orderNotFoundPage(site(), language));
    const { stop, settings } = found;
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const form = formOf(body, settings);
    const page = async (status: number, problems: Record<string, string>) =>
      html(reply, status, orderPage(await view(stop, settings, form, problems, language)));
    if (closedBecause(stop, settings)) return page(409, {});
    const { problems, lines } = checked(form, settings, pickupTimes(stop, settings.pickupEvery), say);
    const pay = body.get('pay');
    const online = pay === 'now' && provider !== undefined;
    if (!online && !(pay === 'pickup' && (payAtPickup() || !provider))) problems.pay = say.choosePay;
    if (Object.keys(problems).length > 0) return page(400, problems);
    if (await overStopCap(request, reply, stop.id)) return reply;

    const now = new Date(clock());
    const placed = await owners.preorders.place(
      orderFrom(form, stop.id, lines, !online, senderOf(options.config.sessionSecret, request), language),
      now,
      online ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
    );
    if (!placed.ok) return page(400, refusal(placed, settings, say));
    const { order } = placed;
    const donePath = `${orderPath(language, stop.id)}/${order.id}`;
    if (!online || !provider) return reply.redirect(donePath, 303);
    const checkout = await provider.createCheckout(
      checkoutRequest(order, `${site().name}, ${stop.place}`, new URL(donePath, options.publicUrl).href, now),
    );
    await owners.preorders.attachCheckout(order.id, provider.name, checkout.id, checkout.url);
    return reply.redirect(checkout.url, 303);
  };

  /** The order's own page, in the language it was placed in (whichever address it is opened at). */
  const showOrder = async (
    request: FastifyRequest<{ Params: { stopId: string; orderId: string }; Querystring: { payment?: string } }>,
    reply: FastifyReply,
  ) => {
    const order = await owners.preorders.get(request.params.orderId);
    if (!order || order.stopId !== request.params.stopId)
      return html(reply, 404, orderNotFoundPage(site(), languageOfPath(request)));
    const found = await load(order.stopId);
    return html(reply, 200, orderDonePage(site(), order, found?.stop, request.query.payment));
  };

  for (const language of LANGUAGES) {
    const path = orderPath(language, ':stopId');
    app.get<Params>(path, showOrderPage);
    app.post<Params & { Body: URLSearchParams }>(path, { onRequest: [sameSite, perAddress] }, placeOrder);
    app.get<{ Params: { stopId: string; orderId: string }; Querystring: { payment?: string } }>(
      `${path}/:orderId`,
      showOrder,
    );
  }
};
