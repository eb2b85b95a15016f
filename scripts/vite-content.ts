// The page's bundle gets the content as plain data: every import of
// content/index.ts (which checks the content, on Node) is served the content
// and the helpers instead. The check ran when the build started (vite.config.ts
// imports content/index.ts), so it need not ship. The browser's copy leaves out
// what only the prerendered HTML uses (never hydrated: see src/web/static-part.tsx);
// a hydrated component that read one of these would fail its browser tests
// with a hydration error.
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { BusinessContent } from '../content/schema.js';

const VIRTUAL = '\0curbside:content';

/**
 * The browser's copy of the content: without what only the build uses, unless a bundle
 * asks to `keep` it (the inbox keeps the locale: record 124, and the zone and the sale's
 * settings its quote form reads). The page's form never reads the prices: the server
 * works out the estimate (record 141).
 */
export function browserContent(
  content: BusinessContent,
  keep: readonly (keyof BusinessContent)[] = [],
): Record<string, unknown> {
  const {
    seo: _seo,
    siteUrl: _url,
    locale: _locale,
    timeZone: _timeZone,
    menu: _menu,
    priceRange: _price,
    cuisine: _cuisine,
    shortName: _shortName,
    productPlural: _productPlural,
    sale: _sale,
    logoMark: _logoMark,
    shareImage: _shareImage,
    hours: _hours,
    // The booked event's settings: read by the server alone (record 170).
    event: _event,
    ...rest
  } = content;
  const {
    theme: _theme,
    contact: _contact,
    social: _social,
    tagline: _tagline,
    hero: _hero,
    whyUs: _whyUs,
    nav: _nav,
    ...kept
  } = rest;
  // Of the packages, only the truck's names and form notes (the form's choices); the cards are prerendered.
  const packageGroups = kept.packageGroups.map(({ intro: _intro, ...group }) => ({
    ...group,
    packages: (group.id === kept.truckPackageGroup ? group.packages : []).map(({ name, formNote }) => ({
      name,
      formNote,
    })),
  }));
  const asked = Object.fromEntries(keep.map((key) => [key, content[key]]));
  // The client logos are prerendered too (src/web/sections/logo-scroller.tsx); the heading is hydrated.
  return { ...kept, packageGroups, clients: { heading: kept.clients.heading }, ...asked };
}

export function contentPlugin(
  contentFile: string,
  content: BusinessContent,
  command: 'build' | 'serve' = 'build',
  keep: readonly (keyof BusinessContent)[] = [],
): Plugin {
  const index = resolve('content/index.ts');
  const contentDir = resolve('content');
  return {
    name: 'curbside-content',
    enforce: 'pre',
    // `npm run dev`: a content edit reloads the page. Most of the page is prerendered
    // and never rendered again in the browser (static-part.tsx), so a hot update of
    // the components could not show it; a reload renders it afresh on the server.
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(`${contentDir}/`)) return undefined;
      void apiRestarted().then(() => server.ws.send({ type: 'full-reload' }));
      return [];
    },
    resolveId(source, importer) {
      if (!importer || !/(^|\/)index\.[jt]s$/.test(source)) return undefined;
      const target = resolve(dirname(importer.replace(/^\0/, '')), source).replace(/\.js$/, '.ts');
      return target === index ? VIRTUAL : undefined;
    },
    load(id, options) {
      if (id !== VIRTUAL) return undefined;
      const helpers = `export * from ${JSON.stringify(resolve('content/helpers.ts'))};`;
      // Build time (SSR) and `npm run dev` (edits hot-reload): the content file itself.
      // The built page's bundle: the data it needs, as JSON.
      return options?.ssr || command === 'serve'
        ? `export { business as content } from ${JSON.stringify(resolve(contentFile))};\n${helpers}`
        : `export const content = ${JSON.stringify(browserContent(content, keep))};\n${helpers}`;
    },
  };
}

/**
 * The owner's brand colours as CSS custom properties (`virtual:theme.css`), bundled into
 * the stylesheet (no inline styles: CSP): the page's and, in its own names, the inbox's.
 */
export function themePlugin(css: string): Plugin {
  const id = 'virtual:theme.css';
  return {
    name: 'curbside-theme',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? css : undefined),
  };
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(500) }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * With `npm run dev`, the API server (tsx watch) restarts on a content edit too: the
 * page is reloaded once it answers again, so the reloaded page's first requests (its
 * session) do not meet a server that is not there. Waits a second at most for it to go,
 * then ten for it to come back.
 */
async function apiRestarted(): Promise<void> {
  const port = process.env.CURBSIDE_API_PORT;
  if (!port) return;
  const health = `http://127.0.0.1:${port}/api/health`;
  const until = async (wanted: boolean, ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
      if ((await answers(health)) === wanted) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await until(false, 1_000);
  await until(true, 10_000);
}
