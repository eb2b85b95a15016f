/** The year the site was built, for the footer (the same on server and client, so hydration matches). */
declare const __BUILD_YEAR__: number;

/** The owner's brand colours as CSS custom properties (vite.config.ts). */
declare module 'virtual:theme.css';
