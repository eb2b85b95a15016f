// One contract, two engines (record 290): a stop's pre-orders, their places claimed in
// the order's transaction (50 at once for the last places, from two store instances in
// two processes on one database: nothing oversold, nothing lost), holds that end, a
// payment after its hold ended (honoured when room remains, else owed back), each
// payment event applied once, "Ready" once, "Cancel stop", erasure.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, freshPostgresUrl } from '../../../tests/support/databases.js';
import type { OwnerStore } from './owner-store.js';
import { openPostgresOwnerStore } from './postgres/postgres-owner-store.js';
import type { NewOrder, PlaceResult, PreorderSettings } from './preorder-store.js';
import { openSqliteOwnerStore } from './sqlite/sqlite-owner-store.js';

const run = promisify(execFile);

interface Engine {
  name: 'sqlite' | 'postgres';
  /** A fresh database: where it is (data directory or URL) and a store instance on it. */
  open(): Promise<{ where: string; owners: OwnerStore }>;
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async open() {
      const data = freshDataDir();
      const owners = openSqliteOwnerStore(data.dir);
      closers.push(async () => {
        await owners.close();
        data.remove();
      });
      return { where: data.dir, owners };
    },
  },
  {
    name: 'postgres',
    async open() {
      const url = await freshPostgresUrl();
      const owners = await openPostgresOwnerStore(url);
      closers.push(() => owners.close());
      return { where: url, owners };
    },
  },
];

const AT = new Date('2031-05-01T15:00:00Z');
const LATER = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);
const STOP = 'stop-1';
const settings = (overrides: Partial<PreorderSettings> = {}): Omit<PreorderSettings, 'cancelledAt'> => ({
  stopId: STOP,
  open: true,
  items: [
    { name: 'Brisket taco', price: 450, cap: 20 },
    { name: 'Horchata', price: 300, cap: null },
  ],
  pickupEvery: 15,
  perPickup: 10,
  orderBy: 60,
  currency: 'USD',
  ...overrides,
});
let made = 0;
const order = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  stopId: STOP,
  pickup: '11:00',
  lines: [{ name: 'Horchata', quantity: 1 }],
  name: `Customer ${++made}`,
  phone: '512-555-0100',
  email: `customer${made}@example.com`,
  payAtPickup: true,
  ...overrides,
});
const placed = (result: PlaceResult) => {
  if (!result.ok) throw new Error(`not placed: ${result.reason}`);
  return result.order;
};
const paidEvent = (checkoutId: string, eventId: string, amount: number) => ({
  provider: 'stripe',
  label: 'Stripe',
  eventId,
  checkoutId,
  amount,
  currency: 'USD',
  paymentRef: `pi_${checkoutId}`,
});

/** Half the orders through each of two store instances, each in a process of its own, all at once. */
async function race(engine: Engine['name'], where: string, orders: NewOrder[]): Promise<PlaceResult[]> {
  const half = Math.ceil(orders.length / 2);
  const runs = [orders.slice(0, half), orders.slice(half)].map(async (some) => {
    const input = JSON.stringify({ engine, where, orders: some, at: AT.toISOString(), holdUntil: null });
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/support/preorder-racer.ts', input], {
      cwd: process.cwd(),
    });
    return JSON.parse(stdout) as PlaceResult[];
  });
  return (await Promise.all(runs)).flat();
}

describe.each(ENGINES)('the pre-order store on $name', (engine) => {
  it('50 orders at once for the last places of a pickup time and of an item, from two instances: none oversold, none lost', async () => {
    const { where, owners } = await engine.open();
    const { preorders } = owners;
    await preorders.saveSettings(settings(), AT);
    // 5 places left at 11:00; 3 Brisket tacos left in all.
    for (let i = 0; i < 5; i++) placed(await preorders.place(order(), AT, null));
    for (let i = 0; i < 17; i++) {
      const pickup = i < 10 ? '13:00' : '13:15';
      placed(await preorders.place(order({ pickup, lines: [{ name: 'Brisket taco', quantity: 1 }] }), AT, null));
    }

    const forPickup = await race(
      engine.name,
      where,
      Array.from({ length: 50 }, () => order()),
    );
    expect(forPickup.filter((result) => result.ok)).toHaveLength(5);
    expect(forPickup.filter((result) => !result.ok && result.reason === 'pickup-full')).toHaveLength(45);

    const times = ['11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45'];
    const forItem = await race(
      engine.name,
      where,
      Array.from({ length: 50 }, (_, i) =>
        order({ pickup: times[i % times.length]!, lines: [{ name: 'Brisket taco', quantity: 1 }] }),
      ),
    );
    expect(forItem.filter((result) => result.ok)).toHaveLength(3);
    expect(forItem.filter((result) => !result.ok && result.reason === 'item-full')).toHaveLength(47);

    // Nothing lost: every order answered placed is stored, and the counts are the orders'.
    const stored = await preorders.forStop(STOP);
    const answered = [...forPickup, ...forItem].flatMap((result) => (result.ok ? [result.order.id] : []));
    expect(stored.map((one) => one.id)).toEqual(expect.arrayContaining(answered));
    expect(stored).toHaveLength(5 + 17 + 5 + 3);
    expect(stored.filter((one) => one.pickup === '11:00')).toHaveLength(10);
    const brisket = stored.flatMap((one) => one.lines).filter((line) => line.name === 'Brisket taco');
    expect(brisket.reduce((sum, line) => sum + line.quantity, 0)).toBe(20);
    const taken = await preorders.taken(STOP);
    expect(taken.pickups['11:00']).toBe(10);
    expect(taken.items['Brisket taco']).toBe(20);
    // Numbers are unique and start at 1001.
    const numbers = stored.map((one) => one.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers[0]).toBe(1001);
  });

  it('prices from the settings, refuses unknown items and a closed stop, writing nothing', async () => {
    const { owners } = await engine.open();
    const { preorders } = owners;
    expect(await preorders.place(order(), AT, null)).toEqual({ ok: false, reason: 'closed' });
    await preorders.saveSettings(settings(), AT);
    expect(await preorders.place(order({ lines: [{ name: 'Lobster', quantity: 1 }] }), AT, null)).toEqual({
      ok: false,
      reason: 'unknown-item',
      item: 'Lobster',
    });
    const one = placed(
      await preorders.place(
        order({
          lines: [
            { name: 'Brisket taco', quantity: 3 },
            { name: 'Horchata', quantity: 2 },
          ],
        }),
        AT,
        null,
      ),
    );
    expect(one).toMatchObject({ number: 1001, total: 3 * 450 + 2 * 300, status: 'pay-at-pickup', holdUntil: null });
    expect(await preorders.place(order({ lines: [{ name: 'Brisket taco', quantity: 18 }] }), AT, null)).toEqual({
      ok: false,
      reason: 'item-full',
      item: 'Brisket taco',
    });
    expect(await preorders.taken(STOP)).toEqual({ pickups: { '11:00': 1 }, items: { 'Brisket taco': 3 } });
    expect(await preorders.openStops([STOP, 'other'])).toEqual(new Set([STOP]));
    expect(await preorders.forStop(STOP)).toHaveLength(1);
  });

  it('an unpaid checkout holds its places until its hold ends; a payment in time pays it, once per event', async () => {
    const { owners } = await engine.open();
    const { preorders } = owners;
    await preorders.saveSettings(settings({ perPickup: 1 }), AT);
    const held = placed(await preorders.place(order({ payAtPickup: false }), AT, LATER(15)));
    expect(held).toMatchObject({ status: 'held', holdUntil: LATER(15).toISOString() });
    await preorders.attachCheckout(held.id, 'stripe', 'cs_1', 'https://checkout.example/cs_1');
    expect(await preorders.ownsCheckout('stripe', 'cs_1')).toBe(true);
    expect(await preorders.ownsCheckout('stripe', 'cs_other')).toBe(false);
    // Held: the pickup time is full. Before the hold ends, nothing is freed.
    expect(await preorders.place(order(), AT, null)).toEqual({ ok: false, reason: 'pickup-full' });
    expect(await preorders.releaseExpired(LATER(14))).toEqual([]);
    const paid = await preorders.applyPaid(paidEvent('cs_1', 'evt_1', 300), LATER(10));
    expect(paid.outcome).toBe('applied');
    expect(paid.order).toMatchObject({ status: 'paid', paymentRef: 'pi_cs_1', holdUntil: null });
    expect((await preorders.applyPaid(paidEvent('cs_1', 'evt_1', 300), LATER(11))).outcome).toBe('duplicate');
    expect((await preorders.applyPaid(paidEvent('cs_1', 'evt_2', 300), LATER(11))).outcome).toBe('duplicate');
    expect(await preorders.releaseExpired(LATER(60))).toEqual([]);
    expect((await preorders.taken(STOP)).pickups['11:00']).toBe(1);
  });

  it('a hold that ended frees its places; its late payment is honoured with room, else owed back and refunded once', async () => {
    const { owners } = await engine.open();
    const { preorders } = owners;
    await preorders.saveSettings(settings({ perPickup: 1 }), AT);
    const first = placed(await preorders.place(order({ payAtPickup: false }), AT, LATER(15)));
    await preorders.attachCheckout(first.id, 'stripe', 'cs_a', 'https://checkout.example/cs_a');
    const released = await preorders.releaseExpired(LATER(15));
    expect(released.map((one) => [one.id, one.status])).toEqual([[first.id, 'cancelled']]);
    expect((await preorders.taken(STOP)).pickups['11:00']).toBe(0);
    // Room remains: the late payment takes its place again.
    const honoured = await preorders.applyPaid(paidEvent('cs_a', 'evt_a', 300), LATER(20));
    expect(honoured.outcome).toBe('late-honoured');
    expect(honoured.order).toMatchObject({ status: 'paid', refundDue: false, cancelledAt: null });
    expect((await preorders.taken(STOP)).pickups['11:00']).toBe(1);

    // No room: another order took the freed place; the late payment is kept and owed back.
    const second = placed(await preorders.place(order({ pickup: '11:15', payAtPickup: false }), AT, LATER(15)));
    await preorders.attachCheckout(second.id, 'stripe', 'cs_b', 'https://checkout.example/cs_b');
    await preorders.releaseExpired(LATER(16));
    placed(await preorders.place(order({ pickup: '11:15' }), LATER(17), null));
    const late = await preorders.applyPaid(paidEvent('cs_b', 'evt_b', 300), LATER(30));
    expect(late.outcome).toBe('late-refund');
    expect(late.order).toMatchObject({ status: 'cancelled', refundDue: true, paymentRef: 'pi_cs_b' });
    expect((await preorders.taken(STOP)).pickups['11:15']).toBe(1);
    expect((await preorders.refundsDue()).map((one) => one.id)).toEqual([second.id]);
    expect(await preorders.markRefunded(second.id, LATER(31))).toBe(true);
    expect(await preorders.markRefunded(second.id, LATER(32))).toBe(false);
    expect(await preorders.refundsDue()).toEqual([]);
    expect(await preorders.get(second.id)).toMatchObject({ status: 'refunded' });
  });

  it('a late payment is refunded, not honoured, once pre-orders are closed or after the stop\'s "Order by" (record 390)', async () => {
    const { owners } = await engine.open();
    const { preorders, schedule } = owners;
    // The stop starts at 18:00 UTC on AT's day: "Order by" (60 minutes) is 17:00, two hours after AT.
    const [stop] = await schedule.addStops(
      [{ date: '2031-05-01', starts: '18:00', ends: '20:00', place: 'Market', address: '1 Main St', note: '' }],
      { id: 'owner-1', email: 'owner@example.com' },
      AT,
    );
    const stopId = stop!.id;
    await preorders.saveSettings(settings({ stopId }), AT);
    const lateOrder = async (checkoutId: string) => {
      const held = placed(await preorders.place(order({ stopId, payAtPickup: false }), AT, LATER(15)));
      await preorders.attachCheckout(held.id, 'stripe', checkoutId, `https://checkout.example/${checkoutId}`);
      return held;
    };
    const inTime = await lateOrder('cs_t');
    const afterCutoff = await lateOrder('cs_u');
    const whenClosed = await lateOrder('cs_v');
    await preorders.releaseExpired(LATER(15));

    const pay = (checkoutId: string, at: Date) =>
      preorders.applyPaid(paidEvent(checkoutId, `evt_${checkoutId}`, 300), at, 'UTC');
    expect((await pay('cs_t', LATER(119))).outcome).toBe('late-honoured');
    expect((await pay('cs_u', LATER(120))).outcome).toBe('late-refund');
    await preorders.saveSettings(settings({ stopId, open: false }), LATER(30));
    expect((await pay('cs_v', LATER(31))).outcome).toBe('late-refund');
    expect((await preorders.refundsDue()).map((one) => one.id).sort()).toEqual([afterCutoff.id, whenClosed.id].sort());
    expect((await preorders.get(inTime.id))?.status).toBe('paid');
    expect(await preorders.get(afterCutoff.id)).toMatchObject({ status: 'cancelled', paidAmount: 300 });
    expect((await preorders.taken(stopId)).pickups['11:00']).toBe(1);
  });

  it('"Cancel order" gives back its pickup place and items at once, owes a paid one back once (record 390)', async () => {
    const { owners } = await engine.open();
    const { preorders } = owners;
    await preorders.saveSettings(settings({ perPickup: 2 }), AT);
    const taco = [{ name: 'Brisket taco', quantity: 3 }];
    const atPickup = placed(await preorders.place(order({ lines: taco }), AT, null));
    const online = placed(await preorders.place(order({ payAtPickup: false }), AT, LATER(15)));
    await preorders.attachCheckout(online.id, 'stripe', 'cs_c', 'https://checkout.example/cs_c');
    await preorders.applyPaid(paidEvent('cs_c', 'evt_c', 300), LATER(1));
    expect(await preorders.place(order(), AT, null)).toEqual({ ok: false, reason: 'pickup-full' });

    expect(await preorders.cancelOrder(atPickup.id, LATER(2))).toMatchObject({ status: 'cancelled', refundDue: false });
    expect(await preorders.taken(STOP)).toEqual({ pickups: { '11:00': 1 }, items: { 'Brisket taco': 0 } });
    expect(await preorders.cancelOrder(atPickup.id, LATER(3))).toBeUndefined();
    placed(await preorders.place(order(), LATER(3), null));

    expect(await preorders.cancelOrder(online.id, LATER(4))).toMatchObject({ status: 'cancelled', refundDue: true });
    expect((await preorders.refundsDue()).map((one) => one.id)).toEqual([online.id]);
    expect(await preorders.cancelOrder(online.id, LATER(5))).toBeUndefined();
    expect((await preorders.taken(STOP)).pickups['11:00']).toBe(1);
  });

  it('"Ready" once, "Picked up", "Cancel stop" owes back every paid order, erasure clears the customer', async () => {
    const { owners } = await engine.open();
    const { preorders } = owners;
    await preorders.saveSettings(settings(), AT);
    const atPickup = placed(await preorders.place(order(), AT, null));
    const online = placed(await preorders.place(order({ payAtPickup: false }), AT, LATER(15)));
    await preorders.attachCheckout(online.id, 'stripe', 'cs_r', 'https://checkout.example/cs_r');
    await preorders.applyPaid(paidEvent('cs_r', 'evt_r', 300), LATER(1));
    const done = placed(await preorders.place(order(), AT, null));

    expect(await preorders.markReady(atPickup.id, LATER(2))).toMatchObject({ status: 'ready' });
    expect(await preorders.markReady(atPickup.id, LATER(3))).toBeUndefined();
    expect(await preorders.markPickedUp(done.id, LATER(3))).toMatchObject({ status: 'picked-up' });

    const cancelled = await preorders.cancelStop(STOP, LATER(5));
    expect(cancelled.map((one) => [one.id, one.refundDue])).toEqual([
      [atPickup.id, false],
      [online.id, true],
    ]);
    expect(await preorders.cancelStop(STOP, LATER(6))).toEqual([]);
    expect(await preorders.place(order(), LATER(7), null)).toEqual({ ok: false, reason: 'closed' });
    expect((await preorders.refundsDue()).map((one) => one.id)).toEqual([online.id]);
    expect((await preorders.settings(STOP))?.cancelledAt).toBe(LATER(5).toISOString());

    expect(await preorders.erase(online.email)).toBe(1);
    expect(await preorders.get(online.id)).toMatchObject({ name: '', phone: '', email: '', total: 300 });
  });
});
