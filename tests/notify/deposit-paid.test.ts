// A deposit paid online, end to end (issue 29): the server in its own process, on SQLite
// and on PostgreSQL, with a local stand-in for Stripe's API (STRIPE_API_BASE), a real SMTP
// server, a local HTTPS push service and a webhook receiver. The customer accepts and
// presses "Pay deposit": the session asks for the deposit, in the sale's currency, for the
// quote. A bad signature changes nothing; Stripe's signed checkout.session.completed books
// the inquiry and tells the owner by e-mail and push, once, though the event comes five
// times and a second event of the same session follows.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InquiryDetail } from '../../src/shared/inbox-views.js';
import type { PaymentsAnswer } from '../../src/shared/payment-views.js';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { deviceKeys, newDevice, opened, startPushService, type TestPushService } from '../support/push-service.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { type SignedEvent, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const OWNER = 'owner@deposit.example';
const PASSWORD = 'a long owner passphrase';
const PUBLIC_URL = 'https://tacos.example';

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.each(['sqlite', 'postgres'] as const)('a deposit paid through Stripe, on %s', (engine) => {
  let smtp: TestSmtp;
  let push: TestPushService;
  let hooks: WebhookReceiver;
  let stripe: StripeStandIn;
  let server: ServerProcess;
  let origin: string;
  let owner: (method: string, path: string, body?: unknown) => Promise<Response>;
  const device = newDevice('phone');
  const remove: (() => void)[] = [];

  beforeAll(async () => {
    [smtp, push, hooks, stripe] = await Promise.all([
      startSmtp(),
      startPushService(),
      startWebhookReceiver(),
      startStripeStandIn(),
    ]);
    const data = freshDataDir();
    remove.push(data.remove);
    const store = { dataDir: data.dir, databaseUrl: engine === 'postgres' ? await freshPostgresUrl() : undefined };
    const owners = await openOwnerStore(store);
    await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    await owners.close();
    server = new ServerProcess(await freePort(), {
      DATA_DIR: data.dir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'quotes@tacos.example',
      CONFIRMATION_EMAIL: 'off',
      WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...stripe.env,
      LOG_LEVEL: 'warn',
    });
    await server.start();
    origin = `http://127.0.0.1:${server.port}`;
    const cookie = await ownerCookie(server, OWNER, PASSWORD);
    owner = (method, path, body) =>
      fetch(`${origin}${path}`, {
        method,
        headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const added = await owner('POST', '/api/owner/push-subscriptions', {
      endpoint: `https://127.0.0.1:${push.port}${device.path}`,
      keys: deviceKeys(device),
      label: 'Phone',
    });
    expect(added.status).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await Promise.all([smtp?.stop(), push?.close(), hooks?.close(), stripe?.close()]);
    push?.remove();
    for (const each of remove) each();
  });

  /** A new inquiry through the visitor's API, quoted by the owner and accepted by the customer. */
  async function accepted() {
    const session = (await (await fetch(`${origin}/api/session`, { method: 'POST' })).json()) as { token: string };
    const id = randomUUID();
    const inquiry = buildInquiryBody({ fillMs: 10_000, website: '' });
    const created = await fetch(`${origin}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(inquiry),
    });
    expect(created.status).toBe(201);
    const { draft } = (await (await owner('GET', `/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
    const quote = (await (await owner('POST', `/api/owner/inquiries/${id}/quotes`, draft)).json()) as QuoteView;
    const path = new URL(quote.url).pathname;
    expect((await form(`${path}/accept`, { accept: 'yes' })).status).toBe(303);
    return { id, inquiry, quote, path };
  }

  /** Posts a form of the quote page from the page itself. */
  const form = (path: string, fields: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields),
    });
  /** Posts an event as Stripe does. */
  const post = (event: SignedEvent) =>
    fetch(`${origin}/api/payments/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      body: event.body,
    });
  const statusOf = async (id: string) =>
    ((await (await owner('GET', `/api/owner/inquiries/${id}`)).json()) as InquiryDetail).inquiry.status;
  const paymentsOf = async (id: string) =>
    (await (await owner('GET', `/api/owner/inquiries/${id}/payments`)).json()) as PaymentsAnswer;
  const mailsAbout = (id: string) =>
    smtp.received.filter(
      (mail) => mail.rcptTo.includes(OWNER) && mail.subject.startsWith('Deposit paid') && mail.text.includes(id),
    );
  const pushesAbout = (id: string) =>
    (push.received.get(device.path) ?? [])
      .map((each) => opened(device, each))
      .filter((each) => each.title.startsWith('Deposit paid') && each.url.endsWith(id));

  it('asks for the deposit, books the inquiry on Stripe’s signed event and tells the owner, once', {
    timeout: 90_000,
  }, async () => {
    const { id, inquiry, quote, path } = await accepted();
    const pressed = await form(`${path}/pay`);
    expect(pressed.status).toBe(303);
    const sessionId = pressed.headers.get('location')!.split('/').at(-1)!;
    const session = stripe.sessions.get(sessionId)!;
    expect(pressed.headers.get('location')).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: quote.totals.deposit,
      currency: quote.currency.toLowerCase(),
      client_reference_id: quote.id,
      metadata: { quoteId: quote.id },
      customer_email: inquiry.email,
      success_url: `${PUBLIC_URL}${path}?payment=done`,
    });

    // A signature that does not verify: refused, nothing changed.
    const event = stripe.completed(sessionId);
    const forged = stripe.event('checkout.session.completed', JSON.parse(event.body).data.object, 'whsec_not_theirs');
    expect((await post(forged)).status).toBe(400);
    expect((await post({ ...event, body: event.body.replace(/"amount_total":\d+/, '"amount_total":1') })).status).toBe(
      400,
    );
    expect(await statusOf(id)).toBe('quoted');
    expect((await paymentsOf(id)).payments).toEqual([]);

    // The real one: Booked within 5 s, and the owner is told by e-mail and push.
    expect((await post(event)).status).toBe(200);
    await until('Booked', async () => ((await statusOf(id)) === 'booked' ? true : undefined), 5_000);
    const [mail] = await until('the owner’s e-mail', () => {
      const found = mailsAbout(id);
      return found.length ? found : undefined;
    });
    expect(mail!.subject.startsWith(`Deposit paid: ${inquiry.firstName} ${inquiry.lastName}, `)).toBe(true);
    expect(mail!.replyTo).toEqual([inquiry.email]);
    const [pushed] = await until('the owner’s push', () => {
      const found = pushesAbout(id);
      return found.length ? found : undefined;
    });
    expect(pushed!.body).toContain('Booked');
    const hook = await until('the webhook', () =>
      hooks.received.find(
        (each) =>
          (each.verified as { type?: string; data?: { id: string } } | undefined)?.data?.id === id &&
          (each.verified as { type: string }).type === 'deposit.paid',
      ),
    );
    expect((hook.verified as { data: object }).data).toMatchObject({
      quote: { id: quote.id, state: 'deposit-paid' },
      paid: quote.totals.deposit,
      balanceDue: quote.totals.total - quote.totals.deposit,
      payment: { amount: quote.totals.deposit, method: 'online' },
    });

    // The same event four more times, and another event of the same session: one payment, one notice.
    for (let i = 0; i < 4; i++) expect((await post(event)).status).toBe(200);
    expect((await post(stripe.completed(sessionId))).status).toBe(200);
    const account = await paymentsOf(id);
    expect(account.payments).toHaveLength(1);
    expect(account).toMatchObject({
      paid: quote.totals.deposit,
      balanceDue: quote.totals.total - quote.totals.deposit,
    });
    await sleep(1500);
    expect(mailsAbout(id)).toHaveLength(1);
    expect(pushesAbout(id)).toHaveLength(1);

    // The customer's page says so, with no button.
    const page = await (await fetch(`${origin}${path}`)).text();
    expect(page).toContain('Deposit paid');
    expect(page).not.toContain('Pay deposit');
  });
});
