// A quote's state and what it means for the sale (issue 36 item 1), written once for
// the server (src/server/sale/), the customer's page and the inbox: the states in
// their precedence, which of them the customer can still answer ("open"), and which
// stand as the customer's yes ("agreed").

/** A quote as the owner and the customer see it, in precedence order (quoteState in src/server/sale/ decides). */
export const QUOTE_STATES = ['declined', 'replaced', 'deposit-paid', 'accepted', 'expired', 'viewed', 'sent'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** The customer can still accept or decline it: sent, looked at, not past its last day, not replaced. */
export const isOpen = (state: QuoteState) => state === 'sent' || state === 'viewed';

/** Accepted, its deposit paid or not: the customer's answer stands and the event is being planned. */
export const isAgreed = (state: QuoteState) => state === 'accepted' || state === 'deposit-paid';
