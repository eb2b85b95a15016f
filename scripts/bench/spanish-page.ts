// The Spanish page (/es/, issue 39) in Lighthouse's mobile preset beside the landing page
// (/), alternating on one server, each the median of 9 runs (besideLanding, page.ts): the
// same budgets hold for both languages' pages.
import { besideLanding, type LighthouseSummary, PAGE_BUDGETS, withServer } from './page.js';

export interface SpanishPageBench {
  spanish: LighthouseSummary;
  landing: LighthouseSummary;
}

export function runSpanishPageBench(): Promise<SpanishPageBench> {
  return withServer('dist/client', async (url) => {
    const { page, landing } = await besideLanding(new URL('/es/', url).href, url);
    return { spanish: page, landing };
  });
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export const formatSpanishPageBench = ({ spanish, landing }: SpanishPageBench): string =>
  formatBesideLanding(spanish, landing, '/es/');

/** A page's Lighthouse figures (`named` in the table's head) with the landing page's beside each, and the budgets. */
export function formatBesideLanding(page: LighthouseSummary, landing: LighthouseSummary, named: string): string {
  const beside = (pick: (summary: LighthouseSummary) => number, unit = '') =>
    `${Math.round(pick(page))}${unit} (/: ${Math.round(pick(landing))}${unit})`;
  const score = (name: keyof LighthouseSummary['scores'], label: string) =>
    `| ${label} | ${beside((s) => s.scores[name])} | ${PAGE_BUDGETS.score} | ${mark(page.scores[name] >= PAGE_BUDGETS.score)} |`;
  return [
    `| what | ${named} (/ beside it) | target | |`,
    '| --- | ---: | ---: | --- |',
    score('performance', `Lighthouse mobile (median of ${page.runs}): performance`),
    score('accessibility', 'accessibility'),
    score('best-practices', 'best practices'),
    score('seo', 'SEO'),
    `| LCP | ${beside((s) => s.lcpMs, ' ms')} | <= ${PAGE_BUDGETS.lcpMs} ms | ${mark(page.lcpMs <= PAGE_BUDGETS.lcpMs)} |`,
    `| TBT | ${beside((s) => s.tbtMs, ' ms')} | <= ${PAGE_BUDGETS.tbtMs} ms | ${mark(page.tbtMs <= PAGE_BUDGETS.tbtMs)} |`,
    `| CLS | ${page.cls.toFixed(3)} (/: ${landing.cls.toFixed(3)}) | ${PAGE_BUDGETS.cls} | ${mark(page.cls <= PAGE_BUDGETS.cls)} |`,
  ].join('\n');
}
