// The quote page part of `npm run bench` (issue 28): the customer's page of a sent quote
// (/quote/<token>, rendered per request) in Lighthouse's mobile preset beside the
// landing page, the two alternating on one server in one run, and its gzipped weight.
// Its SEO score is below 100 on purpose: the page is noindex (a private link).
import { gzipSync } from 'node:zlib';
import { content } from '../../content/index.js';
import { quoteTotals, saleRates, suggestedLines } from '../../src/shared/pricing.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { quoteLinkKey, quotePath } from '../../src/server/quotes/quote-link.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { besideLanding, type LighthouseSummary, PAGE_BUDGETS, withServer } from './page.js';

const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123';

export interface QuotePageBench {
  htmlBytes: number;
  quote: LighthouseSummary;
  landing: LighthouseSummary;
}

/** An inquiry with a sent quote in the store the server will read; the quote's path. */
async function seedQuote(dataDir: string): Promise<string> {
  const inquiries = openSqliteStore(dataDir);
  const owners = openSqliteOwnerStore(dataDir);
  try {
    const eventDate = addDays(localNow(new Date(), content.timeZone).date, 45);
    const inquiry = buildNewInquiry({ document: { eventDate } });
    await inquiries.create(inquiry);
    const lines = suggestedLines(content, inquiry.document);
    lines.push({
      description: 'Churros for every guest',
      quantity: inquiry.document.plannedGuestCount,
      unitPrice: 250,
      kind: 'item',
    });
    const rates = saleRates(content.sale);
    const quote = await owners.quotes.send(
      inquiry.id,
      {
        lines,
        rates,
        validUntil: addDays(eventDate, -30),
        currency: content.sale.currency,
        totals: quoteTotals(lines, rates),
        terms: content.sale.terms,
        message: '',
      },
      { id: 'bench', email: 'bench@example.com' },
      new Date(),
      'Quote sent',
    );
    return quotePath(quoteLinkKey(SESSION_SECRET), quote!.id);
  } finally {
    await owners.close();
    await inquiries.close();
  }
}

export async function runQuotePageBench(): Promise<QuotePageBench> {
  let path = '';
  return withServer(
    'dist/client',
    async (url) => {
      const quoteUrl = new URL(path, url).href;
      const html = await (await fetch(quoteUrl)).text();
      const { page, landing } = await besideLanding(quoteUrl, url);
      return { htmlBytes: gzipSync(html).length, quote: page, landing };
    },
    {
      seed: async (dataDir) => {
        path = await seedQuote(dataDir);
      },
      env: { SESSION_SECRET },
    },
  );
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatQuotePageBench({ htmlBytes, quote, landing }: QuotePageBench): string {
  const beside = (pick: (summary: LighthouseSummary) => number, unit = '') =>
    `${Math.round(pick(quote))}${unit} (landing page: ${Math.round(pick(landing))}${unit})`;
  return [
    '| what | quote page (landing page beside it) | target | |',
    '| --- | ---: | ---: | --- |',
    `| HTML with its CSS, gzipped (no JavaScript, no other request) | ${(htmlBytes / 1024).toFixed(1)} KiB | (no target) | |`,
    `| Lighthouse mobile (median of ${quote.runs}): performance | ${beside((s) => s.scores.performance)} | ${PAGE_BUDGETS.score} | ${mark(quote.scores.performance >= PAGE_BUDGETS.score)} |`,
    `| accessibility | ${beside((s) => s.scores.accessibility)} | ${PAGE_BUDGETS.score} | ${mark(quote.scores.accessibility >= PAGE_BUDGETS.score)} |`,
    `| best practices | ${beside((s) => s.scores['best-practices'])} | ${PAGE_BUDGETS.score} | ${mark(quote.scores['best-practices'] >= PAGE_BUDGETS.score)} |`,
    `| SEO (the quote page is noindex on purpose) | ${beside((s) => s.scores.seo)} | (no target) | |`,
    `| LCP | ${beside((s) => s.lcpMs, ' ms')} | <= ${PAGE_BUDGETS.lcpMs} ms | ${mark(quote.lcpMs <= PAGE_BUDGETS.lcpMs)} |`,
    `| FCP | ${beside((s) => s.fcpMs, ' ms')} | (no target) | |`,
    `| TBT | ${beside((s) => s.tbtMs, ' ms')} | <= ${PAGE_BUDGETS.tbtMs} ms | ${mark(quote.tbtMs <= PAGE_BUDGETS.tbtMs)} |`,
    `| CLS | ${quote.cls.toFixed(3)} (landing page: ${landing.cls.toFixed(3)}) | ${PAGE_BUDGETS.cls} | ${mark(quote.cls <= PAGE_BUDGETS.cls)} |`,
  ].join('\n');
}
