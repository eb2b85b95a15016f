// Every text a customer reads in a message from the server, in English (record 300):
// one key per text; es.ts has the same keys in Spanish (words.test.ts checks both).
// Values are already-written figures (money, days) put into words: words.ts writes those.
import { METHOD_LABELS } from '../../shared/payment-views.js';

type Fill = Record<string, string | number>;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const en = {
  guests: (count: number) => plural(count, 'guest', 'guests'),
  // The confirmation of an inquiry.
  confirmationSubject: ({ business }: Fill) => `We received your inquiry – ${business}`,
  confirmationGreeting: 'Hello,',
  confirmationThanks: ({ business }: Fill) =>
    `thank you for your inquiry. ${business} has received it. This is what you asked for:`,
  confirmationNext:
    'What happens next: we read every inquiry ourselves and will get back to you by e-mail or phone to talk about your event and send a quote. There is nothing more you need to do now.',
  confirmationReach: ({ email, phone, hours }: Fill) =>
    `If you need to reach us sooner: ${email}, ${phone} (${hours}). Just reply to this e-mail to write to us.`,
  // Every later e-mail to the customer.
  noticeGreeting: ({ firstName }: Fill) => `Hello ${firstName},`,
  noticeReach: ({ phone }: Fill) => `Questions? Reply to this e-mail, or call us: ${phone}.`,
  // The estimate (the create's answer, the page's success note, the confirmation).
  estimateLine: ({ range }: Fill) => `Estimate: ${range}`,
  estimateFor: ({ packageName, guests }: Fill) => `${packageName} for ${guests}`,
  estimateServiceCharge: ({ rate }: Fill) => `${rate} service charge`,
  estimateTax: ({ rate }: Fill) => `${rate} tax`,
  estimateTravelKnown: 'travel to your address',
  estimateTravelRange: 'travel, which depends on the address',
  estimateNote: ({ parts, travel }: Fill) =>
    `${parts} and ${travel}. An estimate, not a quote: your quote will confirm the price.`,
  // The quote and its reminders.
  quoteSubject: ({ business }: Fill) => `Your quote from ${business}`,
  revisedQuoteSubject: ({ business }: Fill) => `Your revised quote from ${business}`,
  quoteThanks: ({ business, day }: Fill) =>
    `Thank you for thinking of ${business} for your event on ${day}. Here is your quote.`,
  revisedQuoteThanks: ({ business, day }: Fill) =>
    `Thank you for thinking of ${business} for your event on ${day}. Here is your revised quote.`,
  quoteTotals: ({ total, deposit }: Fill) => `Total: ${total}. Deposit to hold the date: ${deposit}.`,
  acceptUntil: ({ day }: Fill) => `You can accept it online until ${day}.`,
  quoteReplaces: 'It replaces the quote we sent you before.',
  seeAndAccept: 'See your quote and accept it',
  seeQuote: 'See your quote',
  nudgeSubject: ({ business }: Fill) => `Your quote from ${business} is still open`,
  nudgeSent: ({ day, total }: Fill) => `A few days ago we sent you a quote for your event on ${day}: ${total}.`,
  nudgeAsk: 'If you have a question, or would like something changed, just reply to this e-mail.',
  expiringSubject: ({ business, day }: Fill) => `Your quote from ${business} can be accepted until ${day}`,
  expiringLast: ({ day, total, until }: Fill) =>
    `A last note about the quote for your event on ${day} (${total}): it can be accepted online until the end of ${until}.`,
  expiringNothing: 'If your plans have changed, there is nothing you need to do.',
  // After the event.
  thankYouSubject: ({ business }: Fill) => `Thank you from ${business}`,
  thankYouLine: ({ day }: Fill) =>
    `Thank you for having us at your event on ${day}. We hope you and your guests enjoyed it.`,
  thankYouReview: 'If you have a minute, a short review helps other hosts find us.',
  thankYouAgain: 'We would love to cook for you again.',
  leaveReview: 'Leave a review',
  visit: ({ business }: Fill) => `Visit ${business}`,
  // Receipts (record 203).
  digestLine: ({ digest }: Fill) =>
    `Acceptance digest: ${digest}. Your quote's page and our records show the same; if they ever differ, tell us.`,
  acceptedSubject: ({ business, day }: Fill) => `You accepted our quote: ${business}, ${day}`,
  acceptedThanks: ({ version, day, at }: Fill) =>
    `Thank you! You accepted version ${version} of our quote for your event on ${day}, on ${at}.`,
  whatAccepted: 'What you accepted:',
  acceptedLine: ({ description, quantity, unit, amount }: Fill) => `${description}: ${quantity} × ${unit} = ${amount}`,
  acceptedTotals: ({ total, deposit }: Fill) => `Total: ${total}. Deposit to hold your date: ${deposit}.`,
  acceptedTerms: ({ terms }: Fill) => `Terms: ${terms}`,
  howToPay: ({ offline }: Fill) => `How to pay the deposit: from your quote's page (the link below), or ${offline}`,
  seeAndPay: 'See your quote and pay the deposit',
  receiptSubject: ({ amount, business }: Fill) => `Receipt: ${amount} received by ${business}`,
  receiptReceived: ({ amount, method, at }: Fill) =>
    `We received your payment of ${amount} (${method}) on ${at}. Thank you!`,
  paidOnline: 'online',
  /** A payment's method in a receipt (record 360): the inbox's names. */
  methods: METHOD_LABELS,
  receiptFigures: ({ total, paid, left }: Fill) => `Total: ${total}. Paid so far: ${paid}. Left to pay: ${left}.`,
  dateHeld: ({ day }: Fill) => `Your date, ${day}, is held for you.`,
  dateHeldOnce: ({ day, deposit }: Fill) => `Your date, ${day}, is held once the deposit of ${deposit} is paid.`,
  // Before the event (record 181).
  inDays: (days: number) => (days === 1 ? 'tomorrow' : `${days} days from now`),
  finalCountKept: ({ guests, last }: Fill) =>
    `We have your final guest count as ${guests}. If it changes, you can update it until the end of ${last}.`,
  finalCountAsk: ({ last, guests }: Fill) =>
    `Please tell us your final guest count by the end of ${last}: your quote is for ${guests}.`,
  finalCountLastSubject: ({ day }: Fill) => `Today is the last day for your final guest count (${day})`,
  finalCountSubject: ({ day }: Fill) => `Your final guest count for ${day}`,
  eventOn: ({ business, day, when }: Fill) => `Your event with ${business} is on ${day}, ${when}.`,
  giveFinalCount: 'Give your final guest count',
  balanceSubject: ({ day }: Fill) => `Balance due for your event on ${day}`,
  balanceLine: ({ business, day, balance, total, paid }: Fill) =>
    `The balance for your event with ${business} on ${day} is ${balance} (total ${total}, paid ${paid}).`,
  // An address that leads to no page (record 460).
  pageNotFound: 'Page not found',
  backHome: 'Back to the home page',
};

export type CustomerWords = typeof en;
