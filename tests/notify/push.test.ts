// Push to the owner's phone, end to end (issue 18 item 2): the server in its own
// process, trusting a local HTTPS push service through NODE_EXTRA_CA_CERTS. The test
// subscribes devices with its own P-256 keys through the owner's API, creates
// inquiries, and decrypts what arrives (http_ece) to find the customer and the day.
// A 404 or 410 forgets its device; a device whose push service answers 503, or
// refuses connections, for a while gets it later, once. "Send a test notification"
// reaches each of the owner's devices and says how each went. Push endpoints on a
// private or loopback address are refused unless WEBHOOK_ALLOW_PRIVATE; the VAPID keys
// are the environment's when given, else made once and kept across a restart.
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { dayInWords } from '../../src/shared/date-words.js';
import type { DeliveryView } from '../../src/shared/notifications.js';
import type { PushDeviceView } from '../../src/shared/inbox-views.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import {
  deviceKeys,
  newDevice,
  opened,
  type PushDevice as Device,
  startPushService,
  type TestPushService,
  vapidOf,
} from '../support/push-service.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';
import { outboxSettled, until } from '../support/until.js';
import { createInquiryAt } from '../support/visitor.js';

const OWNER = 'owner@push.example';
const HELPER = 'helper@push.example';
const PASSWORD = 'a long owner passphrase';
const PUBLIC_URL = 'https://tacos.example';

/** A server process on its own data directory, with the owners made, and their calls. */
async function startServer(service: TestPushService, env: Record<string, string>) {
  const data = freshDataDir();
  const owners = openSqliteOwnerStore(data.dir);
  for (const email of [OWNER, HELPER]) await owners.createOwner(email, await hashPassword(PASSWORD));
  await owners.close();
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: data.dir,
    NODE_EXTRA_CA_CERTS: service.caFile,
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
    ...env,
  });
  await server.start();
  const origin = `http://127.0.0.1:${server.port}`;
  /** Signed in as `email`; a call to the owner's API. */
  const as = async (email: string) => {
    const cookie = await ownerCookie(server, email, PASSWORD);
    return (method: string, path: string, body?: unknown) =>
      fetch(`${origin}${path}`, {
        method,
        headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
  };
  return {
    server,
    origin,
    owner: await as(OWNER),
    helper: await as(HELPER),
    /**
     * Adds a device behind the API's back: one stored before the API checked what it takes,
     * or (for a name) one whose name resolves to a private address only when a push is sent.
     */
    async storeDevice(email: string, device: { endpoint: string; p256dh: string; auth: string; label: string }) {
      const store = openSqliteOwnerStore(data.dir);
      try {
        const owner = await store.findOwnerByEmail(email);
        await store.devices.addPushDevice(owner!.id, device, new Date());
      } finally {
        await store.close();
      }
    },
    async stop() {
      await server.kill();
      data.remove();
    },
  };
}

type Place = Awaited<ReturnType<typeof startServer>>;
type Call = Place['owner'];

async function subscribe(call: Call, service: TestPushService, device: Device, label: string, host = '127.0.0.1') {
  const added = await call('POST', '/api/owner/push-subscriptions', {
    endpoint: `https://${host}:${service.port}${device.path}`,
    expirationTime: null,
    keys: deviceKeys(device),
    label,
  });
  expect(added.status, await added.clone().text()).toBe(201);
}

const listed = async (call: Call) =>
  ((await (await call('GET', '/api/owner/push-subscriptions')).json()) as { devices: PushDeviceView[] }).devices;

/** The inquiry's push deliveries, as the inbox shows them. */
async function pushDeliveries(call: Call, id: string) {
  const response = await call('GET', `/api/owner/inquiries/${id}/deliveries`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { deliveries: DeliveryView[] }).deliveries.filter(
    (delivery) => delivery.kind === 'push',
  );
}

/** "Send a test notification", as the page calls it. */
async function sendTest(call: Call) {
  const response = await call('POST', '/api/owner/push-subscriptions/test', {});
  return {
    status: response.status,
    ...((await response.json()) as { results?: { label: string; ok: boolean; error?: string }[] }),
  };
}

describe('push to the owner devices', () => {
  let service: TestPushService;
  let place: Place;
  const received = (device: Device) => service.received.get(device.path) ?? [];
  /** The pushes a device got about one inquiry (or the test's, by its tag). */
  const about = (device: Device, tag: string) => received(device).filter((push) => opened(device, push).tag === tag);

  beforeAll(async () => {
    service = await startPushService();
    place = await startServer(service, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  }, 60_000);
  afterAll(async () => {
    await place?.stop();
    await service?.close();
    service?.remove();
  });

  it('arrives encrypted for each device, forgets one whose service says 404 or 410, and reaches a late one once', {
    timeout: 90_000,
  }, async () => {
    const { owner, origin } = place;
    const { publicKey } = (await (await owner('GET', '/api/owner/push-key')).json()) as { publicKey: string };
    expect(publicKey).toMatch(/^[\w-]{87}$/);

    const phone = newDevice('phone');
    const gone = newDevice('gone');
    const missing = newDevice('missing');
    const late = newDevice('late');
    service.answer.set(gone.path, 410);
    service.answer.set(missing.path, 404);
    service.answer.set(late.path, 503);
    for (const [device, label] of [
      [phone, 'Pixel 7'],
      [gone, 'Old tablet'],
      [missing, 'Old phone'],
      [late, 'Laptop'],
    ] as const)
      await subscribe(owner, service, device, label);
    // Bad input: a clear 400, nothing kept.
    const bad = await owner('POST', '/api/owner/push-subscriptions', { endpoint: 'http://x.example/push', keys: {} });
    expect(bad.status).toBe(400);

    const { id, inquiry } = await createInquiryAt(origin);
    const [push] = await until('the push to the phone', () => service.received.get(phone.path)).catch((e) => {
      console.log(place.server.log);
      throw e;
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.urgency).toBe('high');
    expect(String(push!.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(opened(phone, push!)).toEqual({
      title: `New inquiry: ${inquiry.firstName} ${inquiry.lastName}`,
      body: `${dayInWords(inquiry.eventDate, content.locale)} · ${inquiry.plannedGuestCount} guests · ${inquiry.package || inquiry.operation}`,
      url: `${PUBLIC_URL}/inbox?id=${id}`,
      tag: id,
      // Answer from the notification (record 182): signed for this device's owner.
      actions: [
        {
          action: 'contacted',
          title: 'Mark as contacted',
          url: expect.stringMatching(`^${PUBLIC_URL}/act/[\\w-]{92}$`),
        },
        { action: 'decline', title: 'Decline', url: expect.stringMatching(`^${PUBLIC_URL}/act/[\\w-]{92}$`) },
      ],
    });

    // The 404 and 410 devices are forgotten after one try; the others stay listed.
    await until('the gone devices forgotten', async () => ((await listed(owner)).length === 2 ? true : undefined));
    expect((await listed(owner)).map((device) => device.label)).toEqual(['Pixel 7', 'Laptop']);
    expect(received(gone)).toHaveLength(1);
    expect(received(missing)).toHaveLength(1);

    // The late device's service was unavailable (503): it is back, and the retry arrives, once.
    await until('the first try to the late device', () => service.received.get(late.path));
    service.answer.delete(late.path);
    await until('the retry to the late device', () => (received(late).length >= 2 ? true : undefined));
    await outboxSettled(origin);
    expect(received(late)).toHaveLength(2);
    expect(received(phone)).toHaveLength(1);

    // Removed by its endpoint: the next inquiry does not go there.
    const endpoint = `${service.base}${phone.path}`;
    expect((await owner('DELETE', '/api/owner/push-subscriptions', { endpoint })).status).toBe(204);
    expect((await owner('DELETE', '/api/owner/push-subscriptions', { endpoint })).status).toBe(404);
    expect((await listed(owner)).map((device) => device.label)).toEqual(['Laptop']);
  });

  it('a push service refusing connections for a while still gets the push later, once', {
    timeout: 60_000,
  }, async () => {
    const { owner, origin } = place;
    const tablet = newDevice('tablet');
    await subscribe(owner, service, tablet, 'Tablet');
    await service.close();
    let down = true;
    try {
      const { id } = await createInquiryAt(origin);
      const refused = await until('a refused try', async () =>
        (await pushDeliveries(owner, id)).find(
          (delivery) => delivery.target === 'Tablet' && /ECONNREFUSED/.test(delivery.lastError ?? ''),
        ),
      );
      expect(refused.status).toBe('retrying');
      // Back before the first retry (5 s after the try): it arrives then, once.
      await service.listen();
      down = false;
      await until('the retry to the tablet', () => (about(tablet, id).length > 0 ? true : undefined));
      await outboxSettled(origin);
      expect(about(tablet, id)).toHaveLength(1);
    } finally {
      if (down) await service.listen(); // for the tests that follow
    }
  });

  it('"Send a test notification" pushes to each of the owner’s devices and says how each went', {
    timeout: 60_000,
  }, async () => {
    const { helper, owner } = place;
    expect((await sendTest(helper)).status).toBe(409);
    const pocket = newDevice('pocket');
    const desk = newDevice('desk');
    const old = newDevice('old');
    service.answer.set(old.path, 410);
    await subscribe(helper, service, pocket, 'Pocket phone');
    await subscribe(helper, service, desk, 'Desk');
    await subscribe(helper, service, old, 'Old phone');
    // Keys that fit the API's pattern but are no P-256 point: refused (they could never be pushed to).
    const brokenKeys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const brokenEndpoint = `${service.base}/push/broken-${randomUUID()}`;
    const broken = await helper('POST', '/api/owner/push-subscriptions', {
      endpoint: brokenEndpoint,
      keys: brokenKeys,
      label: 'Broken keys',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { fields: Record<string, string> }).fields).toEqual({
      keys: 'keys.p256dh is not a P-256 public key.',
    });
    // One stored before the check says so at send, and the others still get theirs.
    await place.storeDevice(HELPER, { endpoint: brokenEndpoint, ...brokenKeys, label: 'Broken keys' });
    const ownersOwn = newDevice('owners-own');
    await subscribe(owner, service, ownersOwn, 'Not the helper’s');

    const { status, results } = await sendTest(helper);
    expect(status).toBe(200);
    expect(results).toHaveLength(4);
    expect(results).toEqual(
      expect.arrayContaining([
        { label: 'Pocket phone', ok: true },
        { label: 'Desk', ok: true },
        { label: 'Old phone', ok: false, error: 'HTTP 410: gone, it will not be tried again' },
        { label: 'Broken keys', ok: false, error: expect.stringMatching(/^the device's keys cannot be used: /) },
      ]),
    );
    for (const device of [pocket, desk]) {
      expect(received(device).map((push) => opened(device, push))).toEqual([
        {
          title: 'Test notification',
          body: 'Notifications work on this device.',
          url: `${PUBLIC_URL}/inbox`,
          tag: 'test',
        },
      ]);
    }
    expect(received(ownersOwn)).toEqual([]);
    // The gone one is forgotten, as when an inquiry's push finds it gone; the broken one is the owner's to remove.
    expect((await listed(helper)).map((device) => device.label).sort()).toEqual([
      'Broken keys',
      'Desk',
      'Pocket phone',
    ]);
  });

  it('refuses push endpoints on a loopback address unless WEBHOOK_ALLOW_PRIVATE, and allows them with it', {
    timeout: 60_000,
  }, async () => {
    const strict = await startServer(service, {});
    try {
      const literal = newDevice('literal');
      const named = newDevice('named');
      // Refused when the device is added (literal loopback spellings, and this machine's names)…
      for (const host of [
        '127.0.0.1',
        '127.1',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '[::ffff:0:127.0.0.1]',
        'localhost',
        'LOCALHOST.',
      ]) {
        const added = await strict.owner('POST', '/api/owner/push-subscriptions', {
          endpoint: `https://${host}:${service.port}${literal.path}`,
          keys: deviceKeys(literal),
          label: 'Refused',
        });
        expect(added.status, host).toBe(400);
        expect(((await added.json()) as { fields: { endpoint: string } }).fields.endpoint, host).toMatch(
          /^endpoint is refused: .* (is a private address|names this machine); a push service is on the internet\.$/,
        );
      }
      expect(await listed(strict.owner)).toEqual([]);
      // …and at send, for a device stored before that check, or a name that resolves to such an address.
      for (const [device, label, host] of [
        [literal, 'By address', '127.0.0.1'],
        [named, 'By name', 'localhost'],
      ] as const) {
        await strict.storeDevice(OWNER, {
          endpoint: `https://${host}:${service.port}${device.path}`,
          ...deviceKeys(device),
          label,
        });
      }
      const { id } = await createInquiryAt(strict.origin);
      const failed = await until('both deliveries failed', async () => {
        const deliveries = await pushDeliveries(strict.owner, id);
        return deliveries.length === 2 && deliveries.every((delivery) => delivery.status === 'failed')
          ? deliveries
          : undefined;
      });
      expect(failed.map((delivery) => delivery.target).sort()).toEqual(['By address', 'By name']);
      for (const delivery of failed) expect(delivery.lastError).toMatch(/^refused: .*private address/);
      const { results } = await sendTest(strict.owner);
      const refusal = Object.fromEntries((results ?? []).map((result) => [result.label, result]));
      expect(refusal['By address']).toEqual({
        label: 'By address',
        ok: false,
        error: 'refused: 127.0.0.1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
      });
      expect(refusal['By name']).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^refused: localhost resolves to a private address/),
      });
      expect(received(literal)).toEqual([]);
      expect(received(named)).toEqual([]);

      // The same endpoint through the server that allows private addresses: sent.
      await subscribe(place.helper, service, literal, 'By address');
      const allowed = await sendTest(place.helper);
      expect(allowed.results).toContainEqual({ label: 'By address', ok: true });
      expect(received(literal)).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });

  it('signs with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', { timeout: 60_000 }, async () => {
    const keys = webpush.generateVAPIDKeys();
    const given = await startServer(service, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const { publicKey } = (await (await given.owner('GET', '/api/owner/push-key')).json()) as { publicKey: string };
      expect(publicKey).toBe(keys.publicKey);
      const device = newDevice('given-keys');
      await subscribe(given.owner, service, device, 'Phone');
      expect((await sendTest(given.owner)).results).toEqual([{ label: 'Phone', ok: true }]);
      const [push] = received(device);
      const { jwt, key } = vapidOf(push!);
      expect(key).toBe(keys.publicKey);
      expect(signedBy(jwt, keys.publicKey)).toBe(true);
    } finally {
      await given.stop();
    }
  });

  it('keeps the keys it made across a restart', { timeout: 60_000 }, async () => {
    const key = async () =>
      ((await (await place.owner('GET', '/api/owner/push-key')).json()) as { publicKey: string }).publicKey;
    const before = await key();
    await place.server.kill();
    await place.server.start();
    // The session is kept in the store too: the same owner, signed in still.
    expect(await key()).toBe(before);
    const device = newDevice('after-restart');
    await subscribe(place.owner, service, device, 'After the restart');
    await sendTest(place.owner);
    const [push] = received(device);
    expect(String(push!.headers.authorization)).toMatch(new RegExp(`, k=${before}$`));
  });
});

/** Whether a VAPID JWT (ES256) was signed by the key pair whose public key this is. */
function signedBy(jwt: string, publicKey: string): boolean {
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header, claims, signature] = jwt.split('.');
  return verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
}
