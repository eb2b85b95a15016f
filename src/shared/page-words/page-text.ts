// The page's words in each language (record 300), for whoever renders a page (the
// server-side bundle) and for the page data the server writes into it. The browser
// reads only its page's (src/web/page-data.ts): its bundle holds no catalog.
import { operationLabel } from '../../../content/languages.js';
import type { BusinessContent } from '../../../content/schema.js';
import { operations } from '../../../content/helpers.js';
import type { Language } from '../language.js';
import { SPANISH_LABELS } from '../inquiry-labels.js';
import { en, type PageWords } from './en.js';
import { es } from './es.js';

export type { PageWords } from './en.js';

/** A page's words: its catalog, and its form's labels where not the field table's (English). */
export interface PageText {
  words: PageWords;
  labels: Partial<Record<string, string>>;
}

export const PAGE_TEXT: Record<Language, PageText> = {
  en: { words: en, labels: {} },
  es: { words: es, labels: SPANISH_LABELS },
};

/**
 * A page's text for a content: its catalog, and its labels with the form's service choices
 * named in the page's language where the content's `es.operations` names them (record 420).
 * Keyed by the English name, which stays the choice's value (what is sent and stored).
 */
export function pageTextFor(content: BusinessContent, language: Language): PageText {
  const text = PAGE_TEXT[language];
  if (language === 'en') return text;
  const services = operations(content)
    .map((name, index) => [name, operationLabel(content, index, name, language)] as const)
    .filter(([name, label]) => label !== name);
  return services.length === 0 ? text : { ...text, labels: { ...text.labels, ...Object.fromEntries(services) } };
}
