// What the owner and the customer are told of each event of the sale (record 142):
// one notice per event, rendered at send time from the records it names, and worded
// once for every channel (the owner's e-mail and push, the customer's e-mail). A new
// event is one entry in OWNER_NOTICES or CUSTOMER_NOTICES; the channels plan them.
import type { BusinessContent } from '../../../content/schema.js';
import { holdDaysOf } from '../../shared/availability.js';
import { formatMoney } from '../../shared/money.js';
import { METHOD_LABELS } from '../../shared/payment-views.js';
import { todayIn } from '../../shared/time-zone.js';
import { FOLLOW_UP_EVENTS } from '../reminders/follow-up-events.js';
import { HOLD_ENDED_EVENT } from '../reminders/hold-ended.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { DAY_FULL_EVENT } from '../store/day-claim.js';
import { type Topic, topicEvent, topicRef } from '../store/outbox-store.js';
import { DEPOSIT_PAID_EVENT, PAYMENT_RECEIVED_EVENT, REFUND_CLAMPED_EVENT } from '../store/payment-store.js';
import { isClosed, isOpen, quoteState } from '../sale/index.js';
import { INSTANT_BOOKED_EVENT, INSTANT_SENDER, QUOTE_EVENTS } from '../store/quote-store.js';
import { EVENT_PLAN_CUSTOMER_NOTICES, EVENT_PLAN_LABELS, EVENT_PLAN_OWNER_NOTICES } from './event-notices.js';
import { eventDay, inboxLink, leadSummary, type Notice, onTheBusinessClock } from './messages.js';
import type { NoticeContext, NoticeOf } from './notice-context.js';
import { RECEIPT_NOTICES } from './receipts.js';
import { wordsFor } from '../words/words.js';

export type { NoticeContext } from './notice-context.js';

const fullName = (inquiry: StoredInquiry) => `${inquiry.firstName} ${inquiry.lastName}`;
const money = (of: BusinessContent, amount: number, currency: string) => formatMoney(amount, currency, of.locale);

/** The quote a topic names, if it is still there. */
const quoteOf = async ({ sale, topic }: NoticeContext) => sale?.quote(topicRef(topic));

/** For the owner: to the inquiry in the inbox. */
const toInbox = (context: NoticeContext) => ({
  url: inboxLink(context.publicUrl, context.inquiry.id),
  linkText: 'Open it in the inbox',
});

export const OWNER_NOTICES: Record<string, NoticeOf> = {
  async [QUOTE_EVENTS.accepted](context) {
    const quote = await quoteOf(context);
    if (!quote) return undefined;
    const { inquiry } = context;
    return {
      subject: `Quote accepted: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        `${fullName(inquiry)} accepted your quote of ${money(context.content, quote.totals.total, quote.currency)} for ${eventDay(inquiry.eventDate, context.content)}.`,
        `Deposit due: ${money(context.content, quote.totals.deposit, quote.currency)}.`,
      ],
      ...toInbox(context),
    };
  },
  // "Book now" (record 350): the quote made on the content's terms and accepted, with no step of the owner's.
  async [INSTANT_BOOKED_EVENT](context) {
    const quote = await quoteOf(context);
    if (!quote) return undefined;
    const { inquiry } = context;
    const day = eventDay(inquiry.eventDate, context.content);
    return {
      subject: `Booked instantly: ${fullName(inquiry)}, ${day}`,
      lines: [
        `${fullName(inquiry)} booked ${day} instantly with “Book now”: a quote of ${money(context.content, quote.totals.total, quote.currency)} made from the estimate on your terms, and accepted.`,
        `Deposit due: ${money(context.content, quote.totals.deposit, quote.currency)}. Once it is paid online the inquiry is Booked; nothing is needed from you.`,
      ],
      ...toInbox(context),
    };
  },
  async [QUOTE_EVENTS.declined](context) {
    const quote = await quoteOf(context);
    if (!quote) return undefined;
    const { inquiry } = context;
    return {
      subject: `Quote declined: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        `${fullName(inquiry)} declined your quote of ${money(context.content, quote.totals.total, quote.currency)}.`,
        quote.declineReason ? `Their reason: ${quote.declineReason}` : 'They gave no reason.',
      ],
      ...toInbox(context),
    };
  },
  async [DEPOSIT_PAID_EVENT](context) {
    const { sale, inquiry } = context;
    const payment = await sale?.payment(topicRef(context.topic));
    const quote = payment?.quoteId ? await sale?.quote(payment.quoteId) : undefined;
    if (!sale || !payment || !quote) return undefined;
    const { paid, balanceDue } = await sale.figures(inquiry);
    const last = payment.recordedBy
      ? `${money(context.content, payment.amount, payment.currency)} (${METHOD_LABELS[payment.method]}), recorded by ${payment.recordedBy}`
      : `${money(context.content, payment.amount, payment.currency)}, paid online`;
    return {
      subject: `Deposit paid: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        `${fullName(inquiry)} paid the deposit of ${money(context.content, quote.totals.deposit, quote.currency)} for ${eventDay(inquiry.eventDate, context.content)}: the inquiry is Booked.`,
        `Paid so far: ${money(context.content, paid, quote.currency)}. Balance due: ${money(context.content, balanceDue ?? quote.totals.total - paid, quote.currency)}.`,
        `Last payment: ${last}.`,
        ...(quote.sentBy === INSTANT_SENDER
          ? ['It was booked instantly with “Book now”: nothing is needed from you.']
          : []),
      ],
      ...toInbox(context),
    };
  },
  // A deposit reached on a day already booked: kept, not Booked, the owner told at once (record 280).
  async [DAY_FULL_EVENT](context) {
    const { sale, inquiry } = context;
    const payment = await sale?.payment(topicRef(context.topic));
    if (!payment) return undefined;
    return {
      subject: `Deposit paid for a day already booked: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        `${fullName(inquiry)} paid ${money(context.content, payment.amount, payment.currency)} toward the deposit for ${eventDay(inquiry.eventDate, context.content)}, but that day is already booked.`,
        'The payment is kept and the inquiry is not marked Booked: choose “Book anyway” on its page, or refund the deposit.',
      ],
      ...toInbox(context),
    };
  },
  // An accepted quote's hold ran out unpaid: the day is open again (record 281).
  async [HOLD_ENDED_EVENT](context) {
    const [quote, progress] = await Promise.all([quoteOf(context), context.sale?.progress(context.inquiry.id)]);
    if (!quote?.accepted || quote.depositPaidAt || quote.declinedAt) return undefined;
    if (progress && isClosed(progress.status)) return undefined;
    const { inquiry } = context;
    return {
      subject: `Hold ended: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        `${fullName(inquiry)} accepted your quote but has not paid the deposit within ${holdDaysOf(context.content.sale)} days.`,
        `${eventDay(inquiry.eventDate, context.content)} is no longer held: it is open to other customers again. A deposit paid later still books it if it is free.`,
      ],
      ...toInbox(context),
    };
  },
  // A provider's refund larger than its payment, recorded as all of the payment (record 201).
  async [REFUND_CLAMPED_EVENT](context) {
    const { sale, inquiry } = context;
    const refund = await sale?.payment(topicRef(context.topic));
    if (!sale || !refund) return undefined;
    const { balanceDue } = await sale.figures(inquiry);
    return {
      subject: `Refund larger than its payment: ${fullName(inquiry)}, ${eventDay(inquiry.eventDate, context.content)}`,
      lines: [
        refund.note,
        `Recorded: a refund of ${money(context.content, refund.amount, refund.currency)}, all that payment can give back. Please check the refund with the payment service.`,
        ...(balanceDue === null ? [] : [`Balance due now: ${money(context.content, balanceDue, refund.currency)}.`]),
      ],
      ...toInbox(context),
    };
  },
  ...EVENT_PLAN_OWNER_NOTICES,
};

/** When a lead came in, on the business's clock: 'Tue, Dec 1, 2026, 8:05 AM CST'. */
const cameIn = (inquiry: StoredInquiry, of: BusinessContent) => onTheBusinessClock(inquiry.createdAt, of);

/** The owner's pushes that are not e-mailed too. */
export const OWNER_PUSH_NOTICES: Record<string, NoticeOf> = {
  // Only while nobody has answered the lead: a status change, a note or a quote since it was queued skips it.
  async [FOLLOW_UP_EVENTS.leadWaiting](context) {
    const progress = await context.sale?.progress(context.inquiry.id);
    if (progress?.status !== 'new' || progress.answered) return undefined;
    const { inquiry } = context;
    return {
      subject: `Urgent: ${fullName(inquiry)} is still waiting for an answer`,
      lines: [
        `${leadSummary(inquiry, context.content)}. Came in ${cameIn(inquiry, context.content)}, not answered yet.`,
      ],
      ...toInbox(context),
      urgent: true,
      answerable: true,
    };
  },
};

/** The quote a topic names while the customer can still answer it, and the inquiry is still open; else undefined. */
const openQuoteOf = async (context: NoticeContext) => {
  const [quote, progress] = await Promise.all([quoteOf(context), context.sale?.progress(context.inquiry.id)]);
  if (!quote || !progress || isClosed(progress.status)) return undefined;
  return isOpen(quoteState(quote, todayIn(context.content.timeZone))) ? quote : undefined;
};

export const CUSTOMER_NOTICES: Record<string, NoticeOf> = {
  // Each in the language the customer wrote in (record 300).
  async [QUOTE_EVENTS.sent](context) {
    const quote = await quoteOf(context);
    if (!quote || !context.sale) return undefined;
    const { say, day, money, content: shown } = wordsFor(context.inquiry.language, context.content);
    const revised = quote.version > 1;
    const business = shown.name;
    const eventOn = { business, day: day(context.inquiry.eventDate) };
    return {
      subject: revised ? say.revisedQuoteSubject({ business }) : say.quoteSubject({ business }),
      lines: [
        revised ? say.revisedQuoteThanks(eventOn) : say.quoteThanks(eventOn),
        // The owner's own line (record 213).
        ...(quote.message ? [quote.message] : []),
        say.quoteTotals({
          total: money(quote.totals.total, quote.currency),
          deposit: money(quote.totals.deposit, quote.currency),
        }),
        say.acceptUntil({ day: day(quote.validUntil) }),
        ...(revised ? [say.quoteReplaces] : []),
      ],
      url: context.sale.quoteUrl(quote.id),
      linkText: say.seeAndAccept,
    };
  },
  async [FOLLOW_UP_EVENTS.quoteNudge](context) {
    const quote = await openQuoteOf(context);
    if (!quote || !context.sale) return undefined;
    const { say, day, money, content: shown } = wordsFor(context.inquiry.language, context.content);
    return {
      subject: say.nudgeSubject({ business: shown.name }),
      lines: [
        say.nudgeSent({ day: day(context.inquiry.eventDate), total: money(quote.totals.total, quote.currency) }),
        say.nudgeAsk,
        say.acceptUntil({ day: day(quote.validUntil) }),
      ],
      url: context.sale.quoteUrl(quote.id),
      linkText: say.seeQuote,
    };
  },
  async [FOLLOW_UP_EVENTS.quoteExpiring](context) {
    const quote = await openQuoteOf(context);
    if (!quote || !context.sale) return undefined;
    const { say, day, money, content: shown } = wordsFor(context.inquiry.language, context.content);
    return {
      subject: say.expiringSubject({ business: shown.name, day: day(quote.validUntil) }),
      lines: [
        say.expiringLast({
          day: day(context.inquiry.eventDate),
          total: money(quote.totals.total, quote.currency),
          until: day(quote.validUntil),
        }),
        say.expiringNothing,
      ],
      url: context.sale.quoteUrl(quote.id),
      linkText: say.seeQuote,
    };
  },
  async [FOLLOW_UP_EVENTS.thankYou](context) {
    const progress = await context.sale?.progress(context.inquiry.id);
    if (progress?.status !== 'booked') return undefined;
    const { say, day, content: shown } = wordsFor(context.inquiry.language, context.content);
    const review = shown.sale.reviewUrl;
    return {
      subject: say.thankYouSubject({ business: shown.name }),
      lines: [
        say.thankYouLine({ day: day(context.inquiry.eventDate) }),
        review ? say.thankYouReview : say.thankYouAgain,
      ],
      url: review ?? shown.siteUrl,
      linkText: review ? say.leaveReview : say.visit({ business: shown.name }),
    };
  },
  ...EVENT_PLAN_CUSTOMER_NOTICES,
  ...RECEIPT_NOTICES,
  // "Book now" accepted the quote: the same receipt as an acceptance on the quote page.
  [INSTANT_BOOKED_EVENT]: RECEIPT_NOTICES[QUOTE_EVENTS.accepted]!,
};

/** What the inbox's list of an inquiry's notifications calls each event ('' is the inquiry's arrival). */
const EVENT_LABELS: Record<string, string> = {
  [QUOTE_EVENTS.sent]: 'quote sent',
  [QUOTE_EVENTS.accepted]: 'quote accepted',
  [QUOTE_EVENTS.declined]: 'quote declined',
  [INSTANT_BOOKED_EVENT]: 'booked instantly',
  [FOLLOW_UP_EVENTS.leadWaiting]: 'still waiting, urgent',
  [FOLLOW_UP_EVENTS.quoteNudge]: 'quote reminder',
  [FOLLOW_UP_EVENTS.quoteExpiring]: 'quote’s last day',
  [FOLLOW_UP_EVENTS.thankYou]: 'thank-you',
  [DEPOSIT_PAID_EVENT]: 'deposit paid',
  [PAYMENT_RECEIVED_EVENT]: 'payment receipt',
  [REFUND_CLAMPED_EVENT]: 'refund larger than its payment',
  [DAY_FULL_EVENT]: 'deposit for a day already booked',
  [HOLD_ENDED_EVENT]: 'hold ended',
  ...EVENT_PLAN_LABELS,
};

/** A channel's label with the event its delivery tells of: 'Owner e-mail (quote accepted)'. */
export function labelWithEvent(label: string, topic: Topic): string {
  const event = EVENT_LABELS[topicEvent(topic)];
  return event ? `${label} (${event})` : label;
}

/** The events each side is told of: the channels plan these topics. */
export const OWNER_EVENTS = Object.keys(OWNER_NOTICES);
export const OWNER_PUSH_EVENTS = Object.keys(OWNER_PUSH_NOTICES);
/** What the push channel tells of: the owner's notices and its own. */
export const PUSH_NOTICES: Record<string, NoticeOf> = { ...OWNER_NOTICES, ...OWNER_PUSH_NOTICES };
export const CUSTOMER_EVENTS = Object.keys(CUSTOMER_NOTICES);

/** The notice of a delivery's topic from `notices`, or undefined (nothing to tell, or no longer there). */
export function noticeFor(notices: Record<string, NoticeOf>, context: NoticeContext): Promise<Notice | undefined> {
  const make = notices[topicEvent(context.topic)];
  return make ? make(context) : Promise.resolve(undefined);
}
