// The inbox's calls to /api/owner. Same-origin fetches: the browser sends the
// session cookie and, on changes, its Origin (which the server checks).
import type { InboxPage, InquiryDetail, InquiryStatus, OwnerSessionInfo } from '../shared/inbox-views.js';
import type { QuoteDraftBody, QuotesAnswer, QuoteView } from '../shared/quote-views.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's word on each field it refused (`{ field: message }`), when it gave them. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called when any request finds the session gone (expired, signed out elsewhere, owner removed). */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check the connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string> };
  if (!response.ok) {
    if (response.status === 401 && url !== OWNER_API.session) onSignedOut();
    throw new ApiError(response.status, data.message ?? `The server answered ${response.status}.`, data.fields);
  }
  return data as T;
}

export const api = {
  session: () => request<OwnerSessionInfo>('GET', OWNER_API.session),
  signIn: (email: string, password: string) =>
    request<OwnerSessionInfo>('POST', OWNER_API.session, { email, password }),
  signOut: () => request<void>('DELETE', OWNER_API.session),
  list: (queryString: string, signal?: AbortSignal) =>
    request<InboxPage>('GET', `${OWNER_API.inquiries}${queryString ? `?${queryString}` : ''}`, undefined, signal),
  inquiry: (id: string, signal?: AbortSignal) =>
    request<InquiryDetail>('GET', ownerPath(OWNER_API.inquiry, { id }), undefined, signal),
  /** `override`: "Book anyway" on a day already booked (record 280). */
  setStatus: (id: string, status: InquiryStatus, override = false) =>
    request<{ status: InquiryStatus }>('PUT', ownerPath(OWNER_API.inquiryStatus, { id }), {
      status,
      ...(override ? { override } : {}),
    }),
  addNote: (id: string, note: string) =>
    request<{ note: string }>('POST', ownerPath(OWNER_API.inquiryNotes, { id }), { note }),
  erase: (id: string) => request<void>('DELETE', ownerPath(OWNER_API.inquiry, { id })),
  quotes: (id: string, signal?: AbortSignal) =>
    request<QuotesAnswer>('GET', ownerPath(OWNER_API.quotes, { id }), undefined, signal),
  sendQuote: (id: string, draft: QuoteDraftBody) =>
    request<QuoteView>('POST', ownerPath(OWNER_API.quotes, { id }), draft),
};

export const csvHref = (queryString: string) => `${OWNER_API.inquiriesCsv}${queryString ? `?${queryString}` : ''}`;
export const calendarHref = (id: string) => ownerPath(OWNER_API.inquiryCalendar, { id });
