// The owner's inbox: a build of its own (inbox.html → dist/client/inbox.html,
// assets under dist/client/assets/), run after the landing page's build, so the
// landing page's JavaScript and HTML stay exactly what they were without it.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    // No inline scripts: the CSP allows scripts from our own origin only.
    modulePreload: { polyfill: false },
    target: 'es2022',
    cssMinify: true,
    rollupOptions: { input: 'inbox.html' },
  },
});
