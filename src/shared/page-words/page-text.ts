// The page's words in each language (record 300), for whoever renders a page (the
// server-side bundle) and for the page data the server writes into it. The browser
// reads only its page's (src/web/page-data.ts): its bundle holds no catalog.
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
