// The quote page's failure pages and refusals in English (records 210, 420; Spanish in
// quote-failures-es.ts): what a customer reads when a post is refused or cannot be taken.
type Fill = Record<string, string | number>;

export const quoteFailuresEn = {
  notDone: 'Not done',
  notAvailable: 'Not available just now',
  notSentYet: 'Not sent yet',
  tryAgain: 'Try again',
  keptList: 'What you sent is kept:',
  yes: 'Yes',
  backToQuote: 'Back to the quote',
  /** The decline's reason, as a page asking to send it again lists it. */
  reason: 'Reason',
  somethingWrong: 'Something went wrong on our side. Please try again.',
  unavailable: ({ seconds }: Fill) =>
    `The site cannot take this right now (its storage is unavailable). Please try again in ${seconds} seconds.`,
  /** A refusal whose own message has no words in this language (a body too large, of a wrong type). */
  notAccepted: 'This could not be taken as it was sent. Please go back to the quote and try again.',
  fromQuotePage: 'Please answer from the quote’s own page.',
  tickAccept: 'Tick “I accept the terms” to accept the quote.',
  paymentUnreachable:
    'We could not reach the payment service just now. Please try again in a minute, or pay another way below.',
};

export type QuoteFailureWords = typeof quoteFailuresEn;
