// What each notification says, rendered from the inquiry row at send time:
// the owner's e-mail, the customer's confirmation, the webhook's JSON and the
// Slack text. Plain text plus simple, escaped HTML: no remote images, no
// tracking, no scripts.
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { dayInWords, instantInWords, timeInWords } from '../../shared/date-words.js';
import { type DetailRow, inquiryDetails } from '../../shared/inquiry-details.js';
import type { FieldTable } from '../../shared/inquiry-fields.js';
import { estimateFor } from '../../shared/pricing.js';
import { keptEstimate, keptEstimateLine } from '../kept-estimate.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { type Quote, quoteState } from '../store/quote-store.js';
import { todayIn } from '../../shared/time-zone.js';
import { formatMoney } from '../../shared/money.js';
import type { SaleFigures } from '../event-plan/sale-figures.js';
import type { Payment } from '../store/payment-store.js';
import { labelIn } from '../../shared/inquiry-labels.js';
import { estimateIn, type Words, wordsFor } from '../words/words.js';

export interface MailMessage {
  from: string | { name: string; address: string };
  to: string[];
  replyTo: string | { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** `<id@domain>`: the same for every attempt until one is sent, so a retry is recognisable as the same message. */
  messageId: string;
  /** Extra headers (the owner's e-mail names its inquiry, for mail filters and tools). */
  headers?: Record<string, string>;
}

/** Where the owner opens an inquiry (decision record 031). */
export function inboxLink(publicUrl: string, inquiryId: string): string {
  return `${publicUrl}/inbox?id=${encodeURIComponent(inquiryId)}`;
}

/**
 * `<deliveryId@domain of MAIL_FROM>`, the same for every attempt, so a message
 * delivered twice (a crash between its send and its record) is one message to the
 * mail app. Once a send has been recorded, the owner's "Send again" must reach the
 * mailbox again: mail services such as Gmail silently drop a second message with
 * a Message-ID they hold already, so that one gets `<deliveryId.sentAt@domain>`
 * (`sentAt`: when the delivery was last recorded as sent, in ms).
 */
export function messageIdFor(deliveryId: string, fromAddress: string, sentAt: number | null = null): string {
  const domain = fromAddress.split('@')[1] ?? 'curbside.invalid';
  return sentAt === null ? `<${deliveryId}@${domain}>` : `<${deliveryId}.${sentAt.toString(36)}@${domain}>`;
}

/** A day as every notification writes it, in the business's language: 'Sat, Dec 12, 2026' (shared/date-words.ts). */
export const eventDay = (isoDay: string, of: BusinessContent): string => dayInWords(isoDay, of.locale);

/** A time of day as every notification writes it: '2:30 PM' in en-US, '14:30' in en-GB. */
export const eventTime = (time: string, of: BusinessContent): string => timeInWords(time, of.locale);

/** An instant on the business's clock: 'Fri, Nov 27, 2026, 5:29 AM CST'. */
export const onTheBusinessClock = (iso: string, of: BusinessContent): string =>
  instantInWords(iso, of.locale, of.timeZone);

const guests = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

/** The event's title: its name, or the operation asked for. */
const eventTitle = (inquiry: StoredInquiry) => inquiry.eventName || inquiry.operation;

const fullName = (inquiry: StoredInquiry) => `${inquiry.firstName} ${inquiry.lastName}`;

/** A row's value as the e-mail shows it; an empty optional field says so. */
function mailValue(row: DetailRow, of: BusinessContent): string {
  if (row.value === '') return '(none)';
  if (row.kind === 'date') return eventDay(row.value, of);
  if (row.kind === 'time') return eventTime(row.value, of);
  if (row.kind === 'instant') return onTheBusinessClock(row.value, of);
  return row.value;
}

/** The rows as a customer reads them in their language (record 300): labels and days in it. */
const customerRows = (rows: readonly DetailRow[], words: Words): [string, string][] =>
  rows.map((row) => [
    labelIn(row.name, row.label, words.language),
    row.kind === 'date' ? words.day(row.value) : row.kind === 'time' ? words.time(row.value) : row.value,
  ]);

/** The given rows, labelled as everywhere (the field table), each value as the e-mail shows it. */
const mailRows = (rows: readonly DetailRow[], of: BusinessContent): [string, string][] =>
  rows.map((row) => [row.label, mailValue(row, of)]);

function textTable(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return rows
    .map(([label, value]) => `${`${label}:`.padEnd(width)} ${value.replace(/\n/g, `\n${' '.repeat(width + 1)}`)}`)
    .join('\n');
}

function htmlTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table cellpadding="0" cellspacing="0">${cells}</table>`;
}

const htmlPage = (body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.4">${body}</body></html>`;

/** The subject of the owner's e-mail: what, when, how many. */
export function ownerSubject(inquiry: StoredInquiry, of: BusinessContent): string {
  return `New inquiry: ${eventTitle(inquiry)}, ${eventDay(inquiry.eventDate, of)}, ${guests(inquiry.plannedGuestCount)}`;
}

export function ownerEmail(options: {
  inquiry: StoredInquiry;
  to: string[];
  from: string;
  messageId: string;
  publicUrl: string;
  /** The field table (a test passes a copy with a field added). */
  fields?: FieldTable;
  /** "Mark as contacted" and "Decline" (record 182). */
  actions?: readonly NoticeAction[];
  /** The live content (record 251). */
  content: BusinessContent;
}): MailMessage {
  const { inquiry, content } = options;
  const actions = options.actions ?? [];
  const link = inboxLink(options.publicUrl, inquiry.id);
  // Every field, in the table's order, source excluded (always the website).
  const rows = mailRows(
    inquiryDetails(inquiry, options.fields).filter((row) => row.name !== 'source'),
    content,
  );
  const intro = `${fullName(inquiry)} sent an inquiry. Reply to this e-mail to answer them.`;
  // The estimate the customer was told, so the owner's quote can match it (record 204).
  const estimate = keptEstimateLine(inquiry, content);
  return {
    from: options.from,
    to: options.to,
    replyTo: { name: fullName(inquiry), address: inquiry.email },
    subject: ownerSubject(inquiry, content),
    messageId: options.messageId,
    headers: { 'X-Curbside-Inquiry': inquiry.id },
    text: `${intro}\n\n${textTable(rows)}\n\n${estimate ? `${estimate}\n\n` : ''}Open it in the inbox: ${link}\n${actionText(actions)}`,
    html: htmlPage(
      `<p>${escapeHtml(intro)}</p>${htmlTable(rows)}${estimate ? `<p><strong>${escapeHtml(estimate)}</strong></p>` : ''}<p><a href="${escapeHtml(link)}">Open it in the inbox</a></p>${actionHtml(actions)}`,
    ),
  };
}

/** The business's name on a bare MAIL_FROM, so the customer sees who wrote. */
function fromTheBusiness(from: string, address: string, name: string): MailMessage['from'] {
  return from.includes('<') ? from : { name, address };
}

/** What a confirmation repeats: structured facts only, checked by the form's rules (see below). */
const CONFIRMED_FIELDS = new Set(['eventDate', 'startTime', 'endTime', 'plannedGuestCount', 'operation', 'package']);

/**
 * The customer's confirmation. It goes to an address nobody has verified, so it holds
 * only structured facts (date, times, guests, operation, package: checked by the form's
 * rules) and the business's own words; never the visitor's free text (notes, event name,
 * company, address), or anyone could make the site mail strangers their text and links
 * from the business's domain. The greeting names nobody, for the same reason.
 */
export function confirmationEmail(options: {
  inquiry: StoredInquiry;
  from: string;
  fromAddress: string;
  messageId: string;
  /** The live content (record 251). */
  content: BusinessContent;
}): MailMessage {
  const { inquiry, content } = options;
  // In the language of the page it was sent from (record 300).
  const words = wordsFor(inquiry.language, content);
  const { say, content: shown } = words;
  const { contact } = shown;
  const asked = customerRows(
    inquiryDetails(inquiry).filter((row) => CONFIRMED_FIELDS.has(row.name) && row.value !== ''),
    words,
  );
  // Nothing the visitor typed: not even a first name (it could be a stranger's address line).
  const greeting = say.confirmationGreeting;
  const thanks = say.confirmationThanks({ business: shown.name });
  const next = say.confirmationNext;
  const reach = say.confirmationReach({ email: contact.email, phone: contact.phone, hours: contact.hours });
  const signature = shown.name;
  // From the content's prices and the checked fields only: the address picks a travel area, never echoed (record 141).
  // The one kept at the create when there is one (record 204): the page after send said the same.
  const kept = keptEstimate(inquiry) ?? estimateFor(content, inquiry);
  const told = kept && estimateIn(kept, words);
  const estimate = told ? [told.estimate, told.estimateNote] : [];
  return {
    from: fromTheBusiness(options.from, options.fromAddress, content.name),
    to: [inquiry.email],
    replyTo: { name: content.name, address: contact.email },
    subject: say.confirmationSubject({ business: shown.name }),
    messageId: options.messageId,
    text: `${greeting}\n\n${thanks}\n\n${textTable(asked)}\n\n${estimate.map((line) => `${line}\n`).join('')}${estimate.length ? '\n' : ''}${next}\n\n${reach}\n\n${signature}\n`,
    html: htmlPage(
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p>${htmlTable(asked)}${told ? `<p><strong>${escapeHtml(told.estimate)}</strong><br>${escapeHtml(told.estimateNote)}</p>` : ''}<p>${escapeHtml(next)}</p><p>${escapeHtml(reach)}</p><p>${escapeHtml(signature)}</p>`,
      words.language,
    ),
  };
}

/** The webhook's JSON: a Standard Webhooks payload with the inquiry document and its id. */
export function webhookPayload(inquiry: StoredInquiry, publicUrl: string): string {
  const { uid: _uid, spamReason: _spamReason, estimate: _estimate, ...document } = inquiry;
  return JSON.stringify({
    type: 'inquiry.created',
    timestamp: inquiry.createdAt,
    data: { ...document, id: inquiry.id, inboxUrl: inboxLink(publicUrl, inquiry.id) },
  });
}

/**
 * The webhook's JSON for an event of the sale: the inquiry as at its creation, the quote's
 * state and total, what the inquiry has paid and the balance left of that quote's total,
 * and for a deposit paid, the payment that reached it.
 */
export function saleWebhookPayload(options: {
  inquiry: StoredInquiry;
  quote: Quote;
  event: string;
  /** The inquiry's figures (sale-figures.ts): what it has paid and what is left. */
  figures: Pick<SaleFigures, 'paid' | 'balanceDue'>;
  payment?: Payment | undefined;
  at: string;
  publicUrl: string;
  /** The live content (record 251): the business's day for the quote's state. */
  content: BusinessContent;
}): string {
  const { uid: _uid, spamReason: _spamReason, estimate: _estimate, ...document } = options.inquiry;
  const { quote, payment } = options;
  return JSON.stringify({
    type: options.event.replace('-', '.'),
    timestamp: options.at,
    data: {
      ...document,
      id: options.inquiry.id,
      inboxUrl: inboxLink(options.publicUrl, options.inquiry.id),
      quote: {
        id: quote.id,
        version: quote.version,
        state: quoteState(quote, todayIn(options.content.timeZone)),
        currency: quote.currency,
        total: quote.totals.total,
        deposit: quote.totals.deposit,
        validUntil: quote.validUntil,
      },
      // Minor units of the quote's currency, as its total.
      paid: options.figures.paid,
      balanceDue: options.figures.balanceDue ?? quote.totals.total - options.figures.paid,
      ...(payment
        ? { payment: { id: payment.id, amount: payment.amount, currency: payment.currency, method: payment.method } }
        : {}),
    },
  });
}

/** What the owner's push says of a lead: its day, guests and what was asked for. */
export const leadSummary = (inquiry: StoredInquiry, of: BusinessContent) =>
  [eventDay(inquiry.eventDate, of), guests(inquiry.plannedGuestCount), inquiry.package || inquiry.operation]
    .filter(Boolean)
    .join(' · ');

/**
 * What a push shows on the owner's phone (the service worker reads it), where a tap
 * goes, and its action links (the worker shows them as buttons where it can).
 */
export function pushPayload(
  inquiry: StoredInquiry,
  publicUrl: string,
  of: BusinessContent,
  actions: readonly NoticeAction[] = [],
): string {
  return JSON.stringify({
    title: `New inquiry: ${fullName(inquiry)}`,
    body: leadSummary(inquiry, of),
    url: inboxLink(publicUrl, inquiry.id),
    tag: inquiry.id,
    ...(actions.length ? { actions } : {}),
  });
}

/** Slack's own escaping (its mrkdwn): only these three; quotes would show as entities. */
const slackEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack incoming webhooks take `{ text }` (mrkdwn, with &, < and > escaped). */
const QUOTE_EVENT_WORDS: Record<string, string> = {
  'quote-sent': 'Quote sent to',
  'quote-accepted': 'Quote accepted by',
  'quote-declined': 'Quote declined by',
  'deposit-paid': 'Deposit paid by',
};

export function slackPayload(
  inquiry: StoredInquiry,
  publicUrl: string,
  content: BusinessContent,
  about?: { event: string; quote: Quote },
): string {
  const link = inboxLink(publicUrl, inquiry.id);
  if (about) {
    const total = formatMoney(about.quote.totals.total, about.quote.currency, content.locale);
    const what = QUOTE_EVENT_WORDS[about.event] ?? about.event;
    return JSON.stringify({
      text: `${what} ${slackEscape(fullName(inquiry))}: ${total}, ${eventDay(inquiry.eventDate, content)}. <${link}|Open it in the inbox>`,
    });
  }
  const text =
    `New inquiry from ${slackEscape(fullName(inquiry))}: ${slackEscape(eventTitle(inquiry))}, ` +
    `${eventDay(inquiry.eventDate, content)} ${eventTime(inquiry.startTime, content)}–${eventTime(inquiry.endTime, content)}, ${guests(inquiry.plannedGuestCount)}, ` +
    `${slackEscape(inquiry.operation)}${inquiry.package ? ` (${slackEscape(inquiry.package)})` : ''}. <${link}|Open it in the inbox>`;
  return JSON.stringify({ text });
}

export function isSlackWebhook(url: string): boolean {
  return new URL(url).hostname === 'hooks.slack.com';
}

/** A test e-mail from the settings view: proves the SMTP settings work. */
export function testEmail(options: {
  to: string;
  from: string;
  messageId: string;
  publicUrl: string;
  content: BusinessContent;
}): MailMessage {
  const { content } = options;
  const text = `This is a test e-mail from ${content.name}'s website (${options.publicUrl}). If you can read it, e-mail notifications work.`;
  return {
    from: options.from,
    to: [options.to],
    replyTo: options.from,
    subject: `Test e-mail from ${content.name}'s website`,
    messageId: options.messageId,
    text: `${text}\n`,
    html: htmlPage(`<p>${escapeHtml(text)}</p>`),
  };
}

/** What an event of the sale tells the owner or the customer (notices.ts words each). */
export interface Notice {
  /** The e-mail's subject; the push's title. */
  subject: string;
  /** What happened, a sentence a line; the push shows the first. */
  lines: string[];
  /** Where it leads: the inquiry in the inbox (owner), the quote (customer). */
  url: string;
  linkText: string;
  /** A lead nobody answered (record 180): its push replaces the first one's and alerts again until it is seen. */
  urgent?: boolean;
  /** A New lead the owner can answer from the notification itself (record 182). */
  answerable?: boolean;
}

/** A notification's action link: the service worker's action name, its title, and the link. */
export interface NoticeAction {
  action: string;
  title: string;
  url: string;
}

/** The e-mail's lines of a lead's action links. */
const actionText = (actions: readonly NoticeAction[]) =>
  actions.length
    ? `\nAnswer from here (each link works once, for a week):\n${actions.map((each) => `${each.title}: ${each.url}`).join('\n')}\n`
    : '';
const actionHtml = (actions: readonly NoticeAction[]) =>
  actions.length
    ? `<p>Answer from here (each link works once, for a week): ${actions.map((each) => `<a href="${escapeHtml(each.url)}">${escapeHtml(each.title)}</a>`).join(' · ')}</p>`
    : '';

/** The owner's e-mail about an event of the sale (notices.ts), Reply-To the customer. */
export function ownerNoticeEmail(options: {
  notice: Notice;
  inquiry: StoredInquiry;
  to: string[];
  from: string;
  messageId: string;
}): MailMessage {
  const { notice, inquiry } = options;
  return {
    from: options.from,
    to: options.to,
    replyTo: { name: fullName(inquiry), address: inquiry.email },
    subject: notice.subject,
    messageId: options.messageId,
    headers: { 'X-Curbside-Inquiry': inquiry.id },
    text: `${notice.lines.join('\n')}\n\n${notice.linkText}: ${notice.url}\n`,
    html: htmlPage(
      `${notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(notice.url)}">${escapeHtml(notice.linkText)}</a></p>`,
    ),
  };
}

/**
 * The customer's e-mail about their sale (their quote, later reminders), in the
 * business's name. Sent because the owner acted (sent a quote) or the customer did, so
 * it greets them by name; it says only what the business wrote.
 */
export function customerNoticeEmail(options: {
  notice: Notice;
  /** Who it goes to: an inquiry, or an order's customer (record 320). */
  inquiry: Pick<StoredInquiry, 'firstName' | 'email'> & Partial<Pick<StoredInquiry, 'language'>>;
  from: string;
  fromAddress: string;
  messageId: string;
  /** The live content (record 251). */
  content: BusinessContent;
}): MailMessage {
  const { notice, inquiry, content } = options;
  const { contact } = content;
  const { say, language } = wordsFor(inquiry.language, content);
  const greeting = say.noticeGreeting({ firstName: inquiry.firstName });
  const reach = say.noticeReach({ phone: contact.phone });
  return {
    from: fromTheBusiness(options.from, options.fromAddress, content.name),
    to: [inquiry.email],
    replyTo: { name: content.name, address: contact.email },
    subject: notice.subject,
    messageId: options.messageId,
    text: `${greeting}\n\n${notice.lines.join('\n')}\n\n${notice.linkText}: ${notice.url}\n\n${reach}\n\n${content.name}\n`,
    html: htmlPage(
      `<p>${escapeHtml(greeting)}</p>${notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(notice.url)}">${escapeHtml(notice.linkText)}</a></p><p>${escapeHtml(reach)}</p><p>${escapeHtml(content.name)}</p>`,
      language,
    ),
  };
}

/**
 * A push about an event of the sale: its subject, its first line, and the inquiry. An
 * urgent one takes the lead's first push's place (its tag) and alerts again.
 */
export function noticePushPayload(
  notice: Notice,
  inquiry: Pick<StoredInquiry, 'id'>,
  topic: string,
  actions: readonly NoticeAction[] = [],
): string {
  return JSON.stringify({
    title: notice.subject,
    body: notice.lines[0] ?? '',
    url: notice.url,
    tag: notice.urgent ? inquiry.id : `${inquiry.id}:${topic}`,
    ...(notice.urgent ? { urgent: true } : {}),
    ...(actions.length ? { actions } : {}),
  });
}
