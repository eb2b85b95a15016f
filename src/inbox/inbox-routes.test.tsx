// @vitest-environment jsdom
// The inbox's route table (record 440): every link in the signed-in header leads to the
// page the table names under that label, every page with an address of its own has its
// link, and the addresses the inbox has always had still pick the same pages.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import { InboxApp } from './inbox-app.js';
import { INBOX_ROUTES, type InboxRoute, routeOf } from './inbox-routes.js';

const ID = '0b6c1f5e-8d0a-4c57-9a0e-3c2f1e6d7a11';
const at = (href: string) => new URL(href, 'http://localhost');
const named = (nav: string) => INBOX_ROUTES.find((route) => route.nav === nav)!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="curbside-owner"]')?.remove();
  history.replaceState(null, '', '/');
});

/** The links in the signed-in inbox's header, as the owner sees them. */
function headerLinks(): { href: string; label: string }[] {
  const meta = document.createElement('meta');
  meta.name = 'curbside-owner';
  meta.content = 'owner@example.com';
  document.head.append(meta);
  history.replaceState(null, '', '/inbox');
  standIn(() => undefined);
  render(<InboxApp />);
  return within(screen.getByRole('banner'))
    .getAllByRole('link')
    .map((link) => ({ href: link.getAttribute('href')!, label: link.textContent! }));
}

describe('the inbox’s route table', () => {
  it('routes every page the header links to, and links every page that has an address of its own', () => {
    const links = headerLinks();
    expect(links.map((link) => link.label)).toEqual([
      'Inbox',
      'Bookings',
      'Schedule',
      'Orders',
      'Numbers',
      'Site',
      'Notifications',
    ]);
    for (const { href, label } of links) {
      const { route } = routeOf(at(href));
      expect(route.nav, href).toBe(label);
      expect(route.path, href).toBe(href);
    }
    const ownPages = INBOX_ROUTES.filter((route) => typeof route.path === 'string' && !route.query);
    expect(ownPages.map((route) => route.path).sort()).toEqual(links.map((link) => link.href).sort());
  });

  it.each<[string, () => InboxRoute, string]>([
    ['/inbox', () => named('Inbox'), ''],
    ['/inbox?status=new&page=2', () => named('Inbox'), ''],
    ['/inbox?sort=waiting', () => INBOX_ROUTES[0]!, ''],
    ['/inbox/settings', () => named('Notifications'), ''],
    ['/inbox/orders?stop=abc', () => named('Orders'), ''],
    [`/inbox/inquiries/${ID}`, () => INBOX_ROUTES.at(-1)!, ID],
    [`/inbox/inquiries/${ID}/event-sheet`, () => INBOX_ROUTES.at(-2)!, ID],
    ['/inbox/inquiries/not-an-id', () => named('Inbox'), ''],
    ['/inbox/somewhere-else', () => named('Inbox'), ''],
  ])('%s shows the page it always did', (href, expected, id) => {
    expect(routeOf(at(href))).toEqual({ route: expected(), id });
  });
});
