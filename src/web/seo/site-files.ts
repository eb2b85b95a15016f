// Everything that makes the page findable and shareable, generated from the
// content on each publish (src/server/site/): <head> tags, JSON-LD, icon, manifest, robots, sitemap.
// The raster files named here (social card, icons) are drawn by src/build/.
import { businessId, type DietaryTag, type Menu, operations, type BusinessContent } from '../../../content/index.js';
import { escapeHtml, safeJson } from '../../shared/escape-html.js';
import { cardAltOf, type SiteImages } from '../../shared/site-render.js';
import { type Language, languagePath } from '../../shared/language.js';

export type { SiteImages };

/** The link preview card (src/build/social-card.ts). */
export const SOCIAL_CARD = { file: 'social-card.png', width: 1200, height: 630 } as const;

/** The icon files at the site's root (src/build/icons.ts). */
export const ICONS = {
  ico: { file: 'favicon.ico', sizes: [16, 32, 48] },
  apple: { file: 'apple-touch-icon.png', size: 180 },
  any192: { file: 'icon-192.png', size: 192 },
  any512: { file: 'icon-512.png', size: 512 },
  maskable: { file: 'icon-maskable-512.png', size: 512 },
} as const;

/** The default: the drawn mark (a vector) and the truck card. */
export const defaultSiteImages = (content: BusinessContent): SiteImages => ({
  svgIcon: true,
  cardAlt: cardAltOf(content),
});

const absolute = (content: BusinessContent, path: string) => new URL(path, content.siteUrl).href;

const pageUrl = (content: BusinessContent, language: Language = 'en') =>
  new URL(languagePath(language), content.siteUrl).href;

/** The page's languages when it has more than one (record 300): the content's, English first by default. */
const pageLanguages = (content: BusinessContent): Language[] =>
  content.languages && content.languages.length > 1 ? content.languages : [];

/** Each language's page, and x-default (the first language's), for search engines (record 300). */
function alternates(content: BusinessContent): string[] {
  const languages = pageLanguages(content);
  if (languages.length === 0) return [];
  return [
    ...languages.map(
      (each) => `<link rel="alternate" hreflang="${each}" href="${escapeHtml(pageUrl(content, each))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(content, languages[0]))}" />`,
  ];
}

/** schema.org's diets for the menu's dietary marks ('contains-nuts' has none). */
const DIETS: Partial<Record<DietaryTag, string>> = {
  vegan: 'https://schema.org/VeganDiet',
  vegetarian: 'https://schema.org/VegetarianDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
};

/** The menu as schema.org's Menu: its groups as sections, each item with its price and diets. */
export function menuData(content: BusinessContent, menu: Menu): Record<string, unknown> {
  return {
    '@type': 'Menu',
    '@id': `${pageUrl(content)}#menu`,
    url: `${pageUrl(content)}#menu`,
    ...(menu.intro ? { description: menu.intro } : {}),
    hasMenuSection: menu.groups.map((group) => ({
      '@type': 'MenuSection',
      name: group.name,
      hasMenuItem: group.items.map((item) => {
        const diets = (item.tags ?? []).flatMap((tag) => DIETS[tag] ?? []);
        return {
          '@type': 'MenuItem',
          name: item.name,
          ...(item.description ? { description: item.description } : {}),
          offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: menu.currency },
          ...(diets.length ? { suitableForDiet: diets } : {}),
        };
      }),
    })),
  };
}

export function structuredData(content: BusinessContent): Record<string, unknown> {
  const { contact } = content;
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishment',
    '@id': businessId(content),
    name: content.name,
    description: content.seo.description,
    url: pageUrl(content),
    image: absolute(content, `/${SOCIAL_CARD.file}`),
    logo: absolute(content, `/${ICONS.any512.file}`),
    email: contact.email,
    telephone: contact.phone,
    priceRange: content.priceRange,
    servesCuisine: content.cuisine,
    address: {
      '@type': 'PostalAddress',
      addressLocality: contact.city,
      addressRegion: contact.region,
      addressCountry: contact.country,
    },
    areaServed: contact.serviceArea,
    sameAs: content.social.map((link) => link.href),
    makesOffer: operations(content).map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name } })),
    ...(content.menu ? { hasMenu: menuData(content, content.menu) } : {}),
  };
}

/** The page's head tags; a language's page (/es/) passes its language and its content in it (content/languages.ts). */
export function renderHead(
  content: BusinessContent,
  images: SiteImages = defaultSiteImages(content),
  language: Language = 'en',
): string {
  const title = escapeHtml(content.seo.title);
  const description = escapeHtml(content.seo.description);
  const url = escapeHtml(pageUrl(content, language));
  const region = content.locale.split('-')[1];
  const ogLocale = language === 'en' ? content.locale.replace('-', '_') : `${language}${region ? `_${region}` : ''}`;
  const image = escapeHtml(absolute(content, `/${SOCIAL_CARD.file}`));
  // The build's alt is the English page's; a language's page says its own (its tagline: record 360).
  const imageAlt = escapeHtml(language === 'en' ? images.cardAlt : defaultSiteImages(content).cardAlt);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    ...alternates(content),
    `<meta name="theme-color" content="${content.theme.primary}" />`,
    // The ICO first with its size, so a browser that reads SVG icons prefers the SVG.
    `<link rel="icon" href="/${ICONS.ico.file}" sizes="32x32" />`,
    images.svgIcon
      ? `<link rel="icon" href="/icon.svg" type="image/svg+xml" />`
      : `<link rel="icon" href="/${ICONS.any192.file}" type="image/png" sizes="192x192" />`,
    `<link rel="apple-touch-icon" href="/${ICONS.apple.file}" />`,
    // Chrome fetches the manifest at load (its install check). Without credentials it may not share the
    // page's connection (browsers keep credentialed and uncredentialed sockets apart): a second handshake.
    `<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(content.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${SOCIAL_CARD.width}" />`,
    `<meta property="og:image:height" content="${SOCIAL_CARD.height}" />`,
    `<meta property="og:image:alt" content="${imageAlt}" />`,
    `<meta property="og:locale" content="${ogLocale}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${imageAlt}" />`,
    `<script type="application/ld+json">${safeJson(structuredData(content))}</script>`,
  ].join('\n    ');
}

export function iconSvg(content: BusinessContent): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${content.theme.accent}"/><path d="M16 16 L16 3 A13 13 0 0 1 27.3 22.5 Z" fill="${content.theme.primary}"/><path d="M16 16 L4.7 22.5 A13 13 0 0 1 16 3 Z" fill="#fff" opacity=".85"/></svg>`;
}

/** The name under the icon on a home screen: the content's, or the name's first words within 12 characters. */
export function shortName(content: BusinessContent): string {
  if (content.shortName) return content.shortName;
  if (content.name.length <= 12) return content.name;
  let short = '';
  for (const word of content.name.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > 12) break;
    short = next;
  }
  return short || content.name.slice(0, 12).trim();
}

export function webManifest(content: BusinessContent, images: SiteImages = defaultSiteImages(content)): string {
  const png = (file: string, size: number, purpose?: string) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    ...(purpose ? { purpose } : {}),
  });
  return JSON.stringify(
    {
      id: '/',
      name: content.name,
      short_name: shortName(content),
      description: content.seo.description,
      lang: content.locale,
      start_url: '/',
      scope: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: content.theme.primary,
      icons: [
        png(ICONS.any192.file, ICONS.any192.size),
        png(ICONS.any512.file, ICONS.any512.size),
        png(ICONS.maskable.file, ICONS.maskable.size, 'maskable'),
        ...(images.svgIcon ? [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }] : []),
      ],
    },
    null,
    2,
  );
}

export function robotsTxt(content: BusinessContent): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /inbox\n\nSitemap: ${new URL('/sitemap.xml', content.siteUrl).href}\n`;
}

export function sitemapXml(content: BusinessContent, lastModified: string): string {
  const languages = pageLanguages(content);
  if (languages.length === 0) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${escapeHtml(pageUrl(content))}</loc><lastmod>${lastModified}</lastmod></url>\n</urlset>\n`;
  }
  // Each language's page, each naming all of them (record 300).
  const links = languages
    .map((each) => `<xhtml:link rel="alternate" hreflang="${each}" href="${escapeHtml(pageUrl(content, each))}"/>`)
    .join('');
  const urls = languages
    .map(
      (each) =>
        `  <url><loc>${escapeHtml(pageUrl(content, each))}</loc><lastmod>${lastModified}</lastmod>${links}</url>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}</urlset>\n`;
}

/**
 * The owner's inbox as an app of its own (installable, so that an iPhone takes push):
 * scoped to /inbox, opening on the list, with the site's icons (record 121).
 */
export function inboxManifest(content: BusinessContent, images: SiteImages = defaultSiteImages(content)): string {
  const manifest = JSON.parse(webManifest(content, images)) as Record<string, unknown>;
  return JSON.stringify(
    {
      ...manifest,
      id: '/inbox',
      name: `${content.name}: inquiries`,
      short_name: 'Inquiries',
      description: `The inbox of ${content.name}'s inquiries.`,
      start_url: '/inbox',
      scope: '/inbox',
      display: 'standalone',
    },
    null,
    2,
  );
}
