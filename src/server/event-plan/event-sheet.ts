// The event sheet (issue 30, record 170): the day on one page, worked out from what is
// stored and never typed again: the inquiry (who, when, where, the customer's notes),
// the accepted quote's snapshot, the final count in force, what the customer told of the
// day, the owner's notes, and the payments. The reminders' notices read it too.
import { content } from '../../../content/index.js';
import {
  type EventSheetView,
  eventPlanning,
  eventTimes,
  finalCountLastDay,
  totalsForFinalCount,
} from '../../shared/event-plan.js';
import type { Minor } from '../../shared/money.js';
import { pricedPackage, type QuoteLine, type QuoteRates, type QuoteTotals } from '../../shared/pricing.js';
import { mapsUrl } from '../../shared/truck-schedule.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { Quote } from '../store/quote-store.js';
import type { StoredInquiry } from '../store/stored-inquiry.js';
import type { PaymentsRead } from './payments.js';

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

/** The accepted total with this final count (record 170: per-guest package lines follow it). */
export function totalForFinalCount(
  terms: AcceptedTerms,
  inquiry: Pick<StoredInquiry, 'operation' | 'package'>,
  finalGuests: number | undefined,
): Minor {
  const card = pricedPackage(content, inquiry);
  const minimumGuests = card?.pricing.per === 'guest' ? card.pricing.minimumGuests : undefined;
  const counts = { accepted: terms.guests, final: finalGuests, minimumGuests };
  return totalsForFinalCount(terms, counts, eventPlanning(content).fewerGuestsLowerPrice).total;
}

/**
 * What the inquiry owes in all: its newest accepted quote's total for the final count
 * (the one figure the sheet's and the inquiry page's "Balance due" both read), or
 * undefined while no quote is accepted.
 */
export async function totalOwed(owners: OwnerStore, inquiry: StoredInquiry): Promise<Minor | undefined> {
  const [quotes, counts] = await Promise.all([
    owners.quotes.forInquiry(inquiry.id),
    owners.eventPlans.finalCounts(inquiry.id),
  ]);
  const terms = acceptedTerms(quotes, inquiry);
  return terms && totalForFinalCount(terms, inquiry, counts.at(-1)?.guests);
}

export async function eventSheet(
  owners: OwnerStore,
  payments: PaymentsRead,
  inquiryId: string,
): Promise<EventSheetView | undefined> {
  const found = await owners.inbox.getInquiry(inquiryId);
  if (!found) return undefined;
  const { inquiry, history } = found;
  const [quotes, counts, details, paidList] = await Promise.all([
    owners.quotes.forInquiry(inquiryId),
    owners.eventPlans.finalCounts(inquiryId),
    owners.eventPlans.details(inquiryId),
    payments.forInquiry(inquiryId),
  ]);
  const settings = eventPlanning(content);
  const terms = acceptedTerms(quotes, inquiry);
  const final = counts.at(-1);
  const paid = paidList.reduce((sum, payment) => sum + payment.amount, 0);
  const totalForCount = terms ? totalForFinalCount(terms, inquiry, final?.guests) : undefined;
  return {
    inquiryId,
    status: inquiry.status,
    title: inquiry.eventName || inquiry.operation,
    operation: inquiry.operation,
    package: inquiry.package,
    customer: {
      name: `${inquiry.firstName} ${inquiry.lastName}`,
      phone: inquiry.phoneNumber,
      email: inquiry.email,
      company: inquiry.company,
    },
    onSite:
      details?.onSiteName || details?.onSitePhone ? { name: details.onSiteName, phone: details.onSitePhone } : null,
    date: inquiry.eventDate,
    times: eventTimes(inquiry, settings),
    address: inquiry.siteAddress,
    mapUrl: mapsUrl(inquiry.siteAddress),
    plannedGuests: inquiry.plannedGuestCount,
    finalCount: final ? { guests: final.guests, dietary: final.dietary, at: final.at, by: final.by } : null,
    finalCountLastDay: finalCountLastDay(inquiry.eventDate, settings),
    quote:
      terms && totalForCount !== undefined
        ? {
            id: terms.quote.id,
            version: terms.quote.version,
            acceptedAt: terms.quote.accepted!.at,
            lines: terms.lines,
            totals: terms.totals,
            totalForFinalCount: totalForCount,
          }
        : null,
    currency: terms?.quote.currency ?? content.sale.currency,
    payments: paidList,
    paid,
    balanceDue: totalForCount === undefined ? null : totalForCount - paid,
    customerNotes: inquiry.notes,
    ownerNotes: history
      .filter((entry) => entry.kind === 'note' && entry.note !== null)
      .map((entry) => ({ at: entry.at, by: entry.by, note: entry.note! })),
    site: details?.siteAnswers ?? [],
    dietaryLabels: settings.dietaryCounts,
  };
}
