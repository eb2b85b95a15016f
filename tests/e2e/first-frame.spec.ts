// The first frame is the floor's (issue 20 item 2, record 104): the largest contentful
// paint is the hero's, visible as painted, and the page's module is asked for only after
// it, so no lab's simulated slow network can count the module in it. Orders of events
// in one page load, read from the browser's own timings; no time is asserted.
import { expect, openPage, test } from './fixtures.js';

test('the page’s module is fetched only after the largest contentful paint, which is the hero’s', async ({ page }) => {
  await openPage(page);
  const timings = await page.evaluate(async () => {
    const paints = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries());
      }).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    const first = paints[0] as PerformanceEntry & { element: Element | null; renderTime: number };
    const moduleSrc = document.querySelector<HTMLScriptElement>('script[data-src]')!.dataset.src!;
    const module = performance.getEntriesByName(new URL(moduleSrc, location.href).href)[0]!;
    return {
      lcpAt: first.renderTime || first.startTime,
      inHero: first.element?.closest('.hero') !== null,
      opacity: first.element ? getComputedStyle(first.element).opacity : '',
      moduleAskedAt: module.startTime,
    };
  });
  expect(timings.inHero, 'the largest contentful paint is in the hero').toBe(true);
  expect(timings.opacity).toBe('1');
  expect(timings.moduleAskedAt, 'the module is asked for after the largest contentful paint').toBeGreaterThan(
    timings.lcpAt,
  );
});
