// @vitest-environment jsdom
// An inquiry's payments as a component (record 146), under jsdom with Testing Library;
// the owner API is an in-memory stand-in behind fetch (the routes are tested on real
// stores in src/server/payments/). "Paid" and "Balance due" to the cent; "Record a
// payment" sends the amount in minor units under one id however often it is pressed,
// names a bad amount and sends nothing; voiding asks for a reason.
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import { paidOf, type PaymentsAnswer, type PaymentView, type RecordPaymentBody } from '../shared/payment-views.js';
import { Payments } from './payments.js';

const TOTAL = 5_109_40;

/** The owner API for one inquiry's payments, in memory: a quote of $5,109.40 accepted. */
function payments() {
  const stored: PaymentView[] = [];
  const answer = (): PaymentsAnswer => {
    const paid = paidOf(stored);
    return {
      payments: stored,
      currency: 'USD',
      locale: 'en-US',
      paid,
      total: TOTAL,
      deposit: 1_277_35,
      balanceDue: TOTAL - paid,
    };
  };
  const calls = standIn((method, url, body) => {
    if (method === 'GET') return { status: 200, body: answer() };
    if (url.endsWith('/void')) {
      const payment = stored.find((each) => url.includes(each.id))!;
      payment.voided = {
        at: new Date().toISOString(),
        by: 'owner@example.com',
        reason: (body as { reason: string }).reason,
      };
      return { status: 200, body: payment };
    }
    const posted = body as RecordPaymentBody;
    const again = stored.find((each) => each.id === posted.id);
    if (again) return { status: 200, body: again };
    const payment: PaymentView = {
      ...posted,
      kind: 'payment',
      currency: 'USD',
      provider: null,
      recordedAt: new Date().toISOString(),
      recordedBy: 'owner@example.com',
      voided: null,
    };
    stored.push(payment);
    return { status: 201, body: payment };
  });
  return { calls, stored };
}

const account = async (term: string) =>
  (await screen.findByText(term, { selector: 'dt' })).nextElementSibling?.textContent;

describe('an inquiry’s payments', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records money taken outside in minor units, and shows what is paid and the balance due to the cent', async () => {
    const { calls } = payments();
    const onChange = vi.fn(async () => {});
    render(<Payments inquiryId="inq-1" onChange={onChange} />);
    expect(await account('Paid')).toBe('$0.00');
    expect(await account('Balance due')).toBe('$5,109.40');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record a payment' }));
    const form = screen.getByRole('form', { name: 'Record a payment' });
    await user.type(within(form).getByLabelText('Amount'), '1,234.57');
    await user.selectOptions(within(form).getByLabelText('Method'), 'Bank transfer');
    await user.type(within(form).getByLabelText('Note'), 'Ref 8812');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Payment of $1,234.57 recorded.');
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toEqual([
      {
        method: 'POST',
        url: '/api/owner/inquiries/inq-1/payments',
        body: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          amount: 1_234_57,
          method: 'bank-transfer',
          note: 'Ref 8812',
        },
      },
    ]);
    expect(await account('Paid')).toBe('$1,234.57');
    expect(await account('Balance due')).toBe('$3,874.83');
    expect(onChange).toHaveBeenCalled();
    expect(screen.getByText('$1,234.57 (Bank transfer)')).toBeTruthy();
  });

  it('names a bad amount and sends nothing', async () => {
    const { calls } = payments();
    render(<Payments inquiryId="inq-1" onChange={async () => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    const form = screen.getByRole('form', { name: 'Record a payment' });
    for (const typed of ['', '12.345', '-5', 'ten']) {
      await user.clear(within(form).getByLabelText('Amount'));
      if (typed) await user.type(within(form).getByLabelText('Amount'), typed);
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(within(form).getByLabelText('Amount'));
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('voids a payment only with a reason, and shows it voided', async () => {
    const { calls } = payments();
    render(<Payments inquiryId="inq-1" onChange={async () => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await user.click(await screen.findByRole('button', { name: /^Void/ }));
    await user.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url.endsWith('/void'))).toBe(false);
    await user.type(screen.getByLabelText('Reason'), 'Entered twice');
    await user.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(await screen.findByText(/Voided by owner@example\.com, .*: Entered twice/)).toBeTruthy();
    expect(await account('Paid')).toBe('$0.00');
  });
});
