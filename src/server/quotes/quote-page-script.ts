// The quote page's one inline script (records 211, 212): the page works without it, and
// it only adds two things a plain page cannot do. "Viewed": a person's first touch, key,
// wheel or scroll posts /viewed, which a mail scanner fetching the link never does. "Deposit
// paid" by itself: while a payment is being confirmed it asks /status every few seconds
// and, once the quote's state has moved on, puts the page's new <main> in place of the old.
// Its CSP allows this script's hash and requests to the site itself, nothing else.
import { createHash } from 'node:crypto';

/** How often, and how many times at most, a page waiting for a payment's confirmation asks. */
export const STATUS_POLL = { everyMs: 2_000, times: 450 };

const JS = `(() => {
  const mark = document.currentScript.dataset;
  const path = location.pathname;
  if ('view' in mark) {
    const kinds = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'];
    const seen = (event) => {
      if (!event.isTrusted) return;
      for (const kind of kinds) removeEventListener(kind, seen, true);
      fetch(path + '/viewed', { method: 'POST', keepalive: true }).catch(() => {});
    };
    for (const kind of kinds) addEventListener(kind, seen, { capture: true, passive: true });
  }
  if ('awaiting' in mark) {
    let left = ${STATUS_POLL.times};
    const ask = async () => {
      if (left-- <= 0) return;
      try {
        const answer = await (await fetch(path + '/status', { cache: 'no-store' })).json();
        if (answer.state !== mark.state) {
          const page = await (await fetch(location.href, { cache: 'no-store' })).text();
          const main = new DOMParser().parseFromString(page, 'text/html').getElementById('main');
          if (main) return document.getElementById('main').replaceWith(main);
        }
      } catch {}
      setTimeout(ask, ${STATUS_POLL.everyMs});
    };
    setTimeout(ask, ${STATUS_POLL.everyMs});
  }
})();`;

export const QUOTE_PAGE_SCRIPT = { js: JS, hash: `sha256-${createHash('sha256').update(JS).digest('base64')}` };

/** The page's script tag: `view` to post the first view, `awaiting` to watch for the quote's state to move from `state`. */
export function quotePageScript(marks: { view: boolean; awaiting: boolean; state: string }): string {
  if (!marks.view && !marks.awaiting) return '';
  const data = `${marks.view ? ' data-view' : ''}${marks.awaiting ? ' data-awaiting' : ''} data-state="${marks.state}"`;
  return `<script${data}>${JS}</script>`;
}
