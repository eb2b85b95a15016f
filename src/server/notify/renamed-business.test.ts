// A publish that renames the business reaches what the customer reads (record 251, issue 37
// item 2, issue 36 item 4), on both engines: the confirmation e-mail, through the real
// app's outbox and a real SMTP server, and the quote page say the new name, not the
// content file's.
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import type { BusinessContent } from '../../../content/schema.js';
import { buildInquiryBody } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp.js';
import { putInquiry, signIn } from '../../../tests/support/test-app.js';
import { until } from '../../../tests/support/until.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';

const NEW_NAME = 'Golden Fig Kitchen';
const renamed = (): BusinessContent => ({ ...structuredClone(content), name: NEW_NAME });

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

describe.each(['sqlite', 'postgres'] as const)('a publish that renames the business (%s)', (engine) => {
  it('reaches the customer’s confirmation e-mail and the quote page', { timeout: 60_000 }, async () => {
    expect(content.name).not.toBe(NEW_NAME);
    smtp = await startSmtp();
    const mail = smtp;
    const t = await startOwnerApp({
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      SMTP_URL: mail.url,
      PUBLIC_URL: 'https://tacos.example',
      MAIL_FROM: 'hello@tacos.example',
    });
    await t.app.notifier.start();
    const cookie = await cookieOf(t.app);
    await call(t.app, 'PUT', '/api/owner/site/draft', { cookie, body: { baseVersion: 1, content: renamed() } });
    const publish = await call(t.app, 'POST', '/api/owner/site/publish', { cookie, body: { baseVersion: 1 } });
    expect(publish.json()).toEqual({ version: 2 });

    const id = crypto.randomUUID();
    const body = buildInquiryBody();
    expect((await putInquiry(t.app, id, body, { token: await signIn(t.app) })).statusCode).toBe(201);
    const confirmation = await until('the confirmation', () =>
      mail.received.find((each) => each.to.includes(body.email)),
    );
    expect(confirmation.subject).toContain(NEW_NAME);
    expect(confirmation.parsed.from?.value[0]?.name).toBe(NEW_NAME);
    expect(confirmation.text).toContain(NEW_NAME);
    expect(`${confirmation.subject}${confirmation.text}${confirmation.html}`).not.toContain(content.name);

    const { draft } = (
      await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`, { cookie })
    ).json() as QuotesAnswer;
    const sent = await call(t.app, 'POST', `/api/owner/inquiries/${id}/quotes`, { cookie, body: draft });
    expect(sent.statusCode, sent.body).toBe(201);
    const page = await t.app.inject({ url: new URL((sent.json() as QuoteView).url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<header><p>${NEW_NAME}</p></header>`);
    expect(page.body).not.toContain(content.name);
  });
});
