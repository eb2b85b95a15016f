// The customer's quote page in English (record 300): one key per text; quote-es.ts has
// the same keys in Spanish (words.test.ts checks both). Values arrive written and escaped.
type Fill = Record<string, string | number>;

export const quoteEn = {
  title: ({ event }: Fill) => `Quote for ${event}`,
  forWhom: ({ name }: Fill) => `For ${name}`,
  version: ({ version }: Fill) => `version ${version}`,
  sentOn: ({ day }: Fill) => `sent ${day}`,
  whatWeBring: 'What we will bring',
  pricesIn: ({ currency }: Fill) => `Prices in ${currency}`,
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  validUntil: 'Valid until',
  terms: 'Terms',
  subtotal: 'Subtotal',
  serviceCharge: ({ rate }: Fill) => `Service charge (${rate})`,
  tax: ({ rate }: Fill) => `Tax (${rate})`,
  total: 'Total',
  depositDue: 'Deposit due',
  noteFrom: ({ business }: Fill) => `A note from ${business}`,
  yourEvent: 'Your event',
  date: 'Date',
  time: 'Time',
  place: 'Place',
  guests: 'Guests',
  yourAnswer: 'Your answer',
  acceptTerms: 'I accept the terms',
  acceptQuote: 'Accept quote',
  decline: 'Decline',
  declineThis: 'Decline this quote',
  reason: 'Reason (optional)',
  declineQuote: 'Decline quote',
  backToQuote: 'Back to the quote',
  pageDescription: ({ business }: Fill) => `A quote from ${business}`,
};

export type QuoteWords = typeof quoteEn;
