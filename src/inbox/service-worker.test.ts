// The inbox's service worker (record 121) as the browser runs it: the file itself, in
// a context of its own with stand-ins for the worker's globals. A tap on a
// notification cannot be made in Chromium from a test (DevTools delivers a push but
// has no click, and a made-up NotificationEvent may not waitUntil), so the click is
// tested here: it opens the inquiry, and anything not in the inbox opens the inbox.
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
const ORIGIN = 'https://truck.example';

interface FakeWindow {
  url: string;
  navigate: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

/** A window the worker controls; `refuses` makes navigate() reject as for one it does not. */
function fakeWindow(url: string, refuses = false): FakeWindow {
  const window: FakeWindow = {
    url,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (path: string) => {
      if (refuses) throw new TypeError('This service worker is not the client’s active service worker.');
      window.url = new URL(path, ORIGIN).href;
      return window;
    }),
  };
  return window;
}

/** Runs the worker file; gives its listeners, its globals and what it asked the browser for. */
function startWorker(windows: FakeWindow[] = [], fetch: (url: string, init: object) => Promise<unknown> = vi.fn()) {
  const listeners = new Map<string, (event: unknown) => void>();
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async (path: string) => fakeWindow(new URL(path, ORIGIN).href)),
  };
  const registration = { showNotification: vi.fn(async () => {}) };
  const self = {
    location: new URL(`${ORIGIN}/inbox-sw.js`),
    clients,
    registration,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const context = createContext({ self, URL, fetch });
  runInContext(SOURCE, context);
  return { listeners, clients, registration, inboxPath: context.inboxPath as (url: unknown, origin: string) => string };
}

/** Dispatches an event the way the browser does, and waits for what it handed to waitUntil. */
async function dispatch(worker: ReturnType<typeof startWorker>, type: string, fields: object): Promise<unknown> {
  let work: Promise<unknown> = Promise.resolve();
  worker.listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => (work = promise) });
  return work;
}

const tap = (worker: ReturnType<typeof startWorker>, url: unknown) => {
  const notification = { data: { url }, close: vi.fn() };
  return { notification, done: dispatch(worker, 'notificationclick', { notification }) };
};

describe('the inbox service worker', () => {
  it('chooses the inbox path of the payload’s URL, whatever name the site had there', () => {
    const { inboxPath } = startWorker();
    expect(inboxPath('https://tacos.example/inbox?id=abc', ORIGIN)).toBe('/inbox?id=abc');
    expect(inboxPath('/inbox/bookings', ORIGIN)).toBe('/inbox/bookings');
    expect(inboxPath('/inbox', ORIGIN)).toBe('/inbox');
  });

  it.each([
    ['another site', 'https://evil.example/phish?id=abc'],
    ['the public page', '/'],
    ['a path that only starts like the inbox', '/inboxes/1'],
    ['a dot segment out of the inbox', '/inbox/../api/owner/session'],
    ['a script URL', 'javascript:alert(1)'],
    ['no URL', undefined],
    ['not text', 42],
  ])('falls back to /inbox for %s', (_what, url) => {
    expect(startWorker().inboxPath(url, ORIGIN)).toBe('/inbox');
  });

  it('shows a push with its title, body and link', async () => {
    const worker = startWorker();
    const payload = {
      title: 'New inquiry: Ana Reyes',
      body: 'Sat, Dec 12, 2026 · 80 guests',
      url: '/inbox?id=a',
      tag: 'a',
    };
    await dispatch(worker, 'push', { data: { json: () => payload } });
    expect(worker.registration.showNotification).toHaveBeenCalledWith('New inquiry: Ana Reyes', {
      body: 'Sat, Dec 12, 2026 · 80 guests',
      tag: 'a',
      icon: '/icon-192.png',
      data: { url: '/inbox?id=a' },
    });
  });

  it('a tap with no inbox open opens the inquiry in a new window', async () => {
    const worker = startWorker();
    const { notification, done } = tap(worker, 'https://tacos.example/inbox?id=abc');
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/inbox?id=abc');
  });

  it('a tap with the inbox open takes that window to the inquiry and brings it forward', async () => {
    const open = fakeWindow(`${ORIGIN}/inbox`);
    const worker = startWorker([open]);
    await tap(worker, 'https://tacos.example/inbox?id=abc').done;
    expect(open.navigate).toHaveBeenCalledWith('/inbox?id=abc');
    expect(open.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a window that refuses to be taken there (opened before the worker) leaves the tap to a new window', async () => {
    const early = fakeWindow(`${ORIGIN}/inbox/notifications`, true);
    const worker = startWorker([early]);
    await tap(worker, 'https://evil.example/inbox-lookalike').done;
    expect(early.focus).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/inbox');
  });

  it('shows a lead’s action links as buttons, and an urgent push in the first one’s place, alerting again', async () => {
    const worker = startWorker();
    const payload = {
      title: 'Urgent: Ana Reyes is still waiting for an answer',
      body: 'Sat, Dec 12, 2026 · 80 guests · Basic',
      url: 'https://tacos.example/inbox?id=a',
      tag: 'a',
      urgent: true,
      actions: [
        { action: 'contacted', title: 'Mark as contacted', url: 'https://tacos.example/act/token-1' },
        { action: 'decline', title: 'Decline', url: 'https://tacos.example/act/token-2' },
        { action: 'steal', title: 'Elsewhere', url: 'https://evil.example/steal' },
      ],
    };
    await dispatch(worker, 'push', { data: { json: () => payload } });
    expect(worker.registration.showNotification).toHaveBeenCalledWith(payload.title, {
      body: payload.body,
      tag: 'a',
      icon: '/icon-192.png',
      data: { url: payload.url, actions: { contacted: '/act/token-1', decline: '/act/token-2' } },
      actions: [
        { action: 'contacted', title: 'Mark as contacted' },
        { action: 'decline', title: 'Decline' },
      ],
      renotify: true,
      requireInteraction: true,
    });
  });

  const tapAction = (worker: ReturnType<typeof startWorker>, action: string) => {
    const notification = {
      tag: 'a',
      data: { url: '/inbox?id=a', actions: { contacted: '/act/token-1' } },
      close: vi.fn(),
    };
    return dispatch(worker, 'notificationclick', { notification, action });
  };

  it('a tap on an action posts its link and shows what the server said, opening nothing', async () => {
    const fetch = vi.fn(async () => ({
      ok: true,
      json: async () => ({ done: true, message: 'Marked as contacted: Ana Reyes' }),
    }));
    const worker = startWorker([], fetch);
    await tapAction(worker, 'contacted');
    expect(fetch).toHaveBeenCalledWith('/act/token-1', { method: 'POST', headers: { accept: 'application/json' } });
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Marked as contacted: Ana Reyes', {
      tag: 'a',
      icon: '/icon-192.png',
    });
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('an action the server refuses, or that cannot reach it, opens the link’s page', async () => {
    const expired = vi.fn(async () => ({
      ok: false,
      json: async () => ({ done: false, message: 'This link has expired' }),
    }));
    const worker = startWorker([], expired);
    await tapAction(worker, 'contacted');
    expect(worker.registration.showNotification).toHaveBeenCalledWith('This link has expired', expect.anything());
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/act/token-1');

    const offline = startWorker(
      [],
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await tapAction(offline, 'contacted');
    expect(offline.clients.openWindow).toHaveBeenCalledWith('/act/token-1');
  });

  it('an action it does not know is a tap on the notification', async () => {
    const fetch = vi.fn();
    const worker = startWorker([], fetch);
    await tapAction(worker, 'decline');
    expect(fetch).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/inbox?id=a');
  });
});
