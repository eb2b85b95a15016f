// The sale's arithmetic: package lines with their minimums, travel by postal code,
// the totals with service charge, tax and deposit each rounded once, and the estimate.
import { describe, expect, it } from 'vitest';
import { business } from '../../content/business.js';
import type { BusinessContent } from '../../content/schema.js';
import { applyRate, divideRounded, formatMoney, parseMoney, toMinor, toRate } from './money.js';
import {
  estimateFor,
  estimateLine,
  packageLine,
  pricedPackage,
  type QuoteLine,
  quoteTotals,
  saleRates,
  suggestedLines,
  travelArea,
} from './pricing.js';

const content = business;
const truck = (packageName: string, plannedGuestCount: number, siteAddress = '1 Congress Ave, Austin, TX 78701') => ({
  operation: 'Taco Truck',
  package: packageName,
  plannedGuestCount,
  siteAddress,
});
const line = (quantity: number, unitPrice: number, kind: QuoteLine['kind'] = 'item'): QuoteLine => ({
  description: 'x',
  quantity,
  unitPrice,
  kind,
});

describe('money', () => {
  it('rounds half away from zero, once', () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(15, 10)).toBe(2);
    expect(applyRate(1, 50_000)).toBe(1);
    expect(applyRate(1_000_000_001, 8250)).toBe(82_500_000);
  });

  it('converts the owner’s amounts and rates exactly, or not at all', () => {
    expect(toMinor(12.1, 'USD')).toBe(1210);
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor(12.345, 'USD')).toBeUndefined();
    expect(toMinor(1200, 'JPY')).toBe(1200);
    expect(toMinor(1.5, 'JPY')).toBeUndefined();
    expect(toRate(8.25)).toBe(8250);
    expect(toRate(8.375)).toBe(8375);
    expect(toRate(8.3751)).toBeUndefined();
  });

  it('reads and writes amounts as people type and read them', () => {
    expect(parseMoney('1,234.5', 'USD')).toBe(123_450);
    expect(parseMoney(' 12 ', 'USD')).toBe(1200);
    expect(parseMoney('-100', 'USD')).toBe(-10_000);
    expect(parseMoney('12.345', 'USD')).toBeUndefined();
    expect(parseMoney('$12', 'USD')).toBeUndefined();
    expect(formatMoney(204_376, 'USD', 'en-US')).toBe('$2,043.76');
    expect(formatMoney(90_000, 'GBP', 'en-GB')).toBe('£900.00');
  });
});

describe('a package’s line', () => {
  const sale = content.sale;
  it('is per guest, for the guests', () => {
    expect(packageLine(pricedPackage(content, truck('Basic', 100))!, 100, sale)).toEqual({
      description: 'Basic package, per guest',
      quantity: 100,
      unitPrice: 1600,
      kind: 'package',
    });
  });

  it('counts the minimum guests when fewer are planned, and says so', () => {
    const mini = packageLine(pricedPackage(content, truck('Mini', 100))!, 100, sale);
    expect(mini).toMatchObject({
      quantity: 150,
      unitPrice: 1200,
      description: 'Mini package, per guest (150-guest minimum)',
    });
    expect(packageLine(pricedPackage(content, truck('Mini', 200))!, 200, sale).quantity).toBe(200);
  });

  it('is the minimum spend when the guests come to less', () => {
    const choice = { operation: 'Full-service taco bar', package: '', plannedGuestCount: 40, siteAddress: '' };
    const card = pricedPackage(content, choice)!;
    expect(packageLine(card, 40, sale)).toEqual({
      description: 'Full-service taco bar package (minimum spend)',
      quantity: 1,
      unitPrice: 110_000,
      kind: 'package',
    });
    expect(packageLine(card, 60, sale)).toMatchObject({ quantity: 60, unitPrice: 2200 });
  });

  it('is one amount for a flat-priced package', () => {
    const flat: BusinessContent = structuredClone(content);
    flat.packageGroups[0]!.packages[2]!.pricing = { per: 'event', amount: 2400 };
    expect(packageLine(pricedPackage(flat, truck('Premium', 80))!, 80, flat.sale)).toEqual({
      description: 'Premium package',
      quantity: 1,
      unitPrice: 240_000,
      kind: 'package',
    });
  });

  it('is missing for a package quoted by hand, or a choice with no card', () => {
    expect(pricedPackage(content, truck('Custom', 100))).toBeUndefined();
    expect(pricedPackage(content, { ...truck('', 100), operation: 'Something else' })).toBeUndefined();
  });

  it('finds a catering card by its operation', () => {
    expect(pricedPackage(content, { ...truck('', 30), operation: 'Drop-off taco bar' })?.name).toBe(
      'Drop-off taco bar',
    );
  });
});

describe('travel by postal code', () => {
  it('takes the first area the address’s postal code starts with', () => {
    expect(travelArea(content.sale, '1 Main St, Round Rock, TX 78664')?.fee).toBe(75);
    expect(travelArea(content.sale, '1 Congress Ave, Austin, TX 78701-1234')?.fee).toBe(0);
    expect(travelArea(content.sale, '9 Alamo Plaza, San Antonio, Texas 78205')?.name).toBe(
      'San Antonio and New Braunfels',
    );
    expect(travelArea(content.sale, '1 Main St, Dallas, TX 75201')).toBeUndefined();
  });

  it('reads British postcodes, with or without their space', () => {
    const sale = { ...content.sale, travel: [{ name: 'Leeds', postalCodes: ['LS1'], fee: 0 }] };
    expect(travelArea(sale, '2 Park Row, Leeds, West Yorkshire LS1 5HD')?.name).toBe('Leeds');
    expect(travelArea(sale, '2 Park Row, Leeds, West Yorkshire ls15hd')?.name).toBe('Leeds');
    expect(travelArea(sale, '2 Park Row, Bradford, West Yorkshire BD1 1AA')).toBeUndefined();
  });

  it('puts a travel line in the suggested quote only where travel costs something', () => {
    expect(suggestedLines(content, truck('Basic', 100)).map((each) => each.kind)).toEqual(['package']);
    expect(suggestedLines(content, truck('Basic', 100, '1 Main St, Round Rock, TX 78664'))).toEqual([
      expect.objectContaining({ kind: 'package' }),
      { description: 'Travel: Round Rock, Georgetown and San Marcos', quantity: 1, unitPrice: 7500, kind: 'travel' },
    ]);
  });
});

describe('the totals', () => {
  const rates = saleRates(content.sale);
  it('adds the service charge on the food, then tax on what the content says', () => {
    expect(quoteTotals([line(100, 1600, 'package')], rates)).toEqual({
      food: 160_000,
      serviceCharge: 28_800,
      travel: 0,
      tax: 15_576,
      total: 204_376,
      deposit: 51_094,
    });
  });

  it('charges no service charge on travel, and tax on travel only when the content says so', () => {
    const lines = [line(1, 10_000, 'package'), line(1, 10_000, 'travel')];
    expect(quoteTotals(lines, rates)).toMatchObject({ serviceCharge: 1800, tax: 1799, total: 23_599 });
    expect(quoteTotals(lines, { ...rates, taxOnTravel: false })).toMatchObject({ tax: 974, total: 22_774 });
    expect(quoteTotals(lines, { ...rates, taxOnTravel: false, taxOnServiceCharge: false })).toMatchObject({
      tax: 825,
      total: 22_625,
    });
  });

  it('rounds each computed amount once, half away from zero', () => {
    // 18 % of $0.25 is 4.5 cents: 5; tax 8.25 % of 30 cents is 2.475: 2; deposit 25 % of 55 cents is 13.75: 14.
    expect(quoteTotals([line(1, 25)], rates)).toEqual({
      food: 25,
      serviceCharge: 5,
      travel: 0,
      tax: 2,
      total: 32,
      deposit: 8,
    });
  });

  it('takes a discount line off the food before the charges', () => {
    expect(quoteTotals([line(1, 10_000, 'package'), line(1, -1000)], { ...rates, tax: 0 })).toMatchObject({
      food: 9000,
      serviceCharge: 1620,
      total: 10_620,
    });
  });
});

describe('the estimate in the first reply', () => {
  it('is exact when the address’s travel is known', () => {
    const estimate = estimateFor(content, truck('Basic', 100))!;
    expect(estimate).toMatchObject({ low: 204_376, high: 204_376, guests: 100, packageName: 'Basic' });
    // With the prices it used, kept with the inquiry (record 204).
    expect(estimate).toMatchObject({
      currency: 'USD',
      pricing: { per: 'guest', amount: 16 },
      rates: saleRates(content.sale),
      travel: { name: 'Austin', fee: 0 },
    });
    expect(estimateLine(estimate, content)).toBe('Estimate: $2,043.76');
  });

  it('is a range from the least to the most travel when the address is in no area', () => {
    const estimate = estimateFor(content, truck('Basic', 100, '1 Main St, Dallas, TX 75201'))!;
    expect(estimate).toMatchObject({ low: 204_376, high: 220_614, travel: null });
    expect(estimateLine(estimate, content)).toBe('Estimate: $2,043.76–$2,206.14');
  });

  it('prices the minimum, and nothing for a package quoted by hand', () => {
    expect(estimateFor(content, truck('Mini', 100))?.low).toBe(229_923);
    expect(estimateFor(content, truck('Custom', 100))).toBeUndefined();
  });
});
