// The owner's inbox: a build of its own (inbox.html → dist/client/inbox.html,
// assets under dist/client/assets/, or CLIENT_DIR's), run after the landing page's build, so the
// landing page's JavaScript and HTML stay exactly what they were without it.
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig } from 'vite';
import { clientDir } from './scripts/build-output.js';
import { contentPlugin, themePlugin } from './scripts/vite-content.js';

// The inbox reads the field table (labels, the form's choices), which is built on the
// content: like the page, its bundle gets the checked content as plain data, with the
// locale its dates and times are written in (record 124), and the business's zone and
// sale settings its quote form reads (the page's bundle has neither).
const { content, contentFile } = (await tsImport(
  './content/index.ts',
  import.meta.url,
)) as typeof import('./content/index.js');

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    contentPlugin(contentFile, content, command, { keep: ['locale', 'timeZone', 'sale'] }),
    // The inbox's buttons and links in the owner's brand colour (its --accent), like the site.
    themePlugin(`:root{--accent:${content.theme.primary};}`),
  ],
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    // No inline scripts: the CSP allows scripts from our own origin only.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssMinify: true,
    rollupOptions: { input: 'inbox.html' },
  },
}));
