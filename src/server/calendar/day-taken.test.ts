// The inquiry's create refuses an unavailable day (record 240): PUT /api/inquiries/:id
// answers 409 with the contract's message on fields.eventDate and stores nothing,
// for a day full of Booked inquiries as for a blocked one; a free day is created.
import { describe, expect, it } from 'vitest';
import { buildInquiryBody, buildNewInquiry, dayFromToday } from '../../../tests/support/builders.js';
import { OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { newId, putInquiry, signIn } from '../../../tests/support/test-app.js';
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';
import { content } from '../../../content/index.js';
import { fixedContentPort } from '../site/content-port.js';
import type { CalendarStore } from '../store/calendar-store.js';
import { dayTakenOn } from './availability-routes.js';

const actor = { id: 'owner-1', email: OWNER };

describe('an inquiry for an unavailable day', () => {
  it('is refused with 409 and fields.eventDate, for a booked day and a blocked one; nothing is stored', async () => {
    const { app, inquiries, owners } = await startOwnerApp();
    const [booked, blocked, free] = [dayFromToday(40), dayFromToday(41), dayFromToday(42)];
    const first = buildNewInquiry({ document: { eventDate: booked } });
    await inquiries.create(first);
    await owners.inbox.setStatus(first.id, 'booked', actor, new Date());
    await owners.calendar.blockDay(blocked, 'Private reason', actor, new Date());
    const token = await signIn(app);

    for (const eventDate of [booked, blocked]) {
      const response = await putInquiry(app, newId(), buildInquiryBody({ eventDate }), { token });
      expect(response.statusCode, eventDate).toBe(409);
      expect(response.json()).toEqual({
        error: 'conflict',
        message: DAY_TAKEN_MESSAGE,
        fields: { eventDate: DAY_TAKEN_MESSAGE },
      });
      expect(response.body).not.toContain('Private');
    }
    expect(await inquiries.count()).toBe(1);
    expect((await putInquiry(app, newId(), buildInquiryBody({ eventDate: free }), { token })).statusCode).toBe(201);
    expect(await inquiries.count()).toBe(2);
  });
});

describe('dayTakenOn', () => {
  it('counts a day as free when the calendar cannot answer, and says why', async () => {
    const seen: unknown[] = [];
    const broken = {
      unavailableDays: async () => {
        throw new Error('database away');
      },
    } as unknown as CalendarStore;
    const failing = dayTakenOn(
      broken,
      fixedContentPort(content),
      () => 0,
      (error) => seen.push(error),
    );
    expect(await failing('2031-01-01')).toBe(false);
    expect(seen).toEqual([new Error('database away')]);
  });
});
