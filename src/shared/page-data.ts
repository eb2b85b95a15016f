// The content the page's hydrated parts read, written into the page by the server as a
// JSON data element (not a script: the CSP does not apply to it) and read by the page's
// bundle before it hydrates, so a publish changes the hydrated page without a rebuild
// (record 260). The inbox's bundle keeps its baked copy (scripts/vite-content.ts).
import type { BusinessContent } from '../../content/schema.js';
import { browserContent } from './browser-content.js';
import { safeJson } from './escape-html.js';
import type { PictureMap } from './picture-data.js';
import type { Language } from './language.js';
import { type PageText, pageTextFor } from './page-words/page-text.js';

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  content: Record<string, unknown>;
  pictures: PictureMap;
  /** The page's own words and its form's labels, in its language only (record 300). */
  words: PageText['words'];
  labels: PageText['labels'];
}

/** The element, ending the page's body: `<` escaped, so no text in it can close it. */
export function pageDataElement(content: BusinessContent, pictures: PictureMap, language: Language = 'en'): string {
  const data: PageData = { content: browserContent(content), pictures, ...pageTextFor(content, language) };
  return `<script type="application/json" id="${PAGE_DATA_ID}">${safeJson(data)}</script>`;
}
