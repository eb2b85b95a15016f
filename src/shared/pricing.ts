// The sale's arithmetic, in one place for the estimate (server), the quote form
// (inbox) and the quote page: a package's line from the content's prices, travel by
// postal code, then the totals. Everything is integer minor units; the service
// charge, tax and deposit are each rounded once, half away from zero (record 140).
import { bookedChoice, normalizePostal } from '../../content/helpers.js';
import type { BusinessContent, PackageCard, PackagePricing, Sale, TravelArea } from '../../content/content-types.js';
import { applyRate, formatMoney, type Minor, type Rate, ratePercent, toMinor, toRate } from './money.js';

/** What a line is, for the charges computed on it: service charge on the food, tax as the content says. */
export type LineKind = 'package' | 'item' | 'travel';

export interface QuoteLine {
  description: string;
  /** A whole number, at least 1. */
  quantity: number;
  /** Minor units; negative for a discount. */
  unitPrice: Minor;
  kind: LineKind;
}

/** The rates a quote is written with (from the content, each changeable per quote). */
export interface QuoteRates {
  serviceCharge: Rate;
  tax: Rate;
  taxOnServiceCharge: boolean;
  taxOnTravel: boolean;
  deposit: Rate;
}

export interface QuoteTotals {
  /** The package and item lines. */
  food: Minor;
  serviceCharge: Minor;
  travel: Minor;
  tax: Minor;
  total: Minor;
  deposit: Minor;
}

export const lineAmount = (line: Pick<QuoteLine, 'quantity' | 'unitPrice'>): Minor => line.quantity * line.unitPrice;

export function quoteTotals(lines: readonly QuoteLine[], rates: QuoteRates): QuoteTotals {
  const sum = (kinds: LineKind[]) =>
    lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + lineAmount(line), 0);
  const food = sum(['package', 'item']);
  const travel = sum(['travel']);
  const serviceCharge = applyRate(food, rates.serviceCharge);
  const taxed = food + (rates.taxOnServiceCharge ? serviceCharge : 0) + (rates.taxOnTravel ? travel : 0);
  const tax = applyRate(taxed, rates.tax);
  const total = food + serviceCharge + travel + tax;
  return { food, serviceCharge, travel, tax, total, deposit: applyRate(total, rates.deposit) };
}

/** The content's rates (checked at build, so each converts exactly). */
export function saleRates(sale: Sale): QuoteRates {
  return {
    serviceCharge: toRate(sale.serviceChargePercent)!,
    tax: toRate(sale.tax.percent)!,
    taxOnServiceCharge: sale.tax.onServiceCharge,
    taxOnTravel: sale.tax.onTravel,
    deposit: toRate(sale.depositPercent)!,
  };
}

const minor = (sale: Sale, major: number): Minor => toMinor(major, sale.currency)!;

/** The priced package an inquiry asks for (its operation, and for the truck its package), if it has a price. */
export function pricedPackage(
  content: BusinessContent,
  choice: { operation: string; package: string },
): (PackageCard & { pricing: PackagePricing }) | undefined {
  for (const group of content.packageGroups) {
    for (const card of group.packages) {
      const booked = bookedChoice(content, group, card);
      const matches =
        booked.operation === choice.operation &&
        (booked.packageName === undefined || booked.packageName === choice.package);
      if (matches && card.pricing) return card as PackageCard & { pricing: PackagePricing };
      if (matches) return undefined;
    }
  }
  return undefined;
}

/** The package's line for so many guests: per guest (at least the minimum count), or the minimum spend, or flat. */
export function packageLine(
  card: Pick<PackageCard, 'name'> & { pricing: PackagePricing },
  guests: number,
  sale: Sale,
): QuoteLine {
  const pricing = card.pricing;
  const unit = minor(sale, pricing.amount);
  if (pricing.per === 'event')
    return { description: `${card.name} package`, quantity: 1, unitPrice: unit, kind: 'package' };
  const counted = Math.max(guests, pricing.minimumGuests ?? 0);
  const minimumSpend = pricing.minimumSpend === undefined ? 0 : minor(sale, pricing.minimumSpend);
  if (counted * unit < minimumSpend) {
    return {
      description: `${card.name} package (minimum spend)`,
      quantity: 1,
      unitPrice: minimumSpend,
      kind: 'package',
    };
  }
  const minimum = counted > guests ? ` (${counted}-guest minimum)` : '';
  return {
    description: `${card.name} package, per guest${minimum}`,
    quantity: counted,
    unitPrice: unit,
    kind: 'package',
  };
}

/**
 * The travel area of an address ('street, city, state postal'): the first whose postal
 * code start begins one of the words of its last part (so 'TX 78701' is in '787').
 */
export function travelArea(sale: Sale, siteAddress: string): TravelArea | undefined {
  const lastPart = siteAddress.slice(siteAddress.lastIndexOf(',') + 1);
  const words = lastPart.split(/\s+/).filter(Boolean).map(normalizePostal);
  return sale.travel.find((area) =>
    area.postalCodes.some((start) => words.some((word) => word.startsWith(normalizePostal(start)))),
  );
}

export function travelLine(sale: Sale, area: Pick<TravelArea, 'name' | 'fee'>): QuoteLine {
  return { description: `Travel: ${area.name}`, quantity: 1, unitPrice: minor(sale, area.fee), kind: 'travel' };
}

/** An inquiry as the sale reads it. */
export interface SaleRequest {
  operation: string;
  package: string;
  plannedGuestCount: number;
  siteAddress: string;
}

/** A quote's first lines for an inquiry: its package for its guests and its travel (when the address is in an area). */
export function suggestedLines(content: BusinessContent, request: SaleRequest): QuoteLine[] {
  const card = pricedPackage(content, request);
  const area = travelArea(content.sale, request.siteAddress);
  return [
    ...(card ? [packageLine(card, request.plannedGuestCount, content.sale)] : []),
    ...(area && area.fee > 0 ? [travelLine(content.sale, area)] : []),
  ];
}

export interface Estimate {
  /** The total with the least travel there may be; equal to `high` when the address's travel is known. */
  low: Minor;
  high: Minor;
  guests: number;
  packageName: string;
  /** The prices it used, kept with the inquiry (record 204): the quote is prefilled at them. */
  currency: string;
  pricing: PackagePricing;
  rates: QuoteRates;
  /** The travel area whose fee it applied; null when the address is in none (a range over the areas' fees). */
  travel: Pick<TravelArea, 'name' | 'fee'> | null;
}

/**
 * The first reply's estimate: the package for the guest count, service charge and tax,
 * and travel by the address (a range from the least to the most travel fee when the
 * address is in no area). Undefined when the package has no price.
 */
export function estimateFor(content: BusinessContent, request: SaleRequest): Estimate | undefined {
  const card = pricedPackage(content, request);
  if (!card || request.plannedGuestCount < 1) return undefined;
  const sale = content.sale;
  const rates = saleRates(sale);
  const food = packageLine(card, request.plannedGuestCount, sale);
  const totalWith = (fee: Minor) =>
    quoteTotals([food, { description: 'Travel', quantity: 1, unitPrice: fee, kind: 'travel' }], rates).total;
  const area = travelArea(sale, request.siteAddress);
  const fees = area ? [area.fee] : sale.travel.map((each) => each.fee);
  const minorFees = (fees.length > 0 ? fees : [0]).map((fee) => minor(sale, fee));
  return {
    low: totalWith(Math.min(...minorFees)),
    high: totalWith(Math.max(...minorFees)),
    guests: request.plannedGuestCount,
    packageName: card.name,
    currency: sale.currency,
    pricing: card.pricing,
    rates,
    travel: area ? { name: area.name, fee: area.fee } : null,
  };
}

/** 'Estimate: $2,165.63' or 'Estimate: $2,165.63–$2,246.82', in the estimate's currency. */
export function estimateLine(estimate: Pick<Estimate, 'low' | 'high' | 'currency'>, content: BusinessContent): string {
  const money = (amount: Minor) => formatMoney(amount, estimate.currency, content.locale);
  const range = estimate.low === estimate.high ? money(estimate.low) : `${money(estimate.low)}–${money(estimate.high)}`;
  return `Estimate: ${range}`;
}

/** What the estimate is, in words, under its line. */
export function estimateNote(estimate: Estimate): string {
  const { rates } = estimate;
  const parts = [`${estimate.packageName} for ${estimate.guests} ${estimate.guests === 1 ? 'guest' : 'guests'}`];
  if (rates.serviceCharge > 0) parts.push(`${ratePercent(rates.serviceCharge)} service charge`);
  if (rates.tax > 0) parts.push(`${ratePercent(rates.tax)} tax`);
  const travel = estimate.low === estimate.high ? 'travel to your address' : 'travel, which depends on the address';
  return `${parts.join(', ')} and ${travel}. An estimate, not a quote: your quote will confirm the price.`;
}

/** The estimate as the first reply words it (the create's answer, the thank-you page, the confirmation), if any. */
export function estimateWords(
  content: BusinessContent,
  request: SaleRequest,
): { estimate: string; estimateNote: string } | undefined {
  const estimate = estimateFor(content, request);
  return estimate && estimateWordsOf(estimate, content);
}

/** An estimate (computed now, or kept with its inquiry) in the first reply's words. */
export function estimateWordsOf(
  estimate: Estimate,
  content: BusinessContent,
): { estimate: string; estimateNote: string } {
  return { estimate: estimateLine(estimate, content), estimateNote: estimateNote(estimate) };
}
