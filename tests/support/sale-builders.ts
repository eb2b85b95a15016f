// Test data of the sale: a quote as the owner sends it (the content's rates, a package
// line and travel), overridable; and inquiries received at a given time.
import { content } from '../../content/index.js';
import type { NewInquiry } from '../../src/server/store/inquiry-store.js';
import type { NewQuote } from '../../src/server/store/quote-store.js';
import { quoteTotals, saleRates } from '../../src/shared/pricing.js';
import { buildNewInquiry } from './builders.js';

export function buildNewQuote(overrides: Partial<NewQuote> = {}): NewQuote {
  const rates = overrides.rates ?? saleRates(content.sale);
  const lines = overrides.lines ?? [
    { description: 'Basic package, per guest', quantity: 100, unitPrice: 1600, kind: 'package' as const },
    { description: 'Travel: Round Rock', quantity: 1, unitPrice: 7500, kind: 'travel' as const },
  ];
  return {
    lines,
    rates,
    validUntil: '2099-12-31',
    currency: content.sale.currency,
    totals: quoteTotals(lines, rates),
    terms: content.sale.terms,
    ...overrides,
  };
}

/** An inquiry received at `createdAt` (an ISO instant), with more overrides of its row. */
export function receivedAt(createdAt: string, overrides: Parameters<typeof buildNewInquiry>[0] = {}): NewInquiry {
  return buildNewInquiry({ ...overrides, document: { createdAt, dateCreated: createdAt, ...overrides.document } });
}
