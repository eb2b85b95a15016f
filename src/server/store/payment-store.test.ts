// One contract, two engines: payments recorded by hand and paid through a provider, each
// once by the store's own keys, voided never edited, a deposit reached booking the
// inquiry with the owner's notice owed in the same transaction, refunds, and erasure
// keeping the accounting records without the customer's words; on a real SQLite file
// and a real PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { buildAcceptance, buildNewInquiry, buildQuote } from '../../../tests/support/builders.js';
import {
  freshOwnerStores,
  OWNER_STORE_ENGINES,
  type OpenedStores,
} from '../../../tests/support/owner-store-engines.js';
import type { NewPayment, PaidEvent, StoredCheckout } from './payment-store.js';
import { quoteState } from './quote-store.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const TODAY = '2026-11-26';
let sequence = 0;

/** A payment by hand: $200.00 in cash unless told otherwise. */
const buildPayment = (overrides: Partial<NewPayment> = {}): NewPayment => ({
  id: crypto.randomUUID(),
  amount: 200_00,
  currency: 'USD',
  method: 'cash',
  note: '',
  ...overrides,
});

describe.each(OWNER_STORE_ENGINES)('the payment store on $name', (engine) => {
  const open = freshOwnerStores(engine);
  let opened: OpenedStores;

  /** Fresh stores with one inquiry whose quote was sent and accepted; its ids and deposit. */
  async function accepted() {
    const inquiry = buildNewInquiry();
    opened = await open(inquiry);
    const quote = (await opened.owners.quotes.send(inquiry.id, buildQuote(), OWNER, new Date(), 'Quote sent'))!;
    expect((await opened.owners.quotes.accept(quote.id, buildAcceptance(), TODAY)).ok).toBe(true);
    return { inquiryId: inquiry.id, quoteId: quote.id, deposit: quote.totals.deposit, total: quote.totals.total };
  }

  const status = async (inquiryId: string) => (await opened.owners.inbox.getInquiry(inquiryId))!.inquiry.status;
  const saleNotes = async (inquiryId: string) =>
    (await opened.owners.inbox.getInquiry(inquiryId))!.history
      .filter((entry) => entry.kind === 'sale' || entry.kind === 'status')
      .map((entry) => [entry.note ?? entry.status, entry.by]);
  /** The outbox's pending topics of deposits paid, read behind the store's back. */
  const depositTopics = async () =>
    (await opened.rows('outboxPending'))
      .map((row) => row.topic as string)
      .filter((topic) => topic.startsWith('deposit-paid:'));

  /** A checkout the site made for the quote's deposit, kept as the quote page keeps it. */
  async function checkout(quoteId: string, inquiryId: string, amount: number, expiresAt = '2099-01-01T00:00:00.000Z') {
    const stored: StoredCheckout = {
      provider: 'stripe',
      id: `cs_test_${++sequence}`,
      quoteId,
      inquiryId,
      amount,
      currency: 'USD',
      url: `https://checkout.stripe.com/c/pay/cs_test_${sequence}`,
      createdAt: new Date().toISOString(),
      expiresAt,
    };
    await opened.owners.payments.saveCheckout(stored);
    return stored;
  }
  const paidEvent = (asked: StoredCheckout, overrides: Partial<PaidEvent> = {}): PaidEvent => ({
    provider: 'stripe',
    label: 'Stripe',
    eventId: `evt_${++sequence}`,
    checkoutId: asked.id,
    amount: asked.amount,
    currency: asked.currency,
    paymentRef: `pi_${asked.id}`,
    ...overrides,
  });

  it('records money taken by hand once per id, in minor units, with who recorded it in the history', async () => {
    const { inquiryId, quoteId, total } = await accepted();
    const payment = buildPayment({ amount: 123_45, method: 'bank-transfer', note: 'Transfer ref 8812' });
    const first = await opened.owners.payments.record(inquiryId, payment, OWNER, new Date(), 'en-US');
    expect(first).toMatchObject({
      ok: true,
      created: true,
      payment: { id: payment.id, inquiryId, quoteId, kind: 'payment', amount: 123_45, method: 'bank-transfer' },
    });
    // The same post again (a retry, a double tap) is the same payment; another with its id is refused.
    expect(await opened.owners.payments.record(inquiryId, payment, OWNER, new Date(), 'en-US')).toMatchObject({
      ok: true,
      created: false,
    });
    expect(
      await opened.owners.payments.record(inquiryId, { ...payment, amount: 999 }, OWNER, new Date(), 'en-US'),
    ).toEqual({
      ok: false,
      reason: 'conflict',
    });
    expect(await opened.owners.payments.record('no-such-inquiry', buildPayment(), OWNER, new Date(), 'en-US')).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(await opened.owners.payments.forInquiry(inquiryId)).toHaveLength(1);
    expect(await opened.owners.payments.accountsOf([inquiryId, 'other'])).toEqual(
      new Map([
        [inquiryId, { paid: 123_45, total }],
        ['other', { paid: 0, total: null }],
      ]),
    );
    expect((await saleNotes(inquiryId)).at(-1)).toEqual(['Payment recorded: $123.45 (Bank transfer)', OWNER.email]);
  });

  it('books the inquiry when a payment by hand reaches the accepted quote’s deposit, telling the owner once', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    await opened.owners.payments.record(inquiryId, buildPayment({ amount: deposit - 1 }), OWNER, new Date(), 'en-US');
    expect(await status(inquiryId)).toBe('quoted');
    expect(await depositTopics()).toEqual([]);
    const last = buildPayment({ amount: 1, method: 'check' });
    await opened.owners.payments.record(inquiryId, last, OWNER, new Date(), 'en-US');
    expect(await status(inquiryId)).toBe('booked');
    expect(quoteState((await opened.owners.quotes.get(quoteId))!, TODAY)).toBe('deposit-paid');
    expect(await depositTopics()).toEqual([`deposit-paid:${last.id}`]);
    expect((await saleNotes(inquiryId)).slice(-3)).toEqual([
      ['Payment recorded: $0.01 (Check)', OWNER.email],
      [expect.stringMatching(/^Deposit paid: \$[\d,.]+ \(quote version 1\)$/), OWNER.email],
      ['booked', OWNER.email],
    ]);
    // More money later is just more money.
    await opened.owners.payments.record(inquiryId, buildPayment(), OWNER, new Date(), 'en-US');
    expect(await depositTopics()).toHaveLength(1);
  });

  it('voids a payment with a reason, never editing it; what was paid and the deposit follow', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const payment = buildPayment({ amount: deposit });
    await opened.owners.payments.record(inquiryId, payment, OWNER, new Date(), 'en-US');
    const voided = await opened.owners.payments.void(
      inquiryId,
      payment.id,
      'Typed the wrong amount',
      OWNER,
      new Date(),
      'en-US',
    );
    expect(voided).toMatchObject({
      ok: true,
      payment: { id: payment.id, amount: deposit, voided: { by: OWNER.email, reason: 'Typed the wrong amount' } },
    });
    // Voided again: nothing more happens, the first reason stays.
    await opened.owners.payments.void(inquiryId, payment.id, 'again', OWNER, new Date(), 'en-US');
    expect((await opened.owners.payments.get(payment.id))!.voided!.reason).toBe('Typed the wrong amount');
    expect((await opened.owners.payments.accountsOf([inquiryId])).get(inquiryId)?.paid).toBe(0);
    expect(quoteState((await opened.owners.quotes.get(quoteId))!, TODAY)).toBe('accepted');
    const voids = (await saleNotes(inquiryId)).filter(([note]) => String(note).startsWith('Payment voided'));
    expect(voids).toEqual([[expect.stringMatching(/\(Cash\)\. Reason: Typed the wrong amount$/), OWNER.email]]);
    // Another inquiry's payment is not this one's to void.
    expect(await opened.owners.payments.void('other-inquiry', payment.id, 'x', OWNER, new Date(), 'en-US')).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('reuses a checkout still open for the same amount, and counts the others', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const lookup = (amount: number, at: Date) =>
      opened.owners.payments.checkoutFor('stripe', quoteId, amount, 'USD', at);
    expect(await lookup(deposit, new Date())).toEqual({ earlier: 0 });
    const asked = await checkout(quoteId, inquiryId, deposit, '2030-01-01T00:00:00.000Z');
    await opened.owners.payments.saveCheckout(asked);
    expect(await lookup(deposit, new Date('2029-12-31T00:00:00Z'))).toEqual({ reuse: asked });
    expect(await lookup(deposit, new Date('2030-01-01T00:00:00Z'))).toEqual({ earlier: 1 });
    expect(await lookup(deposit - 100, new Date('2029-12-31T00:00:00Z'))).toEqual({ earlier: 1 });
  });

  it('applies a provider’s paid checkout once per event and once per checkout, booking the inquiry', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const asked = await checkout(quoteId, inquiryId, deposit);
    const event = paidEvent(asked);
    expect(await opened.owners.payments.applyPaid(event, new Date(), 'en-US')).toBe('applied');
    // The same event five times, and another event of the same checkout.
    for (let i = 0; i < 5; i++)
      expect(await opened.owners.payments.applyPaid(event, new Date(), 'en-US')).toBe('duplicate');
    expect(await opened.owners.payments.applyPaid(paidEvent(asked), new Date(), 'en-US')).toBe('duplicate');
    const payments = await opened.owners.payments.forInquiry(inquiryId);
    expect(payments).toMatchObject([{ kind: 'payment', amount: deposit, method: 'online', provider: 'stripe' }]);
    expect(payments[0]!.recordedBy).toBeNull();
    expect(await status(inquiryId)).toBe('booked');
    expect(await depositTopics()).toEqual([`deposit-paid:${payments[0]!.id}`]);
    expect((await saleNotes(inquiryId)).slice(-3)).toEqual([
      [expect.stringMatching(/^Payment received through Stripe: \$/), null],
      [expect.stringMatching(/^Deposit paid: /), null],
      ['booked', null],
    ]);
  });

  it('applies one of many events of one checkout arriving at once', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const asked = await checkout(quoteId, inquiryId, deposit);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => opened.owners.payments.applyPaid(paidEvent(asked), new Date(), 'en-US')),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(await opened.owners.payments.forInquiry(inquiryId)).toHaveLength(1);
    expect(await depositTopics()).toHaveLength(1);
  });

  it('ignores a checkout the site did not make, and does not count one paid other than asked', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    expect(
      await opened.owners.payments.applyPaid(
        paidEvent({ id: 'cs_unknown' } as StoredCheckout, { amount: 5 }),
        new Date(),
        'en-US',
      ),
    ).toBe('ignored');
    const asked = await checkout(quoteId, inquiryId, deposit);
    expect(await opened.owners.payments.applyPaid(paidEvent(asked, { amount: deposit - 1 }), new Date(), 'en-US')).toBe(
      'mismatch',
    );
    expect(await opened.owners.payments.applyPaid(paidEvent(asked, { currency: 'EUR' }), new Date(), 'en-US')).toBe(
      'mismatch',
    );
    expect(await opened.owners.payments.forInquiry(inquiryId)).toEqual([]);
    expect(await status(inquiryId)).toBe('quoted');
    expect((await saleNotes(inquiryId)).at(-1)![0]).toMatch(/^A payment through Stripe did not match what was asked/);
  });

  it('records a provider’s refunds as such, each amount once, whatever order its events come in', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const asked = await checkout(quoteId, inquiryId, deposit);
    const event = paidEvent(asked);
    await opened.owners.payments.applyPaid(event, new Date(), 'en-US');
    const refund = (refundedTotal: number, eventId = `evt_${++sequence}`) =>
      opened.owners.payments.applyRefund(
        { provider: 'stripe', label: 'Stripe', eventId, paymentRef: event.paymentRef!, refundedTotal, currency: 'USD' },
        new Date(),
        'en-US',
      );
    expect(await refund(10_00, 'evt_refund_1')).toBe('applied');
    expect(await refund(10_00, 'evt_refund_1')).toBe('duplicate');
    expect(await refund(30_00)).toBe('applied');
    expect(await refund(10_00)).toBe('duplicate'); // an older event arriving late
    expect(
      await opened.owners.payments.applyRefund(
        {
          provider: 'stripe',
          label: 'Stripe',
          eventId: 'evt_x',
          paymentRef: 'pi_other',
          refundedTotal: 5,
          currency: 'USD',
        },
        new Date(),
        'en-US',
      ),
    ).toBe('ignored');
    const refunds = (await opened.owners.payments.forInquiry(inquiryId)).filter((each) => each.kind === 'refund');
    expect(refunds.map((each) => each.amount)).toEqual([10_00, 20_00]);
    expect((await opened.owners.payments.accountsOf([inquiryId])).get(inquiryId)?.paid).toBe(deposit - 30_00);
    expect((await saleNotes(inquiryId)).at(-1)).toEqual(['Refund through Stripe: $20.00', null]);
  });

  it('clamps a refund larger than its payment to all of the payment, and owes the owner a notice of it (record 201)', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const asked = await checkout(quoteId, inquiryId, deposit);
    const event = paidEvent(asked);
    await opened.owners.payments.applyPaid(event, new Date(), 'en-US');
    const refund = (refundedTotal: number) =>
      opened.owners.payments.applyRefund(
        {
          provider: 'stripe',
          label: 'Stripe',
          eventId: `evt_${++sequence}`,
          paymentRef: event.paymentRef!,
          refundedTotal,
          currency: 'USD',
        },
        new Date(),
        'en-US',
      );
    expect(await refund(10_00)).toBe('applied');
    // Signed by the provider, ten times what was paid: recorded as what is left of the payment.
    expect(await refund(deposit * 10)).toBe('applied');
    expect(await refund(deposit * 11)).toBe('duplicate');
    expect(await refund(deposit)).toBe('duplicate');
    const refunds = (await opened.owners.payments.forInquiry(inquiryId)).filter((each) => each.kind === 'refund');
    expect(refunds.map((each) => each.amount)).toEqual([10_00, deposit - 10_00]);
    expect(refunds[1]!.note).toMatch(/^Stripe reported \$[\d,.]+ refunded of a payment of \$[\d,.]+; recorded up to/);
    expect((await opened.owners.payments.accountsOf([inquiryId])).get(inquiryId)?.paid).toBe(0);
    const topics = (await opened.rows('outboxPending')).map((row) => row.topic as string);
    expect(topics.filter((topic) => topic.startsWith('refund-clamped:'))).toEqual([`refund-clamped:${refunds[1]!.id}`]);
  });

  it('keeps payments through the inquiry’s erasure, without the customer’s words', async () => {
    const { inquiryId, quoteId, deposit } = await accepted();
    const marker = `Paid${Date.now()}Marker`;
    const payment = buildPayment({ note: `${marker} paid at the door` });
    await opened.owners.payments.record(inquiryId, payment, OWNER, new Date(), 'en-US');
    const voided = buildPayment({ note: `${marker} twice` });
    await opened.owners.payments.record(inquiryId, voided, OWNER, new Date(), 'en-US');
    await opened.owners.payments.void(inquiryId, voided.id, `${marker} entered twice`, OWNER, new Date(), 'en-US');
    await checkout(quoteId, inquiryId, deposit);
    // As autovacuum may: on PostgreSQL, statistics with sample values of each column.
    await opened.analyze();

    expect(await opened.owners.inbox.erase(inquiryId, OWNER, new Date())).toBe(true);
    const kept = await opened.owners.payments.forInquiry(inquiryId);
    expect(kept.map((each) => [each.id, each.amount, each.note, each.voided?.reason ?? null])).toEqual([
      [payment.id, 200_00, '', null],
      [voided.id, 200_00, '', ''],
    ]);
    expect((await opened.owners.payments.accountsOf([inquiryId])).get(inquiryId)).toEqual({
      paid: 200_00,
      total: null,
    });
    expect(await opened.rows('checkoutSessions')).toEqual([]);
    await opened.owners.inbox.erasureSettled();
    expect(await opened.filesHolding([marker])).toEqual([]);
  });
});
