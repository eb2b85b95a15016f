// The sale end to end (tests/notify/): the server in its own process with an owner and
// their phone, a real SMTP server, a local HTTPS push service (trusted through
// NODE_EXTRA_CA_CERTS) and a webhook receiver; the owner's calls as the inbox makes them,
// the quote page's forms as the browser posts them, and an inquiry quoted by the owner.
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/owner/password.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { type buildInquiryBody, dayFromToday } from './builders.js';
import { freshDataDir } from './databases.js';
import { freePort } from './postgres.js';
import { deviceKeys, newDevice, opened, startPushService, type TestPushService } from './push-service.js';
import { ownerCookie, ServerProcess } from './server-process.js';
import { startSmtp, type TestSmtp } from './smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';
import { createInquiryAt } from './visitor.js';

export const SALE_OWNER = 'owner@sale.example';
export const SALE_PUBLIC_URL = 'https://tacos.example';
const PASSWORD = 'a long owner passphrase';

export interface SaleServer {
  smtp: TestSmtp;
  push: TestPushService;
  hooks: WebhookReceiver;
  server: ServerProcess;
  origin: string;
  /** A call to the owner's API, signed in, from the inbox's origin. */
  owner(method: string, path: string, body?: unknown): Promise<Response>;
  /** Posts a form of the quote page from the page itself (redirects not followed). */
  form(path: string, fields?: Record<string, string>): Promise<Response>;
  /** A new inquiry through the visitor's API, and a quote for it sent by the owner. */
  quoted(): Promise<{ id: string; inquiry: ReturnType<typeof buildInquiryBody>; quote: QuoteView; path: string }>;
  /** The owner's e-mails whose subject matches. */
  mailsTo(address: string, subject: RegExp): TestSmtp['received'];
  /** The pushes to the owner's phone, opened, whose title matches. */
  pushesTitled(title: RegExp): ReturnType<typeof opened>[];
  stop(): Promise<void>;
}

/** Starts it all; `env` adds to (or overrides) the server's environment (DATABASE_URL, STRIPE_…). */
export async function startSaleServer(env: Record<string, string> = {}): Promise<SaleServer> {
  const [smtp, push, hooks] = await Promise.all([startSmtp(), startPushService(), startWebhookReceiver()]);
  const data = freshDataDir();
  const owners = await openOwnerStore({ dataDir: data.dir, databaseUrl: env.DATABASE_URL });
  await owners.createOwner(SALE_OWNER, await hashPassword(PASSWORD));
  await owners.close();
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: data.dir,
    NODE_EXTRA_CA_CERTS: push.caFile,
    PUBLIC_URL: SALE_PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'quotes@tacos.example',
    WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  });
  await server.start();
  const origin = `http://127.0.0.1:${server.port}`;
  let quotedDays = 0;
  const cookie = await ownerCookie(server, SALE_OWNER, PASSWORD);
  const owner: SaleServer['owner'] = (method, path, body) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const device = newDevice('phone');
  const added = await owner('POST', '/api/owner/push-subscriptions', {
    endpoint: `https://127.0.0.1:${push.port}${device.path}`,
    keys: deviceKeys(device),
    label: 'Phone',
  });
  expect(added.status).toBe(201);

  return {
    smtp,
    push,
    hooks,
    server,
    origin,
    owner,
    form: (path, fields = {}) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams(fields),
      }),
    async quoted() {
      // A day of its own: an accepted quote holds its day, a deposit books it (records 240, 281).
      const { id, inquiry } = await createInquiryAt(origin, { eventDate: dayFromToday(30 + quotedDays++) });
      const { draft } = (await (await owner('GET', `/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
      const sent = await owner('POST', `/api/owner/inquiries/${id}/quotes`, draft);
      expect(sent.status).toBe(201);
      const quote = (await sent.json()) as QuoteView;
      return { id, inquiry, quote, path: new URL(quote.url).pathname };
    },
    mailsTo: (address, subject) =>
      smtp.received.filter((mail) => mail.rcptTo.includes(address) && subject.test(mail.subject)),
    pushesTitled: (title) =>
      (push.received.get(device.path) ?? [])
        .map((each) => opened(device, each))
        .filter((each) => title.test(each.title)),
    async stop() {
      await server.kill();
      await Promise.all([smtp.stop(), push.close(), hooks.close()]);
      push.remove();
      data.remove();
    },
  };
}
