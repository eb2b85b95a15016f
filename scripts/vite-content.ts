// Every import of content/index.ts (which checks the content, on Node) in a bundle is
// served plain data and the helpers instead. The check ran when the build started
// (vite.config.ts imports content/index.ts), so it need not ship. The page's bundle
// reads the content the server wrote into the page (src/web/page-data.ts); the inbox's
// has its copy baked in; the server-side bundle renders whichever content it is given
// (src/web/rendered-content.ts, record 260).
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { BusinessContent } from '../content/schema.js';
import { browserContent } from '../src/shared/browser-content.js';

/** Where a built bundle's content comes from: the page it is in, or baked into it. */
export type BrowserContentSource = 'page' | { keep: readonly (keyof BusinessContent)[] };

const VIRTUAL = '\0curbside:content';

export function contentPlugin(
  contentFile: string,
  content: BusinessContent,
  command: 'build' | 'serve' = 'build',
  source: BrowserContentSource = 'page',
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
      const file = JSON.stringify(resolve(contentFile));
      if (options?.ssr) {
        const rendered = JSON.stringify(resolve('src/web/rendered-content.ts'));
        return `import { business } from ${file};\nimport { startWithContent } from ${rendered};\nstartWithContent(business);\nexport { content, words, labels } from ${rendered};\n${helpers}`;
      }
      // `npm run dev` (edits hot-reload): the content file itself.
      // The page's own words (record 300): the page's, from its data; English where baked in.
      const english = `export { en as words } from ${JSON.stringify(resolve('src/shared/page-words/en.ts'))};\nexport const labels = {};\n`;
      if (command === 'serve') return `export { business as content } from ${file};\n${english}${helpers}`;
      if (source === 'page') {
        const page = JSON.stringify(resolve('src/web/page-data.ts'));
        return `import { pageData } from ${page};\nexport const content = pageData.content;\nexport const words = pageData.words;\nexport const labels = pageData.labels;\n${helpers}`;
      }
      return `export const content = ${JSON.stringify(browserContent(content, source.keep))};\n${english}${helpers}`;
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
