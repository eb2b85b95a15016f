// @vitest-environment jsdom
// The inbox's sign-in form and notification views as components (issue 15 item 5),
// under jsdom with Testing Library, the owner API a stand-in behind fetch
// (fetch-stand-in.ts): the sign-in form says why the last try failed and keeps the
// e-mail; an inquiry's notifications show their state and reason and "Send again";
// the Notifications page shows how e-mail is set up and sends a test e-mail.
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import type { DeliveryView, NotificationSettingsView } from '../shared/notifications.js';
import { InboxApp } from './inbox-app.js';
import { Deliveries, NotificationSettings } from './notifications.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the sign-in form', () => {
  it('says why the last sign-in failed, takes that out of the address, and keeps the e-mail typed', async () => {
    sessionStorage.setItem('curbside-inbox-email', 'owner@example.com');
    history.replaceState(null, '', '/inbox/inquiries/abc?signin=limited-account&retry=42');
    render(<InboxApp />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many sign-in attempts for this account. Please try again in 42 seconds.',
    );
    expect(location.pathname + location.search).toBe('/inbox/inquiries/abc');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('owner@example.com');
    // Back to the inquiry the e-mail linked, once signed in.
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form')!;
    expect(form.getAttribute('action')).toBe('/inbox/sign-in');
    expect((form.elements.namedItem('next') as HTMLInputElement).value).toBe('/inbox/inquiries/abc');
  });

  it('says nothing on a first visit, and a wrong password in plain words', () => {
    history.replaceState(null, '', '/inbox');
    const { unmount } = render(<InboxApp />);
    expect(screen.getByRole('alert').textContent).toBe('');
    unmount();
    history.replaceState(null, '', '/inbox?signin=wrong');
    render(<InboxApp />);
    expect(screen.getByRole('alert').textContent).toBe('Wrong email or password.');
  });
});

const delivery = (overrides: Partial<DeliveryView>): DeliveryView => ({
  id: 'd1',
  kind: 'owner-email',
  label: 'Owner e-mail',
  target: null,
  status: 'sent',
  nextAttemptAt: null,
  lastError: null,
  sentAt: '2026-11-20T15:00:00.000Z',
  createdAt: '2026-11-20T14:59:59.000Z',
  attempts: [],
  ...overrides,
});

describe('an inquiry’s notifications', () => {
  it('show each state with its reason, and send a failed one again', async () => {
    let webhook = delivery({
      id: 'd2',
      kind: 'webhook',
      label: 'Webhook',
      target: 'https://hooks.example',
      status: 'failed',
      lastError: 'HTTP 410',
      sentAt: null,
      attempts: [{ at: '2026-11-20T15:00:01.000Z', outcome: 'failed', error: 'HTTP 410' }],
    });
    const calls = standIn((method, url) => {
      if (method === 'GET' && url === '/api/owner/inquiries/i1/deliveries')
        return { status: 200, body: { deliveries: [delivery({}), webhook] } };
      if (method === 'POST' && url === '/api/owner/deliveries/d2/resend') {
        webhook = { ...webhook, status: 'queued', lastError: null };
        return { status: 200, body: { delivery: webhook } };
      }
      return undefined;
    });
    render(<Deliveries inquiryId="i1" />);
    const failed = (await screen.findByText('Webhook to https://hooks.example')).closest('li')!;
    expect(failed.textContent).toContain('Failed: HTTP 410');
    expect(within(failed).getByText('1 attempt')).toBeTruthy();

    await userEvent.setup().click(within(failed).getByRole('button', { name: /^Send again/ }));
    expect(await screen.findByText('Webhook to https://hooks.example: queued to be sent again.')).toBeTruthy();
    expect((await screen.findByText('Queued')).closest('li')!.textContent).toContain('Webhook');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/owner/deliveries/d2/resend',
    ]);
  });

  it('say why when they cannot be loaded', async () => {
    standIn(() => ({ status: 503, body: { message: 'The database is not answering.' } }));
    render(<Deliveries inquiryId="i1" />);
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering.');
  });
});

describe('the Notifications page', () => {
  it('shows how e-mail is set up and sends a test e-mail, saying where or why not', async () => {
    const settings: NotificationSettingsView = {
      email: { configured: true, server: 'smtp.example:587', from: 'inquiries@example.com', confirmation: true },
      webhooks: [],
      channels: [],
      links: { base: 'https://tacos.example', set: true },
      trouble: { setAside: 0, setAsideError: null, lastWorkerErrorAt: null },
    };
    let sent = true;
    standIn((method, url) => {
      if (method === 'GET' && url === '/api/owner/notifications') return { status: 200, body: settings };
      if (method === 'POST' && url === '/api/owner/notifications/test-email')
        return {
          status: 200,
          body: sent ? { sent, to: 'me@example.com' } : { sent, to: 'me@example.com', error: '550 No such mailbox' },
        };
      return undefined;
    });
    render(<NotificationSettings />);
    expect(await screen.findByText(/Set up: through smtp\.example:587, from inquiries@example\.com\./)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('A test e-mail was sent to me@example.com.')).toBeTruthy();
    sent = false;
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('The test e-mail to me@example.com was not sent: 550 No such mailbox')).toBeTruthy();
  });
});
