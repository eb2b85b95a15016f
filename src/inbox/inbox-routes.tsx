// The inbox's pages in one table (issue 36, record 440): each page's address, what it
// shows, and its link in the header if it has one. The header and the router both read
// it, so a page cannot be linked without being routed, nor routed under another name.
import { lazy, type ReactNode, Suspense } from 'react';
import { UpcomingBookings } from './bookings.js';
import { EventSheetPage } from './event-sheet.js';
import { InquiryPage } from './inquiry-detail.js';
import { InquiryList } from './inquiry-list.js';
import { Link } from './link.js';
import { NotificationSettings } from './notifications.js';
import { NumbersPage } from './numbers-page.js';
import { OrdersPage } from './orders.js';
import { Schedule } from './schedule.js';
import { BOOKINGS, INBOX, NUMBERS, ORDERS, SCHEDULE, SETTINGS, SITE } from './use-location.js';
import { WaitingList } from './waiting-list.js';

// The site editor is a chunk of its own: the inbox's first load stays as it was.
const SitePage = lazy(() => import('./site-page.js').then((module) => ({ default: module.SitePage })));

/** What the list keeps while an inquiry is open: its address (filters, page) and a message to show on return. */
export interface ListState {
  href: string;
  flash: string | undefined;
  onFlashShown: () => void;
  onErased: (message: string) => void;
}

export interface PageProps {
  url: URL;
  /** The inquiry's id, for the pages under /inbox/inquiries/<id>. */
  id: string;
  list: ListState;
}

export interface InboxRoute {
  /** The page's path, or a pattern whose one group is the inquiry's id. */
  path: string | RegExp;
  /** A query parameter the address must also have (the waiting list is the list's own address, sorted). */
  query?: { name: string; value: string };
  /** The header's link to the page, if it has one (pages of one inquiry are reached from the list). */
  nav?: string;
  page: (props: PageProps) => ReactNode;
}

const INQUIRY_ID = '([0-9a-f-]{36})';

/** In the header's order; an address is matched against them in this order too, so the waiting list comes first. */
export const INBOX_ROUTES: readonly InboxRoute[] = [
  { path: INBOX, query: { name: 'sort', value: 'waiting' }, page: () => <WaitingList /> },
  {
    path: INBOX,
    nav: 'Inbox',
    page: ({ url, list }) => <InquiryList url={url} flash={list.flash} onFlashShown={list.onFlashShown} />,
  },
  { path: BOOKINGS, nav: 'Bookings', page: () => <UpcomingBookings /> },
  { path: SCHEDULE, nav: 'Schedule', page: () => <Schedule /> },
  { path: ORDERS, nav: 'Orders', page: ({ url }) => <OrdersPage stopId={url.searchParams.get('stop')} /> },
  { path: NUMBERS, nav: 'Numbers', page: () => <NumbersPage /> },
  {
    path: SITE,
    nav: 'Site',
    page: () => (
      <Suspense fallback={<p>Loading the site…</p>}>
        <SitePage />
      </Suspense>
    ),
  },
  { path: SETTINGS, nav: 'Notifications', page: () => <NotificationSettings /> },
  {
    path: new RegExp(`^${INBOX}/inquiries/${INQUIRY_ID}/event-sheet$`),
    page: ({ id }) => <EventSheetPage key={id} id={id} />,
  },
  {
    path: new RegExp(`^${INBOX}/inquiries/${INQUIRY_ID}$`),
    page: ({ id, list }) => <InquiryPage key={id} id={id} listHref={list.href} onErased={list.onErased} />,
  },
];

/** The page the inbox's header links to first, and shows for an address it does not know. */
const LIST = INBOX_ROUTES.find((route) => route.nav === 'Inbox')!;

/** The route an address shows, and the inquiry id in it ('' when it has none). */
export function routeOf(url: URL): { route: InboxRoute; id: string } {
  for (const route of INBOX_ROUTES) {
    if (route.query && url.searchParams.get(route.query.name) !== route.query.value) continue;
    if (typeof route.path === 'string') {
      if (url.pathname === route.path) return { route, id: '' };
    } else {
      const id = route.path.exec(url.pathname)?.[1];
      if (id) return { route, id };
    }
  }
  return { route: LIST, id: '' };
}

/** The header's links to the pages, from the table. */
export const NAV_LINKS = INBOX_ROUTES.flatMap((route) =>
  route.nav && typeof route.path === 'string' ? [{ href: route.path, label: route.nav }] : [],
);

/** The header's page links: the list's as the brand, then the others. */
export function InboxNav() {
  return NAV_LINKS.map(({ href, label }) => (
    <Link key={href} href={href} className={href === INBOX ? 'inbox-brand' : 'inbox-settings-link'}>
      {label}
    </Link>
  ));
}
