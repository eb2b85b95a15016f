// "Notifications on this phone" (decision records 121, 123): turns push on for this
// browser (the service worker /inbox-sw.js, the browser's PushSubscription sent to the
// server), lists the owner's devices with "Remove", and sends a test notification to
// them. A device removed from another one stays removed: it says its notifications are
// off and offers to turn them on again.
import { useState } from 'react';
import type { PushDeviceView } from '../shared/inbox-views.js';
import { request } from './api.js';
import { dateTime } from './format.js';
import { useResource } from './use-resource.js';
import { FormError } from './form-parts.js';
import { OWNER_API } from '../shared/owner-api.js';

const SERVICE_WORKER = '/inbox-sw.js';
const SCOPE = '/inbox';

const pushApi = {
  key: () => request<{ publicKey: string }>('GET', OWNER_API.pushKey),
  devices: () => request<{ devices: PushDeviceView[] }>('GET', OWNER_API.pushSubscriptions),
  add: (subscription: PushSubscriptionJSON, label: string) =>
    request<{ device: PushDeviceView }>('POST', OWNER_API.pushSubscriptions, { ...subscription, label }),
  remove: (endpoint: string) => request<void>('DELETE', OWNER_API.pushSubscriptions, { endpoint }),
  test: () => request<{ results: { label: string; ok: boolean; error?: string }[] }>('POST', OWNER_API.pushTest, {}),
};

const pushWorks = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/** A name for this device that the owner will recognise in the list ("Chrome on Android"). */
function deviceLabel(agent = navigator.userAgent): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iPhone or iPad'
      : /Mac OS X/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

/**
 * Why this browser cannot take notifications, and what to do (issue 32): push needs a
 * secure page (HTTPS, or localhost) before anything else; over plain HTTP an Android
 * phone was told to add the inbox to an iPhone's Home Screen. On an iPhone or iPad it
 * needs iOS 16.4 and the inbox opened from the Home Screen.
 */
export function whyNoPush(
  secure = window.isSecureContext,
  agent = navigator.userAgent,
  fromHomeScreen = (navigator as { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true,
): string {
  if (!secure) {
    return `Notifications need a secure connection (HTTPS), and this page was opened over plain HTTP (${location.origin}). Open the inbox at its https:// address: docs/deploy.md sets HTTPS up with Caddy.`;
  }
  if (/iPhone|iPad/.test(agent) && !fromHomeScreen) {
    return 'On an iPhone or iPad (iOS 16.4 or later), add the inbox to the Home Screen first (Share, then Add to Home Screen) and open it from there.';
  }
  return 'This browser cannot take notifications. Chrome or Firefox on Android, Chrome, Edge or Firefox on a computer, or Safari on an iPhone with the inbox on its Home Screen can.';
}

/** The key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}

async function thisSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The endpoint this browser last sent, kept so that a removal is told from a renewal. */
const SENT_KEY = 'curbside-push-endpoint';
const lastSent = (): string | null => {
  try {
    return localStorage.getItem(SENT_KEY);
  } catch {
    return null; // storage blocked: never re-send on our own
  }
};

async function send(subscription: PushSubscription): Promise<void> {
  await pushApi.add(subscription.toJSON(), deviceLabel());
  try {
    localStorage.setItem(SENT_KEY, subscription.endpoint);
  } catch {
    // Storage blocked: the device is added all the same.
  }
}

/**
 * The devices, and this browser's endpoint if it is one of them (record 123). An
 * unlisted subscription is sent again only if the browser renewed it (its endpoint is
 * not the one last sent). If it is the one last sent, it was removed (from another
 * device, or gone at its push service): it stays off until turned on again.
 */
async function devicesAndHere(): Promise<{ devices: PushDeviceView[]; here: string | null }> {
  const subscription = pushWorks() ? await thisSubscription() : null;
  const { devices } = await pushApi.devices();
  if (!subscription || devices.some((device) => device.endpoint === subscription.endpoint))
    return { devices, here: subscription?.endpoint ?? null };
  const sent = lastSent();
  if (sent === null || sent === subscription.endpoint) return { devices, here: null };
  await send(subscription);
  return { devices: (await pushApi.devices()).devices, here: subscription.endpoint };
}

export function PushDevices() {
  const [message, setMessage] = useState('');
  const [actionError, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const {
    data,
    error: loadError,
    reload: load,
  } = useResource(devicesAndHere, [], { failure: 'Could not load the devices.' });
  const devices = data?.devices;
  const here = data?.here ?? null;
  const error = actionError ?? loadError;

  const act = async (what: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setMessage('');
    try {
      setMessage(await what());
      await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    act(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted')
        throw new Error('Notifications are blocked for this site: allow them in the browser’s site settings.');
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope: SCOPE });
      await navigator.serviceWorker.ready;
      const { publicKey } = await pushApi.key();
      // A subscription the server does not list (removed, gone at its push service, or
      // made with other keys) is dropped: subscribing anew gives a fresh endpoint.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await send(subscription);
      return 'Notifications are on for this device.';
    });

  const remove = (device: PushDeviceView) =>
    act(async () => {
      await pushApi.remove(device.endpoint);
      if (device.endpoint === here) await (await thisSubscription())?.unsubscribe();
      return `${device.label}: removed. It gets no more notifications.`;
    });

  const test = () =>
    act(async () =>
      (await pushApi.test()).results
        .map((result) => `${result.label}: ${result.ok ? 'sent' : `not sent (${result.error})`}`)
        .join('. '),
    );

  return (
    <section className="inbox-card" aria-labelledby="push-devices">
      <h2 id="push-devices">Push notifications</h2>
      <p>A new inquiry shows on your phone within a second or two, even with the inbox closed.</p>
      {!pushWorks() ? (
        <p>{whyNoPush()}</p>
      ) : here ? (
        <p>Notifications are on for this device.</p>
      ) : (
        <>
          <p>Notifications are off on this device.</p>
          <button type="button" className="inbox-button" disabled={busy} onClick={() => void turnOn()}>
            Turn on notifications on this device
          </button>
        </>
      )}
      {devices && devices.length > 0 ? (
        <>
          <h3>Devices that get them</h3>
          <ul className="inbox-devices">
            {devices.map((device) => (
              <li key={device.endpoint}>
                {device.label}
                {device.endpoint === here ? ' (this device)' : ''}, added {dateTime(device.createdAt)}{' '}
                <button
                  type="button"
                  className="inbox-button"
                  disabled={busy}
                  aria-label={`Remove ${device.label}`}
                  onClick={() => void remove(device)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : devices ? (
        <p className="inbox-muted">No device gets them yet.</p>
      ) : null}
      <button type="button" className="inbox-button" disabled={busy} onClick={() => void test()}>
        Send a test notification
      </button>
      <FormError>{error}</FormError>
      <p role="status" className="inbox-live">
        {message}
      </p>
    </section>
  );
}
