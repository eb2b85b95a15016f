import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { contentPlugin } from './scripts/vite-content.js';

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

export default defineConfig({
  plugins: [react(), themePlugin(), contentPlugin(contentFile, content)],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No inline scripts: the CSP allows scripts from our own origin only.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssMinify: true,
  },
  ssr: {
    noExternal: true,
  },
});
