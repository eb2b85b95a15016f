// @vitest-environment jsdom
// The Notifications page's push part (records 121, 123) as a component, with the
// browser's push (service worker, PushManager) and the owner's API standing in: a
// device removed from another device stays removed when it opens the page again,
// says its notifications are off, and turns them on again with the button; a
// subscription the browser renewed is sent again on its own. (Chromium's own
// subscribe needs Google's push service, which a test cannot reach.)
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDeviceView } from '../shared/inbox-views.js';
import { PushDevices, whyNoPush } from './push-devices.js';

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/** The browser's side: one registration whose subscription can be dropped and made anew. */
function browserPush(endpoint: string | null) {
  let made = 0;
  const subscription = (url: string) => ({
    endpoint: url,
    toJSON: () => ({ endpoint: url, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  let current: ReturnType<typeof subscription> | null = endpoint ? subscription(endpoint) : null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => {
      current ??= subscription(`https://push.example/fresh-${++made}`);
      return current;
    }),
  };
  const registration = { pushManager };
  return {
    pushManager,
    current: () => current,
    serviceWorker: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
    },
  };
}

/** The owner's push API in memory; every change is recorded. */
function ownerApi(listed: string[]) {
  const devices: PushDeviceView[] = listed.map((endpoint) => ({
    endpoint,
    label: 'Chrome on Android',
    createdAt: '2026-11-20T15:00:00.000Z',
  }));
  const changes: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/owner/push-key') return json(200, { publicKey: 'B'.repeat(87) });
    if (url !== '/api/owner/push-subscriptions') return json(404, { message: `No route ${method} ${url}` });
    if (method === 'GET') return json(200, { devices });
    changes.push(`${method} ${body.endpoint}`);
    if (method === 'POST') {
      const device = { endpoint: body.endpoint, label: body.label, createdAt: new Date().toISOString() };
      devices.push(device);
      return json(201, { device });
    }
    const index = devices.findIndex((device) => device.endpoint === body.endpoint);
    if (index < 0) return json(404, { message: 'This device does not take notifications.' });
    devices.splice(index, 1);
    return new Response(null, { status: 204 });
  });
  return { devices, changes, fetch };
}

function open(browser: ReturnType<typeof browserPush>, server: ReturnType<typeof ownerApi>) {
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', { value: browser.serviceWorker, configurable: true });
  return render(<PushDevices />);
}

const PHONE = 'https://push.example/phone';

describe('push on this device', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns on, and a removal made from another device sticks until turned on again', async () => {
    const browser = browserPush(null);
    const server = ownerApi([]);
    const first = open(browser, server);
    const user = userEvent.setup();
    expect(await screen.findByText('Notifications are off on this device.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findAllByText('Notifications are on for this device.')).not.toHaveLength(0);
    const endpoint = browser.current()!.endpoint;
    expect(server.changes).toEqual([`POST ${endpoint}`]);
    expect((await screen.findByRole('listitem')).textContent).toContain('(this device)');
    first.unmount();

    // Removed from the laptop; the phone opens the page again: nothing is sent back.
    server.devices.splice(0);
    open(browser, server);
    expect(await screen.findByText('Notifications are off on this device.')).toBeTruthy();
    // The device list is its own request: it may answer after this device's state.
    expect(await screen.findByText('No device gets them yet.')).toBeTruthy();
    expect(server.changes).toEqual([`POST ${endpoint}`]);
    expect(server.devices).toEqual([]);

    // Turned on again: a fresh subscription, listed as this device.
    await user.click(screen.getByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findAllByText('Notifications are on for this device.')).not.toHaveLength(0);
    const fresh = browser.current()!.endpoint;
    expect(fresh).not.toBe(endpoint);
    expect(server.changes).toEqual([`POST ${endpoint}`, `POST ${fresh}`]);
    expect(server.devices.map((device) => device.endpoint)).toEqual([fresh]);
  });

  it('a listed device is not sent again on each visit', async () => {
    localStorage.setItem('curbside-push-endpoint', PHONE);
    const server = ownerApi([PHONE]);
    open(browserPush(PHONE), server);
    expect(await screen.findAllByText('Notifications are on for this device.')).not.toHaveLength(0);
    expect(server.changes).toEqual([]);
  });

  it('a subscription the browser renewed is sent again on its own', async () => {
    localStorage.setItem('curbside-push-endpoint', PHONE);
    const server = ownerApi([PHONE]);
    const renewed = 'https://push.example/phone-renewed';
    open(browserPush(renewed), server);
    expect(await screen.findAllByText('Notifications are on for this device.')).not.toHaveLength(0);
    expect(server.changes).toEqual([`POST ${renewed}`]);
  });
});

describe('a browser that cannot take notifications', () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('is told HTTPS first, whatever the phone: plain HTTP is the usual cause', () => {
    for (const agent of [ANDROID, IPHONE]) {
      expect(whyNoPush(false, agent, false)).toMatch(/^Notifications need a secure connection \(HTTPS\)/);
    }
  });

  it('on a secure page, an iPhone is told the Home Screen and the iOS version; anything else, which browsers can', () => {
    expect(whyNoPush(true, IPHONE, false)).toMatch(/iOS 16\.4 or later.*add the inbox to the Home Screen/);
    expect(whyNoPush(true, ANDROID, false)).toMatch(
      /^This browser cannot take notifications\. Chrome or Firefox on Android/,
    );
    expect(whyNoPush(true, IPHONE, true)).toMatch(/^This browser cannot take notifications/);
  });
});
