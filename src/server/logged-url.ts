// What the log keeps of a request's address (record 191): the path without its query (a
// search's words are personal data), and never a quote's token, an action link's nor the
// calendar feed's (each link is a key: records 142, 154, 182). Redacted on the path as
// the router reads it: it decodes percent-escapes, so `/%71uote/<token>` is served as
// `/quote/:token` and must be logged as one.

const SECRET_LINKS: readonly [RegExp, string][] = [
  [/^\/quote\/[^/]+/, '/quote/…'],
  [/^\/act\/[^/]+/, '/act/…'],
  [/^\/calendar\/[^/]+/, '/calendar/…'],
];

/** The routed path: printable ASCII escapes decoded (the links' prefixes are ASCII), the rest left as sent. */
const routedPath = (url: string) =>
  url.split('?')[0]!.replace(/%([2-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export function loggedUrl(url: string): string {
  let path = routedPath(url);
  for (const [pattern, redacted] of SECRET_LINKS) path = path.replace(pattern, redacted);
  return path;
}
