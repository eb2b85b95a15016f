// The owner's inbox, defined once for the browser app (src/inbox) and the server
// (src/server/owner): statuses, the list's query string, and the API's shapes.
import type { Language } from './language.js';
import type { InquiryDocument } from './inquiry.js';

/** Where an inquiry stands. New → Contacted → Quoted → Booked, or Declined, or Spam (and back to New). */
export const INQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'declined', 'spam'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  declined: 'Declined',
  spam: 'Spam',
};

export const isInquiryStatus = (value: unknown): value is InquiryStatus =>
  typeof value === 'string' && (INQUIRY_STATUSES as readonly string[]).includes(value);

/** Rows on one page of the list. */
export const PAGE_SIZE = 50;
/** Longest search text and note accepted. */
export const MAX_SEARCH_LENGTH = 200;
export const MAX_NOTE_LENGTH = 4000;
/** Passwords: at least this long (and not one of the most common). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * The list's view, as it lives in the query string (bookmarkable): search text,
 * status ('' = every status), event date range, spam shown or hidden, and the
 * keyset cursor of the page (the last row of the previous page).
 */
export interface InboxQuery {
  q: string;
  status: InquiryStatus | '';
  from: string;
  to: string;
  spam: boolean;
  before: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z~[0-9a-f-]{36}$/;

/** Reads a view from a query string; anything malformed is dropped, never an error. */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const status = params.get('status') ?? '';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const before = params.get('before') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    status: isInquiryStatus(status) ? status : '',
    from: day('from'),
    to: day('to'),
    spam: params.get('spam') === '1',
    before: CURSOR.test(before) ? before : '',
  };
}

/** The query string of a view (only what differs from the default), without '?'. */
export function inboxQueryString(query: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.spam) params.set('spam', '1');
  if (query.before) params.set('before', query.before);
  return params.toString();
}

export const cursorOf = (row: { createdAt: string; id: string }) => `${row.createdAt}~${row.id}`;
export function parseCursor(cursor: string): { createdAt: string; id: string } | undefined {
  if (!CURSOR.test(cursor)) return undefined;
  const [createdAt, id] = cursor.split('~') as [string, string];
  return { createdAt, id };
}

/** One row of the list, as the API sends it. */
export interface InboxRow extends InquiryDocument {
  id: string;
  spamReason: string | null;
  status: InquiryStatus;
  /** When an owner first opened it; null while unread. */
  readAt: string | null;
  /** In the inbox's list: the newest quote's total, in minor units of the sale's currency (record 213). */
  quoteTotal?: number;
  /** The estimate the customer was told ('Estimate: $2,452.51'); null when none was kept (record 204). */
  estimate?: string | null;
  /** The language the customer wrote in, and every message to them is in (record 300); absent: English. */
  language?: Language;
}

export interface InboxPage {
  inquiries: InboxRow[];
  /** The cursor of the next (older) page, or null on the last page. */
  next: string | null;
}

export interface HistoryEntry {
  /** 'sale': a quote sent, accepted or declined (its note says which). */
  kind: 'received' | 'status' | 'note' | 'sale';
  at: string;
  /** Who did it (an owner's e-mail); null for 'received' and the customer's answers. */
  by: string | null;
  status: InquiryStatus | null;
  note: string | null;
}

export interface InquiryDetail {
  inquiry: InboxRow;
  history: HistoryEntry[];
  /** The other Booked inquiries on its event date ("Already booked that day:"). */
  bookedSameDay: { id: string; name: string }[];
  /** Its deposit was paid for a day already booked: kept, not Booked (record 280). */
  depositOnBookedDay: boolean;
}

/** One upcoming booking, as the inbox lists them. */
export type BookingRow = Pick<
  InboxRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'eventName'
  | 'operation'
  | 'eventDate'
  | 'startTime'
  | 'endTime'
  | 'plannedGuestCount'
  | 'package'
  | 'siteAddress'
> & {
  /** The guests as they stand: the final count, else the accepted quote's (record 200). */
  guests: number;
};

/** One of the owner's devices that take push notifications. */
export interface PushDeviceView {
  endpoint: string;
  label: string;
  createdAt: string;
}

/** The signed-in owner's own choices. */
export interface OwnerAccountView {
  email: string;
  /** Whether this owner is e-mailed about new inquiries. */
  notifyByEmail: boolean;
  /** The secret address of the calendar feed of Booked inquiries. */
  calendarFeedUrl: string;
}

export interface OwnerSessionInfo {
  email: string;
}

/** 'Spring fair on Fri, Dec 22, 2026' style reply subject: the date in words, as `day` writes it (the inbox's eventDay). */
export function replySubject(
  inquiry: Pick<InquiryDocument, 'eventName' | 'eventDate' | 'operation'>,
  day: (date: string) => string,
): string {
  const what = inquiry.eventName.trim() || `your event (${inquiry.operation})`;
  return `Re: ${what} on ${day(inquiry.eventDate)}`;
}

/**
 * A mailto: link to the customer with the reply subject. The address's local part
 * is percent-encoded (the domain cannot hold '?', '&' or '#'): a local part such as
 * `x?cc=someone@evil.example&body=…` must not add recipients or text to the draft.
 */
export function mailtoHref(email: string, subject: string): string {
  const at = email.lastIndexOf('@');
  const address = at < 0 ? encodeURIComponent(email) : `${encodeURIComponent(email.slice(0, at))}${email.slice(at)}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** Digits and a leading '+': what a tel: link wants. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
