// @vitest-environment jsdom
// The quote form and the versions list as components (issue 28 item 3), under jsdom
// with Testing Library, the owner API a stand-in behind fetch (fetch-stand-in.ts; the
// routes are tested on real stores). The totals follow every change with the content's
// tax and one rounding rule (the expected amounts are worked out by hand here); the
// server's rules are checked before anything is sent, each by its field; a refusal or
// a lost connection keeps every value typed; a second tap sends nothing twice.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQuotesAnswer, buildQuoteView, dayFromToday } from '../../tests/support/builders.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import type { QuoteDraftBody, QuotesAnswer, QuoteView } from '../shared/quote-views.js';
import { QuoteSection } from './quotes.js';

const INQUIRY = '0b6c3d1e-2f4a-4b5c-8d6e-7f8091a2b3c4';
const QUOTES = `/api/owner/inquiries/${INQUIRY}/quotes`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The owner API's quotes for one inquiry: `send` answers each POST (default: a new version). */
function quotesServer(
  answer: QuotesAnswer = buildQuotesAnswer(),
  send?: (draft: QuoteDraftBody) => Promise<{ status: number; body?: unknown }> | { status: number; body?: unknown },
) {
  const quotes: QuoteView[] = [...answer.quotes];
  return standIn(async (method, url, body) => {
    if (url !== QUOTES) return undefined;
    if (method === 'GET') return { status: 200, body: { ...answer, quotes } };
    const draft = body as QuoteDraftBody;
    if (send) {
      const refused = await send(draft);
      if (refused.status !== 201) return refused;
    }
    const quote = buildQuoteView(draft, { version: quotes.length + 1 });
    quotes.push(quote);
    return { status: 201, body: quote };
  });
}

async function openForm(name = 'Write a quote') {
  const onSent = vi.fn(async () => {});
  render(<QuoteSection inquiryId={INQUIRY} status="new" onSent={onSent} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const form = screen.getByRole('form');
  return { user, form, onSent };
}

const lineOf = (form: HTMLElement, number: number) => within(form).getByRole('group', { name: `Line ${number}` });
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLInputElement;

/** What the totals say ('Total' → '$2,124.95'). */
function totals(form: HTMLElement): Record<string, string | undefined> {
  const terms = form.querySelectorAll('.inbox-quote-breakdown dt, .inbox-quote-key dt');
  return Object.fromEntries([...terms].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('the quote form', () => {
  it('says when the draft is at the prices of the estimate the customer was told and today’s differ', async () => {
    const note =
      "Prefilled at the prices of the estimate the customer was told on Fri, Nov 27, 2026; today's price for Basic is $17.00 per guest.";
    quotesServer(buildQuotesAnswer({ draftNote: note }));
    const { form } = await openForm();
    expect(within(form).getByText(note)).toBeTruthy();
    cleanup();
    // The same prices: nothing extra.
    quotesServer(buildQuotesAnswer());
    const again = await openForm();
    expect(within(again.form).queryByText(/Prefilled at the prices/)).toBeNull();
  });

  it('starts from the draft and works the totals out again at every change, rounding once', async () => {
    const calls = quotesServer();
    const { user, form } = await openForm();

    expect(field(lineOf(form, 1), 'Description').value).toBe('Taco bar package, per guest');
    expect(field(lineOf(form, 1), 'Quantity').value).toBe('100');
    expect(field(lineOf(form, 1), 'Unit price').value).toBe('16.00');
    expect(field(lineOf(form, 2), 'Unit price').value).toBe('75.00');
    expect(within(lineOf(form, 2)).getByRole('checkbox', { name: 'Travel fee' })).toHaveProperty('checked', true);
    expect(field(form, 'Service charge (%)').value).toBe('18');
    expect(field(form, 'Deposit (%)').value).toBe('25');
    expect(field(form, 'Valid until').value).toBe(dayFromToday(14));
    // Food 1,600.00; travel 75.00; service 18 % of the food; tax 8.25 % of all three (161.9475).
    expect(totals(form)).toEqual({
      Subtotal: '$1,675.00',
      'Service charge': '$288.00',
      'Tax (8.25%)': '$161.95',
      Total: '$2,124.95',
      Deposit: '$531.24',
    });

    await retype(user, field(lineOf(form, 1), 'Quantity'), '120');
    // 2,533.70 × 25 % = 633.425: half a cent rounds up.
    expect(totals(form)).toMatchObject({ Total: '$2,533.70', Deposit: '$633.43' });

    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    const added = lineOf(form, 3);
    expect(field(added, 'Description')).toBe(document.activeElement);
    await user.type(field(added, 'Description'), 'Churro cart');
    await user.type(field(added, 'Unit price'), '150.5');
    expect(within(added).getByText('$150.50')).toBeTruthy();
    expect(totals(form)).toMatchObject({ Subtotal: '$2,145.50', Total: '$2,725.94', Deposit: '$681.49' });

    // As travel, the churro cart leaves the service charge.
    await user.click(within(added).getByRole('checkbox', { name: 'Travel fee' }));
    expect(totals(form)).toMatchObject({ 'Service charge': '$345.60', Total: '$2,696.62' });
    await user.click(within(added).getByRole('checkbox', { name: 'Travel fee' }));

    await user.click(within(lineOf(form, 2)).getByRole('button', { name: 'Remove line 2' }));
    expect(within(form).queryByRole('group', { name: 'Line 3' })).toBeNull();
    expect(field(lineOf(form, 2), 'Description').value).toBe('Churro cart');
    expect(totals(form)).toMatchObject({ Total: '$2,644.75', Deposit: '$661.19' });

    await retype(user, field(form, 'Deposit (%)'), '30');
    expect(totals(form)).toMatchObject({ Total: '$2,644.75', Deposit: '$793.43' });

    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Version 1' })).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posted).toEqual([
      {
        lines: [
          { description: 'Taco bar package, per guest', quantity: 120, unitPrice: 1600, kind: 'package' },
          { description: 'Churro cart', quantity: 1, unitPrice: 15050, kind: 'item' },
        ],
        serviceCharge: 18_000,
        deposit: 30_000,
        validUntil: dayFromToday(14),
      },
    ]);
  });

  it('checks the server’s rules before sending, each problem by its field, gone once fixed', async () => {
    const calls = quotesServer();
    const { user, form } = await openForm();
    const first = lineOf(form, 1);
    await user.clear(field(first, 'Description'));
    await retype(user, field(first, 'Quantity'), '2.5');
    await retype(user, field(first, 'Unit price'), '12.345');
    await retype(user, field(form, 'Deposit (%)'), '120');
    await retype(user, field(form, 'Service charge (%)'), 'lots');
    await user.clear(field(form, 'Valid until'));
    await user.type(field(form, 'Valid until'), dayFromToday(-2));
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));

    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    const problemOf = (input: HTMLInputElement) => {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(problemOf(field(first, 'Description'))).toBe('Say what this line is.');
    expect(problemOf(field(first, 'Quantity'))).toBe('A whole number from 1 to 100000.');
    expect(problemOf(field(first, 'Unit price'))).toBe('An amount such as 12.50.');
    expect(problemOf(field(form, 'Service charge (%)'))).toBe('A percentage from 0 to 100.');
    expect(problemOf(field(form, 'Deposit (%)'))).toBe('A percentage from 0 to 100.');
    expect(problemOf(field(form, 'Valid until'))).toBe('The quote would be over before it is sent.');
    expect(document.activeElement).toBe(field(first, 'Description'));
    expect(field(lineOf(form, 2), 'Unit price').getAttribute('aria-invalid')).toBeNull();

    await user.type(field(first, 'Description'), 'Taco bar');
    expect(field(first, 'Description').getAttribute('aria-invalid')).toBeNull();
    expect(within(form).queryByText('Say what this line is.')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Remove line 1' }));
    await user.click(within(lineOf(form, 1)).getByRole('button', { name: 'Remove line 1' }));
    const addLine = within(form).getByRole('button', { name: 'Add line' });
    expect(document.activeElement).toBe(addLine);
    expect(document.getElementById(addLine.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Add at least one line.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal by its field and keeps every value typed, then sends when it can', async () => {
    let connection: 'refused' | 'lost' | 'fine' = 'refused';
    const refusal = 'At most 1,000.00 for travel.';
    const calls = quotesServer(undefined, () => {
      if (connection === 'refused')
        return {
          status: 400,
          body: { error: 'invalid_body', message: refusal, fields: { 'lines.1.unitPrice': refusal } },
        };
      if (connection === 'lost') throw new TypeError('Failed to fetch');
      return { status: 201 };
    });
    const { user, form, onSent } = await openForm();
    await retype(user, field(lineOf(form, 2), 'Description'), 'Travel to the ranch');
    await retype(user, field(lineOf(form, 2), 'Unit price'), '5000');
    await retype(user, field(form, 'Deposit (%)'), '50');
    const typed = () =>
      [...form.querySelectorAll('input')].map((input) => (input.type === 'checkbox' ? input.checked : input.value));
    const before = typed();

    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    const price = field(lineOf(form, 2), 'Unit price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe(refusal);
    expect(document.activeElement).toBe(price);
    expect(typed()).toEqual(before);

    connection = 'lost';
    await retype(user, price, '50');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    const after = typed();
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Cannot reach the server. Check the connection and try again.',
      ),
    );
    expect(typed()).toEqual(after);
    expect(within(form).getByRole('button', { name: 'Send quote' }).getAttribute('aria-disabled')).toBe('false');
    expect(onSent).not.toHaveBeenCalled();

    connection = 'fine';
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Version 1' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(onSent).toHaveBeenCalledTimes(1);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts[2]!.body).toMatchObject({
      deposit: 50_000,
      lines: [{}, { description: 'Travel to the ranch', unitPrice: 5000 }],
    });
  });

  it('sends once however often Send quote is tapped while it sends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = quotesServer(undefined, async () => {
      await held;
      return { status: 201 };
    });
    const { user, form } = await openForm();
    const send = within(form).getByRole('button', { name: 'Send quote' });
    await user.click(send);
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('true'));
    expect(within(form).getByRole('status').textContent).toBe('Sending…');
    await user.click(send);
    await user.click(send);
    release();
    expect(await screen.findByRole('heading', { level: 3, name: 'Version 1' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('the versions', () => {
  it('list each version newest first with its state, amounts, times and the reason; the newest one’s link', async () => {
    const answer = buildQuotesAnswer();
    const first = buildQuoteView(answer.draft, {
      version: 1,
      state: 'declined',
      viewedAt: '2026-11-20T15:00:00.000Z',
      declinedAt: '2026-11-21T09:30:00.000Z',
      declineReason: 'We went with a smaller menu.',
    });
    const second = buildQuoteView(answer.draft, {
      version: 2,
      state: 'accepted',
      acceptedAt: '2026-11-22T10:00:00.000Z',
    });
    quotesServer({ ...answer, quotes: [first, second] });
    const user = userEvent.setup(); // with a clipboard of its own
    render(<QuoteSection inquiryId={INQUIRY} status="quoted" onSent={async () => {}} />);

    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Version 2', 'Version 1']);
    const version = (number: number) =>
      screen.getByRole('heading', { level: 3, name: `Version ${number}` }).closest('li')!;
    expect(within(version(2)).getByText('Accepted', { selector: '.inbox-status' })).toBeTruthy();
    expect(within(version(1)).getByText('Declined', { selector: '.inbox-status' })).toBeTruthy();
    expect(version(1).textContent).toContain('We went with a smaller menu.');
    expect(version(2).textContent).toContain('$2,124.95');
    expect(version(2).textContent).toContain('Deposit (25%)$531.24');
    expect([...version(1).querySelectorAll('time')].map((time) => time.getAttribute('datetime'))).toEqual([
      first.sentAt,
      first.viewedAt,
      first.declinedAt,
    ]);

    expect(screen.getAllByRole('link', { name: 'Open quote' }).map((link) => link.getAttribute('href'))).toEqual([
      second.url,
    ]);
    await user.click(within(version(2)).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(second.url);
    expect(within(version(2)).getByRole('status').textContent).toBe('Link copied.');
    expect(screen.getByRole('button', { name: 'Revise quote' })).toBeTruthy();
  });

  it('say so when a revision sent unchanged is the same version again', async () => {
    const answer = buildQuotesAnswer();
    const first = buildQuoteView(answer.draft);
    // The server's answer to the same lines within ten minutes: the version it made.
    const calls = quotesServer({ ...answer, quotes: [first] }, () => ({ status: 200, body: first }));
    const { user, form } = await openForm('Revise quote');
    expect(within(form).getByRole('heading', { level: 3 }).textContent).toBe('Version 2, replacing version 1');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Version 1 already says this: nothing new was sent.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Version 1']);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
