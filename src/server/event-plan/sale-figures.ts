// Every figure of money and guests an inquiry is told by (issue 35, record 200): worked
// out once, here, from the accepted quote, the final count and the payments. The quote
// page, the inbox's payments, the event sheet, Bookings, the export and every notice read
// these figures and never add up a total, a balance or a guest count of their own.
import type { BusinessContent } from '../../../content/schema.js';
import { eventPlanning, linesForFinalCount } from '../../shared/event-plan.js';
import type { Minor } from '../../shared/money.js';
import { pricedPackage, type QuoteLine, type QuoteRates, type QuoteTotals, quoteTotals } from '../../shared/pricing.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { Quote } from '../store/quote-store.js';
import type { StoredInquiry } from '../store/stored-inquiry.js';

/** What the customer accepted, as the acceptance's snapshot kept it (record 142). */
export interface AcceptedTerms {
  quote: Quote;
  lines: QuoteLine[];
  rates: QuoteRates;
  totals: QuoteTotals;
  /** The guest count the quote was accepted for. */
  guests: number;
}

interface Snapshot {
  quote?: { lines?: QuoteLine[]; rates?: QuoteRates; totals?: QuoteTotals };
  event?: { guests?: number };
}

/** The newest version the customer accepted (a revision sent since stays unaccepted until they accept it too). */
export function acceptedTerms(quotes: readonly Quote[], inquiry: Pick<StoredInquiry, 'plannedGuestCount'>) {
  const quote = quotes.findLast((each) => each.accepted);
  if (!quote?.accepted) return undefined;
  const snapshot = JSON.parse(quote.accepted.snapshot) as Snapshot;
  return {
    quote,
    lines: snapshot.quote?.lines ?? quote.lines,
    rates: snapshot.quote?.rates ?? quote.rates,
    totals: snapshot.quote?.totals ?? quote.totals,
    guests: snapshot.event?.guests ?? inquiry.plannedGuestCount,
  } satisfies AcceptedTerms;
}

export interface SaleFigures {
  /** The newest accepted quote as accepted, or undefined while none is. */
  terms: AcceptedTerms | undefined;
  /** The guests as they stand: the final count, else the accepted quote's, else the inquiry's planned count. */
  guests: number;
  /** The accepted lines for the final count (per-guest lines follow it; record 170); [] without an accepted quote. */
  lines: QuoteLine[];
  /** The totals of those lines, with the deposit as accepted (it was asked for, and may be paid). */
  totals: QuoteTotals | undefined;
  /** What the inquiry owes in all, or null without an accepted quote. */
  total: Minor | null;
  deposit: Minor | null;
  /** Payments less refunds, the voided left out. */
  paid: Minor;
  /** total − paid (less than 0: paid too much), or null without an accepted quote. */
  balanceDue: Minor | null;
}

type FiguresInquiry = Pick<StoredInquiry, 'plannedGuestCount' | 'operation' | 'package'>;

/** The one function: the figures of an inquiry from its quotes, its final count in force and what it has paid. */
export function saleFigures(input: {
  inquiry: FiguresInquiry;
  quotes: readonly Quote[];
  finalGuests: number | undefined;
  paid: Minor;
  /** The live content: the package's minimum and whether fewer guests lower the price. */
  content: BusinessContent;
}): SaleFigures {
  const { inquiry, finalGuests, paid, content } = input;
  const terms = acceptedTerms(input.quotes, inquiry);
  if (!terms) {
    const guests = finalGuests ?? inquiry.plannedGuestCount;
    return { terms, guests, lines: [], totals: undefined, total: null, deposit: null, paid, balanceDue: null };
  }
  const card = pricedPackage(content, inquiry);
  const minimumGuests = card?.pricing.per === 'guest' ? card.pricing.minimumGuests : undefined;
  const lines =
    finalGuests === undefined
      ? terms.lines
      : linesForFinalCount(
          terms.lines,
          { accepted: terms.guests, final: finalGuests, minimumGuests },
          eventPlanning(content).fewerGuestsLowerPrice,
        );
  const totals = { ...quoteTotals(lines, terms.rates), deposit: terms.totals.deposit };
  return {
    terms,
    guests: finalGuests ?? terms.guests,
    lines,
    totals,
    total: totals.total,
    deposit: totals.deposit,
    paid,
    balanceDue: totals.total - paid,
  };
}

/** The figures of an inquiry as the store holds it now. */
export async function saleFiguresOf(
  owners: Pick<OwnerStore, 'quotes' | 'eventPlans' | 'payments'>,
  inquiry: FiguresInquiry & Pick<StoredInquiry, 'id'>,
  content: BusinessContent,
): Promise<SaleFigures> {
  const [quotes, counts, accounts] = await Promise.all([
    owners.quotes.forInquiry(inquiry.id),
    owners.eventPlans.finalCounts(inquiry.id),
    owners.payments.accountsOf([inquiry.id]),
  ]);
  return saleFigures({
    inquiry,
    quotes,
    finalGuests: counts.at(-1)?.guests,
    paid: accounts.get(inquiry.id)?.paid ?? 0,
    content,
  });
}
