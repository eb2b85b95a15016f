// @vitest-environment jsdom
// The Schedule page as a component (record 111), under jsdom with Testing Library; the
// owner API is a small in-memory stand-in behind fetch (the part under test is the
// view; the server's side is tested on real stores in src/server/schedule/). Bad input
// is named under each field and nothing is sent; an added weekly stop sends its weeks;
// an edit sends the stop's fields only; a removal offers Undo; the server's own
// refusal shows by its field.
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, type ScheduleView, type TruckStop } from '../shared/truck-schedule.js';
import { Schedule } from './schedule.js';

const TODAY = '2030-05-20';

function standIn(options: { refuse?: Record<string, string> } = {}) {
  const stops: TruckStop[] = [];
  const history: ScheduleView['history'] = [];
  const calls: { method: string; url: string; body: unknown }[] = [];
  let next = 1;
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const at = '2030-05-20T15:00:00.000Z';
    // The page's "Block a day" has its own calls (blocked-days.test.tsx).
    if (url.startsWith('/api/owner/blocked-days')) return json(200, { blocks: [], today: TODAY });
    if (method === 'GET')
      return json(200, { stops, history, now: { date: TODAY, time: '09:00' } } satisfies ScheduleView);
    if (options.refuse) return json(400, { error: 'bad_request', message: 'Refused.', fields: options.refuse });
    if (method === 'POST') {
      const { repeatWeeks = 1, ...fields } = body;
      const added = Array.from({ length: repeatWeeks }, (_, week) => ({
        ...fields,
        id: `s${next++}`,
        date: addDays(fields.date, 7 * week),
      }));
      stops.push(...added);
      history.unshift({ kind: 'added', summary: fields.place, by: 'owner@example.com', at });
      return json(201, { stops: added });
    }
    const index = stops.findIndex((stop) => url.endsWith(`/${stop.id}`));
    if (method === 'PUT') {
      stops[index] = { ...body, id: stops[index]!.id };
      return json(200, { stop: stops[index] });
    }
    const [removed] = stops.splice(index, 1);
    history.unshift({ kind: 'removed', summary: removed!.place, by: 'owner@example.com', at });
    return json(204);
  });
  return { stops, calls, fetch };
}

const form = () => screen.getByRole('form', { name: /stop/ });
/** What a screen reader reads after the field's name: the texts its aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const field = (label: string) => within(form()).getByLabelText(label, { exact: true });

async function fillStop(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('the Schedule page', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each field that is wrong, focuses the first, and sends nothing', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    render(<Schedule />);
    await screen.findByText(/No stops yet/);
    await fillStop(user, { Date: addDays(TODAY, -1), Starts: '11:00', Ends: '11:00' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    expect(document.activeElement).toBe(field('Date'));
    expect(field('Date').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('Date'))).toBe('Date: pick today or a later day.');
    expect(description(field('Ends'))).toBe(
      'Ends: must differ from Starts. Earlier than Starts: the stop ends after midnight.',
    );
    expect(description(field('Place'))).toBe('Place: please fill this in. What people know it as, e.g. Sunday Market.');
    expect(field('Note').getAttribute('aria-invalid')).toBeNull();
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('adds a weekly stop for its weeks, edits with the stop’s fields only, removes with Undo', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    render(<Schedule />);
    await screen.findByText(/No stops yet/);
    await fillStop(user, {
      Date: TODAY,
      Starts: '11:00',
      Ends: '14:00',
      Place: 'Sunday Market',
      Address: '400 W 2nd St',
    });
    await user.selectOptions(field('Repeat'), 'Every week, 3 weeks in all');
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    expect((await screen.findByRole('status')).textContent).toContain('Added 3 stops: Sunday Market, every week from');
    // Each stop's pre-orders are read too (preorder-settings.tsx): the add is the one POST.
    expect(server.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/owner/schedule',
      body: {
        date: TODAY,
        starts: '11:00',
        ends: '14:00',
        place: 'Sunday Market',
        address: '400 W 2nd St',
        note: '',
        repeatWeeks: 3,
      },
    });
    const list = screen.getByRole('region', { name: 'Upcoming stops' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toMatch(/^Today/);
    expect((field('Place') as HTMLInputElement).value).toBe('');

    await user.click(within(list).getAllByRole('button', { name: /^Edit Sunday Market/ })[1]!);
    expect(screen.getByRole('heading', { name: 'Edit stop: Sunday Market' })).toBeTruthy();
    expect(within(form()).queryByLabelText('Repeat')).toBeNull();
    await fillStop(user, { Place: 'Brewery' });
    await user.click(screen.getByRole('button', { name: 'Save stop' }));
    expect(await screen.findByText(/^Saved: Brewery/)).toBeTruthy();
    const edit = server.calls.find((call) => call.method === 'PUT')!;
    expect(edit.url).toBe('/api/owner/schedule/s2');
    expect(Object.keys(edit.body as object).sort()).toEqual(['address', 'date', 'ends', 'note', 'place', 'starts']);

    await user.click(within(list).getByRole('button', { name: /^Remove Brewery/ }));
    expect(await screen.findByText(/^Removed: Brewery/)).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Undo the removal of Brewery' }));
    expect(await screen.findByText(/^Put back: Brewery/)).toBeTruthy();
    expect(server.stops.map((stop) => stop.place).sort()).toEqual(['Brewery', 'Sunday Market', 'Sunday Market']);
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')[0]!.textContent).toContain('owner@example.com added Brewery');
  });

  it('warns of stops at the same time, on both', async () => {
    const server = standIn();
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    render(<Schedule />);
    await screen.findByText(/No stops yet/);
    const common = { Date: addDays(TODAY, 2), Address: '1 Main St' };
    await fillStop(user, { ...common, Starts: '11:00', Ends: '15:00', Place: 'Market' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await screen.findByText(/^Added: Market/);
    await fillStop(user, { ...common, Starts: '15:00', Ends: '18:00', Place: 'Brewery' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await screen.findByText(/^Added: Brewery/);
    // Back to back is fine.
    expect(screen.queryByText(/At the same time as/)).toBeNull();
    await fillStop(user, { ...common, Starts: '14:00', Ends: '16:00', Place: 'Fair' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await screen.findByText(/^Added: Fair/);
    const items = within(screen.getByRole('region', { name: 'Upcoming stops' })).getAllByRole('listitem');
    const warning = (place: string) =>
      items.find((item) => item.querySelector('.inbox-stop-place')?.textContent === place)!.textContent;
    expect(warning('Market')).toMatch(/At the same time as Fair \(.*2:00 PM–4:00 PM\)/);
    expect(warning('Brewery')).toMatch(/At the same time as Fair/);
    expect(warning('Fair')).toMatch(/At the same time as Market \(.*\) and Brewery \(.*\)/);
  });

  it('shows the server’s refusal under its field', async () => {
    const server = standIn({ refuse: { address: 'Address: at most 200 characters.' } });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    render(<Schedule />);
    await screen.findByText(/No stops yet/);
    await fillStop(user, { Date: TODAY, Starts: '11:00', Ends: '14:00', Place: 'Market', Address: 'Somewhere' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Refused.');
    expect(description(field('Address'))).toBe('Address: at most 200 characters. For the map link.');
    expect((field('Place') as HTMLInputElement).value).toBe('Market');
  });
});
