// One contract, two engines (record 240): a day is unavailable when it holds `perDay`
// Booked inquiries or the owner blocked it; the answer names days only, each once, in order.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
/** No quote in these tests is accepted: any time will do for the holds' cutoff. */
const NOW = new Date('2031-01-01T10:00:00Z');
const on = (eventDate: string) => buildNewInquiry({ document: { eventDate } });

describe.each(OWNER_STORE_ENGINES)('the calendar store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('counts Booked inquiries against the day’s places, and only Booked ones', async () => {
    const [a, b, c, d] = [on('2031-06-01'), on('2031-06-01'), on('2031-06-02'), on('2031-06-03')];
    const stores = await open(a, b, c, d);
    const { inbox, calendar } = stores.owners;
    const at = new Date('2031-01-01T10:00:00Z');
    await inbox.setStatus(a.id, 'booked', OWNER, at);
    await inbox.setStatus(c.id, 'booked', OWNER, at);
    await inbox.setStatus(d.id, 'quoted', OWNER, at);
    expect(await calendar.unavailableDays('2031-06-01', '2031-06-30', 1, NOW)).toEqual(['2031-06-01', '2031-06-02']);
    // Two a day: 1 June has one place left until b is Booked too.
    expect(await calendar.unavailableDays('2031-06-01', '2031-06-30', 2, NOW)).toEqual([]);
    await inbox.setStatus(b.id, 'booked', OWNER, at, { perDay: 2 });
    expect(await calendar.unavailableDays('2031-06-01', '2031-06-30', 2, NOW)).toEqual(['2031-06-01']);
    // The range's ends count; days outside it do not.
    expect(await calendar.unavailableDays('2031-06-02', '2031-06-02', 1, NOW)).toEqual(['2031-06-02']);
    expect(await calendar.unavailableDays('2031-06-03', '2031-07-01', 1, NOW)).toEqual([]);
  });

  it('blocks and unblocks days; a blocked day is unavailable once, whatever else is on it', async () => {
    const booked = on('2031-07-04');
    const stores = await open(booked);
    const { inbox, calendar } = stores.owners;
    const at = new Date('2031-01-01T10:00:00Z');
    await inbox.setStatus(booked.id, 'booked', OWNER, at);
    const holiday = await calendar.blockDay('2031-07-04', 'Family', OWNER, at);
    const repair = await calendar.blockDay('2031-07-10', 'Truck in the shop', OWNER, at);
    expect(repair).toEqual({
      id: expect.any(String),
      date: '2031-07-10',
      reason: 'Truck in the shop',
      blockedAt: at.toISOString(),
      blockedBy: OWNER.email,
    });
    expect(await calendar.unavailableDays('2031-07-01', '2031-07-31', 1, NOW)).toEqual(['2031-07-04', '2031-07-10']);
    expect(await calendar.blockedDays('2031-07-05')).toEqual([repair]);
    expect(await calendar.blockedDays('2031-01-01')).toEqual([holiday, repair]);
    expect(await calendar.unblockDay(repair.id)).toBe(true);
    expect(await calendar.unblockDay(repair.id)).toBe(false);
    expect(await calendar.unavailableDays('2031-07-01', '2031-07-31', 1, NOW)).toEqual(['2031-07-04']);
  });
});
