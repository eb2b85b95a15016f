// A pre-order's e-mails through the outbox (record 320), through the real app and a real
// SMTP server on both engines: the customer's confirmation ("Order #1042", items, total,
// pickup time) once; "Your order is ready" once though "Ready" is pressed twice; the
// cancellation once; the owner's push for each order and for a payment owed back, to the
// push stand-in; an erased customer's pending notifications gone from the outbox; and the
// confirmation's caps (record 430), "ready" and "cancelled" left uncapped.
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, ORIGIN, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { deviceKeys, newDevice, opened, startPushService } from '../../../tests/support/push-service.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import { timeInWords } from '../../shared/date-words.js';
import { localeFor } from '../../shared/language.js';
import { formatMoney } from '../../shared/money.js';
import { addDays, localNow, type TruckStop } from '../../shared/truck-schedule.js';
import { menuChoices } from '../preorders/preorder-views.js';

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

const STOP = 'stop-ordermail';
const order = (email: string) => ({
  stopId: STOP,
  pickup: '11:15',
  lines: [{ name: 'Taco', quantity: 3 }],
  name: 'Ana Ruiz',
  phone: '512 555 0199',
  email,
  payAtPickup: true,
});

/** A relay for this test (stopped after it), and the app sending to it. */
async function startWithRelay(engine: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  smtp = await startSmtp();
  return { mail: smtp, t: await start(engine, smtp, env) };
}

async function start(engine: 'sqlite' | 'postgres', mail: TestSmtp, env: Record<string, string> = {}) {
  const t = await startOwnerApp({
    ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    SMTP_URL: mail.url,
    PUBLIC_URL: 'https://tacos.example',
    MAIL_FROM: 'sales@tacos.example',
    ...env,
  });
  await t.owners.preorders.saveSettings(
    {
      stopId: STOP,
      open: true,
      items: [{ name: 'Taco', price: 450, cap: null }],
      pickupEvery: 15,
      perPickup: 5,
      orderBy: 60,
      currency: 'USD',
    },
    new Date(),
  );
  return t;
}

type Started = Awaited<ReturnType<typeof start>>;

/** A stop on the schedule in three days, open to pre-orders from the owner's API: its id. */
async function openScheduledStop(t: Started): Promise<string> {
  const cookie = await cookieOf(t.app);
  const date = addDays(localNow(new Date(), content.timeZone).date, 3);
  const added = await call(t.app, 'POST', '/api/owner/schedule', {
    cookie,
    body: { date, starts: '11:00', ends: '12:00', place: 'Sunday Market', address: '400 W 2nd St', note: '' },
  });
  const stop = (added.json() as { stops: TruckStop[] }).stops[0]!;
  const item = menuChoices(content).items[0]!;
  const body = { open: true, items: [{ name: item.name, cap: null }], pickupEvery: 15, perPickup: 50, orderBy: 60 };
  const saved = await call(t.app, 'PUT', `/api/owner/preorders/${stop.id}`, { cookie, body });
  expect(saved.statusCode, saved.body).toBe(200);
  return stop.id;
}

/** An order placed from the order page to pay at pickup, from the address `from`: its id. */
async function postOrder(t: Started, stopId: string, email: string, from: string): Promise<string> {
  const posted = await t.app.inject({
    method: 'POST',
    url: `/order/${stopId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      'item-0': '1',
      pickup: '11:00',
      name: 'Ana Ruiz',
      phone: '512 555 0199',
      email,
      pay: 'pickup',
    }).toString(),
    remoteAddress: from,
  });
  expect(posted.statusCode, posted.body).toBe(303);
  return String(posted.headers.location).split('/').pop()!;
}

/** The order's customer e-mail about `event` once it has been tried: sent, skipped, or waiting. */
async function triedEmail(t: Started, orderId: string, event = 'order-placed') {
  const find = async () =>
    (await t.inquiries.outbox.forInquiry(orderId)).find(
      (each) => each.kind === 'customer-email' && each.topic.startsWith(`${event}:`) && each.tries > 0,
    );
  await expect.poll(find, { timeout: 15_000 }).toBeDefined();
  return (await find())!;
}

describe.each(['sqlite', 'postgres'] as const)('a pre-order’s e-mails (%s)', (engine) => {
  it('caps the confirmations as the inquiries’: a network’s sixth and the hour wait, a mailbox’s fourth is skipped; "ready" is not capped (record 430)', {
    timeout: 120_000,
  }, async () => {
    // 6 an hour, so 1 for any one network; 3 to one mailbox a day.
    const { t, mail } = await startWithRelay(engine, { CONFIRMATIONS_PER_HOUR: '6', CONFIRMATIONS_PER_ADDRESS: '3' });
    const stopId = await openScheduledStop(t);
    await t.app.notifier.start();
    const placeAndTry = async (email: string, from: string) => {
      const orderId = await postOrder(t, stopId, email, from);
      return { ...(await triedEmail(t, orderId)), orderId };
    };

    // One network: its first confirmation goes, the next waits an hour, unsent (the order is still placed).
    expect((await placeAndTry('junk0@example.org', '203.0.113.9')).state).toBe('sent');
    const sameNetwork = await placeAndTry('junk1@example.org', '203.0.113.9');
    expect(sameNetwork).toMatchObject({
      state: 'queued',
      lastError:
        '1 confirmations went to orders from this network in the last hour (a sixth of CONFIRMATIONS_PER_HOUR)',
    });
    expect(sameNetwork.dueAt).toBeGreaterThan(Date.now() + 59 * 60_000);

    // One mailbox from four networks: three confirmations, the fourth skipped, on record.
    const victim = [];
    for (const [i, email] of ['victim@example.org', 'Victim+2@example.org', 'victim+3@EXAMPLE.org'].entries()) {
      victim.push(await placeAndTry(email, `198.51.100.${i + 1}`));
    }
    expect(victim.map((each) => each.state)).toEqual(['sent', 'sent', 'sent']);
    expect(await placeAndTry('VICTIM@example.org', '198.51.100.4')).toMatchObject({
      state: 'skipped',
      lastError: '3 confirmations already went to this address in the last 24 hours (CONFIRMATIONS_PER_ADDRESS)',
    });

    // Six sent this hour in all: the next, from a new network to a new address, waits.
    for (const [i, email] of ['ben@example.org', 'cy@example.org'].entries()) {
      expect((await placeAndTry(email, `198.51.100.${i + 5}`)).state).toBe('sent');
    }
    expect(await placeAndTry('di@example.org', '198.51.100.7')).toMatchObject({
      state: 'queued',
      lastError: '6 confirmations went out in the last hour (CONFIRMATIONS_PER_HOUR)',
    });
    const confirmations = mail.received.filter((each) => /^Order #\d+ from/.test(each.subject));
    expect(confirmations).toHaveLength(6);

    // The owner acted: "Your order is ready" reaches the full mailbox in the full hour.
    expect(await t.owners.preorders.markReady(victim[0]!.orderId, new Date())).toBeDefined();
    expect((await triedEmail(t, victim[0]!.orderId, 'order-ready')).state).toBe('sent');
    expect(mail.received.filter((each) => /^Your order is ready/.test(each.subject))).toHaveLength(1);
  });

  it('confirms the order once, tells "Your order is ready" once, and the cancellation once', {
    timeout: 60_000,
  }, async () => {
    const { t, mail } = await startWithRelay(engine);
    await t.app.notifier.start();
    const placed = await t.owners.preorders.place(order('ana@example.com'), new Date(), null);
    if (!placed.ok) throw new Error(placed.reason);
    const { number, id } = placed.order;
    const to = (subject: RegExp) =>
      mail.received.filter((each) => each.to.includes('ana@example.com') && subject.test(each.subject));

    await expect.poll(() => to(/^Order #\d+ from/).length, { timeout: 15_000 }).toBe(1);
    const text = to(/^Order #\d+ from/)[0]!.text.replace(/\s+/g, ' ');
    for (const words of [
      `Order #${number}`,
      'Items: 3 × Taco.',
      `Total: ${formatMoney(1350, 'USD', content.locale)}, to pay at pickup.`,
      `Pickup time: ${timeInWords('11:15', content.locale)}.`,
      `https://tacos.example/order/${STOP}/${id}`,
    ]) {
      expect(text).toContain(words);
    }

    // "Ready" pressed twice at once (on PostgreSQL, two connections: as two instances), then
    // again: one press changes the order and owes the e-mail, the others nothing.
    const presses = await Promise.all([1, 2].map(() => t.owners.preorders.markReady(id, new Date())));
    expect(presses.filter((moved) => moved !== undefined)).toHaveLength(1);
    expect(await t.owners.preorders.markReady(id, new Date())).toBeUndefined();
    await expect.poll(() => to(/^Your order is ready/).length, { timeout: 15_000 }).toBe(1);
    expect(to(/^Your order is ready/)[0]!.text).toContain('Your order is ready');

    await t.owners.preorders.cancelStop(STOP, new Date());
    await expect.poll(() => to(/cancelled$/).length, { timeout: 15_000 }).toBe(1);
    // Everything owed was sent before the cancellation's e-mail: each went out once.
    expect(to(/^Order #\d+ from/)).toHaveLength(1);
    expect(to(/^Your order is ready/)).toHaveLength(1);
    // The relay has the last one; the outbox marks it sent once the relay's answer is in.
    const states = async () => (await t.inquiries.outbox.forInquiry(id)).map((each) => [each.kind, each.state]);
    await expect.poll(states, { timeout: 15_000 }).toEqual([
      ['customer-email', 'sent'],
      ['customer-email', 'sent'],
      ['customer-email', 'sent'],
    ]);
  });

  it('writes the customer’s e-mails in the language the order was placed in (record 420)', {
    timeout: 60_000,
  }, async () => {
    const { t, mail } = await startWithRelay(engine);
    await t.app.notifier.start();
    const placed = await t.owners.preorders.place(
      { ...order('lu@example.com'), language: 'es' as const },
      new Date(),
      null,
    );
    if (!placed.ok) throw new Error(placed.reason);
    const { number, id } = placed.order;
    expect((await t.owners.preorders.get(id))?.language).toBe('es');
    const to = (subject: RegExp) =>
      mail.received.filter((each) => each.to.includes('lu@example.com') && subject.test(each.subject));
    await expect.poll(() => to(/^Pedido n\.º \d+ de/).length, { timeout: 15_000 }).toBe(1);
    const confirmation = to(/^Pedido n\.º \d+ de/)[0]!;
    const locale = localeFor('es', content);
    expect(confirmation.subject).toBe(
      `Pedido n.º ${number} de ${content.name}: recogida a las ${timeInWords('11:15', locale)}`,
    );
    const text = confirmation.text.replace(/\s+/g, ' ');
    for (const words of [
      `Hola`,
      `Gracias por su pedido, el pedido n.º ${number}.`,
      'Productos: 3 × Taco.',
      `Total: ${formatMoney(1350, 'USD', locale)}, a pagar al recoger.`.replace(/\s+/g, ' '),
      `Ver su pedido: https://tacos.example/es/order/${STOP}/${id}`,
      '¿Preguntas?',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/Hello|Thank you|Items:|Pickup time|to pay at pickup|Questions/);

    await t.owners.preorders.markReady(id, new Date());
    await expect.poll(() => to(/^Su pedido está listo/).length, { timeout: 15_000 }).toBe(1);
    await t.owners.preorders.cancelStop(STOP, new Date());
    await expect.poll(() => to(/cancelado$/).length, { timeout: 15_000 }).toBe(1);
    expect(to(/cancelado$/)[0]!.text).toContain('No se cobró nada.');
  });

  it('erasing the customer removes their order’s pending notifications', { timeout: 60_000 }, async () => {
    const { t } = await startWithRelay(engine);
    const placed = await t.owners.preorders.place(order('bo@example.com'), new Date(), null);
    if (!placed.ok) throw new Error(placed.reason);
    await t.owners.preorders.markReady(placed.order.id, new Date());
    // Written out (not sent: the worker is not started), then erased.
    expect((await t.inquiries.outbox.forInquiry(placed.order.id)).length).toBe(2);
    expect(await t.owners.preorders.erase('bo@example.com')).toBe(1);
    expect(await t.inquiries.outbox.forInquiry(placed.order.id)).toEqual([]);
    // A pending row not yet written out goes too.
    const again = await t.owners.preorders.place(order('bo@example.com'), new Date(), null);
    if (!again.ok) throw new Error(again.reason);
    await t.owners.preorders.erase('bo@example.com');
    expect(await t.inquiries.outbox.forInquiry(again.order.id)).toEqual([]);
  });

  it('pushes each order to the owner’s devices, and a payment owed back; confirms a paid order', {
    timeout: 60_000,
  }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const push = await startPushService(0, { tls: false });
    try {
      const t = await start(engine, mail, { WEBHOOK_ALLOW_PRIVATE: 'true' });
      const owner = (await t.owners.findOwnerByEmail(OWNER))!;
      const device = newDevice('phone');
      const endpoint = `${push.base}${device.path}`;
      await t.owners.devices.addPushDevice(owner.id, { endpoint, ...deviceKeys(device), label: 'Phone' }, new Date());
      const pushes = () => (push.received.get(device.path) ?? []).map((each) => opened(device, each));
      await t.app.notifier.start();

      const atPickup = await t.owners.preorders.place(order('cy@example.com'), new Date(), null);
      if (!atPickup.ok) throw new Error(atPickup.reason);
      await expect.poll(() => pushes().length, { timeout: 15_000 }).toBe(1);
      expect(pushes()[0]).toMatchObject({
        title: `New order: Order #${atPickup.order.number}, pickup at ${timeInWords('11:15', content.locale)}`,
        body: `3 × Taco: ${formatMoney(1350, 'USD', content.locale)}, to pay at pickup.`,
      });

      // Online: nothing told while its checkout is unpaid; its payment confirms it, once.
      const online = { ...order('di@example.com'), payAtPickup: false };
      const paying = await t.owners.preorders.place(online, new Date(), new Date(Date.now() + 15 * 60_000));
      if (!paying.ok) throw new Error(paying.reason);
      await t.owners.preorders.attachCheckout(paying.order.id, 'stripe', 'cs_order_paid', 'https://pay.example/1');
      const event = { provider: 'stripe', label: 'Stripe', checkoutId: 'cs_order_paid', currency: 'USD' };
      const paid = { ...event, eventId: 'evt_paid', amount: 1350, paymentRef: 'pi_paid' };
      expect((await t.owners.preorders.applyPaid(paid, new Date())).outcome).toBe('applied');
      expect((await t.owners.preorders.applyPaid(paid, new Date())).outcome).toBe('duplicate');
      const toDi = () => mail.received.filter((each) => each.to.includes('di@example.com'));
      await expect.poll(() => toDi().length, { timeout: 15_000 }).toBe(1);
      expect(toDi()[0]!.text).toContain(`Total: ${formatMoney(1350, 'USD', content.locale)}, paid.`);
      await expect.poll(() => pushes().length, { timeout: 15_000 }).toBe(2);

      // Paid other than asked: kept and owed back, the owner told; the customer gets no confirmation.
      const other = await t.owners.preorders.place(
        { ...order('ed@example.com'), payAtPickup: false },
        new Date(),
        new Date(Date.now() + 15 * 60_000),
      );
      if (!other.ok) throw new Error(other.reason);
      await t.owners.preorders.attachCheckout(other.order.id, 'stripe', 'cs_order_short', 'https://pay.example/2');
      const short = { ...event, checkoutId: 'cs_order_short', eventId: 'evt_short', amount: 100, paymentRef: 'pi_s' };
      expect((await t.owners.preorders.applyPaid(short, new Date())).outcome).toBe('mismatch');
      await expect.poll(() => pushes().length, { timeout: 15_000 }).toBe(3);
      expect(pushes()[2]!.title).toBe(`Late payment refunded: Order #${other.order.number}`);
      expect(mail.received.filter((each) => each.to.includes('ed@example.com'))).toEqual([]);
      expect(pushes().map((each) => each.title.split(':')[0])).toEqual([
        'New order',
        'New order',
        'Late payment refunded',
      ]);

      // "Cancel stop": the paid customer told their order was cancelled and refunded, once.
      await t.owners.preorders.cancelStop(STOP, new Date());
      await expect.poll(() => toDi().length, { timeout: 15_000 }).toBe(2);
      expect(toDi()[1]!.subject).toBe(`Order #${paying.order.number} cancelled`);
      expect(toDi()[1]!.text).toContain(`Your payment of ${formatMoney(1350, 'USD', content.locale)} is refunded`);
    } finally {
      await push.close();
      push.remove();
    }
  });
});
