// Opening the inquiry overlay, from the first moment the page's script runs:
// the overlay's code loads later (when the browser is idle, or on the first sign
// of intent: a pointer over, focus on or touch of a `.book-us`), and a click
// that comes first is remembered and answered as soon as the overlay is ready.
// Before the script runs, or without it, a `.book-us` is a link to #inquiry
// and CSS shows the form; arriving here with #inquiry opens the overlay too, on
// the choice of the button that led there, if one did.
export type OpenHandler = (opener: HTMLElement | null) => void;

let handler: OpenHandler | undefined;
let pending: { opener: HTMLElement | null } | undefined;
let load: () => void = () => {};

const bookUsOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('.book-us') : null;

/** Opens the overlay for `opener` now, or as soon as its code has loaded. */
export function requestOpen(opener: HTMLElement | null): void {
  if (handler) {
    handler(opener);
    return;
  }
  pending = { opener };
  load();
}

/** The overlay registers how it opens; a request that came earlier is answered at once. */
export function onOpenRequest(open: OpenHandler): () => void {
  handler = open;
  if (pending) {
    const { opener } = pending;
    pending = undefined;
    open(opener);
  }
  return () => {
    if (handler === open) handler = undefined;
  };
}

/** Installs the listeners; `loadOverlay` starts loading the overlay's code (called at most once by it). */
export function installOpeners(loadOverlay: () => void): void {
  load = loadOverlay;
  document.addEventListener('click', (event) => {
    const bookUs = bookUsOf(event.target);
    if (!bookUs || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    requestOpen(bookUs);
  });
  // A link in the role of a button: Space presses it (Enter already does).
  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof HTMLAnchorElement ? event.target : null;
    if (event.key !== ' ' || !target || target.getAttribute('role') !== 'button') return;
    event.preventDefault();
    target.click();
  });
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, (event) => bookUsOf(event.target) && load(), { passive: true });
  }
  if (location.hash === '#inquiry') requestOpen(bookedEarly());
}

declare global {
  interface Window {
    /** The `.book-us` pressed before this script ran (src/shared/page-boot-script.ts). */
    curbsideBookedEarly?: HTMLElement | null;
  }
}

/** The button that led here before this script ran, if any and if the visitor has not chosen since. */
function bookedEarly(): HTMLElement | null {
  const early = window.curbsideBookedEarly ?? null;
  window.curbsideBookedEarly = null;
  return early?.isConnected ? early : null;
}
