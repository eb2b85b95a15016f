// axe's WCAG 2.2 A and AA rules, one definition for every browser test: no violation,
// each named by its rule and the nodes it found, and some rules passed (a blank page
// checks nothing, and must not pass).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function expectNoViolations(
  page: Page,
  options: { include?: string; where?: string; checked?: number } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (options.include ? builder.include(options.include) : builder).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, options.where).toEqual([]);
  expect(results.passes.length, `${options.where ?? 'the page'}: axe checked nothing`).toBeGreaterThan(
    options.checked ?? 0,
  );
}
