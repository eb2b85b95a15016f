// The leads waiting for an answer (record 184), asked of the server every few seconds
// while the tab is visible: shared with the views through WaitingContext (the list's
// clocks, its oldest-first view and the title's count), and their count on the
// installed app's icon where the browser has a badge (navigator.setAppBadge).
import { createContext, useContext, useEffect } from 'react';
import type { WaitingPage } from '../shared/waiting-views.js';
import { request } from './api.js';
import { INBOX } from './use-location.js';
import { useResource } from './use-resource.js';
import { OWNER_API } from '../shared/owner-api.js';

/** The list's oldest-first view of the waiting leads (waiting-list.tsx). */
export const WAITING_VIEW = `${INBOX}?sort=waiting`;

/** How often the waiting leads are asked for while the tab is visible. */
export const WAITING_POLL_MS = 10_000;

export const WaitingContext = createContext<WaitingPage | undefined>(undefined);

/** What the views read of the waiting leads (undefined until the first answer). */
export const useWaiting = () => useContext(WaitingContext);

/** The app's badge: the count, or none; a browser without the Badging API is left alone. */
export function showOnBadge(count: number): void {
  if (!('setAppBadge' in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  // Refused outside an installed app on some browsers: the title still says it.
  done.catch(() => {});
}

/** Polls the waiting leads and keeps the badge; give the answer to WaitingContext. */
export function useWaitingLeads(): WaitingPage | undefined {
  const { data } = useResource((signal) => request<WaitingPage>('GET', OWNER_API.waiting, undefined, signal), [], {
    failure: 'Could not count the waiting leads.',
    pollMs: WAITING_POLL_MS,
  });
  const total = data?.total;
  useEffect(() => {
    if (total !== undefined) showOnBadge(total);
  }, [total]);
  // Signed out (or gone from the inbox): no count left on the icon.
  useEffect(() => () => showOnBadge(0), []);
  return data;
}

/** The list's title: '(3) Inquiries · Inbox' while three leads wait for an answer. */
export const titleWithWaiting = (title: string, waiting: number | undefined) =>
  `${waiting ? `(${waiting}) ` : ''}${title}`;
