// Push in the inbox, in real Chromium against the production build (record 121). No
// push service is reachable here, so the browser's own subscription is not made; the
// server's end is tested with a local push service (tests/notify/push.test.ts). Here:
// the inbox is installable with its own manifest; its service worker, registered as
// the button registers it, shows a push (delivered through the DevTools protocol) with
// the customer's name and caches nothing; the owner's devices are listed and removed;
// "Send a test notification" says how it went for each device.
import { createECDH, randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { addOwner, signIn, unique } from './owner.js';

test('the inbox is installable, its service worker shows a push, and devices can be removed', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = addOwner();
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await signIn(page, owner);
  await page.getByRole('link', { name: 'Notifications' }).click();
  const section = page.getByRole('region', { name: 'Push notifications' });
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  await expect(section).toContainText('Notifications are off on this device.');
  await expect(section).toContainText('No device gets them yet.');

  // Installable: a manifest of its own, scoped to the inbox.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ id: '/inbox', start_url: '/inbox', scope: '/inbox', display: 'standalone' });
  expect((manifest.icons as { sizes: string }[]).map((icon) => icon.sizes)).toContain('512x512');

  // The service worker, as the button registers it; a push delivered to it is shown.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL.endsWith('/inbox') && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    }),
  );
  // A push is delivered only to an activated, running worker (on a loaded machine the
  // page's `ready` can come before DevTools sees the version running).
  const running = new Promise<void>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((version) => version.status === 'activated' && version.runningStatus === 'running')) resolve();
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/inbox-sw.js', { scope: '/inbox' });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  await running;
  const push = {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify({
      title: 'New inquiry: Ana Reyes',
      body: 'Sat 12 Jun · 80 guests',
      url: '/inbox?id=x',
      tag: 'x',
    }),
  };
  const shown = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/inbox');
      return (await registration!.getNotifications()).map(
        (notification) => `${notification.title}|${notification.body}`,
      );
    });
  // DevTools now and then drops a simulated push (about 1 in 30 here, with the worker
  // activated and running, and no push event fired); it is sent again, up to three
  // times. The same tag replaces, so what is shown is still exactly one notification.
  for (let attempt = 1; attempt <= 3; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', push);
    const arrived = await expect
      .poll(shown, { timeout: 3_000 })
      .toHaveLength(1)
      .then(() => true)
      .catch(() => false);
    if (arrived) break;
  }
  expect(await shown()).toEqual(['New inquiry: Ana Reyes|Sat 12 Jun · 80 guests']);
  // It keeps nothing: no cache of any inquiry.
  expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);

  // A device (as a phone would add itself) is listed, and removed with its button.
  const origin = new URL(baseURL!).origin;
  const added = await page.request.post('/api/owner/push-subscriptions', {
    headers: { origin },
    data: {
      endpoint: `https://push.example/send/${unique()}`,
      keys: deviceKeys(),
      label: 'Chrome on Android',
    },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  await expect(section.getByRole('listitem')).toContainText(['Chrome on Android']);
  await section.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  await expect(section.getByRole('status')).toHaveText('Chrome on Android: removed. It gets no more notifications.');
  await expect(section).toContainText('No device gets them yet.');
});

test('"Send a test notification" says how it went, device by device', async ({ page, baseURL, consoleWatch }) => {
  const owner = addOwner();
  await signIn(page, owner);
  await page.getByRole('link', { name: 'Notifications' }).click();
  const section = page.getByRole('region', { name: 'Push notifications' });
  const send = section.getByRole('button', { name: 'Send a test notification' });

  // No device yet: the server's answer (409, which the browser logs) says what to do.
  consoleWatch.allow('Failed to load resource: the server responded with a status of 409');
  await send.click();
  await expect(section.getByRole('alert')).toHaveText(
    'No device takes notifications yet: turn them on on this device first.',
  );

  // A device whose push service is on a loopback address is refused as it is added (this
  // server has no WEBHOOK_ALLOW_PRIVATE)…
  const origin = new URL(baseURL!).origin;
  const endpoints = [`https://127.0.0.1:9/push/${unique()}`, `https://127.0.0.1:9/push/${unique()}`];
  consoleWatch.allow('Failed to load resource: the server responded with a status of 400');
  const refusedAdd = await page.request.post('/api/owner/push-subscriptions', {
    headers: { origin },
    data: { endpoint: endpoints[0], keys: deviceKeys(), label: 'Chrome on Android' },
  });
  expect(refusedAdd.status()).toBe(400);
  // …and two such devices stored before that check (or whose names resolve to such an
  // address) are refused at send: each says so. Pushes that are sent are tested against
  // a local push service in tests/notify/push.test.ts.
  const owners = openSqliteOwnerStore(process.env.E2E_DATA_DIR!);
  try {
    const account = await owners.findOwnerByEmail(owner);
    for (const [index, label] of ['Chrome on Android', 'Safari on iPhone or iPad'].entries()) {
      await owners.devices.addPushDevice(
        account!.id,
        { endpoint: endpoints[index]!, ...deviceKeys(), label },
        // A millisecond apart: the page lists devices oldest first (the same instant falls back to their random ids).
        new Date(Date.now() + index),
      );
    }
  } finally {
    await owners.close();
  }
  try {
    await page.reload();
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await send.click();
    const refused = 'not sent (refused: 127.0.0.1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it))';
    await expect(section.getByRole('status')).toHaveText(
      `Chrome on Android: ${refused}. Safari on iPhone or iPad: ${refused}`,
    );
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(send).toBeEnabled();
  } finally {
    // Every inquiry is pushed to every owner's devices: leave none for the other tests' inquiries.
    for (const endpoint of endpoints)
      await page.request.delete('/api/owner/push-subscriptions', { headers: { origin }, data: { endpoint } });
  }
});

/** A device's keys as a browser makes them: a P-256 public key and a 16-byte secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
}
