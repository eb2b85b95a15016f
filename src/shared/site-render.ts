// What the page's server-side bundle (src/web/entry-server.tsx, built by `vite build --ssr`
// into dist/ssr) gives whoever renders the site from a content: the build's prerender
// (scripts/prerender.ts) and the server, on each publish (src/server/site/site-renderer.ts).
import { dirname, join } from 'node:path';
import type { BusinessContent } from '../../content/schema.js';
import type { PictureMap } from './picture-data.js';
import type { Language } from './language.js';

/** What the build made of the content's icons and link preview card (src/build/site-images.ts). */
export interface SiteImages {
  svgIcon: boolean;
  /** og:image:alt, twitter:image:alt. */
  cardAlt: string;
  /** What they were drawn from (src/build/site-images.ts `drawnFrom`): a version naming other things has its own drawn (record 470). */
  drawnFrom?: string;
}

/** What the link preview card shows, for people who cannot see it: the share image's description, else the name and tagline. */
export const cardAltOf = (content: BusinessContent): string =>
  content.shareImage?.alt ?? `${content.name}: ${content.tagline}`;

/** A content to render, with the pictures it names. */
export interface PageInput {
  content: BusinessContent;
  pictures: PictureMap;
  /** The page's language (record 300): its own words; English when not given. */
  language?: Language;
}

export interface PageRenderers {
  /** The page's #root markup, its "Find the truck" section with no stops (the server fills them in: record 111). */
  renderApp(page: PageInput): string;
  /** The no-JavaScript inquiry page's body: the form, or the thank-you page once sent. */
  renderInquiryPage(page: PageInput, sent: boolean): string;
  /** The <head> tags: title, description, link preview, icons, JSON-LD. */
  renderHead(content: BusinessContent, images: SiteImages, language?: Language): string;
  webManifest(content: BusinessContent, images: SiteImages): string;
  inboxManifest(content: BusinessContent, images: SiteImages): string;
  robotsTxt(content: BusinessContent): string;
  sitemapXml(content: BusinessContent, lastModified: string): string;
}

/** In the SSR bundle's folder, written by the build: the build's pictures (`${role}:${src}` → PictureData). */
export const BUILT_PICTURES_FILE = 'pictures.json';
/** In the SSR bundle's folder: the page's shell (index.html with its stylesheet inlined and its boot script). */
export const PAGE_SHELL_FILE = 'page-shell.html';
/** In the SSR bundle's folder: what the build made of the icons and card (SiteImages). */
export const SITE_IMAGES_FILE = 'site-images.json';
/** The SSR bundle's entry. */
export const SSR_ENTRY_FILE = 'entry-server.js';

/** The server-side bundle's folder, beside the client build's (scripts/build-output.ts). */
export const ssrDirOf = (clientDir: string) => join(dirname(clientDir), 'ssr');
