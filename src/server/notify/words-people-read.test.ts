// Issue 35 item 7: every e-mail, push and Slack text a person reads writes its dates and
// times as the business does (shared/date-words.ts: the content's locale and time zone),
// never an ISO day ('2027-02-20') or a UTC timestamp ('2026-11-27T11:29:47.794Z'). Each
// template is rendered from a real sale in the store (a booked event with a deposit and
// a final count, an open quote, a declined one, a new lead), and so are the customer's
// quote pages; links (URLs), headers and the webhook's JSON are for machines and keep ISO.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { fixedContentPort } from '../site/content-port.js';
import { bookedEvent, postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { call, cookieOf, type OwnerApp, startOwnerApp } from '../../../tests/support/owner-app.js';
import { dayInWords, instantInWords } from '../../shared/date-words.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';
import { eventServices } from '../event-plan/event-services.js';
import { paymentsRead } from '../event-plan/payments.js';
import { saleFiguresOf } from '../event-plan/sale-figures.js';
import { acceptanceKey } from '../quotes/acceptance-digest.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { changesRef, quarterOf } from '../store/event-plan-store.js';
import { topicOf } from '../store/outbox-store.js';
import type { SaleServices } from './channels/channel.js';
import {
  confirmationEmail,
  customerNoticeEmail,
  type MailMessage,
  noticePushPayload,
  ownerEmail,
  ownerNoticeEmail,
  pushPayload,
  slackPayload,
  testEmail,
} from './messages.js';
import { CUSTOMER_NOTICES, type NoticeContext, noticeFor, OWNER_NOTICES, OWNER_PUSH_NOTICES } from './notices.js';

const PUBLIC_URL = 'https://tacos.example';
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;
const UTC_TIME = /\d{2}:\d{2}(:\d{2})?(\.\d+)?Z|T\d{2}:\d{2}/;

/** What a person reads of a text: links (machine parts) left out. */
const readable = (text: string) => text.replace(/https?:\/\/\S+/g, '');
/** What a person reads of an e-mail's HTML: its text, without tags and their attributes (the links). */
const htmlText = (html: string) => readable(html.replace(/<[^>]*>/g, ' '));

function expectWords(where: string, text: string): void {
  expect(ISO_DAY.exec(text)?.[0], `${where}: an ISO day in "${text}"`).toBeUndefined();
  expect(UTC_TIME.exec(text)?.[0], `${where}: a UTC time in "${text}"`).toBeUndefined();
}

function expectMailWords(where: string, mail: MailMessage): void {
  expectWords(`${where} subject`, mail.subject);
  expectWords(`${where} text`, readable(mail.text));
  expectWords(`${where} html`, htmlText(mail.html));
}

function expectPushWords(where: string, payload: string): void {
  const push = JSON.parse(payload) as { title: string; body: string; actions?: { title: string }[] };
  for (const text of [push.title, push.body, ...(push.actions ?? []).map((action) => action.title)]) {
    expectWords(`${where} push`, text);
  }
}

/** The sale's records as the notifier reads them (app.ts's SaleServices over the same stores). */
function saleOf(t: OwnerApp, today: number): SaleServices {
  const { owners } = t;
  return {
    quote: (id) => owners.quotes.get(id),
    quoteUrl: (id) => `${PUBLIC_URL}/quote/${id}`,
    async progress(inquiryId) {
      const found = await owners.inbox.getInquiry(inquiryId);
      if (!found) return undefined;
      const answered = found.history.some((entry) => entry.kind !== 'received' && entry.by !== null);
      return { status: found.inquiry.status, answered };
    },
    actionLinks: async () => [{ action: 'contacted', title: 'Mark as contacted', url: `${PUBLIC_URL}/a/1` }],
    payment: (id) => owners.payments.get(id),
    figures: (inquiry) => saleFiguresOf(owners, inquiry, content),
    event: eventServices(
      owners,
      paymentsRead(owners.payments),
      PUBLIC_URL,
      () => today,
      acceptanceKey(t.config.sessionSecret),
      fixedContentPort(content),
    ),
  };
}

/** An inquiry with a quote sent (and its page's path). */
async function quoted(t: OwnerApp, cookie: string) {
  const inquiry = buildNewInquiry();
  await t.inquiries.create(inquiry);
  const { draft } = (
    await call(t.app, 'GET', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie })
  ).json() as QuotesAnswer;
  const sent = await call(t.app, 'POST', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie, body: draft });
  expect(sent.statusCode, sent.body).toBe(201);
  const quote = sent.json() as QuoteView;
  return { id: inquiry.id, quote, path: new URL(quote.url).pathname };
}

describe('the words people read in notifications', () => {
  it('write every day and time as the business does, in every e-mail, push and Slack text', async () => {
    const t = await startOwnerApp({ PUBLIC_URL });
    const cookie = await cookieOf(t.app);

    // A booked event: accepted, a deposit taken, a final count from the customer.
    const booked = await bookedEvent(t, cookie, { eventName: 'Spring fair' });
    const deposit = await call(t.app, 'POST', `/api/owner/inquiries/${booked.id}/payments`, {
      cookie,
      body: { id: crypto.randomUUID(), amount: booked.quote.totals.deposit, method: 'cash', note: '' },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect((await postForm(t, `${booked.path}/final-count`, { guests: '130' })).statusCode).toBe(303);
    const [count] = await t.owners.eventPlans.finalCounts(booked.id);
    // An open quote, a declined one, and a lead nobody answered.
    const open = await quoted(t, cookie);
    const declined = await quoted(t, cookie);
    expect((await postForm(t, `${declined.path}/decline`, { reason: 'Too far' })).statusCode).toBe(303);
    const lead = buildNewInquiry();
    await t.inquiries.create(lead);
    // Accepted, its deposit not paid: its hold may end (record 281).
    const held = await quoted(t, cookie);
    expect((await postForm(t, `${held.path}/accept`, { accept: 'yes' })).statusCode).toBe(303);

    // Ten days before the event: the final count can still be given.
    const eventDate = booked.inquiry.document.eventDate;
    const sale = saleOf(t, Date.parse(`${eventDate}T17:00:00Z`) - 10 * 86_400_000);
    const stored = new Map((await t.inquiries.list()).map((inquiry) => [inquiry.id, inquiry]));
    const candidates: { inquiry: StoredInquiry; refs: string[] }[] = [
      {
        inquiry: stored.get(booked.id)!,
        // The count's own id, and its quarter hour's (the merged notice of record 190).
        refs: [booked.quote.id, deposit.json().id, count!.id, changesRef(booked.id, quarterOf(Date.parse(count!.at)))],
      },
      { inquiry: stored.get(open.id)!, refs: [open.quote.id] },
      { inquiry: stored.get(declined.id)!, refs: [declined.quote.id] },
      { inquiry: stored.get(lead.id)!, refs: [lead.id] },
      { inquiry: stored.get(held.id)!, refs: [held.quote.id] },
    ];

    /** Each notice rendered for every record it can tell of; each must tell of at least one. */
    async function eachNotice(notices: typeof OWNER_NOTICES, render: (context: NoticeContext) => Promise<boolean>) {
      for (const event of Object.keys(notices)) {
        let rendered = 0;
        for (const { inquiry, refs } of candidates) {
          for (const ref of refs) {
            const context = { inquiry, topic: topicOf(event, ref), sale, publicUrl: PUBLIC_URL, content };
            if (await render(context)) rendered++;
          }
        }
        expect(rendered, `the notice "${event}" rendered from the sale`).toBeGreaterThan(0);
      }
    }
    const mail = {
      to: ['owner@tacos.example'],
      from: 'inquiries@tacos.example',
      messageId: '<1@tacos.example>',
      content,
    };
    await eachNotice(OWNER_NOTICES, async (context) => {
      const notice = await noticeFor(OWNER_NOTICES, context);
      if (!notice) return false;
      expectMailWords(context.topic, ownerNoticeEmail({ notice, inquiry: context.inquiry, ...mail }));
      expectPushWords(context.topic, noticePushPayload(notice, context.inquiry, context.topic));
      return true;
    });
    await eachNotice(OWNER_PUSH_NOTICES, async (context) => {
      const notice = await noticeFor(OWNER_PUSH_NOTICES, context);
      if (!notice) return false;
      expectPushWords(context.topic, noticePushPayload(notice, context.inquiry, context.topic));
      return true;
    });
    await eachNotice(CUSTOMER_NOTICES, async (context) => {
      const notice = await noticeFor(CUSTOMER_NOTICES, context);
      if (!notice) return false;
      const fromAddress = 'inquiries@tacos.example';
      expectMailWords(context.topic, customerNoticeEmail({ notice, inquiry: context.inquiry, ...mail, fromAddress }));
      return true;
    });

    // A new inquiry's own messages: the owner's e-mail (with when it came in), the confirmation, the push, Slack.
    const inquiry = stored.get(booked.id)!;
    const owners = ownerEmail({
      inquiry,
      ...mail,
      publicUrl: PUBLIC_URL,
      actions: await sale.actionLinks('', { emails: [] }),
    });
    expectMailWords('owner e-mail', owners);
    expect(owners.text).toContain(instantInWords(inquiry.createdAt, content.locale, content.timeZone));
    expect(owners.subject).toContain(dayInWords(eventDate, content.locale));
    const confirmation = confirmationEmail({ inquiry, ...mail, fromAddress: 'inquiries@tacos.example' });
    expectMailWords('confirmation', confirmation);
    expect(confirmation.text).toContain(dayInWords(eventDate, content.locale));
    expectMailWords('test e-mail', testEmail({ ...mail, to: 'owner@tacos.example', publicUrl: PUBLIC_URL }));
    expectPushWords('new lead', pushPayload(inquiry, PUBLIC_URL, content));
    const slackText = (payload: string) => (JSON.parse(payload) as { text: string }).text.replace(/<[^|>]*\|/g, '<');
    expectWords('slack', slackText(slackPayload(inquiry, PUBLIC_URL, content)));
    // The customer's quote pages (accepted and booked with a final count, open, declined) read the same way.
    for (const { id, path } of [booked, open, declined]) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      const text = htmlText(page.body.replace(/<(style|script)[\s\S]*?<\/\1>/g, ''));
      expectWords(`quote page ${path}`, text);
      expect(text).toContain(dayInWords(stored.get(id)!.eventDate, content.locale, 'long'));
    }
    const quote = (await t.owners.quotes.get(booked.quote.id))!;
    expectWords(
      'slack, sale',
      slackText(slackPayload(inquiry, PUBLIC_URL, content, { event: 'quote-accepted', quote })),
    );
  }, 60_000);
});
