// Deposits through the real app on a real store, with Stripe's API stood in for on
// 127.0.0.1 (STRIPE_API_BASE): "Pay deposit" on an accepted quote asks for one Checkout
// Session and redirects to it however often it is pressed; Stripe's events, verified by
// their signature, book the inquiry once; the owner records and voids payments by hand;
// the CSV says what was paid and what is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { call, cookieOf, type OwnerApp, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.js';
import { dayInWords } from '../../shared/date-words.js';
import { formatMoney } from '../../shared/money.js';
import type { PaymentsAnswer, PaymentView } from '../../shared/payment-views.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn?.close());

const PUBLIC_URL = 'https://tacos.example';

/** The app (Stripe set up unless `online` is false), an inquiry, and its quote sent and accepted by the customer. */
async function acceptedQuote({ online = true, env = {} as Record<string, string> } = {}) {
  const t = await startOwnerApp({ PUBLIC_URL, ...(online ? standIn.env : {}), ...env });
  const cookie = await cookieOf(t.app);
  const inquiry = buildNewInquiry();
  await t.inquiries.create(inquiry);
  const id = inquiry.id;
  const { draft } = (await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`, { cookie })).json() as QuotesAnswer;
  const quote = (
    await call(t.app, 'POST', `/api/owner/inquiries/${id}/quotes`, { cookie, body: draft })
  ).json() as QuoteView;
  const path = new URL(quote.url).pathname;
  expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
  return { t, cookie, id, inquiry, quote, path };
}

/** Posts a signed event to the site as Stripe does. */
const postEvent = (t: OwnerApp, event: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    payload: event.body,
  });

const sessionOf = (location: string | undefined) => location?.split('/').at(-1) ?? '';
const statusOf = async (t: OwnerApp, id: string) => (await t.owners.inbox.getInquiry(id))!.inquiry.status;

describe('“Pay deposit”', () => {
  it('asks Stripe for a Checkout Session of the deposit, carrying the quote, and redirects to it', async () => {
    const { t, inquiry, quote, path } = await acceptedQuote();
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain(`<form method="post" action="${path}/pay">`);
    expect(page.body).toContain('>Pay deposit</button>');
    expect(page.body).toContain(content.sale.payOffline);
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://checkout.stripe.com");

    const pressed = await postForm(t, `${path}/pay`);
    expect(pressed.statusCode).toBe(303);
    const session = standIn.sessions.get(sessionOf(pressed.headers.location))!;
    expect(pressed.headers.location).toBe(session.url);
    const asked = standIn.asked.at(-1)!;
    expect(asked.fields).toMatchObject({
      mode: 'payment',
      client_reference_id: quote.id,
      'metadata[quoteId]': quote.id,
      customer_email: inquiry.document.email,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(quote.totals.deposit),
      // The line the customer reads on Stripe's page: the day in words, as the business writes it.
      'line_items[0][price_data][product_data][name]': `Deposit: ${content.name}, ${dayInWords(inquiry.document.eventDate, content.locale)}`,
      success_url: `${PUBLIC_URL}${path}?payment=done`,
      cancel_url: `${PUBLIC_URL}${path}?payment=cancelled`,
    });
    expect(asked.idempotencyKey).toBeTruthy();
  });

  it('makes one session for one deposit, pressed again later or twice at once', async () => {
    const { t, path } = await acceptedQuote();
    const before = standIn.sessions.size;
    const [first, second] = await Promise.all([postForm(t, `${path}/pay`), postForm(t, `${path}/pay`)]);
    const third = await postForm(t, `${path}/pay`);
    expect(new Set([first, second, third].map((each) => each.headers.location)).size).toBe(1);
    expect(standIn.sessions.size - before).toBe(1);
  });

  it('says so when Stripe cannot be reached, and keeps nothing', async () => {
    const { t, id, path } = await acceptedQuote();
    // The package tries three times (two retries).
    standIn.failNext(3);
    const pressed = await postForm(t, `${path}/pay`);
    expect(pressed.statusCode).toBe(503);
    expect(pressed.body).toContain('We could not reach the payment service just now');
    expect(pressed.body).toContain('Pay deposit');
    expect(await t.owners.payments.forInquiry(id)).toEqual([]);
    // Back up: the next press goes through.
    expect((await postForm(t, `${path}/pay`)).statusCode).toBe(303);
  });

  it('is not offered without a provider: the offline instructions only', async () => {
    const { t, path } = await acceptedQuote({ online: false });
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Paying the deposit');
    expect(page.body).toContain(content.sale.payOffline);
    expect(page.body).not.toContain('Pay deposit');
    expect(page.headers['content-security-policy']).toContain("form-action 'self';");
    const pressed = await postForm(t, `${path}/pay`);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(path);
  });

  it('is refused for a quote not accepted, and from another site', async () => {
    const t = await startOwnerApp({ PUBLIC_URL, ...standIn.env });
    const cookie = await cookieOf(t.app);
    const inquiry = buildNewInquiry();
    await t.inquiries.create(inquiry);
    const { draft } = (await call(t.app, 'GET', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie })).json();
    const quote = (
      await call(t.app, 'POST', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie, body: draft })
    ).json();
    const path = new URL(quote.url).pathname;
    const asked = standIn.asked.length;
    expect((await postForm(t, `${path}/pay`)).statusCode).toBe(409);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(standIn.asked.length).toBe(asked);
  });
});

describe('Stripe’s events at POST /api/payments/stripe', () => {
  async function paying(env: Record<string, string> = {}) {
    const context = await acceptedQuote({ env });
    const pressed = await postForm(context.t, `${context.path}/pay`);
    return { ...context, sessionId: sessionOf(pressed.headers.location) };
  }

  it('refuses an event whose signature does not verify (400) and changes nothing', async () => {
    const { t, id, sessionId } = await paying();
    const event = standIn.completed(sessionId);
    const forged = {
      ...standIn.event('checkout.session.completed', JSON.parse(event.body).data.object, 'whsec_forger'),
    };
    for (const bad of [
      forged,
      { ...event, signature: 't=1,v1=abc' },
      { ...event, body: event.body.replace('"paid"', '"paid" ') },
    ]) {
      const response = await postEvent(t, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('signature') });
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe',
      headers: { 'content-type': 'application/json' },
      payload: event.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.owners.payments.forInquiry(id)).toEqual([]);
    expect(await statusOf(t, id)).toBe('quoted');
  });

  it('books the inquiry on a paid checkout once, however often and in how many events it comes', async () => {
    const { t, id, quote, path, sessionId } = await paying();
    const event = standIn.completed(sessionId);
    for (let i = 0; i < 5; i++) {
      const response = await postEvent(t, event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect((await postEvent(t, standIn.completed(sessionId))).statusCode).toBe(200);
    const payments = await t.owners.payments.forInquiry(id);
    expect(payments).toMatchObject([{ amount: quote.totals.deposit, method: 'online', provider: 'stripe' }]);
    expect(await statusOf(t, id)).toBe('booked');
    const cookie = await cookieOf(t.app);
    const { quotes } = (
      await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`, { cookie })
    ).json() as QuotesAnswer;
    expect(quotes.at(-1)!.state).toBe('deposit-paid');

    // The page says so and offers no button; a press changes nothing.
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Deposit paid');
    expect(page.body).not.toContain('Pay deposit');
    const asked = standIn.asked.length;
    expect((await postForm(t, `${path}/pay`)).headers.location).toBe(path);
    expect(standIn.asked.length).toBe(asked);
    // Accepting it again (a reload of the form's post) still lands on the page.
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).headers.location).toBe(path);
  });

  it('acknowledges and ignores what the site did not cause', async () => {
    const { t, id } = await paying();
    const strange = standIn.event('checkout.session.completed', {
      id: 'cs_test_not_ours',
      object: 'checkout.session',
      amount_total: 100,
      currency: 'usd',
      payment_status: 'paid',
      client_reference_id: null,
      metadata: {},
    });
    const other = standIn.event('customer.created', { id: 'cus_1', object: 'customer' });
    for (const event of [strange, other]) expect((await postEvent(t, event)).statusCode).toBe(200);
    expect(await t.owners.payments.forInquiry(id)).toEqual([]);
    expect(await statusOf(t, id)).toBe('quoted');
  });

  it('records a refund as such', async () => {
    const { t, id, quote, sessionId } = await paying();
    await postEvent(t, standIn.completed(sessionId));
    const refund = standIn.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: `pi_for_${sessionId}`,
      amount: quote.totals.deposit,
      amount_refunded: 100_00,
      currency: 'usd',
    });
    expect((await postEvent(t, refund)).statusCode).toBe(200);
    const cookie = await cookieOf(t.app);
    const answer = (
      await call(t.app, 'GET', `/api/owner/inquiries/${id}/payments`, { cookie })
    ).json() as PaymentsAnswer;
    expect(answer.payments.map((each) => [each.kind, each.amount, each.provider])).toEqual([
      ['payment', quote.totals.deposit, 'Stripe'],
      ['refund', 100_00, 'Stripe'],
    ]);
    expect(answer.paid).toBe(quote.totals.deposit - 100_00);
  });
});

describe('a refund larger than its payment (record 201)', () => {
  it('is recorded as all of the payment, and the owner is told by e-mail (a real SMTP server)', async () => {
    const smtp = await startSmtp();
    try {
      const context = await acceptedQuote({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'sales@tacos.example' } });
      const { t, id, quote } = context;
      const sessionId = sessionOf((await postForm(t, `${context.path}/pay`)).headers.location);
      await t.app.notifier.start();
      await postEvent(t, standIn.completed(sessionId));
      const refund = standIn.event('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: `pi_for_${sessionId}`,
        amount: quote.totals.deposit,
        amount_refunded: quote.totals.deposit * 10,
        currency: 'usd',
      });
      expect((await postEvent(t, refund)).statusCode).toBe(200);
      const cookie = await cookieOf(t.app);
      const answer = (
        await call(t.app, 'GET', `/api/owner/inquiries/${id}/payments`, { cookie })
      ).json() as PaymentsAnswer;
      expect(answer.payments.map((each) => [each.kind, each.amount])).toEqual([
        ['payment', quote.totals.deposit],
        ['refund', quote.totals.deposit],
      ]);
      expect(answer.paid).toBe(0);
      const told = () => smtp.received.filter((mail) => /^Refund larger than its payment/.test(mail.subject));
      await expect.poll(() => told().length, { timeout: 15_000 }).toBe(1);
      const deposit = formatMoney(quote.totals.deposit, 'USD', content.locale);
      expect(told()[0]!.text).toContain(`Recorded: a refund of ${deposit}, all that payment can give back.`);
    } finally {
      await smtp.stop();
    }
  });
});

describe('“Record a payment” in the inbox', () => {
  const record = (t: OwnerApp, cookie: string, id: string, body: unknown) =>
    call(t.app, 'POST', `/api/owner/inquiries/${id}/payments`, { cookie, body });
  const account = async (t: OwnerApp, cookie: string, id: string) =>
    (await call(t.app, 'GET', `/api/owner/inquiries/${id}/payments`, { cookie })).json() as PaymentsAnswer;

  it('records money taken outside, once per form, and shows what is paid and the balance due to the cent', async () => {
    const { t, cookie, id, quote } = await acceptedQuote({ online: false });
    const body = { id: crypto.randomUUID(), amount: 250_01, method: 'cash', note: 'At the tasting' };
    const first = await record(t, cookie, id, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      amount: 250_01,
      method: 'cash',
      note: 'At the tasting',
      recordedBy: 'owner@example.com',
    });
    expect((await record(t, cookie, id, body)).statusCode).toBe(200);
    expect((await record(t, cookie, id, { ...body, amount: 1 })).statusCode).toBe(409);
    const answer = await account(t, cookie, id);
    expect(answer).toMatchObject({ paid: 250_01, total: quote.totals.total, deposit: quote.totals.deposit });
    expect(answer.balanceDue).toBe(quote.totals.total - 250_01);
    expect(answer.payments).toHaveLength(1);
  });

  it('books the inquiry when what is recorded reaches the deposit, as a provider’s payment does', async () => {
    const { t, cookie, id, quote } = await acceptedQuote({ online: false });
    const body = { id: crypto.randomUUID(), amount: quote.totals.deposit, method: 'check', note: '' };
    expect((await record(t, cookie, id, body)).statusCode).toBe(201);
    expect(await statusOf(t, id)).toBe('booked');
    const history = (await t.owners.inbox.getInquiry(id))!.history.map((entry) => entry.note ?? entry.status);
    expect(history).toEqual(expect.arrayContaining([expect.stringMatching(/^Deposit paid: /), 'booked']));
  });

  it('voids a payment with a reason, never edits it: both stay in the history', async () => {
    const { t, cookie, id } = await acceptedQuote({ online: false });
    const payment = (
      await record(t, cookie, id, { id: crypto.randomUUID(), amount: 50_00, method: 'other', note: '' })
    ).json() as PaymentView;
    const url = `/api/owner/inquiries/${id}/payments/${payment.id}/void`;
    const noReason = await call(t.app, 'POST', url, { cookie, body: { reason: '  ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const voided = await call(t.app, 'POST', url, { cookie, body: { reason: 'Recorded on the wrong inquiry' } });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().voided).toMatchObject({ by: 'owner@example.com', reason: 'Recorded on the wrong inquiry' });
    expect((await account(t, cookie, id)).paid).toBe(0);
    const notes = (await t.owners.inbox.getInquiry(id))!.history.map((entry) => entry.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        'Payment recorded: $50.00 (Other)',
        'Payment voided: $50.00 (Other). Reason: Recorded on the wrong inquiry',
      ]),
    );
    expect(
      (
        await call(t.app, 'POST', `/api/owner/inquiries/${id}/payments/${crypto.randomUUID()}/void`, {
          cookie,
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a bad payment naming each field, and stores nothing', async () => {
    const { t, cookie, id } = await acceptedQuote({ online: false });
    const bad = await record(t, cookie, id, {
      id: crypto.randomUUID(),
      amount: 0,
      method: 'cash',
      note: 'bell \u0007',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'note']);
    expect(
      (await record(t, cookie, id, { id: crypto.randomUUID(), amount: 100, method: 'bitcoin', note: '' })).statusCode,
    ).toBe(400);
    expect((await record(t, cookie, id, { id: 'not-a-uuid', amount: 100, method: 'cash', note: '' })).statusCode).toBe(
      400,
    );
    expect(
      (await record(t, cookie, crypto.randomUUID(), { id: crypto.randomUUID(), amount: 100, method: 'cash', note: '' }))
        .statusCode,
    ).toBe(404);
    expect(await t.owners.payments.forInquiry(id)).toEqual([]);
  });

  it('is only for a signed-in owner on this site', async () => {
    const { t, cookie, id } = await acceptedQuote({ online: false });
    const body = { id: crypto.randomUUID(), amount: 100, method: 'cash', note: '' };
    expect((await call(t.app, 'GET', `/api/owner/inquiries/${id}/payments`)).statusCode).toBe(401);
    expect((await record(t, '', id, body)).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/owner/inquiries/${id}/payments`,
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(foreign.statusCode).toBe(403);
    expect(await t.owners.payments.forInquiry(id)).toEqual([]);
  });

  it('puts what was paid and the balance due in the CSV, as plain numbers', async () => {
    const { t, cookie, id, quote } = await acceptedQuote({ online: false });
    await record(t, cookie, id, { id: crypto.randomUUID(), amount: 1000_10, method: 'bank-transfer', note: '' });
    const csv = (await call(t.app, 'GET', '/api/owner/inquiries.csv', { cookie })).body;
    const [titles, row] = csv.split('\r\n');
    expect(titles!.endsWith('Paid (USD),Balance due (USD)')).toBe(true);
    const balance = ((quote.totals.total - 1000_10) / 100).toFixed(2);
    expect(row!.endsWith(`,1000.10,${balance}`)).toBe(true);
  });
});
