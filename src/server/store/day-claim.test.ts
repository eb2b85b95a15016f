// No double booking (record 280), one contract on both engines: Booked on a full day is
// refused in the transaction that writes it, whichever of two instances on one database
// asks; "Book anyway" overrides and the history says so; a deposit paid for a full day
// is kept, not Booked, and the owner's notice of it owed.
import { describe, expect, it } from 'vitest';
import { buildAcceptance, buildNewInquiry, buildQuote } from '../../../tests/support/builders.js';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { DAY_FULL_NOTES, DayFullError } from './day-claim.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const DAY = '2031-08-09';
const on = (eventDate: string) => buildNewInquiry({ document: { eventDate } });

describe.each(OWNER_STORE_ENGINES)('booking a day on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('gives the last place of a day to exactly one of 50 attempts on two instances', async () => {
    const first = on(DAY);
    const rivals = Array.from({ length: 50 }, () => on(DAY));
    const stores = await open(first, ...rivals);
    const instances = [stores.owners, await stores.another()];
    const rule = { perDay: 2 };
    const at = new Date('2031-01-01T10:00:00Z');
    await stores.owners.inbox.setStatus(first.id, 'booked', OWNER, at, rule);

    const outcomes = await Promise.allSettled(
      rivals.map((rival, i) => instances[i % 2]!.inbox.setStatus(rival.id, 'booked', OWNER, at, rule)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refusals.every((outcome) => outcome.reason instanceof DayFullError)).toBe(true);
    expect(refusals[0]!.reason.message).toMatch(/already booked/);
    expect(await stores.owners.inbox.bookedInquiries({ on: DAY })).toHaveLength(2);

    // "Book anyway": the owner's override, said in the history.
    const refused = rivals[outcomes.findIndex((outcome) => outcome.status === 'rejected')]!;
    expect(await stores.owners.inbox.setStatus(refused.id, 'booked', OWNER, at, { ...rule, override: true })).toBe(
      true,
    );
    const history = (await stores.owners.inbox.getInquiry(refused.id))!.history;
    expect(history.map((entry) => [entry.kind, entry.note ?? entry.status, entry.by])).toEqual(
      expect.arrayContaining([
        ['sale', DAY_FULL_NOTES.override, OWNER.email],
        ['status', 'booked', OWNER.email],
      ]),
    );
    expect(await stores.owners.inbox.bookedInquiries({ on: DAY })).toHaveLength(3);
  });

  it('keeps a deposit paid for a day that filled meanwhile, flags it, and owes the owner a notice', async () => {
    const booked = on(DAY);
    const late = on(DAY);
    const stores = await open(booked, late);
    const { owners } = stores;
    const quote = (await owners.quotes.send(late.id, buildQuote(), OWNER, new Date(), 'Quote sent'))!;
    expect((await owners.quotes.accept(quote.id, buildAcceptance(), '2026-11-26')).ok).toBe(true);
    await owners.payments.saveCheckout({
      provider: 'stripe',
      id: 'cs_test_full_day',
      quoteId: quote.id,
      inquiryId: late.id,
      amount: quote.totals.deposit,
      currency: 'USD',
      url: 'https://checkout.stripe.com/c/pay/cs_test_full_day',
      createdAt: new Date().toISOString(),
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    // The day fills (on the other instance) before the deposit's event arrives.
    await (await stores.another()).inbox.setStatus(booked.id, 'booked', OWNER, new Date(), { perDay: 1 });

    const event = {
      provider: 'stripe',
      label: 'Stripe',
      eventId: 'evt_full_day',
      checkoutId: 'cs_test_full_day',
      amount: quote.totals.deposit,
      currency: 'USD',
      paymentRef: 'pi_full_day',
    };
    expect(await owners.payments.applyPaid(event, new Date(), 'en-US', { perDay: 1 })).toBe('applied');
    const [payment] = await owners.payments.forInquiry(late.id);
    expect(payment).toMatchObject({ amount: quote.totals.deposit, voided: null });
    expect((await owners.quotes.get(quote.id))!.depositPaidAt).not.toBeNull();
    const found = (await owners.inbox.getInquiry(late.id))!;
    expect(found.inquiry.status).not.toBe('booked');
    expect(found.history.map((entry) => entry.note)).toContain(DAY_FULL_NOTES.depositKept);
    const topics = (await stores.rows('outboxPending')).map((row) => row.topic as string);
    expect(topics).toContain(`deposit-day-full:${payment!.id}`);
    expect(topics.filter((topic) => topic.startsWith('deposit-paid:'))).toEqual([]);
    expect(await owners.inbox.bookedInquiries({ on: DAY })).toHaveLength(1);
  });
});
