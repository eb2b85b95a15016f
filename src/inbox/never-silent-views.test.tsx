// @vitest-environment jsdom
// Never silent in the inbox (issue 31, records 183 and 184), as components under jsdom
// with the owner API a stand-in behind fetch: each New lead's clock moves on its own
// (the list around it is not rendered again), urgent past ESCALATE_AFTER_MINUTES; the
// count of leads waiting is in the title and on the app's badge; "Oldest waiting first"
// lists them; the Numbers page shows both periods, a described chart with its table,
// the sources, and the CSV.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import type { InboxPage, InboxRow } from '../shared/inbox-views.js';
import type { NumbersView, PeriodView } from '../shared/numbers-views.js';
import type { WaitingPage } from '../shared/waiting-views.js';
import { InboxApp } from './inbox-app.js';
import { NumbersPage } from './numbers-page.js';
import { WaitingContext } from './use-waiting-leads.js';
import { WaitingClock } from './waiting-clock.js';

const MINUTE = 60_000;
const row = (overrides: Partial<InboxRow> = {}): InboxRow => {
  const stored = buildNewInquiry();
  return { ...stored.document, id: stored.id, spamReason: null, status: 'new', readAt: null, ...overrides };
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelector('meta[name="curbside-owner"]')?.remove();
  history.replaceState(null, '', '/');
});

describe('a New lead’s clock', () => {
  it('moves on its own, turns urgent past ESCALATE_AFTER_MINUTES, and leaves the list around it alone', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const now = Date.parse('2026-12-01T15:00:00Z');
    vi.setSystemTime(now);
    let listRenders = 0;
    function List() {
      listRenders++;
      return (
        <ul>
          <li>
            <WaitingClock since={new Date(now - 12 * MINUTE).toISOString()} />
          </li>
          <li>
            <WaitingClock since={new Date(now - 3 * 60 * MINUTE).toISOString()} />
          </li>
        </ul>
      );
    }
    render(
      <WaitingContext value={{ inquiries: [], total: 2, urgentAfterMs: 15 * MINUTE }}>
        <List />
      </WaitingContext>,
    );
    expect(screen.getByText('Waiting 12 min').parentElement!.className).toBe('inbox-waiting');
    expect(screen.getByText('Waiting 3 h').parentElement!.textContent).toBe('Waiting 3 h, urgent');
    act(() => vi.advanceTimersByTime(3 * MINUTE));
    expect(screen.getByText('Waiting 15 min').parentElement!.className).toBe('inbox-waiting urgent');
    // The clocks moved; the list they are in was rendered once, at first, and not again for it.
    expect(listRenders).toBe(1);
  });
});

describe('the leads waiting for an answer', () => {
  it('are counted in the title and on the app’s badge, and listed oldest first on request', async () => {
    const meta = document.createElement('meta');
    meta.name = 'curbside-owner';
    meta.content = 'owner@example.com';
    document.head.append(meta);
    const setAppBadge = vi.fn(async () => {});
    const clearAppBadge = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { setAppBadge, clearAppBadge }));
    const old = row({
      firstName: 'Old',
      lastName: 'Lead',
      createdAt: new Date(Date.now() - 90 * MINUTE).toISOString(),
    });
    const fresh = row({
      firstName: 'Fresh',
      lastName: 'Lead',
      createdAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
    });
    const answered = row({ firstName: 'Done', lastName: 'Lead', status: 'contacted' });
    standIn((_method, url) =>
      url === '/api/owner/waiting'
        ? { status: 200, body: { inquiries: [old, fresh], total: 2, urgentAfterMs: 15 * MINUTE } satisfies WaitingPage }
        : url.startsWith('/api/owner/inquiries')
          ? { status: 200, body: { inquiries: [fresh, answered, old], next: null } satisfies InboxPage }
          : url.startsWith('/api/owner/notifications/failed')
            ? { status: 200, body: { failed: [] } }
            : undefined,
    );
    history.replaceState(null, '', '/inbox');
    render(<InboxApp />);
    await waitFor(() => expect(document.title).toBe('(2) Inquiries · Inbox'));
    expect(setAppBadge).toHaveBeenCalledWith(2);
    // Each New lead shows how long it has waited, in the table and the cards alike; the answered one does not.
    await waitFor(() => expect(screen.getAllByText('Waiting 1 h')).toHaveLength(2));
    expect(screen.getAllByText('Waiting 2 min')).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Inquiries, newest first' });
    expect(within(table).getByRole('row', { name: /Done Lead/ }).textContent).not.toContain('Waiting');

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Oldest waiting first' }));
    expect(location.search).toBe('?sort=waiting');
    const waiting = await screen.findByRole('table', { name: 'Waiting for an answer, oldest first' });
    expect(
      within(waiting)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Old Lead', 'Fresh Lead']);
    expect(document.title).toBe('(2) Waiting for an answer · Inbox');
    expect(screen.getByRole('link', { name: 'Numbers' }).getAttribute('href')).toBe('/inbox/numbers');
  });
});

const period = (days: 30 | 365, overrides: Partial<PeriodView> = {}): PeriodView => ({
  days,
  from: '2026-10-17T12:00:00.000Z',
  to: '2026-11-16T12:00:00.000Z',
  inquiries: 7,
  spam: 2,
  byWeek: [
    { week: '2026-11-02', inquiries: 3, spam: 0 },
    { week: '2026-11-09', inquiries: 4, spam: 2 },
  ],
  bySource: [
    { source: 'Instagram', inquiries: 5 },
    { source: 'Not given', inquiries: 2 },
  ],
  answers: { answered: 6, waiting: 1, medianMs: 125 * MINUTE, p90Ms: 26 * 60 * MINUTE },
  quotes: { sent: 4, accepted: 2, declined: 1 },
  deposits: { count: 2, amounts: [{ currency: 'USD', amount: 250_000 }] },
  booked: { count: 2, revenue: [{ currency: 'USD', amount: 1_250_000 }] },
  ...overrides,
});

describe('the Numbers page', () => {
  it('shows both periods side by side, the weeks as a described chart beside their table, the sources, and the CSV', async () => {
    const view: NumbersView = {
      at: '2026-11-16T12:00:00.000Z',
      periods: [
        period(30),
        period(365, {
          inquiries: 90,
          byWeek: [{ week: '2025-11-10', inquiries: 90, spam: 0 }],
          bySource: [{ source: 'Market', inquiries: 90 }],
        }),
      ],
    };
    standIn((_method, url) => (url === '/api/owner/numbers' ? { status: 200, body: view } : undefined));
    render(<NumbersPage />);
    const both = await screen.findByRole('table', { name: 'The last 30 and 365 days' });
    const cells = (name: string) =>
      within(within(both).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Inquiries')).toEqual(['7', '90']);
    expect(cells('Time to first answer, median')).toEqual(['2 h 5 min', '2 h 5 min']);
    expect(cells('Deposits paid')).toEqual(['2 ($2,500.00)', '2 ($2,500.00)']);
    expect(cells('Booked revenue')).toEqual(['$12,500.00', '$12,500.00']);

    const chart = screen.getByRole('img', { name: /Inquiries by week, last 30 days/ });
    expect(chart.querySelector('desc')!.textContent).toBe(
      '2 weeks, from the week of Nov 2: 7 inquiries, the most (4) in the week of Nov 9; 2 spam apart.',
    );
    expect(screen.getByRole('table', { name: 'Inquiries by week, spam apart' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: /Where inquiries came from/ })).getByText('Instagram'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/owner/numbers.csv');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Last 365 days' }));
    expect(screen.getByRole('heading', { name: 'By source, last 365 days' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Inquiries by week, last 365 days/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: /Where inquiries came from/ })).getByText('Market')).toBeTruthy();
  });
});
