// The quote page after acceptance in English (record 360): its notice, the deposit's
// section, the final count and the day's details, and the pages of a replaced quote and of
// too many posts. quote-after-es.ts has the same keys in Spanish (words.test.ts checks both).
// Values arrive written and escaped; markup is the page's own.
type Fill = Record<string, string | number>;

export const quoteAfterEn = {
  guests: (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`,
  acceptedPaid: ({ accepted, paid }: Fill) =>
    `<strong>Accepted</strong> on ${accepted}. <strong>Deposit paid</strong> on ${paid}: your date is booked. Thank you!`,
  accepted: ({ day }: Fill) => `<strong>Accepted</strong> on ${day}. Thank you!`,
  declined: ({ day }: Fill) => `<strong>Declined</strong> on ${day}. Thank you for letting us know.`,
  expired: ({ day }: Fill) => `<strong>Expired</strong>: this quote could be accepted until ${day}.`,
  askNewOne: ({ phone, email }: Fill) => `Ask us for a new one: ${phone}, ${email}.`,
  digest: ({ digest }: Fill) => `Acceptance digest: <strong>${digest}</strong> (the same on your receipts).`,
  holdEnded: ({ day }: Fill) =>
    `<strong>Your date is no longer held</strong>: the deposit was not paid by ${day}. It books the date only if the date is still free.`,
  holdUntil: ({ day }: Fill) => `We hold your date until ${day} for the deposit.`,
  confirming:
    'Your payment is being confirmed: this page says “Deposit paid” once it is. There is nothing more to pay now.',
  checkAgain: 'Check again',
  started: ({ amount }: Fill) =>
    `A payment of ${amount} was started on the payment service’s page. If you paid it, it is being confirmed: this page says “Deposit paid” once it is. There is nothing more to pay now.`,
  notFinished: ({ link }: Fill) => `Not finished? ${link}`,
  continuePayment: 'Continue the payment',
  notMade: 'The payment was not made. You can try again just below, or pay another way.',
  nextDeposit: ({ amount }: Fill) => `<strong>Next: the deposit, ${amount}</strong>, books your date.`,
  payBelow: 'Pay it just below.',
  howToPayBelow: 'How to pay it is just below.',
  depositPaid: 'Deposit paid',
  received: ({ amount }: Fill) => `Thank you: we have received ${amount}. Your date is booked.`,
  balanceDue: ({ amount }: Fill) => `Balance due: <strong>${amount}</strong>.`,
  ifNotOnline: 'If you did not pay online:',
  payDeposit: 'Pay deposit',
  securePage: 'On the payment service’s secure page; we never see your card.',
  payAnotherWay: 'Or pay another way:',
  payingDeposit: 'Paying the deposit',
  depositDue: ({ amount }: Fill) => `Deposit due: <strong>${amount}</strong>.`,
  finalCount: 'Final guest count',
  yourFinalCount: ({ guests, dietary }: Fill) => `Your final guest count: <strong>${guests}</strong>${dietary}.`,
  quoteIsFor: ({ guests }: Fill) =>
    `The quote is for <strong>${guests}</strong>. Tell us the final count once you know it.`,
  totalWith: ({ guests, total, accepted }: Fill) =>
    `With ${guests}, the total comes to <strong>${total}</strong> (accepted: ${accepted}).`,
  countClosed: ({ day, call }: Fill) =>
    `The final count could be changed here until ${day}. To change it now, ${call}.`,
  callUs: ({ business, phone }: Fill) => `call ${business} on ${phone}`,
  ofThem: 'Of them, how many are (optional)',
  countSaved: 'Saved: your final guest count.',
  changeUntil: ({ day }: Fill) => `You can change it here until the end of <strong>${day}</strong>.`,
  saveCount: 'Save final count',
  onTheDay: 'On the day',
  onSiteContact: 'On-site contact',
  onSitePhone: 'On-site phone',
  anyChange: ({ call }: Fill) => `For any change now, ${call}.`,
  detailsSaved: 'Saved: what you told us of the day.',
  whoMeets: 'Who meets the truck on the day. Leave out what you do not know yet.',
  whoMeetsAndSite:
    'Who meets the truck on the day, and what we should know of the site. Leave out what you do not know yet.',
  saveDetails: 'Save details',
  replaced: 'This quote was replaced',
  replacedText:
    'We sent you a newer quote, which replaces this one. You will find its link in our latest e-mail to you.',
  tooMany: 'Too many changes',
  tooManyText: ({ wait, phone }: Fill) =>
    `This quote’s link has sent us too many changes in a short time, so this one was not saved. Please try again in ${wait}, or call us: ${phone}.`,
  notFound: 'Quote not found',
  notFoundText: ({ phone }: Fill) => `This link does not lead to a quote. Please check it, or ask us: ${phone}.`,
  seconds: (count: number) => `${count} seconds`,
  minutes: (count: number) => `${count} minutes`,
};

export type QuoteAfterWords = typeof quoteAfterEn;
