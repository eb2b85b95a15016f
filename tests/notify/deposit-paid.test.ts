// A deposit paid online, end to end (issue 29): the server in its own process, on SQLite
// and on PostgreSQL, with a local stand-in for Stripe's API (STRIPE_API_BASE), a real SMTP
// server, a local HTTPS push service and a webhook receiver. The customer accepts and
// presses "Pay deposit": the session asks for the deposit, in the sale's currency, for the
// quote. A bad signature changes nothing; Stripe's signed checkout.session.completed books
// the inquiry and tells the owner by e-mail and push, once, though the event comes five
// times and a second event of the same session follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InquiryDetail } from '../../src/shared/inbox-views.js';
import type { PaymentsAnswer } from '../../src/shared/payment-views.js';
import { freshPostgresUrl } from '../support/databases.js';
import {
  SALE_OWNER as OWNER,
  SALE_PUBLIC_URL as PUBLIC_URL,
  type SaleServer,
  startSaleServer,
} from '../support/sale-server.js';
import { type SignedEvent, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.js';
import { outboxSettled, until } from '../support/until.js';

describe.each(['sqlite', 'postgres'] as const)('a deposit paid through Stripe, on %s', (engine) => {
  let stripe: StripeStandIn;
  let sale: SaleServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    sale = await startSaleServer({
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      CONFIRMATION_EMAIL: 'off',
      ...stripe.env,
    });
  }, 90_000);
  afterAll(async () => {
    await sale?.stop();
    await stripe?.close();
  });

  /** A new inquiry, quoted by the owner and accepted by the customer. */
  async function accepted() {
    const quoted = await sale.quoted();
    expect((await sale.form(`${quoted.path}/accept`, { accept: 'yes' })).status).toBe(303);
    return quoted;
  }

  /** Posts an event as Stripe does. */
  const post = (event: SignedEvent) =>
    fetch(`${sale.origin}/api/payments/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      body: event.body,
    });
  const statusOf = async (id: string) =>
    ((await (await sale.owner('GET', `/api/owner/inquiries/${id}`)).json()) as InquiryDetail).inquiry.status;
  const paymentsOf = async (id: string) =>
    (await (await sale.owner('GET', `/api/owner/inquiries/${id}/payments`)).json()) as PaymentsAnswer;
  const mailsAbout = (id: string) => sale.mailsTo(OWNER, /^Deposit paid/).filter((mail) => mail.text.includes(id));
  const pushesAbout = (id: string) => sale.pushesTitled(/^Deposit paid/).filter((each) => each.url.endsWith(id));

  it('asks for the deposit, books the inquiry on Stripe’s signed event and tells the owner, once', {
    timeout: 90_000,
  }, async () => {
    const { id, inquiry, quote, path } = await accepted();
    const pressed = await sale.form(`${path}/pay`);
    expect(pressed.status).toBe(303);
    const sessionId = pressed.headers.get('location')!.split('/').at(-1)!;
    const session = stripe.sessions.get(sessionId)!;
    expect(pressed.headers.get('location')).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: quote.totals.deposit,
      currency: quote.currency.toLowerCase(),
      client_reference_id: quote.id,
      metadata: { quoteId: quote.id },
      customer_email: inquiry.email,
      success_url: `${PUBLIC_URL}${path}?payment=done`,
    });

    // A signature that does not verify: refused, nothing changed.
    const event = stripe.completed(sessionId);
    const forged = stripe.event('checkout.session.completed', JSON.parse(event.body).data.object, 'whsec_not_theirs');
    expect((await post(forged)).status).toBe(400);
    expect((await post({ ...event, body: event.body.replace(/"amount_total":\d+/, '"amount_total":1') })).status).toBe(
      400,
    );
    expect(await statusOf(id)).toBe('quoted');
    expect((await paymentsOf(id)).payments).toEqual([]);

    // The real one: Booked within 5 s, and the owner is told by e-mail and push.
    expect((await post(event)).status).toBe(200);
    await until('Booked', async () => ((await statusOf(id)) === 'booked' ? true : undefined), 5_000);
    const [mail] = await until('the owner’s e-mail', () => {
      const found = mailsAbout(id);
      return found.length ? found : undefined;
    });
    expect(mail!.subject.startsWith(`Deposit paid: ${inquiry.firstName} ${inquiry.lastName}, `)).toBe(true);
    expect(mail!.replyTo).toEqual([inquiry.email]);
    const [pushed] = await until('the owner’s push', () => {
      const found = pushesAbout(id);
      return found.length ? found : undefined;
    });
    expect(pushed!.body).toContain('Booked');
    const hook = await until('the webhook', () =>
      sale.hooks.received.find(
        (each) =>
          (each.verified as { type?: string; data?: { id: string } } | undefined)?.data?.id === id &&
          (each.verified as { type: string }).type === 'deposit.paid',
      ),
    );
    expect((hook.verified as { data: object }).data).toMatchObject({
      quote: { id: quote.id, state: 'deposit-paid' },
      paid: quote.totals.deposit,
      balanceDue: quote.totals.total - quote.totals.deposit,
      payment: { amount: quote.totals.deposit, method: 'online' },
    });

    // The same event four more times, and another event of the same session: one payment, one notice.
    for (let i = 0; i < 4; i++) expect((await post(event)).status).toBe(200);
    expect((await post(stripe.completed(sessionId))).status).toBe(200);
    const account = await paymentsOf(id);
    expect(account.payments).toHaveLength(1);
    expect(account).toMatchObject({
      paid: quote.totals.deposit,
      balanceDue: quote.totals.total - quote.totals.deposit,
    });
    await outboxSettled(sale.origin);
    expect(mailsAbout(id)).toHaveLength(1);
    expect(pushesAbout(id)).toHaveLength(1);

    // The customer's page says so, with no button.
    const page = await (await fetch(`${sale.origin}${path}`)).text();
    expect(page).toContain('Deposit paid');
    expect(page).not.toContain('Pay deposit');
  });
});
