// The customer's receipts in writing (issue 35 item 2, record 203): after acceptance, what
// they accepted (the lines, total, deposit, terms and when) and how to pay; after each
// payment, its amount and method, what is left and whether the date is held. Each carries
// the acceptance's digest, as the quote page and the event sheet show it. Rendered at send
// time from the records the topic names; days and times as the business writes them.
import { lineAmount } from '../../shared/pricing.js';
import { acceptedTerms } from '../event-plan/sale-figures.js';
import { shortDigest } from '../quotes/acceptance-digest.js';
import { PAYMENT_RECEIVED_EVENT } from '../store/payment-store.js';
import { QUOTE_EVENTS } from '../store/quote-store.js';
import { topicRef } from '../store/outbox-store.js';
import type { NoticeOf } from './notice-context.js';
import { type Words, wordsFor } from '../words/words.js';

const digestLine = (words: Words, digest: string) => words.say.digestLine({ digest: shortDigest(digest) });

// Each in the language the customer wrote in (record 300).
export const RECEIPT_NOTICES: Record<string, NoticeOf> = {
  async [QUOTE_EVENTS.accepted](context) {
    const quote = await context.sale?.quote(topicRef(context.topic));
    const terms = quote && acceptedTerms([quote], context.inquiry);
    if (!context.sale || !terms?.quote.accepted) return undefined;
    const words = wordsFor(context.inquiry.language, context.content);
    const { say, longDay, moment, content: shown } = words;
    const { currency } = terms.quote;
    const money = (amount: number) => words.money(amount, currency);
    const day = longDay(context.inquiry.eventDate);
    return {
      subject: say.acceptedSubject({ business: shown.name, day }),
      lines: [
        say.acceptedThanks({ version: terms.quote.version, day, at: moment(terms.quote.accepted.at) }),
        say.whatAccepted,
        ...terms.lines.map((line) =>
          say.acceptedLine({
            description: line.description,
            quantity: line.quantity,
            unit: money(line.unitPrice),
            amount: money(lineAmount(line)),
          }),
        ),
        say.acceptedTotals({ total: money(terms.totals.total), deposit: money(terms.totals.deposit) }),
        say.acceptedTerms({ terms: terms.quote.terms.replace(/\s*\n\s*/g, ' ') }),
        say.howToPay({ offline: shown.sale.payOffline }),
        digestLine(words, terms.quote.accepted.hash),
      ],
      url: context.sale.quoteUrl(terms.quote.id),
      linkText: say.seeAndPay,
    };
  },
  async [PAYMENT_RECEIVED_EVENT](context) {
    const { sale, inquiry } = context;
    const payment = await sale?.payment(topicRef(context.topic));
    if (!sale || !payment || payment.voided) return undefined;
    const figures = await sale.figures(inquiry);
    const accepted = figures.terms?.quote.accepted;
    const words = wordsFor(inquiry.language, context.content);
    const { say, longDay, content: shown } = words;
    const money = (amount: number) => words.money(amount, payment.currency);
    const method = payment.provider ? say.paidOnline : say.methods[payment.method];
    const day = longDay(inquiry.eventDate);
    const held =
      figures.deposit !== null && figures.paid >= figures.deposit
        ? say.dateHeld({ day })
        : say.dateHeldOnce({ day, deposit: money(figures.deposit ?? 0) });
    return {
      subject: say.receiptSubject({ amount: money(payment.amount), business: shown.name }),
      lines: [
        say.receiptReceived({ amount: money(payment.amount), method, at: words.moment(payment.recordedAt) }),
        ...(figures.total === null || figures.balanceDue === null
          ? []
          : [
              say.receiptFigures({
                total: money(figures.total),
                paid: money(figures.paid),
                left: money(Math.max(0, figures.balanceDue)),
              }),
            ]),
        held,
        ...(accepted ? [digestLine(words, accepted.hash)] : []),
      ],
      url: figures.terms ? sale.quoteUrl(figures.terms.quote.id) : shown.siteUrl,
      linkText: say.seeQuote,
    };
  },
};
