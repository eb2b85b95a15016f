// The never-silent tests' harness: the app in this process on a real store, its clock
// moved by the test, a real SMTP server and a push service (plain HTTP: a server in
// this process cannot be told to trust a test certificate), an owner with a phone, and
// the moments the content's business hours give.
import { content } from '../../content/index.js';
import { isOpen } from '../../src/shared/business-hours.js';
import { wallClock } from '../../src/shared/time-zone.js';
import { OWNER, type OwnerApp, startOwnerApp } from '../support/owner-app.js';
import {
  deviceKeys,
  newDevice,
  opened,
  type PushPayload,
  startPushService,
  type TestPushService,
} from '../support/push-service.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

export const PUBLIC_URL = 'https://tacos.example';
const MINUTE = 60_000;

/** The first minute at or after `from` when the business is open (or, `open: false`, closed). */
export function nextMinute(from: number, open = true): number {
  let at = Math.ceil(from / MINUTE) * MINUTE;
  for (let i = 0; i < 8 * 24 * 60; i++, at += MINUTE) {
    if (isOpen(content.hours, content.timeZone, at) === open) return at;
  }
  throw new Error('the content’s hours never open');
}

/** 'YYYY-MM-DD' in the business's time zone at `at`. */
export const dayAt = (at: number) => wallClock(content.timeZone, at).date;

export interface NeverSilent extends OwnerApp {
  smtp: TestSmtp;
  push: TestPushService;
  /** The moved clock's time now (ms); set it to move the clock. */
  now: { at: number };
  /** The pushes the owner's phone got, decrypted, with their headers. */
  pushes(): (PushPayload & { urgency: string })[];
  ownerId: string;
  stop(): Promise<void>;
}

/** The app (the owner OWNER with a phone), SMTP and push; the clock at `startAt`. */
export async function startNeverSilent(startAt: number, env: Record<string, string> = {}): Promise<NeverSilent> {
  const [smtp, push] = await Promise.all([startSmtp(), startPushService(0, { tls: false })]);
  const now = { at: startAt };
  const app = await startOwnerApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'inquiries@tacos.example', PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE: 'true', ...env },
    { build: { clock: () => now.at, notifyRetryDelaysMs: [200, 200, 200] } },
  );
  const owner = (await app.owners.findOwnerByEmail(OWNER))!;
  const device = newDevice('phone');
  await app.owners.devices.addPushDevice(
    owner.id,
    { endpoint: `${push.base}${device.path}`, ...deviceKeys(device), label: 'Phone' },
    new Date(),
  );
  return {
    ...app,
    smtp,
    push,
    now,
    ownerId: owner.id,
    pushes: () =>
      (push.received.get(device.path) ?? []).map((each) => ({
        ...opened(device, each),
        urgency: String(each.headers.urgency),
      })),
    // The app is closed after the test (owner-app.ts); these after it.
    async stop() {
      await Promise.all([smtp.stop(), push.close()]);
      push.remove();
    },
  };
}
