import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { content } from './content/index.js';
import { picturesPlugin } from './src/build/pictures-plugin.js';

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
  plugins: [react(), themePlugin(), picturesPlugin(content)],
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
