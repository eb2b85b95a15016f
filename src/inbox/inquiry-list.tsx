// The list of inquiries, newest first: search, filters and the page live in the
// query string (a view can be bookmarked and reloaded); the first page asks the
// server again every few seconds, so a new inquiry shows up without a reload.
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { content } from '../../content/index.js';
import { INQUIRY_FIELDS } from '../shared/inquiry.js';
import { formatMoney } from '../shared/money.js';
import { LANGUAGE_NAMES, languageOf } from '../shared/language.js';
import {
  type BookingRow,
  type InboxRow,
  INQUIRY_STATUSES,
  type InboxPage,
  type InboxQuery,
  inboxQueryString,
  parseInboxQuery,
  STATUS_LABELS,
} from '../shared/inbox-views.js';
import { api, csvHref, request } from './api.js';
import { dateTime, eventDay, localToday, timeAgo } from './format.js';
import { Link, useFocusOnMount } from './link.js';
import { useFailedOwnerEmails } from './notifications.js';
import { INBOX, inquiryHref, navigate } from './use-location.js';
import { useResource } from './use-resource.js';
import { ScrollRegion } from './scroll-region.js';
import { titleWithWaiting, useWaiting, WAITING_VIEW } from './use-waiting-leads.js';
import { WaitingClock } from './waiting-clock.js';
import { FormError } from './form-parts.js';
import { OWNER_API } from '../shared/owner-api.js';

/** How often the list asks for news while the tab is visible (decision record 022). */
export const POLL_MS = 3000;
const SEARCH_DELAY_MS = 300;
/** How often the list looks again at the upcoming bookings, for its "Already booked that day" marks. */
const BOOKINGS_POLL_MS = 30_000;

/** How each field the search looks through reads in its hint (the field table says which: `searched`). */
export const SEARCHED_WORDS: Record<string, string> = {
  firstName: 'name',
  lastName: 'name',
  email: 'email',
  phoneNumber: 'phone (any part of the number)',
  company: 'company or school',
  eventName: 'event name',
  siteAddress: 'address',
  notes: 'notes',
  reference: 'how they heard of you',
};

/** "Finds name, email, …": what the search looks through, from the field table. */
export const SEARCH_HINT = `Finds ${[
  ...new Set(
    Object.entries(INQUIRY_FIELDS)
      .filter(([, field]) => 'searched' in field && field.searched)
      .map(([name]) => SEARCHED_WORDS[name] ?? name),
  ),
].join(', ')}.`;

export function InquiryList({
  url,
  flash,
  onFlashShown,
}: {
  url: URL;
  flash: string | undefined;
  onFlashShown: () => void;
}) {
  const query = parseInboxQuery(url.searchParams);
  const queryString = inboxQueryString(query);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | undefined>(undefined);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  // Load the view, then keep it fresh: every POLL_MS while visible, and at once when the tab comes back.
  const { data: page, error } = useResource((signal) => api.list(queryString, signal), [queryString], {
    failure: 'Could not load the inquiries.',
    pollMs: POLL_MS,
    onData(next, previous) {
      // A new view (another query) starts what counts as seen afresh.
      if (!previous) seen.current = undefined;
      if (seen.current) {
        const fresh = next.inquiries.filter((row) => !seen.current!.has(row.id)).length;
        if (fresh > 0) setAnnouncement(fresh === 1 ? '1 new inquiry' : `${fresh} new inquiries`);
      }
      seen.current = new Set([...(seen.current ?? []), ...next.inquiries.map((row) => row.id)]);
      setNow(Date.now());
    },
  });

  // The tab's title counts the leads nobody has answered, so a tab in the background shows them (record 184).
  const waiting = useWaiting()?.total;
  useEffect(() => {
    document.title = titleWithWaiting('Inquiries · Inbox', waiting);
  }, [waiting]);

  useEffect(() => {
    if (flash) {
      setAnnouncement(flash);
      onFlashShown();
    }
  }, [flash, onFlashShown]);

  const booked = useBookedDays();

  const go = (changes: Partial<InboxQuery>, replace = false) =>
    navigate(`${INBOX}?${inboxQueryString({ ...query, before: '', ...changes })}`.replace(/\?$/, ''), { replace });

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Inquiries
      </h1>
      <Filters
        query={query}
        onChange={go}
        exportCsv={
          <>
            <a className="inbox-button" href={csvHref(inboxQueryString({ ...query, before: '' }))} download>
              Export CSV
            </a>
            <Link href={WAITING_VIEW}>Oldest waiting first</Link>
          </>
        }
      />
      <p className="inbox-live" role="status">
        {announcement}
      </p>
      <FormError>{error}</FormError>
      {page ? (
        <InquiryTable page={page} now={now} filtered={queryString !== ''} booked={booked} />
      ) : (
        <p className="inbox-muted">Loading…</p>
      )}
      <nav aria-label="Pages" className="inbox-pages">
        {query.before ? <Link href={`${INBOX}?${inboxQueryString({ ...query, before: '' })}`}>Newest</Link> : null}
        {page?.next ? <Link href={`${INBOX}?${inboxQueryString({ ...query, before: page.next })}`}>Older</Link> : null}
      </nav>
    </>
  );
}

/** The upcoming Booked inquiries by event date, for the list's marks (issue 32); empty until known. */
export function useBookedDays(): Map<string, BookingRow[]> {
  const { data } = useResource(
    (signal) =>
      request<{ bookings: BookingRow[] }>('GET', `${OWNER_API.bookings}?from=${localToday()}`, undefined, signal),
    [],
    { failure: 'Could not load the bookings.', pollMs: BOOKINGS_POLL_MS },
  );
  const days = new Map<string, BookingRow[]>();
  for (const booking of data?.bookings ?? []) {
    days.set(booking.eventDate, [...(days.get(booking.eventDate) ?? []), booking]);
  }
  return days;
}

/** Whether any filter but the search is set (the folded filters say so on their button). */
const filtered = (query: InboxQuery) => query.status !== '' || query.from !== '' || query.to !== '' || query.spam;

/**
 * The search, then the other filters: on a phone they fold behind one button, so the
 * first inquiries show in the first screen (issue 32); from a tablet's width up they
 * are all shown.
 */
function Filters({
  query,
  onChange,
  exportCsv,
}: {
  query: InboxQuery;
  onChange: (changes: Partial<InboxQuery>, replace?: boolean) => void;
  exportCsv: ReactNode;
}) {
  const [text, setText] = useState(query.q);
  const [open, setOpen] = useState(() => filtered(query));
  const timer = useRef<number | undefined>(undefined);
  // Back/forward to another search shows that search's text.
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onChange({ q: value.trim() }, true), SEARCH_DELAY_MS);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.clearTimeout(timer.current);
    onChange({ q: text.trim() });
  };

  return (
    <search>
      <form className="inbox-filters" onSubmit={submit}>
        <div className="inbox-field inbox-search">
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            type="search"
            name="q"
            value={text}
            onChange={typed}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit(event);
            }}
            maxLength={200}
            aria-describedby="filter-q-hint"
          />
          <p id="filter-q-hint" className="inbox-hint">
            {SEARCH_HINT}
          </p>
        </div>
        <div className="inbox-row inbox-filters-bar">
          <button
            type="button"
            className="inbox-button inbox-filters-toggle"
            aria-expanded={open}
            aria-controls="inbox-more-filters"
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            Filters{filtered(query) ? ' (on)' : ''}
          </button>
          {exportCsv}
        </div>
        <div id="inbox-more-filters" className={open ? 'inbox-more-filters open' : 'inbox-more-filters'}>
          <div className="inbox-field">
            <label htmlFor="filter-status">Filter by status</label>
            <select
              id="filter-status"
              value={query.status}
              onChange={(event) => onChange({ status: event.target.value as InboxQuery['status'] })}
            >
              <option value="">Any status</option>
              <StatusOptions />
            </select>
          </div>
          <div className="inbox-field">
            <label htmlFor="filter-from">Event from</label>
            <input
              id="filter-from"
              type="date"
              value={query.from}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          </div>
          <div className="inbox-field">
            <label htmlFor="filter-to">Event to</label>
            <input
              id="filter-to"
              type="date"
              value={query.to}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          </div>
          <div className="inbox-check">
            <input
              id="filter-spam"
              type="checkbox"
              checked={query.spam || query.status === 'spam'}
              disabled={query.status !== ''}
              onChange={(event) => onChange({ spam: event.target.checked })}
            />
            <label htmlFor="filter-spam">Show spam</label>
          </div>
        </div>
      </form>
    </search>
  );
}

/** The list: a table on a wide screen, cards on a narrow one; newest first unless its caption says otherwise. */
export function InquiryTable({
  page,
  now,
  filtered,
  booked = new Map(),
  caption = 'Inquiries, newest first',
  empty,
}: {
  page: InboxPage;
  now: number;
  filtered: boolean;
  /** The upcoming bookings by event date (an inquiry on a booked day says so). */
  booked?: Map<string, BookingRow[]>;
  caption?: string;
  empty?: string;
}) {
  const { failed: failedOwnerEmails, error: failedUnknown } = useFailedOwnerEmails(page);
  if (page.inquiries.length === 0) {
    return <p className="inbox-empty">{empty ?? (filtered ? 'No inquiries match this view.' : 'No inquiries yet.')}</p>;
  }
  const name = (row: InboxRow) => `${row.firstName} ${row.lastName}`;
  const service = (row: InboxRow) => (row.package ? `${row.operation} · ${row.package}` : row.operation);
  const marks = (row: InboxRow) => ({
    unread:
      row.readAt === null ? (
        <span className="inbox-dot" title="Unread">
          <span className="visually-hidden">Unread: </span>
        </span>
      ) : null,
    failed: failedOwnerEmails.has(row.id) ? <span className="inbox-notify-failed"> Owner e-mail failed</span> : null,
    conflict: <BookedThatDay row={row} booked={booked} />,
    // The estimate the customer was told (record 204), under what they asked for.
    estimate: row.estimate ? <span className="inbox-estimate">{row.estimate}</span> : null,
    // A customer who wrote in another language than English (record 300).
    language:
      languageOf(row.language) === 'en' ? null : (
        <span className="inbox-language"> {LANGUAGE_NAMES[languageOf(row.language)]}</span>
      ),
    status: (
      <>
        <span className={`inbox-status status-${row.status}`}>{STATUS_LABELS[row.status]}</span>
        {row.status === 'new' ? <WaitingClock since={row.createdAt} /> : null}
        {row.quoteTotal !== undefined ? (
          <span className="inbox-quote-total">
            {' '}
            <span className="visually-hidden">Quote total: </span>
            {formatMoney(row.quoteTotal, content.sale.currency, content.locale)}
          </span>
        ) : null}
      </>
    ),
    received: (
      <time dateTime={row.createdAt} title={dateTime(row.createdAt)}>
        {timeAgo(row.createdAt, now)}
      </time>
    ),
  });
  // A table on a wide screen, cards on a narrow one (the other is display: none, so
  // out of the accessibility tree too): nothing clipped, no sideways scrolling.
  return (
    <>
      {failedUnknown ? (
        <p className="inbox-muted">Could not check which owner e-mails failed: {failedUnknown}</p>
      ) : null}
      <ScrollRegion labelledBy="inquiries-caption" className="inbox-table-wrap">
        <table className="inbox-table">
          <caption id="inquiries-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Event date</th>
              <th scope="col">Guests</th>
              <th scope="col">Service</th>
              <th scope="col">Status</th>
              <th scope="col" aria-sort={caption.endsWith('oldest first') ? 'ascending' : 'descending'}>
                Received
              </th>
            </tr>
          </thead>
          <tbody>
            {page.inquiries.map((row) => {
              const mark = marks(row);
              return (
                <tr key={row.id} className={row.readAt === null ? 'unread' : undefined}>
                  <th scope="row">
                    {mark.unread}
                    <Link href={inquiryHref(row.id)}>{name(row)}</Link>
                    {mark.language}
                    {mark.failed}
                    {mark.conflict}
                  </th>
                  <td>{eventDay(row.eventDate)}</td>
                  <td className="inbox-number">{row.plannedGuestCount}</td>
                  <td>
                    {service(row)}
                    {mark.estimate}
                  </td>
                  <td>{mark.status}</td>
                  <td>{mark.received}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="inbox-cards" aria-label={caption}>
        {page.inquiries.map((row) => {
          const mark = marks(row);
          return (
            <li key={row.id} className={row.readAt === null ? 'unread' : undefined}>
              <p className="inbox-cards-name">
                {mark.unread}
                <Link href={inquiryHref(row.id)}>{name(row)}</Link>
                {mark.language}
                {mark.failed}
              </p>
              {mark.conflict}
              <p>
                {eventDay(row.eventDate)} · {row.plannedGuestCount} guests · {service(row)}
                {mark.estimate}
              </p>
              <p className="inbox-cards-state">
                {mark.status} <span className="inbox-muted">Received {mark.received}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** "Already booked that day: …" when another inquiry on its event date is Booked, as its own page says. */
function BookedThatDay({ row, booked }: { row: InboxRow; booked: Map<string, BookingRow[]> }) {
  const others = (booked.get(row.eventDate) ?? []).filter((booking) => booking.id !== row.id);
  if (others.length === 0) return null;
  return (
    <span className="inbox-conflict">
      Already booked that day: {others.map((booking) => `${booking.firstName} ${booking.lastName}`).join(', ')}
    </span>
  );
}

/** The statuses as a select's options, in their order (the filter and an inquiry's own select). */
export function StatusOptions() {
  return INQUIRY_STATUSES.map((status) => (
    <option key={status} value={status}>
      {STATUS_LABELS[status]}
    </option>
  ));
}
