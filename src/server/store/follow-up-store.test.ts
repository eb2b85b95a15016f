// One contract, two engines: what the never-silent reminders look for. A lead counts as
// waiting while it is New, not spam and untouched by an owner (reading it is not an
// answer); a quote while nobody answered it and it is still valid; a booking once its
// day is past. Each leaves the list once its reminder is queued.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { buildQuote, receivedAt } from '../../../tests/support/builders.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const at = (iso: string) => new Date(iso);

describe.each(OWNER_STORE_ENGINES)('the follow-up store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('finds the leads nobody answered, oldest first, and forgets one once its reminder is queued', async () => {
    const waiting = receivedAt('2026-12-01T14:00:00.000Z');
    const read = receivedAt('2026-12-01T14:05:00.000Z');
    const spam = receivedAt('2026-12-01T14:01:00.000Z', { spamReason: 'too-fast' });
    const noted = receivedAt('2026-12-01T14:02:00.000Z');
    const contacted = receivedAt('2026-12-01T14:03:00.000Z');
    const tooOld = receivedAt('2026-11-20T14:00:00.000Z');
    const tooNew = receivedAt('2026-12-01T14:50:00.000Z');
    const stores = await open(waiting, read, spam, noted, contacted, tooOld, tooNew);
    const { inbox, followUps, reminders } = stores.owners;
    await inbox.markRead(read.id, at('2026-12-01T14:06:00Z'));
    await inbox.addNote(noted.id, 'Called, left a message', OWNER, at('2026-12-01T14:10:00Z'));
    await inbox.setStatus(contacted.id, 'contacted', OWNER, at('2026-12-01T14:10:00Z'));

    // The inbox's view of them: whole rows, oldest first, and how many in all.
    const shown = await followUps.waiting(at('2026-11-24T15:00:00Z'), 1);
    expect(shown.total).toBe(3);
    expect(shown.rows).toEqual([
      expect.objectContaining({ id: waiting.id, firstName: waiting.document.firstName, status: 'new', readAt: null }),
    ]);
    expect((await followUps.waiting(at('2026-11-24T15:00:00Z'), 50)).rows.map((row) => [row.id, row.readAt])).toEqual([
      [waiting.id, null],
      [read.id, '2026-12-01T14:06:00.000Z'],
      [tooNew.id, null],
    ]);
    expect((await followUps.waiting(at('2026-11-01T00:00:00Z'), 50)).total).toBe(4);

    const range = { from: at('2026-11-24T15:00:00Z'), before: at('2026-12-01T14:45:00Z') };
    const found = await followUps.waitingLeads(range, 'lead-waiting');
    expect(found).toEqual([
      { id: waiting.id, createdAt: '2026-12-01T14:00:00.000Z' },
      { id: read.id, createdAt: '2026-12-01T14:05:00.000Z' },
    ]);

    await reminders.queue([{ inquiryId: waiting.id, topic: `lead-waiting:${waiting.id}` }], at('2026-12-01T15:00:00Z'));
    expect((await followUps.waitingLeads(range, 'lead-waiting')).map((lead) => lead.id)).toEqual([read.id]);
    // Another event's reminder is another matter.
    expect(await followUps.waitingLeads(range, 'something-else')).toHaveLength(2);
  });

  it('finds the quotes nobody answered, still valid and not replaced, for inquiries still open', async () => {
    const open1 = receivedAt('2026-11-01T10:00:00.000Z');
    const accepted = receivedAt('2026-11-01T10:00:00.000Z');
    const declined = receivedAt('2026-11-01T10:00:00.000Z');
    const revised = receivedAt('2026-11-01T10:00:00.000Z');
    const expired = receivedAt('2026-11-01T10:00:00.000Z');
    const bookedByHand = receivedAt('2026-11-01T10:00:00.000Z');
    const sentLate = receivedAt('2026-11-01T10:00:00.000Z');
    const stores = await open(open1, accepted, declined, revised, expired, bookedByHand, sentLate);
    const { quotes, inbox, followUps, reminders } = stores.owners;
    const sentAt = at('2026-12-01T15:00:00Z');
    const send = (inquiryId: string, validUntil = '2026-12-20', when = sentAt) =>
      quotes.send(inquiryId, buildQuote({ validUntil }), OWNER, when, 'Quote sent');
    const [a, b, c] = await Promise.all([
      send(open1.id),
      send(accepted.id),
      send(declined.id),
      send(revised.id),
      send(expired.id, '2026-12-03'),
      send(bookedByHand.id),
    ]);
    await send(sentLate.id, '2026-12-20', at('2026-12-04T16:00:00Z'));
    const second = await quotes.send(
      revised.id,
      buildQuote({ validUntil: '2026-12-21' }),
      OWNER,
      at('2026-12-02T09:00:00Z'),
      'Quote revised',
    );
    await quotes.accept(
      b!.id,
      { at: '2026-12-02T10:00:00.000Z', from: '203.0.113.9', snapshot: '{}', hash: 'h' },
      '2026-12-02',
    );
    await quotes.decline(c!.id, '', at('2026-12-02T10:00:00Z'), '2026-12-02');
    await inbox.setStatus(bookedByHand.id, 'booked', OWNER, at('2026-12-02T10:00:00Z'));

    const query = { sentBefore: at('2026-12-04T15:00:00Z'), today: '2026-12-04' };
    const found = await followUps.openQuotes(query, 'quote-nudge');
    expect(found.map((quote) => quote.id).sort()).toEqual([a!.id, second!.id].sort());
    expect(found.find((quote) => quote.id === a!.id)).toEqual({
      id: a!.id,
      inquiryId: open1.id,
      sentAt: '2026-12-01T15:00:00.000Z',
      validUntil: '2026-12-20',
    });

    await reminders.queue([{ inquiryId: open1.id, topic: `quote-nudge:${a!.id}` }], at('2026-12-04T15:00:00Z'));
    expect((await followUps.openQuotes(query, 'quote-nudge')).map((quote) => quote.id)).toEqual([second!.id]);
    expect(await followUps.openQuotes(query, 'quote-expiring')).toHaveLength(2);
  });

  it('finds the bookings whose day is in the range, until each is thanked', async () => {
    const yesterday = receivedAt('2026-11-01T10:00:00.000Z', { document: { eventDate: '2026-12-03' } });
    const today = receivedAt('2026-11-01T10:00:00.000Z', { document: { eventDate: '2026-12-04' } });
    const notBooked = receivedAt('2026-11-01T10:00:00.000Z', { document: { eventDate: '2026-12-03' } });
    const longAgo = receivedAt('2026-01-01T10:00:00.000Z', { document: { eventDate: '2026-02-03' } });
    const stores = await open(yesterday, today, notBooked, longAgo);
    const { inbox, followUps, reminders } = stores.owners;
    for (const inquiry of [yesterday, today, longAgo]) {
      await inbox.setStatus(inquiry.id, 'booked', OWNER, at('2026-11-02T10:00:00Z'));
    }
    const range = { from: '2026-11-20', before: '2026-12-04' };
    expect(await followUps.pastBookings(range, 'thank-you')).toEqual([yesterday.id]);
    await reminders.queue(
      [{ inquiryId: yesterday.id, topic: `thank-you:${yesterday.id}` }],
      at('2026-12-04T16:00:00Z'),
    );
    expect(await followUps.pastBookings(range, 'thank-you')).toEqual([]);
  });
});
