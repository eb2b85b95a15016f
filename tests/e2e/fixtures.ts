// Shared browser-test setup: every page fails its test on an unexpected
// console error or uncaught exception (hydration warnings included).
import { test as base, expect, type Page } from '@playwright/test';

export interface ConsoleWatch {
  /** Errors a test expects (e.g. the failure path logs its error); matched by substring. */
  allow(fragment: string): void;
}

export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ page }, use) => {
      const allowed: string[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const text = message.text();
        if (!allowed.some((fragment) => text.includes(fragment))) problems.push(`console.${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({ allow: (fragment) => allowed.push(fragment) });
      expect(problems, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Loads the page and waits until it is hydrated and every handler is in place. */
export async function openPage(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
}
