import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { contentPlugin } from './scripts/vite-content.js';
import { picturesPlugin } from './src/build/pictures-plugin.js';

// Checked here, once per build (CONTENT_FILE may name another content file); the bundle gets plain data.
const { content, contentFile } = (await tsImport(
  './content/index.ts',
  import.meta.url,
)) as typeof import('./content/index.js');

/** The owner's brand colours as CSS custom properties, bundled into the stylesheet (no inline styles: CSP). */
function themePlugin(): Plugin {
  const id = 'virtual:theme.css';
  return {
    name: 'curbside-theme',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}` ? `:root{--brand:${content.theme.primary};--accent:${content.theme.accent};}` : undefined,
  };
}

/**
 * `npm run dev`: the page rendered on the server as the build prerenders it
 * (scripts/prerender.ts), from the current sources, so the dev page hydrates too.
 */
function devRenderPlugin(): Plugin {
  return {
    name: 'curbside-dev-render',
    apply: 'serve',
    async transformIndexHtml(html, context) {
      if (!context.server || !html.includes('<!--app-->')) return html;
      const load = (path: string) => context.server!.ssrLoadModule(path);
      const [{ renderApp }, { renderHead }, fresh] = await Promise.all([
        load('/src/web/entry-server.tsx'),
        load('/src/web/seo/site-files.ts'),
        load('/content/index.ts'),
      ]);
      return html.replace('<!--head-->', () => renderHead(fresh.content)).replace('<!--app-->', () => renderApp());
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themePlugin(),
    devRenderPlugin(),
    contentPlugin(contentFile, content, command),
    picturesPlugin(content),
  ],
  // `npm run dev` (scripts/dev.mjs): the API server restarts on its own port; the page asks Vite, which forwards.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.CURBSIDE_API_PORT ?? 3000}` } },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No inline scripts: the CSP allows scripts from our own origin only.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssMinify: true,
  },
  // The prerender bundle is self-contained; the dev server loads React from node_modules as it is.
  ssr: command === 'build' ? { noExternal: true } : {},
}));
