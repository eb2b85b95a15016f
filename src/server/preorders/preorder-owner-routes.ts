// The owner's side of pre-orders (record 290), in the signed-in, origin-checked part of
// the owner's area: a stop's settings on the Schedule page ("Take pre-orders", the items
// offered with their caps, "Pickup every", "Orders per pickup time", "Order by"), and
// the Orders page's calls: the stop's orders and prep list, "Ready", "Picked up",
// "Cancel order", "Cancel stop" (every paid order refunded once through the provider by the sweep).
// Bad input is a 400 naming each field by its label, and changes nothing.
import type { FastifyPluginAsync } from 'fastify';
import { OWNER_API } from '../../shared/owner-api.js';
import { PREORDER_LIMITS } from '../../shared/preorder-times.js';
import { addDays, localNow } from '../../shared/truck-schedule.js';
import { httpError } from '../http-error.js';
import { BodyError } from '../json-body.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { OfferedItem } from '../store/preorder-store.js';
import { menuChoices, prepList, settingsOrDefaults } from './preorder-views.js';

interface SettingsBody {
  open: boolean;
  items: { name: string; cap?: number | null }[];
  pickupEvery: number;
  perPickup: number;
  orderBy: number;
}

const L = PREORDER_LIMITS;
const between = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The body's problems, by field, in the page's labels' words. */
function problemsOf(body: SettingsBody, menu: ReturnType<typeof menuChoices>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!between(body.pickupEvery, L.pickupEvery))
    problems.pickupEvery = `Pickup every: from ${L.pickupEvery.min} to ${L.pickupEvery.max} minutes.`;
  if (!between(body.perPickup, L.perPickup))
    problems.perPickup = `Orders per pickup time: from ${L.perPickup.min} to ${L.perPickup.max}.`;
  if (!between(body.orderBy, L.orderBy))
    problems.orderBy = `Order by: from ${L.orderBy.min} to ${L.orderBy.max} minutes before the stop starts.`;
  body.items.forEach((item, index) => {
    if (!menu.items.some((choice) => choice.name === item.name))
      problems[`items[${index}].name`] = `“${item.name}” is not on the menu.`;
    else if (item.cap != null && !between(item.cap, L.cap))
      problems[`items[${index}].cap`] = `${item.name}: a cap from ${L.cap.min} to ${L.cap.max}, or none.`;
  });
  if (new Set(body.items.map((item) => item.name)).size !== body.items.length) problems.items = 'Each item once.';
  if (body.open && body.items.length === 0) problems.items = 'Choose at least one item to take pre-orders.';
  return problems;
}

/** The pre-order settings' body, as the Schedule page sends it. */
const SETTINGS_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['open', 'items', 'pickupEvery', 'perPickup', 'orderBy'],
  properties: {
    open: { type: 'boolean' },
    items: {
      type: 'array',
      maxItems: 300,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 200 }, cap: { type: ['integer', 'null'] } },
      },
    },
    pickupEvery: { type: 'integer' },
    perPickup: { type: 'integer' },
    orderBy: { type: 'integer' },
  },
} as const;

export const preorderOwnerRoutes: FastifyPluginAsync<
  Pick<OwnerAreaOptions, 'owners' | 'clock' | 'onScheduleChanged' | 'preorderSweep' | 'content'>
> = async (app, { owners, clock, onScheduleChanged, preorderSweep, content: port }) => {
  const { preorders, schedule } = owners;
  const site = () => port.current().content;
  const stopOf = async (id: string) => {
    const today = localNow(new Date(clock()), site().timeZone).date;
    const stop = (await schedule.stops(addDays(today, -30))).find((one) => one.id === id);
    if (!stop) throw httpError(404, 'No such stop (it may have been removed).');
    return stop;
  };

  // The Orders page's stops: the upcoming ones (and yesterday's) that have taken pre-orders.
  app.get(OWNER_API.preorders, async () => {
    const today = localNow(new Date(clock()), site().timeZone).date;
    const stops = await schedule.stops(addDays(today, -1));
    const withSettings = await Promise.all(
      stops.map(async (stop) => ({ stop, settings: await preorders.settings(stop.id) })),
    );
    return { stops: withSettings.flatMap(({ stop, settings }) => (settings ? [{ stop, settings }] : [])) };
  });

  app.get<{ Params: { stopId: string } }>(OWNER_API.preorderStop, async (request) => {
    const stop = await stopOf(request.params.stopId);
    const [saved, orders, taken] = await Promise.all([
      preorders.settings(stop.id),
      preorders.forStop(stop.id),
      preorders.taken(stop.id),
    ]);
    return {
      stop,
      settings: settingsOrDefaults(stop.id, saved, site()),
      menu: menuChoices(site()),
      orders,
      taken,
      prep: prepList(orders),
    };
  });

  app.put<{ Params: { stopId: string }; Body: SettingsBody }>(
    OWNER_API.preorderStop,
    { schema: { body: SETTINGS_BODY } },
    async (request) => {
      const stop = await stopOf(request.params.stopId);
      const menu = menuChoices(site());
      const problems = problemsOf(request.body, menu);
      if (Object.keys(problems).length > 0) throw new BodyError(Object.values(problems).join(' '), problems);
      const items: OfferedItem[] = request.body.items.map((item) => ({
        name: item.name,
        price: menu.items.find((choice) => choice.name === item.name)!.price,
        cap: item.cap ?? null,
      }));
      const { open, pickupEvery, perPickup, orderBy } = request.body;
      await preorders.saveSettings(
        { stopId: stop.id, open, items, pickupEvery, perPickup, orderBy, currency: menu.currency },
        new Date(clock()),
      );
      // The landing page's "Order ahead" link follows at once.
      await onScheduleChanged?.().catch(() => undefined);
      return { settings: settingsOrDefaults(stop.id, await preorders.settings(stop.id), site()) };
    },
  );

  type OrderParams = { Params: { stopId: string; orderId: string } };
  const move = (to: 'markReady' | 'markPickedUp') => async (request: { params: OrderParams['Params'] }) => {
    const order = await preorders.get(request.params.orderId);
    if (!order || order.stopId !== request.params.stopId) throw httpError(404, 'No such order.');
    const moved = await preorders[to](order.id, new Date(clock()));
    return { order: moved ?? (await preorders.get(order.id)), changed: moved !== undefined };
  };
  app.post<OrderParams>(OWNER_API.preorderReady, move('markReady'));
  app.post<OrderParams>(OWNER_API.preorderPickedUp, move('markPickedUp'));

  // "Cancel order" (record 390): its places given back, a paid one refunded once by the sweep, its customer told.
  app.post<OrderParams>(OWNER_API.preorderOrderCancel, async (request) => {
    const order = await preorders.get(request.params.orderId);
    if (!order || order.stopId !== request.params.stopId) throw httpError(404, 'No such order.');
    const cancelled = await preorders.cancelOrder(order.id, new Date(clock()));
    if (cancelled?.refundDue) await preorderSweep?.().catch(() => undefined);
    return { order: (await preorders.get(order.id)) ?? cancelled, changed: cancelled !== undefined };
  });

  // Erasure: the customer's name, phone and e-mail leave every order placed with that e-mail; the orders' figures
  // stay. This order, unless picked up, is cancelled first: its places given back (record 390).
  app.delete<OrderParams>(OWNER_API.preorderOrder, async (request, reply) => {
    const order = await preorders.get(request.params.orderId);
    if (!order || order.stopId !== request.params.stopId) throw httpError(404, 'No such order.');
    const cancelled = await preorders.cancelOrder(order.id, new Date(clock()));
    if (order.email !== '') await preorders.erase(order.email);
    if (cancelled?.refundDue) await preorderSweep?.().catch(() => undefined);
    return reply.code(204).send();
  });

  app.post<{ Params: { stopId: string } }>(OWNER_API.preorderStopCancel, async (request) => {
    const stop = await stopOf(request.params.stopId);
    const cancelled = await preorders.cancelStop(stop.id, new Date(clock()));
    // The paid orders are refunded now; a refund that fails is tried again at the next sweep.
    await preorderSweep?.().catch(() => undefined);
    await onScheduleChanged?.().catch(() => undefined);
    return { cancelled: cancelled.length, orders: await preorders.forStop(stop.id) };
  });
};
