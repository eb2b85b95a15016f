// The owner's view of notifications, under /api/owner in the signed-in part of the
// owner's area (owner/owner-scope.ts: session, Origin rule, never cached): an inquiry's deliveries
// and their attempts, "Send again", which inquiries' owner e-mail failed, the
// settings (SMTP and webhooks set up?) and a test e-mail.
import { labelWithEvent } from './notices.js';
import type { FastifyPluginAsync } from 'fastify';
import { PATTERNS } from '../../shared/inquiry.js';
import type { DeliveryView, NotificationSettingsView } from '../../shared/notifications.js';
import { httpError } from '../http-error.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { DeviceStore } from '../store/device-store.js';
import type { DeliveryWithAttempts } from '../store/outbox-store.js';
import { ownerEmailChannel } from './channels/owner-email.js';
import { pushChannel } from './channels/push.js';
import { describeEndpoint } from './webhooks.js';
import { OWNER_API } from '../../shared/owner-api.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const UUID = `^${PATTERNS.inquiryId}$`;
/** Most ids one "which failed" question may name (a page of the inbox is 50). */
const MAX_IDS = 200;

/**
 * Whom a delivery is for, as the inbox names it: a webhook's endpoint without its path,
 * a push device's name (its target is the device's id, which means nothing to the owner).
 */
async function targetName(delivery: DeliveryWithAttempts, devices: DeviceStore): Promise<string | null> {
  if (!delivery.target) return null;
  if (delivery.kind === pushChannel.kind)
    return (await devices.pushDevice(delivery.target))?.label ?? 'a removed device';
  return describeEndpoint(delivery.target);
}

export function deliveryView(delivery: DeliveryWithAttempts, label: string, target: string | null): DeliveryView {
  const waiting = delivery.state === 'queued';
  return {
    id: delivery.id,
    kind: delivery.kind,
    label,
    target,
    status: waiting ? (delivery.tries > 0 ? 'retrying' : 'queued') : delivery.state,
    nextAttemptAt: waiting ? iso(delivery.dueAt) : null,
    lastError: delivery.lastError,
    sentAt: iso(delivery.sentAt),
    createdAt: iso(delivery.createdAt)!,
    attempts: delivery.attempts.map((attempt) => ({
      at: iso(attempt.at)!,
      outcome: attempt.outcome,
      error: attempt.error,
    })),
  };
}

export const notifyRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'store' | 'notifier'>> = async (
  app,
  { owners, store, notifier },
) => {
  const view = async (delivery: DeliveryWithAttempts) =>
    deliveryView(
      delivery,
      labelWithEvent(notifier.label(delivery.kind), delivery.topic),
      await targetName(delivery, owners.devices),
    );

  app.get<{ Params: { id: string } }>(
    OWNER_API.deliveries,
    {
      schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: UUID } }, required: ['id'] } },
    },
    async (request) => {
      if (!(await owners.inbox.getInquiry(request.params.id))) {
        throw httpError(404, 'No such inquiry (it may have been erased).');
      }
      return { deliveries: await Promise.all((await store.outbox.forInquiry(request.params.id)).map(view)) };
    },
  );

  app.post<{ Params: { id: string } }>(
    OWNER_API.deliveryResend,
    {
      schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: UUID } }, required: ['id'] } },
    },
    async (request, reply) => {
      const result = await notifier.resend(request.params.id);
      if (result === 'missing') throw httpError(404, 'No such notification.');
      // Its send is in flight: sending it again beside that would deliver it twice at once.
      if (result === 'sending') {
        throw httpError(409, 'This notification is being sent right now. Try again once it has been sent or failed.');
      }
      const delivery = await store.outbox.get(request.params.id);
      return reply.status(202).send({ delivery: delivery ? await view(delivery) : null });
    },
  );

  app.get<{ Querystring: { ids?: string } }>(OWNER_API.notificationsFailed, async (request) => {
    const ids = (request.query.ids ?? '').split(',').filter((id) => new RegExp(UUID).test(id));
    if (ids.length > MAX_IDS) throw httpError(400, `Ask about at most ${MAX_IDS} inquiries at once.`);
    return { failed: [...(await store.outbox.failedOf(ownerEmailChannel.kind, ids))] };
  });

  app.get(OWNER_API.notifications, async (): Promise<NotificationSettingsView> => notifier.status());

  app.post<{ Body: Record<string, unknown> | undefined }>(OWNER_API.notificationsTestEmail, async (request) => {
    // Only ever to the signed-in owner's own address: an address from the request would let
    // anyone holding a session (or a script in it) mail strangers from the business's server.
    if (request.body && typeof request.body === 'object' && 'to' in request.body) {
      throw httpError(400, 'The test e-mail goes to your own address only.');
    }
    const to = request.owner!.email;
    const outcome = await notifier.sendTestEmail(to);
    return outcome.ok ? { sent: true, to } : { sent: false, to, error: outcome.error };
  });
};
