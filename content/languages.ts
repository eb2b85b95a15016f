// The owner's content in each language of the customers' pages (record 300): the page,
// its site files and every message to a customer read the content through
// `contentIn(content, language)`, which lays the `es` block's texts over the English
// ones; a text missing in Spanish stays English, and `missingSpanish` lists it for the
// owner (the site editor shows that list).
import type { BusinessContent, ContentLanguage } from './content-types.js';

/** One text of the owner's that has a Spanish version: where it is (as schema.ts names fields) and both versions. */
export interface TranslatedText {
  /** The English text's path in the content, e.g. `packageGroups[0].packages[1].summary`. */
  path: string;
  en: string;
  es: string | undefined;
}

/** The content's languages, the first the default (English alone unless the content says more). */
export const contentLanguages = (content: Pick<BusinessContent, 'languages'>): ContentLanguage[] =>
  content.languages ?? ['en'];

/** Every text of the owner's that a Spanish page shows, with its Spanish version if the owner wrote one. */
export function translatedTexts(content: BusinessContent): TranslatedText[] {
  const es = content.es ?? {};
  const texts: TranslatedText[] = [];
  const add = (path: string, en: string | undefined, spanish: string | undefined) => {
    if (en !== undefined) texts.push({ path, en, es: spanish });
  };
  add('tagline', content.tagline, es.tagline);
  add('seo.title', content.seo.title, es.seo?.title);
  add('seo.description', content.seo.description, es.seo?.description);
  content.nav.forEach((link, i) => {
    add(`nav[${i}].label`, link.label, es.nav?.[i]);
  });
  for (const key of ['heading', 'lead', 'callToAction', 'lightsHint'] as const) {
    add(`hero.${key}`, content.hero[key], es.hero?.[key]);
  }
  content.packageGroups.forEach((group, g) => {
    const esGroup = es.packageGroups?.[g];
    add(`packageGroups[${g}].label`, group.label, esGroup?.label);
    add(`packageGroups[${g}].intro`, group.intro, esGroup?.intro);
    group.packages.forEach((card, c) => {
      const esCard = esGroup?.packages?.[c];
      const at = `packageGroups[${g}].packages[${c}]`;
      add(`${at}.summary`, card.summary, esCard?.summary);
      add(`${at}.price`, card.price, esCard?.price);
      add(`${at}.formNote`, card.formNote, esCard?.formNote);
      add(`${at}.photo.alt`, card.photo?.alt, esCard?.photo?.alt);
      card.features.forEach((feature, f) => {
        add(`${at}.features[${f}]`, feature, esCard?.features?.[f]);
      });
    });
  });
  if (content.menu) {
    add('menu.intro', content.menu.intro, es.menu?.intro);
    content.menu.groups.forEach((group, g) => {
      add(`menu.groups[${g}].name`, group.name, es.menu?.groups?.[g]?.name);
      group.items.forEach((item, i) => {
        const esItem = es.menu?.groups?.[g]?.items?.[i];
        add(`menu.groups[${g}].items[${i}].description`, item.description, esItem?.description);
        add(`menu.groups[${g}].items[${i}].photo.alt`, item.photo?.alt, esItem?.photo?.alt);
      });
    });
  }
  add('sale.terms', content.sale.terms, es.sale?.terms);
  add('sale.payOffline', content.sale.payOffline, es.sale?.payOffline);
  add('whyUs.heading', content.whyUs.heading, es.whyUs?.heading);
  content.whyUs.points.forEach((point, p) => {
    add(`whyUs.points[${p}].title`, point.title, es.whyUs?.points?.[p]?.title);
    add(`whyUs.points[${p}].text`, point.text, es.whyUs?.points?.[p]?.text);
  });
  add('clients.heading', content.clients.heading, es.clients?.heading);
  add('contact.serviceArea', content.contact.serviceArea, es.contact?.serviceArea);
  add('contact.hours', content.contact.hours, es.contact?.hours);
  add('shareImage.alt', content.shareImage?.alt, es.shareImage?.alt);
  return texts;
}

/** The paths of the texts the owner has not written in Spanish yet (each shown in English meanwhile). */
export const missingSpanish = (content: BusinessContent): string[] =>
  translatedTexts(content)
    .filter((text) => text.es === undefined || text.es.trim() === '')
    .map((text) => text.path);

/** Sets a value at a path such as `packageGroups[0].packages[1].summary` of a copy made for it. */
function setAt(target: Record<string, unknown>, path: string, value: string): void {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let at: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

/** The content as a page in `language` shows it: the Spanish texts over the English, each missing one English. */
export function contentIn(content: BusinessContent, language: ContentLanguage): BusinessContent {
  if (language === 'en') return content;
  const copy = structuredClone(content) as unknown as Record<string, unknown>;
  for (const text of translatedTexts(content)) if (text.es?.trim()) setAt(copy, text.path, text.es);
  return copy as unknown as BusinessContent;
}

/** A service choice as the form shows it in `language` (its value sent stays the English name). */
export function operationLabel(
  content: Pick<BusinessContent, 'es'>,
  index: number,
  operation: string,
  language: ContentLanguage,
): string {
  return (language === 'es' && content.es?.operations?.[index]?.trim()) || operation;
}
