// @vitest-environment jsdom
// "Instant booking" per package on the inbox's "Site" page (record 350): a checkbox in
// each package's fields, ticked as the content says, and its change saved in the draft.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { business } from '../../content/business.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import { SitePage } from './site-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

it('shows each package’s “Instant booking” as the content says, and saves its change', async () => {
  Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  history.replaceState(null, '', '/inbox/site?part=packages');
  const puts: { content: typeof business }[] = [];
  const live = { version: 2, publishedAt: '2030-05-20T15:00:00.000Z', publishedBy: 'o@example.com', content: business };
  standIn((method, url, body) => {
    if (method === 'GET' && url === '/api/owner/site') return { status: 200, body: { live, draft: null, issues: {} } };
    if (method === 'PUT' && url === '/api/owner/site/draft') {
      puts.push(body as { content: typeof business });
      return { status: 200, body: { draft: { baseVersion: 2, content: business, savedAt: '' }, issues: {} } };
    }
    return undefined;
  });
  render(<SitePage />);
  const instant = (name: string) =>
    within(screen.getByRole('group', { name })).getByRole('checkbox', { name: 'Instant booking' }) as HTMLInputElement;
  await screen.findByRole('group', { name: 'Basic' });
  const cards = business.packageGroups[0]!.packages;
  const premium = cards.findIndex((card) => card.instantBook);
  expect(instant(cards[premium]!.name).checked).toBe(true);
  expect(instant('Basic').checked).toBe(false);

  await userEvent.click(instant('Basic'));
  await userEvent.click(instant(cards[premium]!.name));
  await waitFor(
    () => {
      const sent = puts.at(-1)?.content.packageGroups[0]?.packages;
      expect(sent?.[1]?.instantBook).toBe(true);
      expect(sent?.[premium]?.instantBook).toBe(false);
    },
    { timeout: 4000 },
  );
});
