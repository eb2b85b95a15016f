// GET /api/availability (record 240): public, the taken days only (no names, no
// reasons), a short public cache, and a 400 in the API's error shape for a bad range.
import { describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { MAX_AVAILABILITY_DAYS } from '../../shared/availability.js';
import { addDays } from '../../shared/truck-schedule.js';

const actor = { id: 'owner-1', email: OWNER };

describe('GET /api/availability', () => {
  it('answers the booked and blocked days, and nothing of who or why', async () => {
    const { app, inquiries, owners } = await startOwnerApp();
    const inquiry = buildNewInquiry({ document: { eventDate: '2031-05-02' } });
    await inquiries.create(inquiry);
    await owners.inbox.setStatus(inquiry.id, 'booked', actor, new Date());
    await owners.calendar.blockDay('2031-05-09', 'Secret family reason', actor, new Date());

    const response = await app.inject({ method: 'GET', url: '/api/availability?from=2031-05-01&to=2031-05-31' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unavailable: ['2031-05-02', '2031-05-09'] });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.body).not.toContain('Secret');
    expect(response.body).not.toContain(inquiry.document.lastName);
  });

  it('refuses a bad or too long range with a 400 in the API’s error shape', async () => {
    const { app } = await startOwnerApp();
    const from = '2031-01-01';
    const last = addDays(from, MAX_AVAILABILITY_DAYS - 1);
    const ok = await app.inject({ method: 'GET', url: `/api/availability?from=${from}&to=${last}` });
    expect(ok.statusCode).toBe(200);
    for (const query of [
      `from=${from}&to=${addDays(last, 1)}`,
      'from=2031-02-30&to=2031-03-01',
      'from=2031-03-02&to=2031-03-01',
      'from=2031-03-01',
      'from=tomorrow&to=2031-03-01',
      'from=2031-03-01&to=2031-03-01&to=2031-03-02',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/availability?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: 'bad_request', message: expect.any(String) });
      expect(response.headers['cache-control'], query).toBe('no-store');
    }
  });
});
