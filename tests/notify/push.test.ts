// Push to the owner's phone, end to end (issue 18 item 2): the server in its own
// process, trusting a local HTTPS push service through NODE_EXTRA_CA_CERTS. The test
// subscribes devices with its own P-256 keys through the owner's API, creates an
// inquiry, and decrypts what arrives (http_ece) to find the customer. A 410 forgets its
// device; a device whose push service is unavailable for a while gets it later, once.
import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as ece from 'http_ece';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushDeviceView } from '../../src/shared/owner.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { startPushService, type TestPushService } from '../support/push-service.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';

const OWNER = 'owner@push.example';
const PASSWORD = 'a long owner passphrase';

interface Device {
  path: string;
  ecdh: ECDH;
  auth: Buffer;
}

function newDevice(path: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { path, ecdh, auth: randomBytes(16) };
}

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('push to the owner devices', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('arrives encrypted for each device, forgets a gone one, and reaches a late one once', {
    timeout: 90_000,
  }, async () => {
    const service: TestPushService = await startPushService();
    cleanups.push(
      () => service.remove(),
      () => service.close(),
    );
    const data = freshDataDir();
    cleanups.push(data.remove);
    const owners = openSqliteOwnerStore(data.dir);
    await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    await owners.close();
    const server = new ServerProcess(await freePort(), {
      DATA_DIR: data.dir,
      NODE_EXTRA_CA_CERTS: service.caFile,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      PUBLIC_URL: 'https://tacos.example',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.kill());
    await server.start();
    const origin = `http://127.0.0.1:${server.port}`;
    const cookie = await ownerCookie(server, OWNER, PASSWORD);
    const owner = (method: string, path: string, body?: unknown) =>
      fetch(`${origin}${path}`, {
        method,
        headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const { publicKey } = (await (await owner('GET', '/api/owner/push-key')).json()) as { publicKey: string };
    expect(publicKey).toMatch(/^[\w-]{87}$/);

    const phone = newDevice('/push/phone');
    const gone = newDevice('/push/gone');
    const late = newDevice('/push/late');
    service.answer.set(gone.path, 410);
    service.answer.set(late.path, 503);
    for (const [device, label] of [
      [phone, 'Pixel 7'],
      [gone, 'Old tablet'],
      [late, 'Laptop'],
    ] as const) {
      const added = await owner('POST', '/api/owner/push-subscriptions', {
        endpoint: `${service.base}${device.path}`,
        expirationTime: null,
        keys: { p256dh: device.ecdh.getPublicKey('base64url'), auth: device.auth.toString('base64url') },
        label,
      });
      expect(added.status, await added.clone().text()).toBe(201);
    }
    // Bad input: a clear 400, nothing kept.
    const bad = await owner('POST', '/api/owner/push-subscriptions', { endpoint: 'http://x.example/push', keys: {} });
    expect(bad.status).toBe(400);

    const session = (await (await fetch(`${origin}/api/session`, { method: 'POST' })).json()) as { token: string };
    const id = randomUUID();
    const inquiry = buildInquiryBody({ fillMs: 10_000, website: '' });
    const created = await fetch(`${origin}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(inquiry),
    });
    expect(created.status).toBe(201);

    const [push] = await until('the push to the phone', () => service.received.get(phone.path)).catch((e) => {
      console.log(server.log);
      throw e;
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.urgency).toBe('high');
    expect(String(push!.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const payload = JSON.parse(
      ece.decrypt(push!.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }).toString(),
    ) as { title: string; body: string; url: string };
    expect(payload.title).toBe(`New inquiry: ${inquiry.firstName} ${inquiry.lastName}`);
    expect(payload.body).toContain(`${inquiry.plannedGuestCount} guests`);
    expect(payload.url).toBe(`https://tacos.example/inbox?id=${id}`);

    // The 410 device is forgotten; the others stay listed.
    const listed = async () =>
      ((await (await owner('GET', '/api/owner/push-subscriptions')).json()) as { devices: PushDeviceView[] }).devices;
    const deadline = Date.now() + 20_000;
    while ((await listed()).length !== 2 && Date.now() < deadline) await sleep(100);
    expect((await listed()).map((device) => device.label)).toEqual(['Pixel 7', 'Laptop']);
    expect(service.received.get(gone.path)).toHaveLength(1);

    // The late device's service was unavailable (503): it is back, and the retry arrives, once.
    await until('the first try to the late device', () => service.received.get(late.path));
    service.answer.delete(late.path);
    await until('the retry to the late device', () =>
      service.received.get(late.path)!.length >= 2 ? true : undefined,
    );
    await sleep(1_500);
    expect(service.received.get(late.path)).toHaveLength(2);
    expect(service.received.get(phone.path)).toHaveLength(1);

    // Removed by its endpoint: the next inquiry does not go there.
    expect(
      (await owner('DELETE', '/api/owner/push-subscriptions', { endpoint: `${service.base}${phone.path}` })).status,
    ).toBe(204);
    expect(
      (await owner('DELETE', '/api/owner/push-subscriptions', { endpoint: `${service.base}${phone.path}` })).status,
    ).toBe(404);
    expect((await listed()).map((device) => device.label)).toEqual(['Laptop']);
  });
});
