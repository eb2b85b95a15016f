// The booked event (issue 30, record 170), defined once for the server, the inbox and
// the quote page: the content's planning settings with their defaults, the day's times
// (arrive, serve, leave), the final count's cutoff, what a final count does to the price,
// and the event sheet as the owner's API gives it.
import type { EventSettings } from '../../content/event-settings.js';
import type { InquiryStatus } from './inbox-views.js';
import { MAX_GUESTS } from './inquiry-fields.js';
import type { Minor } from './money.js';
import { type QuoteLine, type QuoteRates, type QuoteTotals, quoteTotals } from './pricing.js';

export { type EventSettings, eventPlanning } from '../../content/event-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the customer (or the owner) may give after acceptance, and how long each may be. */
export const EVENT_LIMITS = {
  guests: MAX_GUESTS,
  siteAnswer: 500,
  onSiteName: 120,
  onSitePhone: 30,
} as const;

/** Days from `from` to `to` ('YYYY-MM-DD' each): 14 when `to` is two weeks later. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The day `days` before `day`. */
export const daysBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The last day the final count can be changed on the quote page (through its end, in the business's time zone). */
export const finalCountLastDay = (eventDate: string, settings: Pick<EventSettings, 'finalCountCutoffDays'>) =>
  daysBefore(eventDate, settings.finalCountCutoffDays);

/** A time of the event's day, or of the day before or after ('HH:MM' and how many days off). */
export interface DayTime {
  time: string;
  dayOffset: number;
}

/** `time` ('HH:MM') moved by `minutes`, with the days it crossed. */
export function shiftTime(time: string, minutes: number, dayOffset = 0): DayTime {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + mins + minutes;
  const day = Math.floor(total / 1440);
  const within = total - day * 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { time: `${pad(Math.floor(within / 60))}:${pad(within % 60)}`, dayOffset: dayOffset + day };
}

/** The day's four times: the truck arrives (start less setup), service starts and ends, the truck leaves (end plus teardown). */
export interface EventTimes {
  arrive: DayTime;
  start: DayTime;
  end: DayTime;
  leave: DayTime;
}

export function eventTimes(
  inquiry: { startTime: string; endTime: string },
  settings: Pick<EventSettings, 'setupMinutes' | 'teardownMinutes'>,
): EventTimes {
  // Service that ends at or before its start runs past midnight.
  const endOffset = inquiry.endTime <= inquiry.startTime ? 1 : 0;
  return {
    arrive: shiftTime(inquiry.startTime, -settings.setupMinutes),
    start: { time: inquiry.startTime, dayOffset: 0 },
    end: { time: inquiry.endTime, dayOffset: endOffset },
    leave: shiftTime(inquiry.endTime, settings.teardownMinutes, endOffset),
  };
}

/**
 * The accepted lines for the final count (record 170). Priced per guest: a package line
 * whose quantity is the guest count the quote was accepted for, or more (a minimum count),
 * and an extra item's line whose quantity is that count exactly (churros for every guest).
 * Their quantity becomes the final count, never below a minimum count the line was
 * written with, nor below the accepted count unless fewer guests lower the price, nor a
 * package below its own minimum (`minimumGuests`). Other lines (flat, travel) stay.
 */
export function linesForFinalCount(
  lines: readonly QuoteLine[],
  counts: { accepted: number; final: number; minimumGuests?: number | undefined },
  fewerGuestsLowerPrice: boolean,
): QuoteLine[] {
  return lines.map((line) => {
    const isPackage = line.kind === 'package';
    const perGuest =
      line.quantity > 1 &&
      (isPackage ? line.quantity >= counts.accepted : line.kind === 'item' && line.quantity === counts.accepted);
    if (!perGuest) return line;
    const packageLeast = isPackage ? (counts.minimumGuests ?? 1) : 1;
    const least = line.quantity > counts.accepted || !fewerGuestsLowerPrice ? line.quantity : packageLeast;
    return { ...line, quantity: Math.max(counts.final, least) };
  });
}

/** The totals of the accepted quote with the final count (the accepted ones when there is none). */
export function totalsForFinalCount(
  quote: { lines: readonly QuoteLine[]; rates: QuoteRates },
  counts: { accepted: number; final: number | undefined; minimumGuests?: number | undefined },
  fewerGuestsLowerPrice: boolean,
): QuoteTotals {
  const { final } = counts;
  const lines =
    final === undefined
      ? [...quote.lines]
      : linesForFinalCount(quote.lines, { ...counts, final }, fewerGuestsLowerPrice);
  return quoteTotals(lines, quote.rates);
}

/** A count of guests with a dietary need, given with the final count. */
export interface DietaryCount {
  label: string;
  count: number;
}

/** A site question and the customer's answer ('' when left empty). */
export interface SiteAnswer {
  question: string;
  answer: string;
}

/** The final guest count as set, by whom (null: the customer, on the quote page) and when. */
export interface FinalCountView {
  guests: number;
  dietary: DietaryCount[];
  at: string;
  by: string | null;
}

export interface SheetPayment {
  at: string;
  amount: Minor;
  method: string;
}

/** The event sheet (GET /api/owner/inquiries/:id/event-sheet): everything on it, nothing typed again. */
export interface EventSheetView {
  inquiryId: string;
  status: InquiryStatus;
  title: string;
  operation: string;
  package: string;
  customer: { name: string; phone: string; email: string; company: string };
  /** Who meets the truck, as the customer gave it after acceptance (null: the customer). */
  onSite: { name: string; phone: string } | null;
  date: string;
  times: EventTimes;
  address: string;
  mapUrl: string;
  plannedGuests: number;
  /** The guests as they stand: the final count, else the accepted quote's, else the planned count (record 200). */
  guests: number;
  finalCount: FinalCountView | null;
  /** The last day the customer may change the final count on the quote page. */
  finalCountLastDay: string;
  /** The accepted quote, as accepted (its snapshot), or null when none is. */
  quote: {
    id: string;
    version: number;
    acceptedAt: string;
    lines: QuoteLine[];
    totals: QuoteTotals;
    /** The acceptance's digest, short ('3F2A-91BC-0D4E-77A1'), as the customer's page and e-mails give it (record 203). */
    digest: string;
    /** The digest is this server's HMAC of the snapshot kept: false if either was changed (or predates keyed digests). */
    digestChecks: boolean;
    /** The accepted lines for the final count: what we bring (record 200). */
    linesForFinalCount: QuoteLine[];
    /** The total with the final count (the accepted total when it changes nothing). */
    totalForFinalCount: Minor;
  } | null;
  currency: string;
  payments: SheetPayment[];
  paid: Minor;
  /** What is left to pay of the total for the final count; null without an accepted quote. */
  balanceDue: Minor | null;
  customerNotes: string;
  ownerNotes: { at: string; by: string | null; note: string }[];
  site: SiteAnswer[];
  /** The dietary counts the content asks for with the final count (the owner's form offers them too). */
  dietaryLabels: string[];
}

/** What is wrong with a final count, in a sentence, or undefined (the quote page and the owner's form say the same). */
export function finalCountProblem(
  count: { guests: number; dietary: DietaryCount[] },
  settings: Pick<EventSettings, 'dietaryCounts'>,
): string | undefined {
  const { guests } = count;
  if (!Number.isInteger(guests) || guests < 1 || guests > EVENT_LIMITS.guests) {
    return `Give the final guest count as a whole number from 1 to ${EVENT_LIMITS.guests.toLocaleString('en')}.`;
  }
  const seen = new Set<string>();
  for (const { label, count: each } of count.dietary) {
    if (!settings.dietaryCounts.includes(label) || seen.has(label)) return `“${label}” is not one of the counts asked.`;
    seen.add(label);
    if (!Number.isInteger(each) || each < 0 || each > guests) {
      return `${label}: give a whole number from 0 to ${guests} (the final guest count).`;
    }
  }
  return undefined;
}
