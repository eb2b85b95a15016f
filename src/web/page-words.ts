// The page's own words (record 300), as its components read them: in the browser the
// ones the server wrote into the page (its language's only), when rendering the ones of
// the page being rendered, in tests and the inbox English (scripts/vite-content.ts).
export { labels, words } from '../../content/index.js';
