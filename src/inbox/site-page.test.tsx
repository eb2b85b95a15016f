// @vitest-environment jsdom
// The inbox's "Site" page (issue 37) as a component; the owner's site API is an in-memory
// stand-in behind fetch (the API itself is tested on real stores in src/server/site/).
// A field's problem from the API's `issues` sits beside it (aria-invalid,
// aria-describedby); a card's price text follows from "Price"; a stale publish says so
// and keeps what was typed; "Restore" asks first.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '../../content/business.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import type { SiteView } from './site-api.js';
import { SitePage } from './site-page.js';

const live = (version: number): SiteView['live'] => ({
  version,
  publishedAt: '2030-05-20T15:00:00.000Z',
  publishedBy: 'owner@example.com',
  content: business,
});

const basic = () => screen.getByRole('group', { name: 'Basic' });
const inputOf = (group: HTMLElement, label: string) => within(group).getByLabelText(label, { exact: true });
const SLOW = { timeout: 4000 };

describe('the Site page', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    history.replaceState(null, '', '/');
  });

  it('shows each problem the API names beside its field, and the card’s price follows from "Price"', async () => {
    history.replaceState(null, '', '/inbox/site?part=packages');
    const puts: unknown[] = [];
    standIn((method, url, body) => {
      if (method === 'GET' && url === '/api/owner/site')
        return {
          status: 200,
          body: { live: live(2), draft: null, issues: { 'packageGroups[0].packages[1].summary': 'must not be empty' } },
        };
      if (method === 'PUT' && url === '/api/owner/site/draft') {
        puts.push(body);
        const name = (body as { content: typeof business }).content.packageGroups[0]!.packages[1]!.name;
        const issues = name ? {} : { 'packageGroups[0].packages[1].name': 'must not be empty' };
        return { status: 200, body: { draft: { baseVersion: 2, content: business, savedAt: '' }, issues } };
      }
      return undefined;
    });
    render(<SitePage />);
    const summary = inputOf(await screen.findByRole('group', { name: 'Basic' }), 'Summary');
    expect(summary.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(summary.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(
      'must not be empty',
    );
    expect(inputOf(basic(), 'Name').hasAttribute('aria-invalid')).toBe(false);

    // The price as typed; the card's text is never typed, it follows.
    const price = inputOf(basic(), 'Price');
    await userEvent.clear(price);
    await userEvent.type(price, '14');
    expect(within(basic()).getByText('The card says: From $14 / guest')).toBeTruthy();
    await userEvent.clear(inputOf(basic(), 'Name'));
    await waitFor(() => expect(puts.length).toBeGreaterThan(0), SLOW);
    const sent = (puts.at(-1) as { baseVersion: number; content: typeof business }).content.packageGroups[0]!
      .packages[1]!;
    expect(sent.pricing).toEqual({ per: 'guest', amount: 14 });
    expect(sent.price).toBe('From $14 / guest');
    // The server's answer: the emptied name is named beside it (the fieldset is now "Package 2").
    const card = screen.getByRole('group', { name: 'Package 2' });
    await waitFor(() => expect(inputOf(card, 'Name').getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(within(card).getByText('must not be empty', { selector: '[id$="-problem"]' })).toBeTruthy();
  });

  it('says a publish from an older version was refused, keeping what was typed', async () => {
    history.replaceState(null, '', '/inbox/site?part=business');
    const calls = standIn((method, url) => {
      if (method === 'GET' && url === '/api/owner/site')
        return { status: 200, body: { live: live(2), draft: null, issues: {} } };
      if (method === 'PUT')
        return { status: 200, body: { draft: { baseVersion: 2, content: business, savedAt: '' }, issues: {} } };
      if (method === 'POST' && url === '/api/owner/site/publish')
        return {
          status: 409,
          body: { error: 'stale', message: 'Published from another device since you opened this', live: live(3) },
        };
      return undefined;
    });
    render(<SitePage />);
    const tagline = await screen.findByLabelText('Tagline');
    await userEvent.clear(tagline);
    await userEvent.type(tagline, 'Tacos that travel');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Published from another device since you opened this',
    );
    expect((screen.getByLabelText('Tagline') as HTMLInputElement).value).toBe('Tacos that travel');
    expect(screen.getByRole('button', { name: 'Publish mine anyway' })).toBeTruthy();
    // The typed text was saved before the publish was asked for.
    const order = calls.map((call) => `${call.method} ${call.url}`);
    expect(order.indexOf('PUT /api/owner/site/draft')).toBeLessThan(order.indexOf('POST /api/owner/site/publish'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ baseVersion: 2 });
  });

  it('restores an older version only once the owner confirms', async () => {
    history.replaceState(null, '', '/inbox/site?part=history');
    let current = 2;
    const calls = standIn((method, url) => {
      if (method === 'GET' && url === '/api/owner/site')
        return { status: 200, body: { live: live(current), draft: null, issues: {} } };
      if (method === 'GET' && url === '/api/owner/site/history')
        return {
          status: 200,
          body: {
            versions: [
              {
                version: 2,
                publishedAt: '2030-05-20T15:00:00.000Z',
                publishedBy: 'owner@example.com',
                changes: ['Basic: $16 → $18 per guest'],
              },
              { version: 1, publishedAt: null, publishedBy: null, changes: [] },
            ],
          },
        };
      if (method === 'POST' && url === '/api/owner/site/restore') {
        current = 3;
        return { status: 200, body: { version: 3 } };
      }
      return undefined;
    });
    render(<SitePage />);
    expect(await screen.findByText('Basic: $16 → $18 per guest')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(calls.some((call) => call.url === '/api/owner/site/restore')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Yes, restore version 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, restore version 1' }));
    expect(await screen.findByText('Restored: version 1 is live now.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/owner/site/restore')!.body).toEqual({ version: 1, baseVersion: 2 });
  });
});
