// @vitest-environment jsdom
// The inbox's other views as components (issue 15 item 5), under jsdom with Testing
// Library; the owner API is an in-memory stand-in behind fetch (fetch-stand-in.ts). The
// list puts its filters in the address and links each inquiry by the customer's full name, with "Export CSV" for the view; the bookings are
// grouped by day; the owner's own choices save and say so, and a failed save undoes.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import type { BookingRow, InboxPage, InboxRow, OwnerAccountView } from '../shared/inbox-views.js';
import { AccountSettings } from './account-settings.js';
import { UpcomingBookings } from './bookings.js';
import { INQUIRY_FIELDS } from '../shared/inquiry.js';
import { InquiryList, SEARCH_HINT, SEARCHED_WORDS } from './inquiry-list.js';

const row = (overrides: Partial<InboxRow> = {}): InboxRow => {
  const stored = buildNewInquiry();
  return { ...stored.document, id: stored.id, spamReason: null, status: 'new', readAt: null, ...overrides };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('the list', () => {
  it('links each inquiry by the full name, exports the view, and puts the filters in the address', async () => {
    const rows = [row({ firstName: 'Ana', lastName: 'Ruiz' }), row({ firstName: 'Bo', lastName: 'Chen' })];
    const calls = standIn((method, url) =>
      method === 'GET' && url.startsWith('/api/owner/inquiries')
        ? { status: 200, body: { inquiries: rows, next: null } satisfies InboxPage }
        : url.startsWith('/api/owner/notifications/failed')
          ? { status: 200, body: { failed: [] } }
          : undefined,
    );
    history.replaceState(null, '', '/inbox?status=booked');
    render(<InquiryList url={new URL(location.href)} flash={undefined} onFlashShown={() => {}} />);
    // The table and the cards both list them (CSS shows one): each a link named by the whole name.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Ana Ruiz' }).length).toBeGreaterThan(0));
    for (const link of screen.getAllByRole('link', { name: 'Bo Chen' })) {
      expect(link.getAttribute('href')).toBe(`/inbox/inquiries/${rows[1]!.id}`);
    }
    expect(calls.find((call) => call.url.startsWith('/api/owner/inquiries'))!.url).toBe(
      '/api/owner/inquiries?status=booked',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/owner/inquiries.csv?status=booked',
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ruiz{Enter}');
    await waitFor(() => expect(new URLSearchParams(location.search).get('q')).toBe('ruiz'));
    expect(new URLSearchParams(location.search).get('status')).toBe('booked');
  });

  it('shows the estimate the customer was told, in the table and on the cards; nothing when none was kept', async () => {
    const rows = [
      row({ firstName: 'Ana', lastName: 'Ruiz', estimate: 'Estimate: $2,452.51' }),
      row({ firstName: 'Bo' }),
    ];
    standIn((method, url) =>
      method === 'GET' && url.startsWith('/api/owner/inquiries')
        ? { status: 200, body: { inquiries: rows, next: null } satisfies InboxPage }
        : url.startsWith('/api/owner/notifications/failed')
          ? { status: 200, body: { failed: [] } }
          : undefined,
    );
    render(<InquiryList url={new URL(location.href)} flash={undefined} onFlashShown={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Ana Ruiz' }).length).toBeGreaterThan(0));
    const table = screen.getByRole('table');
    const cards = screen.getByRole('list', { name: /Inquiries/ });
    for (const place of [table, cards]) {
      expect(within(place).getAllByText('Estimate: $2,452.51')).toHaveLength(1);
      expect(within(place).getAllByText(/Estimate:/)).toHaveLength(1);
    }
  });

  it('marks the inquiries whose owner e-mail failed, and says so when that cannot be asked', async () => {
    const rows = [row({ firstName: 'Ana', lastName: 'Ruiz' }), row({ firstName: 'Bo', lastName: 'Chen' })];
    let marks = { status: 200, body: { failed: [rows[1]!.id] } as unknown };
    standIn((method, url) =>
      method === 'GET' && url.startsWith('/api/owner/inquiries')
        ? { status: 200, body: { inquiries: rows, next: null } satisfies InboxPage }
        : url.startsWith('/api/owner/notifications/failed')
          ? marks
          : undefined,
    );
    const list = () => (
      <InquiryList url={new URL('http://localhost/inbox')} flash={undefined} onFlashShown={() => {}} />
    );
    const { unmount } = render(list());
    await waitFor(() => expect(screen.getAllByText('Owner e-mail failed').length).toBeGreaterThan(0));
    // On Bo's row only, in the table and the cards alike.
    for (const mark of screen.getAllByText('Owner e-mail failed')) {
      expect(mark.closest('tr, li')!.textContent).toContain('Bo Chen');
    }
    unmount();

    marks = { status: 503, body: { message: 'The database is not answering.' } };
    render(list());
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Ana Ruiz' }).length).toBeGreaterThan(0));
    expect(
      await screen.findByText('Could not check which owner e-mails failed: The database is not answering.'),
    ).toBeTruthy();
    expect(screen.queryByText('Owner e-mail failed')).toBeNull();
  });

  it('marks each inquiry on a day another one is booked, as its own page does', async () => {
    const day = '2031-06-12';
    const rows = [
      row({ id: 'a', firstName: 'Ana', lastName: 'Ruiz', eventDate: day }),
      row({ id: 'b', firstName: 'Bo', lastName: 'Chen', eventDate: '2031-07-01' }),
      row({ id: 'c', firstName: 'Cy', lastName: 'Lee', eventDate: day, status: 'booked' }),
    ];
    const booking = (id: string, eventDate: string, firstName: string, lastName: string) =>
      ({ ...row({ id, eventDate, firstName, lastName, status: 'booked' }), guests: 80 }) as BookingRow;
    standIn((method, url) =>
      method === 'GET' && url.startsWith('/api/owner/inquiries')
        ? { status: 200, body: { inquiries: rows, next: null } satisfies InboxPage }
        : url.startsWith('/api/owner/bookings?from=')
          ? {
              status: 200,
              body: { bookings: [booking('c', day, 'Cy', 'Lee'), booking('d', '2031-07-01', 'Dee', 'Kim')] },
            }
          : undefined,
    );
    render(<InquiryList url={new URL('http://localhost/inbox')} flash={undefined} onFlashShown={() => {}} />);
    await waitFor(() => expect(screen.getAllByText(/^Already booked that day/).length).toBeGreaterThan(0));
    const marksOf = (name: string) =>
      screen
        .getAllByRole('link', { name })
        .map((link) => link.closest('tr, li')!.querySelector('.inbox-conflict')?.textContent ?? null);
    // In the table and in the cards alike; never on the booking itself.
    expect(marksOf('Ana Ruiz')).toEqual(['Already booked that day: Cy Lee', 'Already booked that day: Cy Lee']);
    expect(marksOf('Bo Chen')).toEqual(['Already booked that day: Dee Kim', 'Already booked that day: Dee Kim']);
    expect(marksOf('Cy Lee')).toEqual([null, null]);
  });

  it('says what the search finds, and folds the other filters behind one button that says when one is on', async () => {
    standIn((method, url) =>
      method === 'GET' && url.startsWith('/api/owner/inquiries')
        ? { status: 200, body: { inquiries: [], next: null } satisfies InboxPage }
        : undefined,
    );
    const { unmount } = render(
      <InquiryList url={new URL('http://localhost/inbox')} flash={undefined} onFlashShown={() => {}} />,
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(document.getElementById(search.getAttribute('aria-describedby')!)!.textContent).toBe(SEARCH_HINT);
    expect(SEARCH_HINT).toBe(
      'Finds name, email, phone (any part of the number), company or school, event name, address, notes, how they heard of you.',
    );
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const more = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(more.contains(screen.getByLabelText('Filter by status'))).toBe(true);
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    unmount();
    // A view with a filter on opens with them shown.
    render(
      <InquiryList url={new URL('http://localhost/inbox?status=booked')} flash={undefined} onFlashShown={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Filters (on)' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('has a word in its search hint for every field the search looks through', () => {
    const searched = Object.entries(INQUIRY_FIELDS)
      .filter(([, field]) => 'searched' in field && field.searched)
      .map(([name]) => name);
    expect(Object.keys(SEARCHED_WORDS).sort()).toEqual(searched.sort());
  });

  it('says what went wrong when the inquiries cannot be loaded', async () => {
    standIn(() => ({ status: 503, body: { message: 'The database is not answering.' } }));
    render(<InquiryList url={new URL('http://localhost/inbox')} flash={undefined} onFlashShown={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering.');
  });
});

describe('the upcoming bookings', () => {
  it('groups them by day, each linking to its inquiry', async () => {
    const booking = (id: string, eventDate: string, firstName: string): BookingRow =>
      ({ ...row({ id, eventDate, firstName, lastName: 'Lee', status: 'booked' }), guests: 80 }) as BookingRow;
    standIn((_method, url) =>
      url.startsWith('/api/owner/bookings?from=')
        ? {
            status: 200,
            body: {
              bookings: [
                booking('a', '2031-06-12', 'Ana'),
                booking('b', '2031-06-12', 'Bo'),
                booking('c', '2031-07-01', 'Cy'),
              ],
            },
          }
        : undefined,
    );
    render(<UpcomingBookings />);
    const days = await screen.findAllByRole('heading', { level: 2 });
    expect(days.map((day) => day.textContent)).toHaveLength(2);
    const first = days[0]!.closest('section')!;
    expect(
      within(first)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ana Lee', 'Bo Lee']);
    expect(within(first).getByRole('link', { name: 'Bo Lee' }).getAttribute('href')).toBe('/inbox/inquiries/b');
  });
});

describe('the owner’s own choices', () => {
  const account: OwnerAccountView = {
    email: 'owner@example.com',
    notifyByEmail: true,
    calendarFeedUrl: 'https://tacos.example/calendar/old.ics',
  };

  it('switches e-mail off, resets the calendar link after a confirmation, signs out the other devices', async () => {
    const calls = standIn((method, url, body) => {
      if (url === '/api/owner/account') return { status: 200, body: account };
      if (method === 'PUT' && url === '/api/owner/account/email') return { status: 200, body };
      if (url === '/api/owner/account/calendar-feed/reset')
        return { status: 200, body: { calendarFeedUrl: 'https://tacos.example/calendar/new.ics' } };
      if (url === '/api/owner/account/sign-out-others') {
        const calendarFeedUrl = 'https://tacos.example/calendar/newer.ics';
        return { status: 200, body: { signedOut: 2, devicesTurnedOff: 1, calendarFeedUrl } };
      }
      return undefined;
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    render(<AccountSettings />);

    const email = await screen.findByRole('checkbox', { name: /E-mail me \(owner@example\.com\)/ });
    await user.click(email);
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/owner/account/email', body: { notifyByEmail: false } });
    const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
    expect(within(section('Your e-mail')).getByRole('status').textContent).toBe(
      'You will not be e-mailed about new inquiries.',
    );

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(confirm).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect((screen.getByLabelText('Calendar feed address') as HTMLInputElement).value).toBe(
        'https://tacos.example/calendar/new.ics',
      ),
    );
    expect(screen.getByRole('link', { name: 'Subscribe on this device' }).getAttribute('href')).toBe(
      'webcal://tacos.example/calendar/new.ics',
    );

    // What signing out covers is said before it is done, and what it did after.
    expect(section('Signed-in devices').textContent).toContain(
      'It also turns off notifications on every device but this one',
    );
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() =>
      expect(within(section('Signed-in devices')).getByRole('status').textContent).toBe(
        'Signed out of 2 other devices. Notifications turned off on 1 other device. The calendar feed has a new address.',
      ),
    );
    expect((screen.getByLabelText('Calendar feed address') as HTMLInputElement).value).toBe(
      'https://tacos.example/calendar/newer.ics',
    );
  });

  it('puts the choice back when it could not be saved, and keeps the link when the reset is not confirmed', async () => {
    const calls = standIn((method, url) => {
      if (url === '/api/owner/account') return { status: 200, body: account };
      if (method === 'PUT') return { status: 503, body: { message: 'Try again in a moment.' } };
      return undefined;
    });
    vi.stubGlobal('confirm', () => false);
    const user = userEvent.setup();
    render(<AccountSettings />);
    const email = await screen.findByRole('checkbox', { name: /E-mail me/ });
    await user.click(email);
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText('Try again in a moment.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(calls.some((call) => call.url.endsWith('/calendar-feed/reset'))).toBe(false);
    expect((screen.getByLabelText('Calendar feed address') as HTMLInputElement).value).toBe(account.calendarFeedUrl);
  });
});
