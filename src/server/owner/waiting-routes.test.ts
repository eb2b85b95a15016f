// GET /api/owner/waiting: the leads nobody answered, oldest first, with how many wait and
// when one turns urgent, for a signed-in owner only.
import { describe, expect, it } from 'vitest';
import { call, cookieOf, OWNER, startOwnerApp } from '../../../tests/support/owner-app.js';
import { receivedAt } from '../../../tests/support/builders.js';
import type { WaitingPage } from '../../shared/waiting-views.js';

const MINUTE = 60_000;

describe('GET /api/owner/waiting', () => {
  it('lists the leads waiting for an answer, oldest first, to a signed-in owner', async () => {
    const now = Date.parse('2026-12-01T16:00:00Z');
    const t = await startOwnerApp({}, { build: { clock: () => now } });
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
    const [older, newer, answered, spam, history] = [
      receivedAt(at(50)),
      receivedAt(at(5)),
      receivedAt(at(40)),
      receivedAt(at(30), { spamReason: 'too-fast' }),
      receivedAt(at(31 * 24 * 60)),
    ];
    for (const each of [newer, older, answered, spam, history]) await t.inquiries.create(each);
    await t.owners.inbox.addNote(answered.id, 'Called', { id: 'o', email: OWNER }, new Date(now));

    expect((await call(t.app, 'GET', '/api/owner/waiting')).statusCode).toBe(401);
    const answer = await call(t.app, 'GET', '/api/owner/waiting', { cookie: await cookieOf(t.app) });
    const page = answer.json() as WaitingPage;
    expect(page.total).toBe(2);
    expect(page.urgentAfterMs).toBe(15 * MINUTE);
    expect(page.inquiries.map((row) => row.id)).toEqual([older.id, newer.id]);
    expect(page.inquiries[0]).toMatchObject({ status: 'new', createdAt: at(50), firstName: older.document.firstName });
    expect(page.inquiries[0]).not.toHaveProperty('uid');
  });
});
