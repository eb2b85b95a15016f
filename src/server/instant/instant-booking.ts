// Instant booking (issue 38 item 5, record 350): a priced package the content marks
// `instantBook`, asked for an address in a travel area, is offered "Book now" after a
// successful send (the day was free: the send refuses a taken one). Its link names the
// inquiry under a MAC (as a quote's link does, with a key of its own): only the sender's
// page has it. "Book now" checks everything again, makes the quote from the kept
// estimate on the content's terms (the owner's first draft, kept-estimate.ts) and
// accepts it in one transaction (QuoteStore.bookInstantly); the deposit is the quote page's.
import { hkdfSync } from 'node:crypto';
import type { BusinessContent } from '../../../content/schema.js';
import { estimateFor, pricedPackage, quoteTotals, type SaleRequest, saleRates } from '../../shared/pricing.js';
import { formatMoney } from '../../shared/money.js';
import { addDays } from '../../shared/truck-schedule.js';
import { draftAtEstimate } from '../kept-estimate.js';
import { quoteIdOf, quoteToken } from '../quotes/quote-link.js';
import { QUOTE_NOTES } from '../sale/history-words.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { NewQuote } from '../store/quote-store.js';

/** The key "Book now" links are signed with, derived from the server's secret (not the quotes' key). */
export function instantLinkKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'curbside instant booking', 32));
}

/** The inquiry's "Book now" address (a form posts to it). */
export const bookNowPath = (key: Buffer, inquiryId: string) => `/book-now/${quoteToken(key, inquiryId)}`;

/** The inquiry id a "Book now" token stands for, or undefined when it is not one of ours. */
export const inquiryOfToken = (key: Buffer, token: string) => quoteIdOf(key, token);

/** The "Book now" address to offer after a send of `request` as `inquiryId`, if the content offers it (deposits online). */
export type BookNowOffer = (inquiryId: string, request: SaleRequest) => string | undefined;

export const bookNowOffer =
  (key: Buffer, online: boolean, content: () => BusinessContent): BookNowOffer =>
  (inquiryId, request) =>
    online && instantBookable(content(), request) ? bookNowPath(key, inquiryId) : undefined;

/** Whether the content offers "Book now" for this request: its package priced and `instantBook`, the address in a travel area. */
export function instantBookable(content: BusinessContent, request: SaleRequest): boolean {
  if (!pricedPackage(content, request)?.instantBook) return false;
  return Boolean(estimateFor(content, request)?.travel);
}

/**
 * The quote "Book now" makes: the first draft the owner's quote form would get (the kept
 * estimate's lines and rates), valid for the content's days, on its terms; undefined when
 * no estimate was kept or it comes to nothing.
 */
export function instantQuote(inquiry: StoredInquiry, content: BusinessContent, today: string): NewQuote | undefined {
  const draft = draftAtEstimate(inquiry, content);
  if (!draft) return undefined;
  const rates = { ...saleRates(content.sale), serviceCharge: draft.serviceCharge, deposit: draft.deposit };
  const totals = quoteTotals(draft.lines, rates);
  if (totals.total <= 0 || totals.deposit <= 0) return undefined;
  return {
    lines: draft.lines,
    rates,
    validUntil: addDays(today, content.sale.quoteValidDays),
    currency: content.sale.currency,
    totals,
    terms: content.sale.terms,
    message: '',
  };
}

/** The history's line of the instant booking's quote. */
export const instantNote = (quote: NewQuote, content: BusinessContent) =>
  `${QUOTE_NOTES.sent(formatMoney(quote.totals.total, quote.currency, content.locale))} (booked instantly with “Book now”)`;
