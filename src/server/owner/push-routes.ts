// The owner's devices that take push (decision record 121), under /api/owner in the
// signed-in part of the owner's area (owner-scope.ts): the server's public key to
// subscribe with, the devices listed, added, removed, and a test push to them all.
import { ECDH } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { PushDeviceView } from '../../shared/inbox-views.js';
import { httpError } from '../http-error.js';
import { sendPush } from '../notify/channels/push.js';
import { refusedTarget } from '../notify/outbound-http.js';
import { tokenHash } from './session-cookie.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { PushDevice } from '../store/device-store.js';
import { OWNER_API } from '../../shared/owner-api.js';

const view = ({ endpoint, label, createdAt }: PushDevice): PushDeviceView => ({ endpoint, label, createdAt });

const ENDPOINT = { type: 'string', minLength: 12, maxLength: 2048, pattern: '^https://' } as const;

/** A browser's PushSubscription as `toJSON()` gives it, and a name for the device. */
const SUBSCRIPTION = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: ENDPOINT,
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      // A P-256 public key (65 bytes) and a 16-byte secret, in URL-safe base64.
      properties: {
        p256dh: { type: 'string', pattern: '^[A-Za-z0-9_-]{87}={0,1}$' },
        auth: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}={0,2}$' },
      },
    },
    label: { type: 'string', minLength: 1, maxLength: 80 },
  },
} as const;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label?: string;
}

/** Whether `key` (URL-safe base64) is a point on P-256, uncompressed: what a browser's subscription carries. */
export function isP256Point(key: string): boolean {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export const pushRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'config' | 'owners' | 'push'>> = async (
  app,
  { config, owners, push },
) => {
  app.get(OWNER_API.pushKey, async () => ({ publicKey: (await push.keys()).publicKey }));

  app.get(OWNER_API.pushSubscriptions, async (request) => ({
    devices: (await owners.devices.pushDevices(request.owner!.id)).map(view),
  }));

  app.post<{ Body: Subscription }>(
    OWNER_API.pushSubscriptions,
    { schema: { body: SUBSCRIPTION } },
    async (request, reply) => {
      const { endpoint, keys, label } = request.body;
      // Checked now, not only at each send (record 154): a device that can never take a push is refused.
      const fields: Record<string, string> = {};
      const refused = refusedTarget(new URL(endpoint), config.notify.webhookAllowPrivate, true);
      if (refused) fields.endpoint = `endpoint is refused: ${refused}; a push service is on the internet.`;
      if (!isP256Point(keys.p256dh)) fields.keys = 'keys.p256dh is not a P-256 public key.';
      if (Object.keys(fields).length > 0) {
        return reply.status(400).send({ error: 'invalid_body', message: Object.values(fields).join(' '), fields });
      }
      const device = await owners.devices.addPushDevice(
        request.owner!.id,
        {
          endpoint,
          p256dh: keys.p256dh.replace(/=+$/, ''),
          auth: keys.auth.replace(/=+$/, ''),
          label: label ?? 'A device',
          // Signing out this session from another ("Sign out other devices") ends its pushes too.
          sessionHash: tokenHash(request.ownerToken!),
        },
        new Date(),
      );
      return reply.status(201).send({ device: view(device) });
    },
  );

  app.delete<{ Body: { endpoint: string } }>(
    OWNER_API.pushSubscriptions,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['endpoint'],
          properties: { endpoint: ENDPOINT },
        },
      },
    },
    async (request, reply) => {
      if (!(await owners.devices.removePushDevice(request.owner!.id, request.body.endpoint)))
        throw httpError(404, 'This device does not take notifications (it may have been removed already).');
      return reply.status(204).send();
    },
  );

  // "Send a test notification": straight to each of this owner's devices, not through the outbox.
  app.post(OWNER_API.pushTest, async (request) => {
    const devices = await owners.devices.pushDevices(request.owner!.id);
    if (devices.length === 0)
      throw httpError(409, 'No device takes notifications yet: turn them on on this device first.');
    const keys = await push.keys();
    const payload = JSON.stringify({
      title: 'Test notification',
      body: 'Notifications work on this device.',
      url: `${config.notify.publicUrl}/inbox`,
      tag: 'test',
    });
    const results = await Promise.all(
      devices.map(async (device) => {
        const outcome = await sendPush(device, payload, {
          keys,
          subject: push.subject,
          allowPrivate: config.notify.webhookAllowPrivate,
          signal: AbortSignal.timeout(10_000),
        });
        if (!outcome.ok && 'gone' in outcome && outcome.gone) await owners.devices.forgetPushDevice(device.id);
        return { label: device.label, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }) };
      }),
    );
    return { results };
  });
};
