// The providers' events, at POST /api/payments/<provider> (record 145): verified on the
// raw body by the provider (a bad signature: 400, nothing changed), then applied once in
// one transaction (payment-store.ts): the payment, the inquiry Booked when the deposit is
// reached, the owner's notice owed; the worker is kicked after the commit. Anything the
// site did not cause is acknowledged (200) and ignored, so the provider stops sending it.
import type { FastifyPluginAsync } from 'fastify';
import { bookingRule } from '../calendar/day-rule.js';
import { httpError } from '../http-error.js';
import type { ContentPort } from '../site/content-port.js';
import type { Notifier } from '../notify/notifier.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { EventOutcome } from '../store/payment-store.js';
import type { OrderPaidOutcome, Preorder } from '../store/preorder-store.js';
import { BadSignature, type PaymentProvider, type ProviderEvent } from './payment-provider.js';

/** A provider's event is a few kilobytes; this leaves room without taking anything large. */
const EVENT_BODY_LIMIT = 256 * 1024;

export interface PaymentRouteOptions {
  owners: OwnerStore;
  /** The live content: its `event.eventsPerDay` decides whether a deposit may book its day (record 280). */
  content: ContentPort;
  providers: readonly PaymentProvider[];
  notifier: Pick<Notifier, 'kick'>;
  /** A pre-order's payment applied (record 290): a late one owed back is refunded at once. */
  onOrderPaid?(outcome: OrderPaidOutcome, order: Preorder | undefined): void;
}

/** A pre-order's outcome in the deposits' terms (a late payment is applied: kept, then honoured or owed back). */
const ORDER_OUTCOMES: Record<OrderPaidOutcome, EventOutcome> = {
  applied: 'applied',
  'late-honoured': 'applied',
  'late-refund': 'applied',
  duplicate: 'duplicate',
  mismatch: 'mismatch',
  ignored: 'ignored',
};

/** Applies a verified event: a paid checkout (a deposit's or a pre-order's) or a refund; anything else is ignored. */
async function apply(
  { owners, content, onOrderPaid }: PaymentRouteOptions,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const at = new Date();
  const from = { provider: provider.name, label: provider.label, eventId: event.id };
  if (event.type === 'paid') {
    const { checkoutId, amount, currency, paymentRef } = event;
    const paid = { ...from, checkoutId, amount, currency, paymentRef };
    if (await owners.preorders.ownsCheckout(provider.name, checkoutId)) {
      const { outcome, order } = await owners.preorders.applyPaid(paid, at);
      onOrderPaid?.(outcome, order);
      return ORDER_OUTCOMES[outcome];
    }
    const live = content.current().content;
    return owners.payments.applyPaid(paid, at, live.locale, bookingRule(live));
  }
  if (event.type === 'refunded') {
    const { paymentRef, refundedTotal, currency } = event;
    return owners.payments.applyRefund(
      { ...from, paymentRef, refundedTotal, currency },
      at,
      content.current().content.locale,
    );
  }
  return Promise.resolve('ignored');
}

export const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, options) => {
  const { providers, notifier } = options;
  // The signature is over the exact bytes sent: the body is kept raw here, not parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: EVENT_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  for (const provider of providers) {
    app.post(`/api/payments/${provider.name}`, async (request) => {
      let event: ProviderEvent;
      try {
        event = provider.readEvent((request.body as Buffer | undefined) ?? Buffer.alloc(0), request.headers);
      } catch (error) {
        if (error instanceof BadSignature) throw httpError(400, 'The event’s signature does not verify.');
        throw error;
      }
      const outcome = await apply(options, provider, event);
      if (outcome === 'applied') notifier.kick(1);
      // Ids and outcomes only: nothing of the customer.
      const line = { provider: provider.name, event: event.id, type: event.type, outcome };
      if (outcome === 'mismatch') request.log.warn(line, 'payment: paid other than asked, not counted');
      else request.log.info(line, 'payment event');
      return { received: true };
    });
  }
};
