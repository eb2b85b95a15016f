// Pre-orders through the real app on a real store (record 290), with Stripe's API stood
// in for on 127.0.0.1: the owner opens a stop to pre-orders (bad settings refused, naming
// the field); the landing page links it "Order ahead"; the order page without JavaScript
// (a bad post refused with every value kept and nothing written; a full pickup time
// marked "Full" and refused); "Pay at pickup"; "Pay now" to Checkout and its signed event
// applied once; a hold that ended freed by the sweep, its late payment refunded through
// the provider once; "Ready" once; "Cancel stop" refunding each paid order once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { builtPage, call, cookieOf, ORIGIN, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.js';
import { addDays, localNow, type TruckStop } from '../../shared/truck-schedule.js';
import type { NumbersView } from '../../shared/numbers-views.js';
import type { Preorder } from '../store/preorder-store.js';
import { menuChoices } from './preorder-views.js';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn?.close());

const [first, second] = menuChoices(content).items;
/** The app's clock: a test moves it to end a hold (record 143's clock). */
let now = Date.now();

async function openStop(settings: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  now = Date.now();
  const started = await startOwnerApp(
    { CLIENT_DIR: builtPage(), PUBLIC_URL: 'https://tacos.example', ...standIn.env, ...env },
    { build: { clock: () => now } },
  );
  const t = { ...started, cookie: await cookieOf(started.app) };
  const date = addDays(localNow(new Date(), content.timeZone).date, 3);
  const added = await call(t.app, 'POST', '/api/owner/schedule', {
    cookie: t.cookie,
    body: { date, starts: '11:00', ends: '12:00', place: 'Sunday Market', address: '400 W 2nd St', note: '' },
  });
  const stop = (added.json() as { stops: TruckStop[] }).stops[0]!;
  const body = {
    open: true,
    items: [
      { name: first!.name, cap: 5 },
      { name: second!.name, cap: null },
    ],
    pickupEvery: 15,
    perPickup: 2,
    orderBy: 60,
    ...settings,
  };
  const saved = await call(t.app, 'PUT', `/api/owner/preorders/${stop.id}`, { cookie: t.cookie, body });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...t, stop };
}

const postOrder = (app: Awaited<ReturnType<typeof openStop>>['app'], stopId: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/order/${stopId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(fields).toString(),
  });
const customer = { name: 'Ana Ruiz', phone: '512 555 0199', email: 'ana@example.com' };

describe('pre-orders at a stop', () => {
  it('refuses bad settings naming the field, and saves nothing', async () => {
    const t = await openStop();
    const bad = await call(t.app, 'PUT', `/api/owner/preorders/${t.stop.id}`, {
      cookie: t.cookie,
      body: { open: true, items: [{ name: 'Lobster roll', cap: 3 }], pickupEvery: 0, perPickup: 2, orderBy: 60 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['pickupEvery', 'items[0].name']);
    expect((await t.owners.preorders.settings(t.stop.id))?.pickupEvery).toBe(15);
    // Only the owner: no session, no settings.
    const stranger = await call(t.app, 'GET', `/api/owner/preorders/${t.stop.id}`);
    expect(stranger.statusCode).toBe(401);
  });

  it('links the stop "Order ahead"; an order without JavaScript, bad input kept, a full time marked and refused', async () => {
    const t = await openStop();
    const landing = (await t.app.inject({ url: '/' })).body;
    expect(landing).toContain(`<a class="schedule-order" href="/order/${t.stop.id}"`);
    expect(landing).toContain('>Order ahead</a>');

    const page = await t.app.inject({ url: `/order/${t.stop.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(first!.name);
    expect(page.body).toContain('>Pay now</button>');
    expect(page.body).toContain('>Pay at pickup</button>');
    expect(page.body).toMatch(/value="11:45" required/);

    const bad = await postOrder(t.app, t.stop.id, {
      'item-0': '2',
      pickup: '11:00',
      name: 'Ana',
      phone: '12',
      email: 'ana@',
      pay: 'pickup',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Your order was not placed.');
    expect(bad.body).toContain('Phone must hold at least 7 digits.');
    expect(bad.body).toContain('value="Ana"');
    expect(bad.body).toContain('value="ana@"');
    expect(bad.body).toMatch(/name="item-0" [^>]*value="2"/);
    expect(bad.body).toMatch(/value="11:00" required checked/);
    expect(await t.owners.preorders.forStop(t.stop.id)).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const placed = await postOrder(t.app, t.stop.id, { 'item-0': '1', pickup: '11:00', ...customer, pay: 'pickup' });
      expect(placed.statusCode).toBe(303);
    }
    const [order] = await t.owners.preorders.forStop(t.stop.id);
    const done = await t.app.inject({ url: `/order/${t.stop.id}/${order!.id}` });
    expect(done.body).toContain(`Order #${order!.number}`);
    expect(done.body).toContain('You pay at pickup.');

    const full = await t.app.inject({ url: `/order/${t.stop.id}` });
    expect(full.body).toMatch(/value="11:00" disabled> <span class="full">[^<]+<\/span> Full/);
    const refused = await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup: '11:00', ...customer, pay: 'pickup' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('That pickup time is Full');
    expect(await t.owners.preorders.forStop(t.stop.id)).toHaveLength(2);
  });

  it('takes an order in Spanish at /es/order/<stop id>: its page, its answers and its own page (record 420)', async () => {
    const t = await openStop();
    const path = `/es/order/${t.stop.id}`;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<h1>Pedir por adelantado: Sunday Market</h1>');
    expect(page.body).toContain(`<form method="post" action="${path}"`);
    expect(page.body).toContain('<legend>Hora de recogida</legend>');
    expect(page.body).toContain('>Pagar ahora</button>');
    expect(page.body).toContain('>Pagar al recoger</button>');
    expect(page.body).not.toMatch(/Order ahead|Pickup time|Your details|Pay now|Pay at pickup|Sold out/);

    const post = (fields: Record<string, string>, origin = ORIGIN) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams(fields).toString(),
      });
    const bad = await post({ 'item-0': '2', name: 'Ana', phone: '12', email: 'ana@', pay: 'pickup' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Su pedido no se realizó.');
    expect(bad.body).toContain('Elija una hora de recogida.');
    expect(bad.body).toContain('Teléfono: debe contener al menos 7 dígitos.');
    expect(bad.body).toContain('Correo electrónico: una dirección como usted@ejemplo.com.');
    expect(bad.body).not.toMatch(/not placed|Choose|must|an address such as/);
    const elsewhere = await post({ 'item-0': '1', pickup: '11:00', ...customer, pay: 'pickup' }, 'https://x.example');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body).toContain('Haga su pedido desde la propia página de pedidos, por favor.');
    expect(await t.owners.preorders.forStop(t.stop.id)).toEqual([]);

    const placed = await post({ 'item-0': '1', pickup: '11:00', ...customer, pay: 'pickup' });
    expect(placed.statusCode).toBe(303);
    const [order] = await t.owners.preorders.forStop(t.stop.id);
    expect(order!.language).toBe('es');
    expect(placed.headers.location).toBe(`${path}/${order!.id}`);
    const done = await t.app.inject({ url: placed.headers.location! });
    expect(done.body).toContain(`<h1>Pedido n.º ${order!.number}</h1>`);
    expect(done.body).toContain('Paga al recoger.');
    expect(done.body).not.toMatch(/Order #|You pay at pickup|Your order|Pickup time/);
    // An English order stays English, its page at /order/….
    const english = await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup: '11:15', ...customer, pay: 'pickup' });
    expect(english.headers.location).toMatch(new RegExp(`^/order/${t.stop.id}/`));
    expect((await t.app.inject({ url: english.headers.location! })).body).toContain('You pay at pickup.');
  });

  it('refuses to remove or move a stop with orders, 409 saying how many and what to do (record 390)', async () => {
    const t = await openStop();
    const placed = await postOrder(t.app, t.stop.id, { 'item-0': '1', pickup: '11:00', ...customer, pay: 'pickup' });
    expect(placed.statusCode).toBe(303);
    const removed = await call(t.app, 'DELETE', `/api/owner/schedule/${t.stop.id}`, { cookie: t.cookie });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(
      'This stop has 1 pre-order. Cancel the stop on the Orders page first (its customers are told and paid orders refunded), then remove it.',
    );
    const { id: _id, ...fields } = t.stop;
    const moved = await call(t.app, 'PUT', `/api/owner/schedule/${t.stop.id}`, {
      cookie: t.cookie,
      body: { ...fields, starts: '10:30' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('then change its date or times.');
    expect((await t.owners.preorders.forStop(t.stop.id))[0]?.status).toBe('pay-at-pickup');
  });

  it('"Pay now" goes to Checkout; its signed event pays the order once; "Ready" once; "Cancel stop" refunds once', async () => {
    const t = await openStop();
    const pressed = await postOrder(t.app, t.stop.id, {
      'item-0': '2',
      'item-1': '1',
      pickup: '11:15',
      ...customer,
      pay: 'now',
    });
    expect(pressed.statusCode).toBe(303);
    const sessionId = pressed.headers.location!.split('/').at(-1)!;
    const session = standIn.sessions.get(sessionId)!;
    const [held] = await t.owners.preorders.forStop(t.stop.id);
    expect(held).toMatchObject({ status: 'held', total: first!.price * 2 + second!.price });
    expect(session.amount_total).toBe(held!.total);
    // The checkout ends 30 minutes on (Stripe's shortest), not Stripe's default day (record 390).
    expect(session.expires_at).toBe(Math.floor(now / 1000) + 30 * 60);

    const event = standIn.completed(sessionId);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const paid = (await t.owners.preorders.get(held!.id))!;
    expect(paid).toMatchObject({ status: 'paid', paymentRef: `pi_for_${sessionId}` });

    const ready = (path: string) =>
      call(t.app, 'POST', `/api/owner/preorders/${t.stop.id}/orders/${held!.id}/${path}`, { cookie: t.cookie });
    expect((await ready('ready')).json()).toMatchObject({ changed: true, order: { status: 'ready' } });
    expect((await ready('ready')).json()).toMatchObject({ changed: false });

    const view = (await call(t.app, 'GET', `/api/owner/preorders/${t.stop.id}`, { cookie: t.cookie })).json() as {
      prep: { name: string; quantity: number }[];
    };
    expect(view.prep).toEqual([
      { name: first!.name, quantity: 2 },
      { name: second!.name, quantity: 1 },
    ]);

    const before = standIn.refunds.length;
    const cancel = () => call(t.app, 'POST', `/api/owner/preorders/${t.stop.id}/cancel`, { cookie: t.cookie });
    expect((await cancel()).json()).toMatchObject({ cancelled: 1 });
    expect((await cancel()).json()).toMatchObject({ cancelled: 0 });
    expect(standIn.refunds.slice(before)).toEqual([
      {
        paymentIntent: `pi_for_${sessionId}`,
        amount: held!.total,
        idempotencyKey: `curbside-preorder-refund-${held!.id}`,
      },
    ]);
    expect(await t.owners.preorders.get(held!.id)).toMatchObject({ status: 'refunded' });
    const landing = (await t.app.inject({ url: '/' })).body;
    expect(landing).not.toContain('>Order ahead</a>');
  });

  it('"Cancel order" frees its pickup time and refunds a paid order once; erasing an order frees its place (record 390)', async () => {
    const t = await openStop();
    const pressed = await postOrder(t.app, t.stop.id, { 'item-0': '1', pickup: '11:00', ...customer, pay: 'now' });
    const sessionId = pressed.headers.location!.split('/').at(-1)!;
    const event = standIn.completed(sessionId);
    const paidPost = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });
    expect(paidPost.statusCode).toBe(200);
    expect(
      (await postOrder(t.app, t.stop.id, { 'item-0': '1', pickup: '11:00', ...customer, pay: 'pickup' })).statusCode,
    ).toBe(303);
    const [paid, atPickup] = await t.owners.preorders.forStop(t.stop.id);
    expect((await t.owners.preorders.taken(t.stop.id)).pickups['11:00']).toBe(2);

    const before = standIn.refunds.length;
    const cancel = () =>
      call(t.app, 'POST', `/api/owner/preorders/${t.stop.id}/orders/${paid!.id}/cancel`, { cookie: t.cookie });
    expect((await cancel()).json()).toMatchObject({ changed: true, order: { status: 'refunded' } });
    expect((await cancel()).json()).toMatchObject({ changed: false });
    expect(standIn.refunds.slice(before)).toEqual([
      {
        paymentIntent: `pi_for_${sessionId}`,
        amount: paid!.total,
        idempotencyKey: `curbside-preorder-refund-${paid!.id}`,
      },
    ]);
    expect((await t.owners.preorders.taken(t.stop.id)).pickups['11:00']).toBe(1);

    const erased = await call(t.app, 'DELETE', `/api/owner/preorders/${t.stop.id}/orders/${atPickup!.id}`, {
      cookie: t.cookie,
    });
    expect(erased.statusCode).toBe(204);
    expect(await t.owners.preorders.get(atPickup!.id)).toMatchObject({ status: 'cancelled', email: '' });
    expect((await t.owners.preorders.taken(t.stop.id)).pickups['11:00']).toBe(0);
  });

  it('takes at most RATE_LIMIT_ORDERS_PER_STOP_PER_IP orders for a stop from one address: the next is a 429 page and writes nothing (record 390)', async () => {
    const t = await openStop({}, { RATE_LIMIT_ORDERS_PER_STOP_PER_IP: '3' });
    for (const pickup of ['11:00', '11:15', '11:30']) {
      const placed = await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup, ...customer, pay: 'pickup' });
      expect(placed.statusCode).toBe(303);
    }
    const fourth = await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup: '11:45', ...customer, pay: 'pickup' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.body).toContain('3 orders for this stop came from here already, so this one was not placed.');
    expect(await t.owners.preorders.forStop(t.stop.id)).toHaveLength(3);
    expect((await t.owners.preorders.taken(t.stop.id)).pickups['11:45'] ?? 0).toBe(0);
  });

  it('counts orders in the Numbers page and its CSV; erasure clears the customer from each of their orders', async () => {
    const t = await openStop();
    for (const pickup of ['11:00', '11:15']) {
      expect(
        (await postOrder(t.app, t.stop.id, { 'item-0': '2', pickup, ...customer, pay: 'pickup' })).statusCode,
      ).toBe(303);
    }
    // A hold not paid is not an order yet.
    await postOrder(t.app, t.stop.id, { 'item-0': '1', pickup: '11:30', ...customer, pay: 'now' });
    now += 60_000;
    const numbers = (await call(t.app, 'GET', '/api/owner/numbers', { cookie: t.cookie })).json() as NumbersView;
    expect(numbers.periods[0]!.preorders).toEqual({
      count: 2,
      revenue: [{ currency: 'USD', amount: 4 * first!.price }],
    });
    const csv = (await call(t.app, 'GET', '/api/owner/numbers.csv', { cookie: t.cookie })).body.split('\r\n');
    expect(csv).toEqual(
      expect.arrayContaining([
        'Last 30 days,Pre-orders,Count,2',
        `Last 30 days,Pre-order revenue,USD,${((4 * first!.price) / 100).toFixed(2)}`,
      ]),
    );

    const [one] = await t.owners.preorders.forStop(t.stop.id);
    const erase = (cookie?: string) =>
      call(t.app, 'DELETE', `/api/owner/preorders/${t.stop.id}/orders/${one!.id}`, cookie ? { cookie } : {});
    expect((await erase()).statusCode).toBe(401);
    expect((await erase(t.cookie)).statusCode).toBe(204);
    const after = await t.owners.preorders.forStop(t.stop.id);
    expect(after.map((order) => [order.name, order.phone, order.email])).toEqual(after.map(() => ['', '', '']));
    expect(after.map((order) => order.total)).toEqual([2 * first!.price, 2 * first!.price, first!.price]);
  });

  it('a hold that ended frees its place; its late payment, with no room left, is refunded through the provider', async () => {
    const t = await openStop({ perPickup: 1 });
    const pressed = await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup: '11:30', ...customer, pay: 'now' });
    const sessionId = pressed.headers.location!.split('/').at(-1)!;
    const [held] = await t.owners.preorders.forStop(t.stop.id);
    // 14 minutes on, the place is still held; 15, the sweep frees it, and another order then takes it.
    now += 14 * 60_000;
    expect((await t.app.preorderSweeper.sweep()).released).toEqual([]);
    now += 60_000;
    const { released } = await t.app.preorderSweeper.sweep();
    expect(released.map((order: Preorder) => order.id)).toEqual([held!.id]);
    expect(
      (await postOrder(t.app, t.stop.id, { 'item-1': '1', pickup: '11:30', ...customer, pay: 'pickup' })).statusCode,
    ).toBe(303);

    const before = standIn.refunds.length;
    const event = standIn.completed(sessionId);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });
    await t.app.preorderSweeper.sweep();
    expect(standIn.refunds.slice(before)).toEqual([
      {
        paymentIntent: `pi_for_${sessionId}`,
        amount: held!.total,
        idempotencyKey: `curbside-preorder-refund-${held!.id}`,
      },
    ]);
    expect(await t.owners.preorders.get(held!.id)).toMatchObject({ status: 'refunded', paidAt: expect.any(String) });
    await t.app.preorderSweeper.sweep();
    expect(standIn.refunds.length).toBe(before + 1);
  });

  it("a payment other than asked is refunded as received, not as the order's total (record 390)", async () => {
    const t = await openStop();
    const pressed = await postOrder(t.app, t.stop.id, { 'item-1': '2', pickup: '11:30', ...customer, pay: 'now' });
    const sessionId = pressed.headers.location!.split('/').at(-1)!;
    const [held] = await t.owners.preorders.forStop(t.stop.id);
    const received = held!.total - 1;
    const before = standIn.refunds.length;
    const event = standIn.completed(sessionId, { amount_total: received });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });
    expect(await t.owners.preorders.get(held!.id)).toMatchObject({ status: 'cancelled', refundDue: true });
    await t.app.preorderSweeper.sweep();
    expect(standIn.refunds.slice(before)).toEqual([
      {
        paymentIntent: `pi_for_${sessionId}`,
        amount: received,
        idempotencyKey: `curbside-preorder-refund-${held!.id}`,
      },
    ]);
  });
});
