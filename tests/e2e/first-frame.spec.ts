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

test('the manifest is fetched with the page’s credentials, so it can share the page’s connection', async ({
  page,
  baseURL,
}) => {
  // Browsers keep uncredentialed fetches (a manifest's default) off the page's sockets: a
  // second handshake at every load. A cookie of the site's travelling with it shows it is not one.
  await page.context().addCookies([{ name: 'probe', value: 'credentialed', url: baseURL! }]);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const manifestIds = new Set<string>();
  const cookies = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (new URL(request.url).pathname === '/manifest.webmanifest') manifestIds.add(requestId);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    cookies.set(requestId, String(headers.Cookie ?? headers.cookie ?? ''));
  });
  await openPage(page);
  // As Chrome's install check asks for it at load.
  await cdp.send('Page.getAppManifest');
  // Chrome's own fetch at load and this one: each with its headers reported.
  await expect.poll(() => manifestIds.size > 0 && [...manifestIds].every((id) => cookies.has(id))).toBe(true);
  for (const id of manifestIds) expect(cookies.get(id)).toContain('probe=credentialed');
});
