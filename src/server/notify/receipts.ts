// The customer's receipts in writing (issue 35 item 2, record 203): after acceptance, what
// they accepted (the lines, total, deposit, terms and when) and how to pay; after each
// payment, its amount and method, what is left and whether the date is held. Each carries
// the acceptance's digest, as the quote page and the event sheet show it. Rendered at send
// time from the records the topic names; days and times as the business writes them.
import { content } from '../../../content/index.js';
import { formatMoney } from '../../shared/money.js';
import { lineAmount } from '../../shared/pricing.js';
import { acceptedTerms } from '../event-plan/sale-figures.js';
import { shortDigest } from '../quotes/acceptance-digest.js';
import { longDay } from '../quotes/quote-page.js';
import { PAYMENT_RECEIVED_EVENT } from '../store/payment-store.js';
import { QUOTE_EVENTS } from '../store/quote-store.js';
import { topicRef } from '../store/outbox-store.js';
import { METHOD_LABELS } from '../../shared/payment-views.js';
import type { NoticeOf } from './notice-context.js';

const money = (amount: number, currency: string) => formatMoney(amount, currency, content.locale);

/** An instant as the business's language and zone write it: 'February 20, 2027 at 10:00 AM'. */
const momentOf = (instant: string) =>
  new Intl.DateTimeFormat(content.locale, { timeZone: content.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(instant),
  );

const digestLine = (digest: string) =>
  `Acceptance digest: ${shortDigest(digest)}. Your quote's page and our records show the same; if they ever differ, tell us.`;

export const RECEIPT_NOTICES: Record<string, NoticeOf> = {
  async [QUOTE_EVENTS.accepted](context) {
    const quote = await context.sale?.quote(topicRef(context.topic));
    const terms = quote && acceptedTerms([quote], context.inquiry);
    if (!context.sale || !terms?.quote.accepted) return undefined;
    const { currency } = terms.quote;
    return {
      subject: `You accepted our quote: ${content.name}, ${longDay(context.inquiry.eventDate)}`,
      lines: [
        `Thank you! You accepted version ${terms.quote.version} of our quote for your event on ${longDay(context.inquiry.eventDate)}, on ${momentOf(terms.quote.accepted.at)}.`,
        'What you accepted:',
        ...terms.lines.map(
          (line) =>
            `${line.description}: ${line.quantity} × ${money(line.unitPrice, currency)} = ${money(lineAmount(line), currency)}`,
        ),
        `Total: ${money(terms.totals.total, currency)}. Deposit to hold your date: ${money(terms.totals.deposit, currency)}.`,
        `Terms: ${terms.quote.terms.replace(/\s*\n\s*/g, ' ')}`,
        `How to pay the deposit: from your quote's page (the link below), or ${content.sale.payOffline}`,
        digestLine(terms.quote.accepted.hash),
      ],
      url: context.sale.quoteUrl(terms.quote.id),
      linkText: 'See your quote and pay the deposit',
    };
  },
  async [PAYMENT_RECEIVED_EVENT](context) {
    const { sale, inquiry } = context;
    const payment = await sale?.payment(topicRef(context.topic));
    if (!sale || !payment || payment.voided) return undefined;
    const figures = await sale.figures(inquiry);
    const accepted = figures.terms?.quote.accepted;
    const method = payment.provider ? 'online' : METHOD_LABELS[payment.method];
    const held =
      figures.deposit !== null && figures.paid >= figures.deposit
        ? `Your date, ${longDay(inquiry.eventDate)}, is held for you.`
        : `Your date, ${longDay(inquiry.eventDate)}, is held once the deposit of ${money(figures.deposit ?? 0, payment.currency)} is paid.`;
    return {
      subject: `Receipt: ${money(payment.amount, payment.currency)} received by ${content.name}`,
      lines: [
        `We received your payment of ${money(payment.amount, payment.currency)} (${method}) on ${momentOf(payment.recordedAt)}. Thank you!`,
        ...(figures.total === null || figures.balanceDue === null
          ? []
          : [
              `Total: ${money(figures.total, payment.currency)}. Paid so far: ${money(figures.paid, payment.currency)}. Left to pay: ${money(Math.max(0, figures.balanceDue), payment.currency)}.`,
            ]),
        held,
        ...(accepted ? [digestLine(accepted.hash)] : []),
      ],
      url: figures.terms ? sale.quoteUrl(figures.terms.quote.id) : content.siteUrl,
      linkText: 'See your quote',
    };
  },
};
