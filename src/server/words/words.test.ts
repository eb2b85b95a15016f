import { describe, expect, it } from 'vitest';
import { catalogProblems } from '../../shared/catalog-check.js';
import { en } from './en.js';
import { es } from './es.js';
import { quoteEn } from './quote-en.js';
import { quoteEs } from './quote-es.js';
import { quoteAfterEn } from './quote-after-en.js';
import { quoteAfterEs } from './quote-after-es.js';
import { instantEn } from './instant-en.js';
import { instantEs } from './instant-es.js';
import { orderEn } from './order-en.js';
import { orderEs } from './order-es.js';

describe('the customers’ message catalogs (record 300)', () => {
  it('have every key in both languages, each message in its own language', () => {
    expect(catalogProblems(en, es)).toEqual([]);
    expect(catalogProblems(quoteEn, quoteEs).filter((problem) => !/^(total|subtotal): the same/.test(problem))).toEqual(
      [],
    );
    // The quote page after acceptance and its pages of a replaced quote and too many posts (record 360).
    expect(catalogProblems(quoteAfterEn, quoteAfterEs)).toEqual([]);
    // "Book now"'s refusal pages (record 420).
    expect(catalogProblems(instantEn, instantEs)).toEqual([]);
    // Pre-orders: the order page, its answers, its own page and its e-mails (record 420).
    expect(catalogProblems(orderEn, orderEs).filter((problem) => !/^total: the same/.test(problem))).toEqual([]);
  });

  it('catch a missing key, an English text left in Spanish, and a Spanish one in English', () => {
    const { seeQuote: _gone, ...lacking } = es;
    expect(catalogProblems(en, lacking)).toContain('seeQuote: missing in Spanish');
    expect(catalogProblems(en, { ...es, seeQuote: en.seeQuote }).join('\n')).toMatch(/seeQuote: English word "your"/);
    expect(catalogProblems({ ...en, leaveReview: es.leaveReview }, es).join('\n')).toMatch(/leaveReview: Spanish word/);
    expect(
      catalogProblems(en, {
        ...es,
        quoteTotals: ({ total }: Record<string, unknown>) => `Total: ${total}. Deposit hoy.`,
      }),
    ).toContainEqual(expect.stringMatching(/quoteTotals: English word "Deposit"/));
  });
});
