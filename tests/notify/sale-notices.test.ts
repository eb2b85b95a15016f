import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import { hashPassword } from '../../src/server/owner/password.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { freshDataDir } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { deviceKeys, newDevice, opened, startPushService, type TestPushService } from '../support/push-service.js';
import { ownerCookie, ServerProcess } from '../support/server-process.js';
import { until } from '../support/until.js';
import { createInquiryAt } from '../support/visitor.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const OWNER = 'owner@sale.example';
const PASSWORD = 'a long owner passphrase';
const PUBLIC_URL = 'https://tacos.example';

describe('the sale’s notices', () => {
  let smtp: TestSmtp;
  let push: TestPushService;
  let hooks: WebhookReceiver;
  let server: ServerProcess;
  let origin: string;
  let owner: (method: string, path: string, body?: unknown) => Promise<Response>;
  const device = newDevice('phone');
  const remove: (() => void)[] = [];

  beforeAll(async () => {
    [smtp, push, hooks] = await Promise.all([startSmtp(), startPushService(), startWebhookReceiver()]);
    const data = freshDataDir();
    remove.push(data.remove);
    const owners = openSqliteOwnerStore(data.dir);
    await owners.createOwner(OWNER, await hashPassword(PASSWORD));
    await owners.close();
    server = new ServerProcess(await freePort(), {
      DATA_DIR: data.dir,
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'quotes@tacos.example',
      WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
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
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await Promise.all([smtp?.stop(), push?.close(), hooks?.close()]);
    push?.remove();
    for (const each of remove) each();
  });

  /** A new inquiry through the visitor's API, and a quote for it sent by the owner. */
  async function quoted() {
    const { id, inquiry } = await createInquiryAt(origin);
    const { draft } = (await (await owner('GET', `/api/owner/inquiries/${id}/quotes`)).json()) as QuotesAnswer;
    const sent = await owner('POST', `/api/owner/inquiries/${id}/quotes`, draft);
    expect(sent.status).toBe(201);
    return { id, inquiry, quote: (await sent.json()) as QuoteView };
  }

  const mailsTo = (address: string, subject: RegExp) =>
    smtp.received.filter((mail) => mail.rcptTo.includes(address) && subject.test(mail.subject));
  const pushesTitled = (title: RegExp) =>
    (push.received.get(device.path) ?? []).map((each) => opened(device, each)).filter((each) => title.test(each.title));

  /** Posts a form of the quote page from the page itself. */
  const answer = (path: string, action: string, fields: Record<string, string>) =>
    fetch(`${origin}${path}/${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields),
    });

  it('e-mails the customer the quote’s link once; their acceptance reaches the owner by e-mail, push and webhook', {
    timeout: 60_000,
  }, async () => {
    const { id, inquiry, quote } = await quoted();
    const [mail] = await until('the quote e-mail', () => {
      const found = mailsTo(inquiry.email, /quote/i);
      return found.length ? found : undefined;
    });
    expect(mail!.subject).toBe('Your quote from Lucky Lime Tacos');
    expect(mail!.text).toContain(`Hello ${inquiry.firstName},`);
    expect(mail!.text).toContain('$5,109.40');
    const link = /https:\/\/tacos\.example(\/quote\/[\w-]{43})/.exec(mail!.text)?.[1];
    expect(link).toBe(new URL(quote.url).pathname);

    const page = await fetch(`${origin}${link}`);
    expect(page.status).toBe(200);
    expect((await answer(link!, 'accept', { accept: 'yes' })).status).toBe(303);

    const [ownerMail] = await until('the owner’s e-mail', () => {
      const found = mailsTo(OWNER, /^Quote accepted/);
      return found.length ? found : undefined;
    });
    expect(ownerMail!.subject).toContain(`${inquiry.firstName} ${inquiry.lastName}`);
    expect(ownerMail!.replyTo).toEqual([inquiry.email]);
    expect(ownerMail!.text).toContain(`${PUBLIC_URL}/inbox?id=${id}`);
    const [pushed] = await until('the owner’s push', () => {
      const found = pushesTitled(/^Quote accepted/);
      return found.length ? found : undefined;
    });
    expect(pushed).toMatchObject({ url: `${PUBLIC_URL}/inbox?id=${id}` });
    expect(pushed!.body).toContain('$5,109.40');
    const hook = await until('the webhook', () =>
      hooks.received.find((each) => (each.verified as { type?: string } | undefined)?.type === 'quote.accepted'),
    );
    expect((hook.verified as { data: { id: string; quote: unknown } }).data).toMatchObject({
      id,
      quote: { id: quote.id, state: 'accepted', total: 510_940, currency: 'USD' },
    });

    // The inquiry's page lists each of these notifications by what it told of.
    const listed = (await (await owner('GET', `/api/owner/inquiries/${id}/deliveries`)).json()) as {
      deliveries: { label: string; status: string }[];
    };
    expect(listed.deliveries.map((delivery) => delivery.label)).toEqual(
      expect.arrayContaining([
        'Customer e-mail (quote sent)',
        'Owner e-mail (quote accepted)',
        'Push (quote accepted)',
      ]),
    );

    // A second acceptance changes nothing and tells no one again.
    expect((await answer(link!, 'accept', { accept: 'yes' })).status).toBe(303);
    await sleep(1500);
    expect(mailsTo(OWNER, /^Quote accepted/)).toHaveLength(1);
    expect(mailsTo(inquiry.email, /quote/i)).toHaveLength(1);
    expect(pushesTitled(/^Quote accepted/)).toHaveLength(1);
  });

  it('tells the owner of a decline with its reason', { timeout: 60_000 }, async () => {
    const { inquiry, quote } = await quoted();
    const path = new URL(quote.url).pathname;
    expect((await answer(path, 'decline', { reason: 'We found a cheaper truck' })).status).toBe(303);
    const [mail] = await until('the owner’s e-mail', () => {
      const found = mailsTo(OWNER, /^Quote declined/).filter((each) => each.replyTo.includes(inquiry.email));
      return found.length ? found : undefined;
    });
    expect(mail!.text).toContain('We found a cheaper truck');
    await until('the owner’s push', () => {
      const found = pushesTitled(/^Quote declined/);
      return found.length ? found : undefined;
    });
  });
});
