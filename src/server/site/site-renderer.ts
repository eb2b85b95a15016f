// The public site rendered from the published content (issue 37 item 2, record 260): the
// page at / (with its data for hydration and the form that works without JavaScript),
// the no-JavaScript form pages, the JSON-LD in the page, the sitemap, robots.txt and the
// manifests. Rendered once per version, when the server starts and when the content port
// switches to a newer one, and kept in memory, compressed, with an ETag: a request only
// picks bytes. The React render itself is the build's server-side bundle (dist/ssr),
// loaded once; hashed assets (scripts, styles, built pictures) stay the build's files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BusinessContent } from '../../../content/schema.js';
import { contentIn, contentLanguages } from '../../../content/languages.js';
import type { Language } from '../../shared/language.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { pageDataElement } from '../../shared/page-data.js';
import { PAGE_TEXT } from '../../shared/page-words/page-text.js';
import {
  type PictureData,
  type PictureMap,
  type PictureResolver,
  type PictureRole,
  type PictureUse,
  pictureKey,
  pictureUses,
} from '../../shared/picture-data.js';
import {
  BUILT_PICTURES_FILE,
  cardAltOf,
  PAGE_SHELL_FILE,
  type PageRenderers,
  SITE_IMAGES_FILE,
  type SiteImages,
  SSR_ENTRY_FILE,
} from '../../shared/site-render.js';

export { ssrDirOf } from '../../shared/site-render.js';
import { compressed } from '../schedule/published-schedule.js';
import type { ContentPort, LiveContent } from './content-port.js';
import type { SiteImageSet } from './site-images.js';

/** What the build left for rendering (all in the SSR bundle's folder, dist/ssr). */
export interface PageKit {
  renderers: PageRenderers;
  /** index.html with its stylesheet inlined and its boot script, `<!--head-->`, `<!--app-->`, `<!--page-data-->` to fill. */
  shell: string;
  /** The pictures the build made, keyed `${role}:${src}`. */
  builtPictures: PictureMap;
  /** The build's icons and link preview card (drawn from the content file's version: record 260). */
  siteImages: SiteImages;
}

/** The build's page kit, or undefined when there is no build of the site (tests that write their own pages). */
export async function loadPageKit(ssrDir: string): Promise<PageKit | undefined> {
  const file = (name: string) => join(ssrDir, name);
  const needed = [SSR_ENTRY_FILE, PAGE_SHELL_FILE, BUILT_PICTURES_FILE, SITE_IMAGES_FILE];
  if (!needed.every((name) => existsSync(file(name)))) return undefined;
  const { renderers } = (await import(pathToFileURL(resolve(file(SSR_ENTRY_FILE))).href)) as {
    renderers: PageRenderers;
  };
  const json = (name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as unknown;
  return {
    renderers,
    shell: readFileSync(file(PAGE_SHELL_FILE), 'utf8'),
    builtPictures: json(BUILT_PICTURES_FILE) as PictureMap,
    siteImages: json(SITE_IMAGES_FILE) as SiteImages,
  };
}

/** A site file served from memory: its bytes (a text's in each encoding too), its ETag and its type. */
export interface ServedFile {
  type: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** The types of the site's picture files (site-images.ts). */
const PICTURE_TYPES: Record<string, string> = { '.png': 'image/png', '.ico': 'image/x-icon', '.svg': 'image/svg+xml' };

/** A picture file served as it is: its own compression, an ETag of its bytes. */
function servedPicture(name: string, bytes: Buffer): ServedFile {
  const type = PICTURE_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
  return { type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`, identity: bytes };
}

/**
 * The brand colours of a version, over the build's stylesheet's (record 470): a `<style>` after
 * it when they differ, which the page's CSP allows by the hash in `RenderedSite.styleHashes`.
 */
function themeStyle(kit: PageKit, content: BusinessContent): string | undefined {
  const { primary, accent } = content.theme;
  if (kit.shell.includes(`--brand:${primary};--accent:${accent}`)) return undefined;
  return `:root{--brand:${primary};--accent:${accent}}`;
}

export const styleHashOf = (css: string) => `sha256-${createHash('sha256').update(css).digest('base64')}`;

export interface RenderedSite {
  version: number;
  /** The page's HTML, its "Find the truck" section empty: published-schedule.ts fills the stops in and compresses it. */
  page: string;
  /** The no-JavaScript form pages (routes/form-post.ts fills them in). */
  inquiryPages: { form: string; sent: string };
  /** The site's files by path ('/robots.txt', compressed; '/social-card.png' and the icons when drawn for it). */
  files: ReadonlyMap<string, ServedFile>;
  /** The CSP hashes of its inline styles beyond the build's: its brand colours' when they differ (record 470). */
  styleHashes: string[];
  /** The page in each other language the content lists (/es/: record 300), its schedule section empty too. */
  languagePages: Partial<Record<Language, string>>;
  /** The no-JavaScript form pages in each other language (record 360). */
  languageInquiryPages: Partial<Record<Language, RenderedSite['inquiryPages']>>;
}

/** A site's no-JavaScript form pages in a language (English when it has none in that language). */
export const inquiryPagesIn = (site: RenderedSite, language: Language): RenderedSite['inquiryPages'] =>
  site.languageInquiryPages[language] ?? site.inquiryPages;

export interface PageOptions {
  /** The page's language (`<html lang>`); the content's locale when not given. A language's page (/es/) passes its own. */
  lang?: string;
  /** Not to be indexed: the owner's Preview of a draft. */
  noindex?: boolean;
  /** The page's language (record 300): its own words, head and data; pass the content in it (contentIn). */
  language?: Language;
  /** Its icons and link preview card: the build's when not given (record 470). */
  images?: SiteImages;
}

/** The pictures the page draws of those a content names: not its share image, the build's link preview card drawn from the content file's version (record 260). */
export const drawnPictureUses = (content: BusinessContent): PictureUse[] =>
  pictureUses(content).filter((use) => use.role !== 'share');

/** The pictures a content names, from the build's or the resolver (an owner's upload); throws naming the field of one missing. */
export function picturesFor(content: BusinessContent, built: PictureMap, resolvePicture?: PictureResolver): PictureMap {
  const pictures: Record<string, PictureData> = {};
  for (const use of drawnPictureUses(content)) {
    const role = use.role as PictureRole;
    const key = pictureKey(role, use.file);
    const data = built[key] ?? resolvePicture?.(use.file, role);
    if (!data)
      throw new Error(
        `${use.field}: no picture ${use.file} (the build made none, and no photo was uploaded by that name)`,
      );
    pictures[key] = data;
  }
  return pictures;
}

/** The page's HTML for a content: what / serves (its schedule section empty), or a Preview's. */
export function renderPageHtml(
  kit: PageKit,
  content: BusinessContent,
  pictures: PictureMap,
  options: PageOptions = {},
): string {
  const { renderers } = kit;
  const theme = themeStyle(kit, content);
  const head =
    renderers.renderHead(content, options.images ?? kit.siteImages, options.language) +
    (options.noindex ? '\n    <meta name="robots" content="noindex" />' : '') +
    (theme ? `\n    <style>${theme}</style>` : '');
  // Function replacements: a '$' in the content (a price) must not be read as a pattern.
  return kit.shell
    .replace('<html lang="en">', () => `<html lang="${escapeHtml(options.lang ?? content.locale)}">`)
    .replace('<!--head-->', () => head)
    .replace('<!--app-->', () => renderers.renderApp({ content, pictures, language: options.language ?? 'en' }))
    .replace('<!--page-data-->', () => pageDataElement(content, pictures, options.language));
}

/**
 * The no-JavaScript form pages: the landing page's stylesheet (allowed by its hash) and icon, not indexed.
 * A language's (record 360) from the content in it, with its own words and `lang`.
 */
function inquiryPages(
  kit: PageKit,
  content: BusinessContent,
  pictures: PictureMap,
  page: string,
  language?: Language,
): RenderedSite['inquiryPages'] {
  const style = [...page.matchAll(/<style>[\s\S]*?<\/style>/g)].map(([tag]) => tag).join('');
  const icon = /<link rel="icon"[^>]*>/.exec(page)?.[0] ?? '';
  const { words } = PAGE_TEXT[language ?? 'en'];
  const wrap = (title: string, body: string) =>
    `<!doctype html><html lang="${escapeHtml(language ?? content.locale)}"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(`${title} · ${content.name}`)}</title><meta name="robots" content="noindex" />${icon}${style}</head><body>${body}</body></html>`;
  const render = (sent: boolean) =>
    kit.renderers.renderInquiryPage({ content, pictures, ...(language ? { language } : {}) }, sent);
  return { form: wrap(words.inquiryTitle, render(false)), sent: wrap(words.thankYou, render(true)) };
}

/** The site's text files from a content, by path, with their types. */
export function siteFiles(
  kit: PageKit,
  live: LiveContent,
  siteImages = kit.siteImages,
): Record<string, { type: string; text: string }> {
  const { renderers } = kit;
  const { content } = live;
  const day = (live.publishedAt ? new Date(live.publishedAt) : new Date()).toISOString().slice(0, 10);
  return {
    '/manifest.webmanifest': { type: 'application/manifest+json', text: renderers.webManifest(content, siteImages) },
    '/inbox.webmanifest': { type: 'application/manifest+json', text: renderers.inboxManifest(content, siteImages) },
    '/robots.txt': { type: 'text/plain; charset=utf-8', text: renderers.robotsTxt(content) },
    '/sitemap.xml': { type: 'application/xml; charset=utf-8', text: renderers.sitemapXml(content, day) },
  };
}

/** Everything of one version, rendered (once) and its files compressed. */
export async function renderSite(
  kit: PageKit,
  live: LiveContent,
  resolvePicture?: PictureResolver,
  siteImages?: (content: BusinessContent) => Promise<SiteImageSet>,
): Promise<RenderedSite> {
  const pictures = picturesFor(live.content, kit.builtPictures, resolvePicture);
  const drawn = await siteImages?.(live.content);
  // The card's words are the live content's, whoever drew the card.
  const images = { ...(drawn?.images ?? kit.siteImages), cardAlt: cardAltOf(live.content) };
  const page = renderPageHtml(kit, live.content, pictures, { images });
  const files = new Map<string, ServedFile>();
  for (const [path, { type, text }] of Object.entries(siteFiles(kit, live, images))) {
    files.set(path, { ...(await compressed(text)), type });
  }
  for (const [name, bytes] of Object.entries(drawn?.files ?? {})) files.set(`/${name}`, servedPicture(name, bytes));
  const theme = themeStyle(kit, live.content);
  // Each other language's page, from the content in that language (record 300).
  const languagePages: RenderedSite['languagePages'] = {};
  const languageInquiryPages: RenderedSite['languageInquiryPages'] = {};
  for (const language of contentLanguages(live.content)) {
    if (language === 'en') continue;
    const inLanguage = contentIn(live.content, language);
    const languagePage = renderPageHtml(kit, inLanguage, pictures, { lang: language, language, images });
    languagePages[language] = languagePage;
    languageInquiryPages[language] = inquiryPages(kit, inLanguage, pictures, languagePage, language);
  }
  return {
    version: live.version,
    page,
    inquiryPages: inquiryPages(kit, live.content, pictures, page),
    files,
    styleHashes: theme ? [styleHashOf(theme)] : [],
    languagePages,
    languageInquiryPages,
  };
}

export interface SiteRendererOptions {
  kit: PageKit;
  port: ContentPort;
  /** Draws an owner's uploaded photo (`upload:<hash>`): the photos' store (contract 3). */
  resolvePicture?: PictureResolver;
  /** Called before a version is rendered: the photos' store reads the photos it names that it does not know yet. */
  prepare?: (content: BusinessContent) => Promise<void>;
  /** A version's icons and link preview card (site-images.ts); the build's when not given. */
  siteImages?: (content: BusinessContent) => Promise<SiteImageSet>;
  /** The versions before one, newest first (the content file's last): at start, what is served when the live one cannot be. */
  earlier?: (version: number) => Promise<LiveContent[]>;
  /** A version that could not be rendered, and the one served instead (the one before; at start, the newest that renders). */
  onError: (error: unknown, version: number, served: number) => void;
}

export interface SiteRenderer {
  /** The live version's site, as rendered. */
  current(): RenderedSite;
  /**
   * The page's HTML for any content, not the live one: the owner's Preview of a draft
   * (`{ noindex: true }`), or a language's page (`{ lang: 'es' }`, from that language's
   * content). Renders each time it is called: the caller keeps what it serves.
   */
  renderPage(content: BusinessContent, options?: PageOptions): string;
  /** Told after a newer version is rendered; a promise it returns is waited for by settled(). */
  onChange(listener: (site: RenderedSite) => void | Promise<void>): () => void;
  /** Resolves once the newest version the port gave is rendered and every listener has taken it. */
  settled(): Promise<void>;
  /** How many versions were rendered (a request never renders). */
  renders(): number;
  /** The pictures the build made: what a content may name besides an owner's uploads. */
  builtPictures: PictureMap;
  stop(): void;
}

/**
 * The live version's site or, when it cannot be drawn (a picture gone), the newest earlier
 * version's that can: the server starts and serves a page rather than exiting (record 400).
 */
async function newestRendered(
  live: LiveContent,
  render: (live: LiveContent) => Promise<RenderedSite>,
  options: SiteRendererOptions,
): Promise<RenderedSite> {
  try {
    return await render(live);
  } catch (error) {
    for (const earlier of (await options.earlier?.(live.version)) ?? []) {
      const site = await render(earlier).catch(() => undefined);
      if (!site) continue;
      options.onError(error, live.version, site.version);
      return site;
    }
    throw error;
  }
}

export async function startSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const { kit, port, resolvePicture, siteImages } = options;
  let renders = 0;
  const render = async (live: LiveContent) => {
    await options.prepare?.(live.content);
    renders += 1;
    return renderSite(kit, live, resolvePicture, siteImages);
  };
  let site = await newestRendered(port.current(), render, options);
  const listeners = new Set<(site: RenderedSite) => void | Promise<void>>();
  // One render at a time, in order; a version already rendered (or passed) is not rendered again.
  let work = Promise.resolve();
  const unsubscribe = port.onChange(() => {
    work = work.then(async () => {
      const live = port.current();
      if (live.version === site.version) return;
      try {
        site = await render(live);
        await Promise.all([...listeners].map((listener) => listener(site)));
      } catch (error) {
        options.onError(error, live.version, site.version);
      }
    });
  });
  return {
    current: () => site,
    renderPage: (content, pageOptions) =>
      renderPageHtml(kit, content, picturesFor(content, kit.builtPictures, resolvePicture), pageOptions),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => work,
    renders: () => renders,
    builtPictures: kit.builtPictures,
    stop: unsubscribe,
  };
}
