// What of the demo business a content file still holds (issue 32, record 163): an owner
// who changes the name and the colours can miss the page's title, the tagline, the
// site's address, the contacts and the links, and publish the demo's. The build names
// every such field (scripts/prerender.ts); nothing stops it.
import type { BusinessContent } from './schema.js';

/** The demo's marks, none of which a real business's content holds. */
const DEMO_MARKS: { mark: RegExp; what: string }[] = [
  { mark: /lucky\s*lime/i, what: "the demo's name" },
  // Reserved for examples (RFC 2606): never a real site or mailbox.
  { mark: /\.example\b|\bexample\.(com|org|net)\b/i, what: 'an example address' },
  // 555-0100 to 555-0199: reserved for fiction in North America.
  { mark: /\b555[\s.-]?01\d\d\b/, what: 'a made-up phone number' },
];
/** The demo's product word, a leftover only once the product is another. */
const DEMO_PRODUCT = { product: 'Taco', mark: /\btacos?\b/i };

/** Every text in the content, by its path (`social[0].href`). */
function* texts(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* texts(item, `${path}[${index}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* texts(item, path ? `${path}.${key}` : key);
}

/** The fields that still hold the demo's words or addresses, in the file's order. */
export function demoLeftovers(content: BusinessContent): string[] {
  const otherProduct = content.product !== DEMO_PRODUCT.product;
  const found: string[] = [];
  for (const [path, text] of texts(content)) {
    if (DEMO_MARKS.some(({ mark }) => mark.test(text)) || (otherProduct && DEMO_PRODUCT.mark.test(text)))
      found.push(path);
  }
  return found;
}

/** The build's warning about them, or undefined when there is none. */
export function leftoversWarning(content: BusinessContent, file: string): string | undefined {
  const found = demoLeftovers(content);
  if (found.length === 0) return undefined;
  const marks = DEMO_MARKS.map(({ what }) => what).join(', ');
  return [
    `Heads-up: ${file} still holds the demo business's words or addresses (${marks}, or the demo's product word) in ${found.length} field${found.length === 1 ? '' : 's'}:`,
    `  ${found.join(', ')}`,
    'Change them before the site goes public (README, "Make it yours").',
  ].join('\n');
}
