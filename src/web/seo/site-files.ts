// Everything that makes the page findable and shareable, generated from the
// content at build time: <head> tags, JSON-LD, icon, manifest, robots, sitemap.
import { operations, type BusinessContent } from '../../../content/index.js';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const pageUrl = (content: BusinessContent) => new URL('/', content.siteUrl).href;

export function structuredData(content: BusinessContent): Record<string, unknown> {
  const { contact } = content;
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishment',
    name: content.name,
    description: content.seo.description,
    url: pageUrl(content),
    image: new URL('/icon.svg', content.siteUrl).href,
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
  };
}

export function renderHead(content: BusinessContent): string {
  const title = escapeHtml(content.seo.title);
  const description = escapeHtml(content.seo.description);
  const url = pageUrl(content);
  const image = new URL('/social-card.svg', content.siteUrl).href;
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta name="theme-color" content="${content.theme.primary}" />`,
    `<link rel="icon" href="/icon.svg" type="image/svg+xml" />`,
    `<link rel="manifest" href="/manifest.webmanifest" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(content.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:locale" content="${content.locale.replace('-', '_')}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<script type="application/ld+json">${safeJson(structuredData(content))}</script>`,
  ].join('\n    ');
}

export function iconSvg(content: BusinessContent): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${content.theme.accent}"/><path d="M16 16 L16 3 A13 13 0 0 1 27.3 22.5 Z" fill="${content.theme.primary}"/><path d="M16 16 L4.7 22.5 A13 13 0 0 1 16 3 Z" fill="#fff" opacity=".85"/></svg>`;
}

/** A 1200×630 share card: name and tagline on the brand colour. */
export function socialCardSvg(content: BusinessContent): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="${content.theme.primary}"/><circle cx="1040" cy="160" r="110" fill="${content.theme.accent}"/><text x="80" y="300" font-family="system-ui,sans-serif" font-size="84" font-weight="800" fill="#fff">${escapeHtml(content.name)}</text><text x="80" y="390" font-family="system-ui,sans-serif" font-size="40" fill="#fff">${escapeHtml(content.tagline)}</text></svg>`;
}

export function webManifest(content: BusinessContent): string {
  return JSON.stringify(
    {
      name: content.name,
      short_name: content.name.length > 12 ? content.product : content.name,
      description: content.seo.description,
      start_url: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: content.theme.primary,
      icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }],
    },
    null,
    2,
  );
}

export function robotsTxt(content: BusinessContent): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /inbox\n\nSitemap: ${new URL('/sitemap.xml', content.siteUrl).href}\n`;
}

export function sitemapXml(content: BusinessContent, lastModified: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${escapeHtml(pageUrl(content))}</loc><lastmod>${lastModified}</lastmod></url>\n</urlset>\n`;
}
