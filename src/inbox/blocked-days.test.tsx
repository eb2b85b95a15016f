// @vitest-environment jsdom
// "Block a day" on the Schedule page (record 240) as a component; the owner API is a
// small in-memory stand-in behind fetch (the server's side is tested on real stores in
// src/server/calendar/). Bad input is named under its field and nothing is sent; a
// block is listed with its private reason and removed by its own button.
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockedDayView } from '../shared/availability.js';
import { BlockedDays } from './blocked-days.js';

const TODAY = '2030-05-20';

function standIn() {
  const blocks: BlockedDayView[] = [];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET') return json(200, { blocks, today: TODAY });
    if (method === 'POST') {
      const block = { id: `b${blocks.length + 1}`, ...body, blockedAt: '', blockedBy: 'owner@example.com' };
      blocks.push(block);
      return json(201, { block });
    }
    blocks.splice(
      blocks.findIndex((block) => url.endsWith(`/${block.id}`)),
      1,
    );
    return json(204);
  });
  return { calls, fetch };
}

/** The component with a live region of its own, as the Schedule page gives it its own. */
function Page() {
  const [message, setMessage] = useState('');
  return (
    <>
      <BlockedDays say={setMessage} />
      <p role="status">{message}</p>
    </>
  );
}

const form = () => screen.getByRole('form', { name: 'Block a day' });
const field = (label: string) => within(form()).getByLabelText(label, { exact: true });

describe('Block a day', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names a past day under its field and sends nothing', async () => {
    const api = standIn();
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    render(<Page />);
    await screen.findByText('No blocked days.');
    await user.type(field('Date'), '2030-05-19');
    await user.click(screen.getByRole('button', { name: 'Block a day' }));
    expect(field('Date')).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByText('Date: pick today or a later day.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Date'));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('blocks a day with its private reason, lists it, and removes it', async () => {
    const api = standIn();
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    render(<Page />);
    await screen.findByText('No blocked days.');
    await user.type(field('Date'), '2030-06-14');
    await user.type(field('Reason'), 'Cousin’s wedding');
    await user.click(screen.getByRole('button', { name: 'Block a day' }));
    expect(api.calls.at(-2)).toEqual({
      method: 'POST',
      url: '/api/owner/blocked-days',
      body: { date: '2030-06-14', reason: 'Cousin’s wedding' },
    });
    const item = (await screen.findByText(/Cousin’s wedding/)).closest('li')!;
    expect(screen.getByRole('status').textContent).toMatch(/^Blocked: /);
    expect((field('Date') as HTMLInputElement).value).toBe('');
    await user.click(within(item).getByRole('button', { name: /^Remove the block on / }));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === '/api/owner/blocked-days/b1')).toBe(true);
    await screen.findByText('No blocked days.');
    expect(screen.getByRole('status').textContent).toMatch(/^Removed the block on /);
  });
});
