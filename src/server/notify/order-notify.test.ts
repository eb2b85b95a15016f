// A pre-order's e-mails through the outbox (record 320), through the real app and a real
// SMTP server on both engines: the customer's confirmation ("Order #1042", items, total,
// pickup time) once; "Your order is ready" once though "Ready" is pressed twice; the
// cancellation once; the owner's push for each order and for a payment owed back, to the
// push stand-in; and an erased customer's pending notifications gone from the outbox.
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { deviceKeys, newDevice, opened, startPushService } from '../../../tests/support/push-service.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import { timeInWords } from '../../shared/date-words.js';
import { localeFor } from '../../shared/language.js';
import { formatMoney } from '../../shared/money.js';

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

describe.each(['sqlite', 'postgres'] as const)('a pre-order’s e-mails (%s)', (engine) => {
  it('confirms the order once, tells "Your order is ready" once, and the cancellation once', {
    timeout: 60_000,
  }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const t = await start(engine, mail);
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
    const deliveries = await t.inquiries.outbox.forInquiry(id);
    expect(deliveries.map((each) => [each.kind, each.state])).toEqual([
      ['customer-email', 'sent'],
      ['customer-email', 'sent'],
      ['customer-email', 'sent'],
    ]);
  });

  it('writes the customer’s e-mails in the language the order was placed in (record 420)', {
    timeout: 60_000,
  }, async () => {
    smtp = await startSmtp();
    const mail = smtp;
    const t = await start(engine, mail);
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
    smtp = await startSmtp();
    const t = await start(engine, smtp);
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
