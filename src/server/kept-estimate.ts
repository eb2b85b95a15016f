// The estimate the customer was told, kept with their inquiry (record 204): written
// once by the create (one column, JSON, in the same row), shown to the owner (the
// inbox, the lead, the new-lead e-mail) and the quote's first draft is filled at its
// prices, saying which of today's prices differ. Inquiries from before it keep none.
import type { BusinessContent, PackagePricing } from '../../content/content-types.js';
import { instantDayInWords } from '../shared/date-words.js';
import { formatMoney, ratePercent, toMinor } from '../shared/money.js';
import {
  type Estimate,
  estimateFor,
  estimateLine,
  packageLine,
  type QuoteLine,
  type SaleRequest,
  travelLine,
} from '../shared/pricing.js';

/** The column's text: the estimate and the prices it used, or null when the package has no price. */
export const keptEstimateText = (estimate: Estimate | undefined): string | null =>
  estimate ? JSON.stringify(estimate) : null;

/** The estimate kept with an inquiry, if any (none before record 204, nor for an unpriced package). */
export function keptEstimate(inquiry: { estimate?: string | null }): Estimate | undefined {
  return inquiry.estimate ? (JSON.parse(inquiry.estimate) as Estimate) : undefined;
}

/** 'Estimate: $2,452.51' for the owner's screens and e-mail; null when none was kept. */
export function keptEstimateLine(inquiry: { estimate?: string | null }, content: BusinessContent): string | null {
  const kept = keptEstimate(inquiry);
  return kept ? estimateLine(kept, content) : null;
}

/** The lines of a quote at the estimate's prices: its package for its guests, and the travel fee it applied. */
function linesAt(kept: Estimate, content: BusinessContent): QuoteLine[] {
  const sale = { ...content.sale, currency: kept.currency };
  const travel = kept.travel && kept.travel.fee > 0 ? [travelLine(sale, kept.travel)] : [];
  return [packageLine({ name: kept.packageName, pricing: kept.pricing }, kept.guests, sale), ...travel];
}

/** A package's price in words: '$16.00 per guest (at least 50 guests)', '$2,400.00 per event'. */
function pricingWords(pricing: PackagePricing, currency: string, locale: string): string {
  const money = (major: number) => formatMoney(toMinor(major, currency) ?? 0, currency, locale);
  if (pricing.per === 'event') return `${money(pricing.amount)} per event`;
  const minimums = [
    ...(pricing.minimumGuests ? [`at least ${pricing.minimumGuests} guests`] : []),
    ...(pricing.minimumSpend ? [`minimum spend ${money(pricing.minimumSpend)}`] : []),
  ];
  return `${money(pricing.amount)} per guest${minimums.length ? ` (${minimums.join(', ')})` : ''}`;
}

/** Each of today's prices that is not the estimate's, in words ("today's price for Basic is $17.00 per guest"). */
function todaysChanges(kept: Estimate, content: BusinessContent, request: SaleRequest): string[] {
  const today = estimateFor(content, request);
  if (!today) return [`today ${kept.packageName} has no price`];
  const { locale } = content;
  const changes: string[] = [];
  const priceToday = pricingWords(today.pricing, today.currency, locale);
  if (priceToday !== pricingWords(kept.pricing, kept.currency, locale))
    changes.push(`today's price for ${today.packageName} is ${priceToday}`);
  if ((today.travel?.fee ?? null) !== (kept.travel?.fee ?? null)) {
    const fee = today.travel && formatMoney(toMinor(today.travel.fee, today.currency) ?? 0, today.currency, locale);
    changes.push(
      today.travel ? `today's travel fee for ${today.travel.name} is ${fee}` : 'today the address is in no travel area',
    );
  }
  const rates = [
    ['service charge', 'serviceCharge'],
    ['tax', 'tax'],
    ['deposit', 'deposit'],
  ] as const;
  for (const [words, rate] of rates) {
    if (today.rates[rate] !== kept.rates[rate]) changes.push(`today's ${words} is ${ratePercent(today.rates[rate])}`);
  }
  return changes;
}

/**
 * A first quote's lines, service charge and deposit at the kept estimate's prices, and a
 * note when today's differ; undefined when no estimate was kept (today's prices then).
 */
export function draftAtEstimate(
  inquiry: SaleRequest & { estimate?: string | null; createdAt: string },
  content: BusinessContent,
): { lines: QuoteLine[]; serviceCharge: number; deposit: number; note?: string } | undefined {
  const kept = keptEstimate(inquiry);
  if (!kept) return undefined;
  const changes = todaysChanges(kept, content, inquiry);
  const day = instantDayInWords(inquiry.createdAt, content.locale, content.timeZone);
  const note =
    changes.length > 0
      ? `Prefilled at the prices of the estimate the customer was told on ${day}; ${changes.join('; ')}.`
      : undefined;
  const { serviceCharge, deposit } = kept.rates;
  return { lines: linesAt(kept, content), serviceCharge, deposit, ...(note ? { note } : {}) };
}
