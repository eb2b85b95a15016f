// A full day through the owner's API (record 280): Booked on a day already booked is a
// 409 with the day's words, "Book anyway" (override) books it; a deposit recorded by hand
// for a full day is kept, answered with the same words, and the inquiry's page flags it.
import { describe, expect, it } from 'vitest';
import { postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { call, cookieOf, startOwnerApp } from '../../../tests/support/owner-app.js';
import type { InquiryDetail } from '../../shared/inbox-views.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';
import { DAY_FULL_MESSAGE } from '../store/day-claim.js';

const DAY = '2031-10-04';

describe('a full day in the owner’s API', () => {
  it('refuses Booked, books anyway on the owner’s word, and keeps and flags a deposit for the day', async () => {
    const t = await startOwnerApp();
    const cookie = await cookieOf(t.app);
    const [first, second, third] = [1, 2, 3].map(() => buildNewInquiry({ document: { eventDate: DAY } }));
    for (const inquiry of [first!, second!, third!]) await t.inquiries.create(inquiry);
    const status = (id: string, body: Record<string, unknown>) =>
      call(t.app, 'PUT', `/api/owner/inquiries/${id}/status`, { cookie, body });
    const detail = async (id: string) =>
      (await call(t.app, 'GET', `/api/owner/inquiries/${id}`, { cookie })).json() as InquiryDetail;

    expect((await status(first!.id, { status: 'booked' })).statusCode).toBe(200);
    const refused = await status(second!.id, { status: 'booked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: DAY_FULL_MESSAGE });
    expect((await detail(second!.id)).inquiry.status).not.toBe('booked');
    expect((await status(second!.id, { status: 'booked', override: true })).statusCode).toBe(200);
    const booked = await detail(second!.id);
    expect(booked.inquiry.status).toBe('booked');
    expect(booked.history.map((entry) => entry.note)).toContain('Booked anyway: the day was already booked');

    // The third's quote accepted, its deposit taken in cash on a day now full.
    const { draft } = (
      await call(t.app, 'GET', `/api/owner/inquiries/${third!.id}/quotes`, { cookie })
    ).json() as QuotesAnswer;
    const sent = await call(t.app, 'POST', `/api/owner/inquiries/${third!.id}/quotes`, { cookie, body: draft });
    const quote = sent.json() as QuoteView;
    expect((await postForm(t, `${new URL(quote.url).pathname}/accept`, { accept: 'yes' })).statusCode).toBe(303);
    const paid = await call(t.app, 'POST', `/api/owner/inquiries/${third!.id}/payments`, {
      cookie,
      body: { id: crypto.randomUUID(), amount: quote.totals.deposit, method: 'cash', note: '' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amount: quote.totals.deposit, dayFull: DAY_FULL_MESSAGE });
    const flagged = await detail(third!.id);
    expect(flagged.inquiry.status).toBe('quoted');
    expect(flagged.depositOnBookedDay).toBe(true);
    expect((await detail(first!.id)).depositOnBookedDay).toBe(false);
  });
});
