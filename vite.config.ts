import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Logger, type Plugin } from 'vite';
import { clientDir, ssrDir } from './scripts/build-output.js';
import { contentPlugin, themePlugin } from './scripts/vite-content.js';
import type { TruckStop } from './src/shared/truck-schedule.js';
import { picturesPlugin } from './src/build/pictures-plugin.js';

// Checked here, once per build (CONTENT_FILE may name another content file); the bundle gets plain data.
const { content, contentFile } = (await tsImport(
  './content/index.ts',
  import.meta.url,
)) as typeof import('./content/index.js');

const SITE_FILE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  jpg: 'image/jpeg',
  webmanifest: 'application/manifest+json',
};

const API_ORIGIN = `http://127.0.0.1:${process.env.CURBSIDE_API_PORT ?? 3000}`;

/**
 * The stops the API server publishes (GET /api/schedule). It restarts on every change,
 * so a page asked for meanwhile keeps the stops it gave last (none before it first answers).
 */
let lastStops: TruckStop[] = [];
async function storedStops(logger: Logger): Promise<TruckStop[]> {
  try {
    const response = await fetch(`${API_ORIGIN}/api/schedule`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { stops?: unknown };
    if (!response.ok || !Array.isArray(body.stops)) throw new Error(`HTTP ${response.status}, no stops in the answer`);
    lastStops = body.stops as TruckStop[];
  } catch (error) {
    const { message, cause } = error as Error & { cause?: { code?: string } };
    logger.warn(
      `The page shows the stops the API server gave last: it did not answer now (${cause?.code ?? message}).`,
    );
  }
  return lastStops;
}

/**
 * `npm run dev`: the page rendered on the server as the build prerenders it
 * (scripts/prerender.ts), from the current sources, so the dev page hydrates too;
 * and the files the build makes from the content (icons, the manifest, the social
 * card), made again after a content edit, so the page asks for nothing that is missing.
 */
function devRenderPlugin(): Plugin {
  type SiteFiles = { files: Record<string, Buffer | string>; images: unknown };
  let made: Promise<SiteFiles> | undefined;
  let siteFiles: () => Promise<SiteFiles> = () => Promise.reject(new Error('the dev server has not started'));
  return {
    name: 'curbside-dev-render',
    apply: 'serve',
    configureServer(server) {
      const load = (path: string) => server.ssrLoadModule(path);
      siteFiles = () =>
        (made ??= (async () => {
          const [{ content: fresh }, { buildSiteImages }, { webManifest }] = await Promise.all([
            load('/content/index.ts'),
            load('/src/build/site-images.ts'),
            load('/src/web/seo/site-files.ts'),
          ]);
          const { files, images } = await buildSiteImages(fresh);
          return { files: { ...files, 'manifest.webmanifest': webManifest(fresh, images) }, images };
        })());
      server.watcher.on('change', (file) => {
        if (file.includes('/content/')) made = undefined;
      });
      server.middlewares.use((request, response, next) => {
        const name = (request.url ?? '').split('?')[0]!.slice(1);
        const type = SITE_FILE_TYPES[name.split('.').pop() ?? ''];
        if (!type || name.includes('/')) return next();
        siteFiles().then(({ files }) => {
          const file = files[name];
          if (file === undefined) return next();
          response.setHeader('content-type', type);
          response.end(file);
        }, next);
      });
    },
    async transformIndexHtml(html, context) {
      if (!context.server || !html.includes('<!--app-->')) return html;
      const load = (path: string) => context.server!.ssrLoadModule(path);
      const [{ renderers }, { pictures }, { renderHead }, fresh, { images }, schedule, stops] = await Promise.all([
        load('/src/web/entry-server.tsx') as Promise<typeof import('./src/web/entry-server.js')>,
        // The build's pictures, which the server-side bundle starts with (src/web/rendered-content.ts).
        load('/src/web/rendered-content.ts') as Promise<typeof import('./src/web/rendered-content.js')>,
        load('/src/web/seo/site-files.ts'),
        load('/content/index.ts'),
        siteFiles(),
        load('/src/shared/schedule-section.ts') as Promise<typeof import('./src/shared/schedule-section.js')>,
        storedStops(context.server.config.logger),
      ]);
      // The truck's stops as the API server has them, filled in as the server fills the built page (record 111).
      const section = schedule.scheduleSection(stops, { ...schedule.sectionOptionsOf(fresh.content), now: new Date() });
      const page = html
        .replace('<!--head-->', () => renderHead(fresh.content, images))
        .replace('<!--app-->', () => renderers.renderApp({ content: fresh.content, pictures }));
      return schedule.withScheduleSection(page, section);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    themePlugin(`:root{--brand:${content.theme.primary};--accent:${content.theme.accent};}`),
    devRenderPlugin(),
    contentPlugin(contentFile, content, command),
    picturesPlugin(content),
  ],
  // `npm run dev` (scripts/dev.mjs): the API server restarts on its own port; the page asks Vite, which forwards.
  server: { proxy: { '/api': API_ORIGIN } },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    // The prerender's bundle (vite build --ssr) beside the client files (scripts/build-output.ts).
    outDir: isSsrBuild ? ssrDir : clientDir,
    emptyOutDir: true,
    // No inline scripts: the CSP allows scripts from our own origin only.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssMinify: true,
  },
  // The prerender bundle is self-contained; the dev server loads React from node_modules as it is.
  ssr: command === 'build' ? { noExternal: true } : {},
}));
