// Faults and logs: a failing store answers a masked 500, and no personal data reaches the logs.
import { describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../../tests/support/builders.js';
import {
  expectApiError,
  expectSecurityHeaders,
  newId,
  putInquiry,
  signIn,
  startApp,
} from '../../tests/support/test-app.js';
import type { InquiryBody } from '../shared/inquiry.js';
import type { InquiryStore } from '../server/store/inquiry-store.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';

/** A store whose every create fails as a real database error does, personal data in its detail. */
function failingStore(inner: InquiryStore, leak: string): InquiryStore {
  return {
    engine: inner.engine,
    outbox: inner.outbox,
    rateCounts: inner.rateCounts,
    async create(inquiry) {
      // Shaped like pg's DatabaseError: the row's values end up in `detail`.
      throw Object.assign(new Error('null value in column "uid" violates not-null constraint'), {
        code: '23502',
        severity: 'ERROR',
        table: 'eventInquiries',
        detail: `Failing row contains (${inquiry.id}, ${leak}).`,
      });
    },
    list: () => inner.list(),
    pendingMigrations: () => inner.pendingMigrations(),
    probeWrite: () => inner.probeWrite(),
    count: () => inner.count(),
    close: () => inner.close(),
  };
}

describe('faults and logs', () => {
  it('answers 500 with a generic JSON message when the store fails, logs it, and stores nothing', async () => {
    const body = buildInquiryBody();
    const personal = `${body.firstName} ${body.lastName} ${body.email} ${body.phoneNumber}`;
    const t = await startApp({}, async (config) => failingStore(openSqliteStore(config.dataDir), personal));
    try {
      const response = await putInquiry(t.app, newId(), body, { token: await signIn(t.app) });
      const answer = expectApiError(response, 500);
      expect(answer).toEqual({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
      expect(response.body).not.toContain('not-null');
      expect(response.body).not.toContain(body.email);
      expectSecurityHeaders(response);
      expect(await t.store.count()).toBe(0);

      const errors = t.logs.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0].msg).toBe('request failed');
      // The failure is logged usefully (what failed), without the row's personal data.
      expect(JSON.stringify(errors[0])).toContain('not-null constraint');
      expectNoPersonalData(t.logs, body);
    } finally {
      await t.close();
    }
  });

  it('writes no personal data to the logs, whatever the outcome', async () => {
    const t = await startApp();
    try {
      const body = buildInquiryBody({
        firstName: 'Evangelina',
        lastName: 'Quarterman',
        email: 'evangelina.q@example.org',
        phoneNumber: '+1 737 555 0123',
      });
      const token = await signIn(t.app);
      const id = newId();
      expect((await putInquiry(t.app, id, body, { token })).statusCode).toBe(201);
      expect((await putInquiry(t.app, id, body, { token })).statusCode).toBe(201);
      expect((await putInquiry(t.app, id, body, { token: await signIn(t.app) })).statusCode).toBe(409);
      expect((await putInquiry(t.app, newId(), { ...body, endTime: '00:01' }, { token })).statusCode).toBe(400);
      expect((await putInquiry(t.app, newId(), { ...body, extra: body.email }, { token })).statusCode).toBe(400);
      expect(
        (
          await putInquiry(t.app, newId(), undefined, {
            token,
            raw: `{"email": "${body.email}", "firstName": ${body.firstName}}`,
          })
        ).statusCode,
      ).toBe(400);
      expect((await putInquiry(t.app, newId(), body, {})).statusCode).toBe(401);
      expect((await putInquiry(t.app, newId(), body, { token, contentType: 'text/plain' })).statusCode).toBe(415);

      // The logs were captured (so this test can fail), and hold none of it.
      expect(t.logs.some((line) => line.includes('request completed'))).toBe(true);
      expectNoPersonalData(t.logs, body);
      // No addresses or tokens either.
      const all = t.logs.join('');
      expect(all).not.toContain(token);
      expect(all).not.toContain('127.0.0.1');
    } finally {
      await t.close();
    }
  });
});

function expectNoPersonalData(logs: string[], body: InquiryBody): void {
  expect(logs.length).toBeGreaterThan(0);
  const all = logs.join('');
  for (const value of [body.firstName, body.lastName, body.email, body.phoneNumber, body.siteAddress, body.notes]) {
    expect(all).not.toContain(value);
  }
}
