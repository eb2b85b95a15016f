// The content and pictures the server-side bundle renders (record 260). Every import of
// content/index.ts and virtual:pictures in that bundle is this module's live binding
// (scripts/vite-content.ts, src/build/pictures-plugin.ts), so the components read the
// content being rendered as they read the build's before. renderToString is synchronous:
// one render at a time, and the build's content is back in place after it.
import type { BusinessContent } from '../../content/schema.js';
import type { PictureMap } from '../shared/picture-data.js';
import type { PageInput } from '../shared/site-render.js';
import { PAGE_TEXT, pageTextFor } from '../shared/page-words/page-text.js';

export let content: BusinessContent;
export let pictures: PictureMap = {};
/** The page's own words and labels, in the language of the page being rendered (record 300). */
export let words = PAGE_TEXT.en.words;
export let labels = PAGE_TEXT.en.labels;

/** The build's content, for code that reads it as its module loads (src/shared/inquiry.ts). */
export function startWithContent(built: BusinessContent): void {
  content = built;
}

/** Starts with the build's pictures (the SSR bundle's virtual:pictures). */
export function startWithPictures(built: PictureMap): void {
  pictures = built;
}

export function renderingWith<T>(page: PageInput, render: () => T): T {
  const before = { content, pictures, words, labels };
  content = page.content;
  pictures = page.pictures;
  ({ words, labels } = pageTextFor(page.content, page.language ?? 'en'));
  try {
    return render();
  } finally {
    ({ content, pictures, words, labels } = before);
  }
}
