// @vitest-environment jsdom
// The inquiry's page as a component (issue 15 item 5), under jsdom with Testing
// Library: the server's side is a small in-memory stand-in behind fetch (the part
// under test is the view). Choosing a status saves nothing until "Save status"; a
// note shows in place under Notes with its confirmation there; a failed look shows
// the server's own message; a sent quote shows its version and the status it set
// without a reload; a view that throws leaves the inbox standing. The business here
// writes times in en-GB (24-hour), so a time on another clock shows (record 124).
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildNewInquiry, buildQuotesAnswer, buildQuoteView } from '../../tests/support/builders.js';
import { ErrorBoundary } from '../shared/error-boundary.js';
import type { HistoryEntry, InboxRow, InquiryDetail } from '../shared/inbox-views.js';
import type { QuoteDraftBody, QuoteView } from '../shared/quote-views.js';
import { BrokenView } from './inbox-app.js';
import { InquiryPage } from './inquiry-detail.js';

vi.mock('../../content/index.js', async (original) => {
  const actual = await original<typeof import('../../content/index.js')>();
  return { ...actual, content: { ...actual.content, locale: 'en-GB' } };
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The owner API for one inquiry, in memory; every call is recorded. */
function standIn(options: { failFirstLoad?: string } = {}) {
  const stored = buildNewInquiry();
  const inquiry: InboxRow = {
    ...stored.document,
    id: stored.id,
    spamReason: null,
    status: 'new',
    readAt: null,
  };
  const history: HistoryEntry[] = [
    { kind: 'received', at: stored.document.createdAt, by: null, status: null, note: null },
  ];
  const quotes: QuoteView[] = [];
  const calls: Call[] = [];
  let failLoad = options.failFirstLoad;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const at = new Date().toISOString();
    if (url.endsWith('/deliveries')) return json(200, { deliveries: [] });
    if (url.endsWith('/payments'))
      return json(200, {
        payments: [],
        currency: 'GBP',
        locale: 'en-GB',
        paid: 0,
        total: null,
        deposit: null,
        balanceDue: null,
      });
    if (method === 'GET' && url === `/api/owner/inquiries/${inquiry.id}`) {
      if (failLoad) {
        const message = failLoad;
        failLoad = undefined;
        return json(503, { error: 'internal', message });
      }
      return json(200, { inquiry, history, bookedSameDay: [], depositOnBookedDay: false } satisfies InquiryDetail);
    }
    if (method === 'GET' && url.endsWith('/quotes')) return json(200, buildQuotesAnswer({ quotes }));
    if (method === 'POST' && url.endsWith('/quotes')) {
      const quote = buildQuoteView(body as QuoteDraftBody, { version: quotes.length + 1 });
      quotes.push(quote);
      inquiry.status = 'quoted';
      history.push({ kind: 'sale', at, by: 'owner@example.com', status: null, note: 'Quote sent: $2,124.95' });
      return json(201, quote);
    }
    if (method === 'PUT' && url.endsWith('/status')) {
      inquiry.status = body.status;
      history.push({ kind: 'status', at, by: 'owner@example.com', status: body.status, note: null });
      return json(200, { status: body.status });
    }
    if (method === 'POST' && url.endsWith('/notes')) {
      history.push({ kind: 'note', at, by: 'owner@example.com', status: null, note: body.note });
      return json(200, { note: body.note });
    }
    return json(404, { error: 'not_found', message: `No route ${method} ${url}` });
  });
  return { inquiry, calls, fetch };
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

describe('the inquiry page', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves a status only with Save status, and says so in the Status card', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    const name = `${server.inquiry.firstName} ${server.inquiry.lastName}`;
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'quoted');
    await user.selectOptions(screen.getByLabelText('Status'), 'contacted');
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await within(card('Status')).findByText('Status saved: Contacted.')).toBeTruthy();
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 'contacted' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await within(card('Status')).findByText('The status is already Contacted.')).toBeTruthy();
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows the estimate the customer was told under its title (record 204)', async () => {
    const server = standIn();
    server.inquiry.estimate = 'Estimate: £2,452.51';
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    expect(await screen.findByText('Estimate: £2,452.51')).toBeTruthy();
  });

  it('shows the language the customer wrote in, in English (record 300)', async () => {
    const server = standIn();
    server.inquiry.language = 'es';
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    expect(await screen.findByText('Language: Spanish')).toBeTruthy();
  });

  it('writes every time on one clock: the event’s hours, the fields and the history', async () => {
    const server = standIn();
    server.inquiry.startTime = '11:00';
    server.inquiry.endTime = '14:30';
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note'), 'Called back');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await within(card('Notes')).findByText('Note added.');
    const page = document.body.textContent ?? '';
    expect(page).toContain('11:00–14:30');
    expect(page).not.toMatch(/\d\s?[AaPp]\.?[Mm]\b/);
    const times = [...document.querySelectorAll('time')].map((time) => time.textContent);
    expect(times.length).toBeGreaterThan(1);
    for (const time of times) expect(time).toMatch(/\b([01]\d|2[0-3]):[0-5]\d$/);
  });

  it('shows a note in place under Notes, with its confirmation there', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note'), 'Called back, quote on Friday');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = within(card('Notes'));
    expect(await notes.findByText('Note added.')).toBeTruthy();
    expect(notes.getByRole('listitem').textContent).toContain('Called back, quote on Friday');
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    expect(within(card('Status')).queryByRole('status')).toBeNull();
  });

  it('shows a sent quote’s version, the status it set and its history without a reload', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Quote' });
    await user.click(await within(card('Quote')).findByRole('button', { name: 'Write a quote' }));
    await user.click(screen.getByRole('button', { name: 'Send quote' }));

    const quote = within(card('Quote'));
    expect(await quote.findByRole('heading', { level: 3, name: 'Version 1' })).toBeTruthy();
    expect(quote.getByText('Sent', { selector: '.inbox-status' })).toBeTruthy();
    expect(quote.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Version 1 sent to the customer. Status: Quoted.',
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('quoted');
    expect(within(card('History')).getByText(/Quote sent: \$2,124\.95/)).toBeTruthy();
    expect(quote.getByRole('button', { name: 'Revise quote' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Quote' }));
    expect(
      server.calls.filter((call) => call.method === 'GET' && call.url === `/api/owner/inquiries/${server.inquiry.id}`),
    ).toHaveLength(2);
  });

  it('says what the server said when the inquiry cannot be loaded', async () => {
    const server = standIn({ failFirstLoad: 'The database does not answer.' });
    vi.stubGlobal('fetch', server.fetch);
    render(<InquiryPage id={server.inquiry.id} listHref="/inbox" onErased={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The database does not answer.');
  });
});

describe('a view that throws', () => {
  afterEach(cleanup);

  it('shows what to do instead, and the next view shows again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = (): never => {
      throw new Error('a bug in a view');
    };
    const { rerender } = render(
      <ErrorBoundary resetKey="/inbox?id=1" fallback={<BrokenView />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong showing this page.');
    rerender(
      <ErrorBoundary resetKey="/inbox" fallback={<BrokenView />}>
        <p>The list</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('The list')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
