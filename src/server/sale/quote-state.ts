// A quote's state on a given day (issue 36 item 1): the one place that reads a quote's
// times into its state. The states and what "open" and "agreed" mean are in
// src/shared/quote-state.ts, so the inbox reads them too.
import type { QuoteState } from '../../shared/quote-state.js';

export { isAgreed, isOpen, QUOTE_STATES, type QuoteState } from '../../shared/quote-state.js';

/** What the state is read from: a quote's times (store/quote-store.ts's Quote has them all). */
export interface QuoteTimes {
  declinedAt: string | null;
  replacedAt: string | null;
  accepted: unknown;
  depositPaidAt: string | null;
  validUntil: string;
  viewedAt: string | null;
}

/** Its state on `today` ('YYYY-MM-DD' in the business's time zone). */
export function quoteState(quote: QuoteTimes, today: string): QuoteState {
  if (quote.declinedAt) return 'declined';
  // An accepted quote the owner revised is replaced: its link says so, and the new version is the one to accept.
  if (quote.replacedAt) return 'replaced';
  if (quote.accepted) return quote.depositPaidAt ? 'deposit-paid' : 'accepted';
  if (quote.validUntil < today) return 'expired';
  return quote.viewedAt ? 'viewed' : 'sent';
}
