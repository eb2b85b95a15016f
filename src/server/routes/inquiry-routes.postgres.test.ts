// The same API on PostgreSQL.
import { content } from '../../../content/index.js';
import { estimateFor } from '../../shared/pricing.js';
import { keptEstimateText } from '../kept-estimate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody, dayFromToday, documentOf } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { expectApiError, newId, putInquiry, signIn, startApp, type TestApp } from '../../../tests/support/test-app.js';
import { verifySession } from '../../server/session-token.js';
import { openPostgresStore } from '../store/postgres/postgres-store.js';

describe('on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    t = await startApp({ DATABASE_URL: url }, (config) => openPostgresStore(config.databaseUrl!));
  });
  afterAll(() => t.close());

  it('reports its store', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, store: 'postgres' });
  });

  it('creates, replays, conflicts and refuses bad input', async () => {
    const token = await signIn(t.app);
    const uid = verifySession(t.config.sessionSecret, token)!;
    const id = newId();
    const body = buildInquiryBody();
    const created = await putInquiry(t.app, id, body, { token });
    expect(created.statusCode, created.body).toBe(201);

    const replay = await putInquiry(t.app, id, body, { token });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(created.body);
    expectApiError(await putInquiry(t.app, id, body, { token: await signIn(t.app) }), 409);
    expectApiError(await putInquiry(t.app, newId(), { ...body, plannedGuestCount: '12' }, { token }), 400);
    expectApiError(await putInquiry(t.app, newId(), { ...body, eventDate: dayFromToday(-2) }, { token }), 400);

    expect(await t.store.list()).toEqual([
      {
        ...documentOf(body, created.json().createdAt),
        id,
        uid,
        spamReason: null,
        estimate: keptEstimateText(estimateFor(content, body)),
        language: 'en',
      },
    ]);
  });

  it('answers a NUL or a lone surrogate in any text field with 400 naming it, while valid creates beside it are stored', async () => {
    const token = await signIn(t.app);
    const before = await t.store.count();
    const fields = ['firstName', 'lastName', 'company', 'eventName', 'siteAddress', 'notes', 'reference'] as const;
    const bad = fields.flatMap((field) =>
      ['\u0000', '\ud800'].map((char) => ({ field, body: buildInquiryBody({ [field]: `x${char}y` }) })),
    );
    const good = Array.from({ length: 40 }, () => buildInquiryBody());
    // All at once, so the valid ones are written in the same batches the bad ones would have joined.
    const [badAnswers, goodAnswers] = await Promise.all([
      Promise.all(bad.map(({ body }) => putInquiry(t.app, newId(), body, { token }))),
      Promise.all(good.map((body) => putInquiry(t.app, newId(), body, { token }))),
    ]);
    badAnswers.forEach((response, index) => {
      expect(expectApiError(response, 400).fields).toHaveProperty(bad[index]!.field);
    });
    expect(goodAnswers.map((response) => response.statusCode)).toEqual(good.map(() => 201));
    expect(await t.store.count()).toBe(before + good.length);
  });
});
