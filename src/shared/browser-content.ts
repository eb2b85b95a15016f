// What the page's hydrated parts read of the content: the server writes it into the page
// (src/shared/page-data.ts), the inbox's bundle has it baked in (scripts/vite-content.ts).
// The browser's copy leaves out what only the prerendered HTML uses (never hydrated: see
// src/web/static-part.tsx); a hydrated component that read one of these would fail its
// browser tests with a hydration error.
import type { BusinessContent } from '../../content/schema.js';

/**
 * The browser's copy of the content: without what only the build uses, unless a bundle
 * asks to `keep` it (the inbox keeps the locale: record 124, and the zone and the sale's
 * settings its quote form reads). The page's form never reads the prices: the server
 * works out the estimate (record 141).
 */
export function browserContent(
  content: BusinessContent,
  keep: readonly (keyof BusinessContent)[] = [],
): Record<string, unknown> {
  const {
    seo: _seo,
    siteUrl: _url,
    locale: _locale,
    timeZone: _timeZone,
    menu: _menu,
    priceRange: _price,
    cuisine: _cuisine,
    shortName: _shortName,
    productPlural: _productPlural,
    sale: _sale,
    logoMark: _logoMark,
    shareImage: _shareImage,
    hours: _hours,
    // The booked event's settings: read by the server alone (record 170).
    event: _event,
    // The other languages' texts: a page gets its own language's content (record 300).
    es: _es,
    languages: _languages,
    ...rest
  } = content;
  const {
    theme: _theme,
    contact: _contact,
    social: _social,
    tagline: _tagline,
    hero: _hero,
    whyUs: _whyUs,
    nav: _nav,
    ...kept
  } = rest;
  // Of the packages, only the truck's names and form notes (the form's choices); the cards are prerendered.
  const packageGroups = kept.packageGroups.map(({ intro: _intro, ...group }) => ({
    ...group,
    packages: (group.id === kept.truckPackageGroup ? group.packages : []).map(({ name, formNote }) => ({
      name,
      formNote,
    })),
  }));
  const asked = Object.fromEntries(keep.map((key) => [key, content[key]]));
  // The client logos are prerendered too (src/web/sections/logo-scroller.tsx); the heading is hydrated.
  return { ...kept, packageGroups, clients: { heading: kept.clients.heading }, ...asked };
}
