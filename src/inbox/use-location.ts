// Where the inbox is, without a router: the path picks the view, the query
// string holds the list's filters and page, history.pushState moves between them.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};
const snapshot = () => location.pathname + location.search;

export function useLocation(): URL {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return new URL(href, location.origin);
}

/** Goes to an inbox address; `replace` for changes that should not add a Back step (typing a search). */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (href === snapshot()) return;
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  for (const listener of listeners) listener();
}

export const INBOX = '/inbox';
export const SETTINGS = `${INBOX}/settings`;
export const BOOKINGS = `${INBOX}/bookings`;
export const SCHEDULE = `${INBOX}/schedule`;
export const NUMBERS = `${INBOX}/numbers`;
export const ORDERS = `${INBOX}/orders`;
export const SITE = `${INBOX}/site`;
export const inquiryHref = (id: string) => `${INBOX}/inquiries/${id}`;
export const eventSheetHref = (id: string) => `${inquiryHref(id)}/event-sheet`;
