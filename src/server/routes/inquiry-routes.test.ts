// PUT /api/inquiries/:id: create-only inquiries, replays and conflicts, in-process with app.inject.
import { content } from '../../../content/index.js';
import { estimateFor } from '../../shared/pricing.js';
import { keptEstimateText } from '../kept-estimate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody, dayFromToday, documentOf } from '../../../tests/support/builders.js';
import {
  expectApiError,
  expectSecurityHeaders,
  newId,
  putInquiry,
  signIn,
  startApp,
  type TestApp,
} from '../../../tests/support/test-app.js';
import { OPERATIONS, TEXT_LIMITS } from '../../shared/inquiry.js';

/** An operation of the content other than the truck (the last one). */
const OTHER_OPERATION = OPERATIONS[OPERATIONS.length - 1]!;
import { issueSession, verifySession } from '../../server/session-token.js';

describe('PUT /api/inquiries/:id', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startApp()));
  afterAll(() => t.close());

  it('creates the inquiry: 201 {id, createdAt}, stored as the body less website and fillMs plus createdAt and source', async () => {
    const token = await signIn(t.app);
    const uid = verifySession(t.config.sessionSecret, token)!;
    const id = newId();
    const body = buildInquiryBody();
    const before = new Date().toISOString();
    const response = await putInquiry(t.app, id, body, { token });
    const after = new Date().toISOString();

    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(Object.keys(answer).sort()).toEqual(['createdAt', 'estimate', 'estimateNote', 'id']);
    expect(answer.id).toBe(id);
    expect(answer.createdAt >= before && answer.createdAt <= after).toBe(true);
    expectSecurityHeaders(response);

    const rows = (await t.store.list()).filter((row) => row.id === id);
    // The estimate it answered with, and the prices it used, kept in the same row (record 204).
    expect(rows).toEqual([
      {
        ...documentOf(body, answer.createdAt),
        id,
        uid,
        spamReason: null,
        estimate: keptEstimateText(estimateFor(content, body)),
        language: 'en',
      },
    ]);
    // siteAddress and package exactly as sent; no website or fillMs stored.
    expect(rows[0]!.siteAddress).toBe('100 Congress Ave, Austin, TX 78701');
    expect(rows[0]!.package).toBe(body.package);
    expect(rows[0]!.source).toBe('web');
    expect(rows[0]).not.toHaveProperty('website');
    expect(rows[0]).not.toHaveProperty('fillMs');
  });

  it('answers with the estimate of a priced package, from the content’s prices and the guests; none for a package quoted by hand', async () => {
    const token = await signIn(t.app);
    // Basic at $16 for 250 guests in Austin (no travel): $4,000 + 18 % service $720 + 8.25 % tax on both $389.40.
    const basic = await putInquiry(t.app, newId(), buildInquiryBody({ package: 'Basic' }), { token });
    expect(basic.json()).toMatchObject({
      estimate: 'Estimate: $5,109.40',
      estimateNote: expect.stringContaining('Basic for 250 guests'),
    });
    // The address in no travel area: from no travel to the farthest area's $150.
    const far = buildInquiryBody({ package: 'Basic', siteAddress: '1 Elm St, Dallas, TX 75201' });
    expect((await putInquiry(t.app, newId(), far, { token })).json().estimate).toBe('Estimate: $5,109.40–$5,271.78');
    const custom = await putInquiry(t.app, newId(), buildInquiryBody({ package: 'Custom' }), { token });
    expect(custom.statusCode).toBe(201);
    expect(custom.json()).not.toHaveProperty('estimate');
  });

  it('creates an inquiry for another operation with no package and empty optional fields', async () => {
    const token = await signIn(t.app);
    const id = newId();
    const body = buildInquiryBody({
      operation: OTHER_OPERATION,
      package: '',
      company: '',
      eventName: '',
      notes: '',
      reference: '',
    });
    const response = await putInquiry(t.app, id, body, { token });
    expect(response.statusCode, response.body).toBe(201);
    const row = (await t.store.list()).find((r) => r.id === id);
    expect(row).toMatchObject({ operation: OTHER_OPERATION, package: '', company: '' });
  });

  it('says the rules’ field messages in Spanish when the request says Spanish, in English otherwise (record 360)', async () => {
    const token = await signIn(t.app);
    const wrong = { eventDate: dayFromToday(-30), startTime: '14:00', endTime: '11:00' };
    const spanish = await putInquiry(t.app, newId(), buildInquiryBody({ ...wrong, language: 'es' }), { token });
    expect(spanish.statusCode, spanish.body).toBe(400);
    expect(spanish.json()).toMatchObject({
      error: 'invalid_body',
      fields: {
        eventDate: 'La fecha del evento no puede estar en el pasado.',
        endTime: 'La hora de fin debe ser posterior a la hora de inicio.',
      },
    });
    expect(spanish.json().message).toContain('La hora de fin debe ser posterior');
    const english = await putInquiry(t.app, newId(), buildInquiryBody(wrong), { token });
    expect(english.json().fields).toEqual({
      eventDate: 'Event date can’t be in the past.',
      endTime: 'End time must be after the start time.',
    });
  });

  it('stores text exactly as sent: emoji, right-to-left marks, combining marks in NFC, line breaks in the notes', async () => {
    const token = await signIn(t.app);
    const id = newId();
    const body = buildInquiryBody({
      firstName: '\u200fמרים',
      lastName: 'Nguyễn 👩‍🍳',
      company: 'Ṩchool q\u0307',
      notes: 'Line one\r\n\tLine two\u2029Line three 🌮',
    });
    const response = await putInquiry(t.app, id, body, { token });
    expect(response.statusCode, response.body).toBe(201);
    const row = (await t.store.list()).find((r) => r.id === id);
    expect(row).toMatchObject({
      firstName: body.firstName,
      lastName: body.lastName,
      company: body.company,
      notes: body.notes,
    });
  });

  it('keeps dateCreated within a day of the server’s clock; beyond it, stores the server’s createdAt instead', async () => {
    const token = await signIn(t.app);
    const HOUR = 60 * 60 * 1000;
    const cases = [
      { offset: -23 * HOUR, believed: true },
      { offset: 23 * HOUR, believed: true },
      { offset: -25 * HOUR, believed: false },
      { offset: 30 * 24 * HOUR, believed: false },
    ];
    for (const { offset, believed } of cases) {
      const id = newId();
      const dateCreated = new Date(Date.now() + offset).toISOString();
      const response = await putInquiry(t.app, id, buildInquiryBody({ dateCreated }), { token });
      expect(response.statusCode, response.body).toBe(201);
      const row = (await t.store.list()).find((r) => r.id === id)!;
      expect(row.dateCreated).toBe(believed ? dateCreated : response.json().createdAt);
    }
  });

  it('accepts an event today and the limits at their maxima', async () => {
    const token = await signIn(t.app);
    const body = buildInquiryBody({
      eventDate: dayFromToday(0),
      firstName: 'a'.repeat(TEXT_LIMITS.firstName),
      notes: 'n'.repeat(TEXT_LIMITS.notes),
      plannedGuestCount: 100_000,
      startTime: '00:00',
      endTime: '23:59',
    });
    const response = await putInquiry(t.app, newId(), body, { token });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers an identical replay by the same session exactly as the first time, storing it once', async () => {
    const token = await signIn(t.app);
    const id = newId();
    const body = buildInquiryBody();
    const first = await putInquiry(t.app, id, body, { token });
    expect(first.statusCode).toBe(201);
    const count = await t.store.count();

    const replay = await putInquiry(t.app, id, body, { token });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);

    // Keys in another order, and a fresh token for the same uid (a reload): still the same inquiry.
    const renewed = (
      await t.app.inject({ method: 'POST', url: '/api/session', headers: { authorization: `Bearer ${token}` } })
    ).json().token;
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await putInquiry(t.app, id, reordered, { token: renewed });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);

    expect(await t.store.count()).toBe(count);
    expect((await t.store.list()).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('answers 409 for the same id from another session, and keeps the first inquiry', async () => {
    const id = newId();
    const body = buildInquiryBody();
    const first = await putInquiry(t.app, id, body, { token: await signIn(t.app) });
    expect(first.statusCode).toBe(201);
    const before = await t.store.list();

    const other = await putInquiry(t.app, id, body, { token: await signIn(t.app) });
    expect(expectApiError(other, 409).error).toBe('conflict');
    expect(await t.store.list()).toEqual(before);
  });

  it('answers 409 for the same id and session with a different body, and keeps the first inquiry', async () => {
    const token = await signIn(t.app);
    const id = newId();
    const body = buildInquiryBody();
    expect((await putInquiry(t.app, id, body, { token })).statusCode).toBe(201);
    const before = await t.store.list();

    for (const changed of [
      { ...body, notes: 'Actually, three vegan options.' },
      { ...body, fillMs: body.fillMs + 1 },
      { ...body, website: 'x' },
    ]) {
      const response = await putInquiry(t.app, id, changed, { token });
      expectApiError(response, 409);
    }
    expect(await t.store.list()).toEqual(before);
  });

  it('flags a filled honeypot as spam and still stores it', async () => {
    const token = await signIn(t.app);
    const id = newId();
    const response = await putInquiry(t.app, id, buildInquiryBody({ website: 'https://spam.example' }), { token });
    expect(response.statusCode).toBe(201);
    expect((await t.store.list()).find((row) => row.id === id)?.spamReason).toBe('honeypot');
  });

  it('flags as spam a create sent sooner after its session than a person can, whatever fillMs it claims', async () => {
    const timed = await startApp({ MIN_FILL_SECONDS: '3' });
    try {
      const secret = timed.config.sessionSecret;
      // Sent at once after signing in, claiming 95 s of filling in: flagged (the server's clock decides).
      const fresh = issueSession(secret).token;
      const hurried = newId();
      expect(
        (await putInquiry(timed.app, hurried, buildInquiryBody({ fillMs: 95_000 }), { token: fresh })).statusCode,
      ).toBe(201);
      // A session the server signed 3 s ago, claiming no time at all: a person's pace, not flagged.
      const earlier = issueSession(secret, undefined, Date.now() - 3_000).token;
      const patient = newId();
      expect(
        (await putInquiry(timed.app, patient, buildInquiryBody({ fillMs: 0 }), { token: earlier })).statusCode,
      ).toBe(201);
      const rows = await timed.store.list();
      expect(rows.find((row) => row.id === hurried)?.spamReason).toBe('too-fast');
      expect(rows.find((row) => row.id === patient)?.spamReason).toBeNull();
    } finally {
      await timed.close();
    }
  });

  it('answers GET /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, store: 'sqlite' });
    expectSecurityHeaders(response);
  });
});
