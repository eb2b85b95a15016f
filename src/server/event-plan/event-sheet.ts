// The event sheet (issue 30, record 170): the day on one page, worked out from what is
// stored and never typed again: the inquiry (who, when, where, the customer's notes),
// the accepted quote's snapshot, the final count in force, what the customer told of the
// day, the owner's notes, and the payments. The reminders' notices read it too.
import type { BusinessContent } from '../../../content/schema.js';
import { type EventSheetView, eventPlanning, eventTimes, finalCountLastDay } from '../../shared/event-plan.js';
import { mapsUrl } from '../../shared/truck-schedule.js';
import { digestMatches, shortDigest } from '../quotes/acceptance-digest.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { PaymentsRead } from './payments.js';
import { saleFigures } from './sale-figures.js';

export async function eventSheet(
  owners: OwnerStore,
  payments: PaymentsRead,
  inquiryId: string,
  /** The key acceptances are signed with: the sheet says whether the stored digest is this server's (record 203). */
  digestKey: Buffer,
  /** The live content: the event's settings and currency. */
  content: BusinessContent,
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
  const final = counts.at(-1);
  const paid = paidList.reduce((sum, payment) => sum + payment.amount, 0);
  const figures = saleFigures({ inquiry, quotes, finalGuests: final?.guests, paid, content });
  const { terms } = figures;
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
    guests: figures.guests,
    finalCount: final ? { guests: final.guests, dietary: final.dietary, at: final.at, by: final.by } : null,
    finalCountLastDay: finalCountLastDay(inquiry.eventDate, settings),
    quote:
      terms && figures.total !== null
        ? {
            id: terms.quote.id,
            version: terms.quote.version,
            acceptedAt: terms.quote.accepted!.at,
            digest: shortDigest(terms.quote.accepted!.hash),
            digestChecks: digestMatches(digestKey, terms.quote.accepted!.snapshot, terms.quote.accepted!.hash),
            lines: terms.lines,
            totals: terms.totals,
            linesForFinalCount: figures.lines,
            totalForFinalCount: figures.total,
          }
        : null,
    currency: terms?.quote.currency ?? content.sale.currency,
    payments: paidList,
    paid: figures.paid,
    balanceDue: figures.balanceDue,
    customerNotes: inquiry.notes,
    ownerNotes: history
      .filter((entry) => entry.kind === 'note' && entry.note !== null)
      .map((entry) => ({ at: entry.at, by: entry.by, note: entry.note! })),
    site: details?.siteAnswers ?? [],
    dietaryLabels: settings.dietaryCounts,
  };
}
