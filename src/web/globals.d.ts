/** The year the site was built, for the footer (the same on server and client, so hydration matches). */
declare const __BUILD_YEAR__: number;

/** The owner's brand colours as CSS custom properties (vite.config.ts). */
declare module 'virtual:theme.css';

/** The owner's pictures, made at build time (src/build/pictures-plugin.ts), keyed `${role}:${file}`. */
declare module 'virtual:pictures' {
  export type PictureRole = import('./picture-data.js').PictureRole;
  export type PictureData = import('./picture-data.js').PictureData;
  export const pictures: Readonly<Record<string, PictureData>>;
}

interface Window {
  /** Set by the page's module just before it hydrates: the boot script's early controls stand down. */
  curbsideModule?: boolean;
}
