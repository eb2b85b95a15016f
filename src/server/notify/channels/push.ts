// A push to each of the owners' devices where "Turn on notifications on this device"
// was chosen (decision record 121): Web Push (RFC 8030) with VAPID (RFC 8292), the
// payload encrypted for the device (RFC 8291) by the `web-push` package, and posted as
// a webhook is (outbound-http.ts: deadline, public addresses only, Retry-After). A
// push service's 404 or 410 means the device unsubscribed: it is forgotten.
import webpush from 'web-push';
import type { DeviceStore, PushDevice } from '../../store/device-store.js';
import { noticePushPayload, pushPayload } from '../messages.js';
import { noticeFor, OWNER_EVENTS, OWNER_PUSH_EVENTS, PUSH_NOTICES } from '../notices.js';
import type { NotifyConfig, VapidKeys } from '../notify-config.js';
import { ORDER_OWNER_EVENTS, ORDER_OWNER_NOTICES, orderNoticeFor } from '../order-notices.js';
import { OUTBOUND_TIMEOUT_MS, post } from '../outbound-http.js';
import { type Channel, type ChannelOutcome, GONE, type PushServices, skipped } from './channel.js';

/** A push is worth showing for a day; after that the e-mail has it. */
const PUSH_TTL_S = 24 * 60 * 60;

/** Encrypts and signs `payload` for `device` and posts it to the device's push service. */
export async function sendPush(
  device: PushDevice,
  payload: string,
  options: { keys: VapidKeys; subject: string; allowPrivate: boolean; signal: AbortSignal },
): Promise<ChannelOutcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: options.subject, ...options.keys },
        TTL: PUSH_TTL_S,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // A key that is not a P-256 point passes the API's pattern but cannot be encrypted
    // for: no later try would do better, and the other devices still get theirs.
    return { ok: false, permanent: true, error: `the device's keys cannot be used: ${(error as Error).message}` };
  }
  const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string | number>;
  return post({
    url: request.endpoint,
    headers,
    body: request.body ?? '',
    allowPrivate: options.allowPrivate,
    signal: options.signal,
    gone: [404, 410],
  });
}

export const pushChannel: Channel = {
  kind: 'push',
  label: 'Push',
  timeoutMs: OUTBOUND_TIMEOUT_MS,
  plan: (_config, stored) => [...stored],
  events: ['', ...OWNER_EVENTS, ...OWNER_PUSH_EVENTS, ...ORDER_OWNER_EVENTS],
  targets: async ({ push }) => (push ? (await push.devices()).map((device) => device.id) : []),
  async send(delivery, inquiry, { config, push, signal, sale, content: port }) {
    const device = push && delivery.target ? await push.device(delivery.target) : undefined;
    if (!push || !device) return skipped('this device no longer takes notifications');
    // A lead's pushes carry "Mark as contacted" and "Decline", signed for the device's owner (record 182).
    const actions = () => sale?.actionLinks(inquiry.id, { ownerId: device.ownerId }) ?? Promise.resolve([]);
    const content = port.current().content;
    let payload: string;
    if (delivery.topic === '') payload = pushPayload(inquiry, config.publicUrl, content, await actions());
    else {
      const context = { inquiry, topic: delivery.topic, sale, publicUrl: config.publicUrl, content };
      const notice = await noticeFor(PUSH_NOTICES, context);
      if (!notice) return skipped(GONE);
      payload = noticePushPayload(notice, inquiry, delivery.topic, notice.answerable ? await actions() : []);
    }
    return sendPush(device, payload, {
      keys: await push.keys(),
      subject: push.subject,
      allowPrivate: config.webhookAllowPrivate,
      signal,
    });
  },
  // Each order, and a late payment refunded (record 320).
  async sendForOrder(delivery, { config, push, signal, orders, content }) {
    const device = push && delivery.target ? await push.device(delivery.target) : undefined;
    if (!push || !device) return skipped('this device no longer takes notifications');
    const found = await orderNoticeFor(
      ORDER_OWNER_NOTICES,
      delivery.topic,
      orders,
      config.publicUrl,
      content.current().content,
    );
    if (!found) return skipped(GONE);
    return sendPush(device, noticePushPayload(found.notice, found.order, delivery.topic), {
      keys: await push.keys(),
      subject: push.subject,
      allowPrivate: config.webhookAllowPrivate,
      signal,
    });
  },
  forget: async (target, { push }) => push?.forget(target),
  describe: () => 'To each device where an owner chose "Turn on notifications on this device".',
};

/** The push channel's services on the owners' devices; the keys from the settings, or made once and kept. */
export function pushServices(devices: DeviceStore, config: NotifyConfig, fromAddress: string): PushServices {
  let keys: Promise<VapidKeys> | undefined;
  const readKeys = async (): Promise<VapidKeys> =>
    config.vapidKeys ?? JSON.parse(await devices.serverKey('vapid', () => JSON.stringify(webpush.generateVAPIDKeys())));
  return {
    devices: () => devices.pushDevices(),
    device: (id) => devices.pushDevice(id),
    forget: (id) => devices.forgetPushDevice(id),
    keys() {
      keys ??= readKeys().catch((error: unknown) => {
        keys = undefined; // asked again next time (the database may be back)
        throw error;
      });
      return keys;
    },
    subject: `mailto:${fromAddress}`,
  };
}
