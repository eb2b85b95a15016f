// The HTTP API, driven in-process with app.inject: sessions, create-only
// inquiries, validation at the door, abuse limits, security headers and logs.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildInquiryBody,
  buildTestConfig,
  buildUid,
  dayFromToday,
  documentOf,
  TEST_SESSION_SECRET,
} from '../../tests/support/builders.js';
import { freshPostgresUrl } from '../../tests/support/databases.js';
import { MAX_BODY_BYTES, OPERATIONS, TEXT_LIMITS, TRUCK_OPERATION, type InquiryBody } from '../shared/inquiry.js';

/** An operation of the content other than the truck (the last one). */
const OTHER_OPERATION = OPERATIONS[OPERATIONS.length - 1]!;
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { issueSession, verifySession } from './session-token.js';
import type { InquiryStore } from './store/inquiry-store.js';
import { openPostgresStore } from './store/postgres-store.js';
import { openSqliteStore } from './store/sqlite-store.js';

// ---------------------------------------------------------------- harness

interface TestApp {
  app: FastifyInstance;
  store: InquiryStore;
  config: Config;
  /** Every log line the app wrote, as pino wrote it. */
  logs: string[];
  close(): Promise<void>;
}

/** Limits high enough that only the rate-limit tests ever meet them. */
const NO_LIMITS = {
  RATE_LIMIT_SESSIONS_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_SESSION: '100000',
};

async function startApp(
  env: Record<string, string> = {},
  storeFor: (config: Config) => Promise<InquiryStore> = async (config) => openSqliteStore(config.dataDir),
): Promise<TestApp> {
  const { config, remove } = buildTestConfig({ ...NO_LIMITS, LOG_LEVEL: 'trace', ...env });
  const store = await storeFor(config);
  const logs: string[] = [];
  const app = await buildApp(config, store, { logStream: { write: (line) => void logs.push(line) } });
  return {
    app,
    store,
    config,
    logs,
    async close() {
      await app.close(); // closes the store too
      remove();
    },
  };
}

async function signIn(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', remoteAddress });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

interface PutOptions {
  token?: string | undefined;
  /** Send this exact string as the body. */
  raw?: string;
  /** The content-type header; null sends none. */
  contentType?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

function putInquiry(
  app: FastifyInstance,
  id: string,
  body: unknown,
  options: PutOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  return app.inject({
    method: 'PUT',
    url: `/api/inquiries/${id}`,
    headers,
    payload: options.raw ?? JSON.stringify(body),
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
  });
}

/** A response never carries a stack trace or a source path. */
function expectNoStack(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\/src\/|\.[cm]?[jt]s:\d+/);
  expect(response.body).not.toMatch(/"stack"/);
}

/** An API error: JSON { error, message, fields? } with the status given. */
function expectApiError(
  response: LightMyRequestResponse,
  status: number,
): { error: string; message: string; fields?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((key) => ['error', 'message', 'fields'].includes(key))).toBe(true);
  expectNoStack(response);
  return body;
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name);
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const scripts = directive(csp, 'script-src') ?? directive(csp, 'default-src');
  expect(scripts, csp).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
}

const newId = () => randomUUID();

// ---------------------------------------------------------------- sessions

describe('POST /api/session', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startApp()));
  afterAll(() => t.close());

  it('issues an anonymous uid and a token that carries it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(response.statusCode).toBe(200);
    const { uid, token } = response.json();
    expect(uid).toMatch(/^[\w-]{22}$/);
    expect(verifySession(t.config.sessionSecret, token)).toBe(uid);
    expectSecurityHeaders(response);
  });

  it('gives every new visitor a different uid', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/session' });
    const b = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(a.json().uid).not.toBe(b.json().uid);
  });

  it('keeps the uid of a visitor who brings a valid token, with a token that still works', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/session' })).json();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().uid).toBe(first.uid);
    expect(verifySession(t.config.sessionSecret, again.json().token)).toBe(first.uid);
  });

  it.each([
    ['forged with another secret', () => issueSession('another-secret-of-at-least-32-characters!!', buildUid()).token],
    ['garbled', () => 'v1.not-a-token'],
    [
      'with its signature altered',
      () => {
        const token = issueSession(TEST_SESSION_SECRET, buildUid()).token;
        return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    ['expired', () => issueSession(TEST_SESSION_SECRET, buildUid(), Date.now() - 2 * 365 * 24 * 3600 * 1000).token],
  ])('gives a new uid to a token %s', async (_, token) => {
    const given = token();
    const claimed = given.split('.')[1];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${given}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().uid).toMatch(/^[\w-]{22}$/);
    expect(response.json().uid).not.toBe(claimed);
  });

  it('keeps the uid of a token signed with its secret (so the cases above are refused for what they show)', async () => {
    const uid = buildUid();
    const fresh = issueSession(t.config.sessionSecret, uid).token;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(response.json().uid).toBe(uid);
  });

  it('ignores a non-Bearer authorization header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().uid).toMatch(/^[\w-]{22}$/);
  });
});

// ---------------------------------------------------------------- creating inquiries

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
    expect(Object.keys(answer).sort()).toEqual(['createdAt', 'id']);
    expect(answer.id).toBe(id);
    expect(answer.createdAt >= before && answer.createdAt <= after).toBe(true);
    expectSecurityHeaders(response);

    const rows = (await t.store.list()).filter((row) => row.id === id);
    expect(rows).toEqual([{ ...documentOf(body, answer.createdAt), id, uid, spamReason: null }]);
    // siteAddress and package exactly as sent; no website or fillMs stored.
    expect(rows[0]!.siteAddress).toBe('100 Congress Ave, Austin, TX 78701');
    expect(rows[0]!.package).toBe(body.package);
    expect(rows[0]!.source).toBe('web');
    expect(rows[0]).not.toHaveProperty('website');
    expect(rows[0]).not.toHaveProperty('fillMs');
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

  it('flags a form filled faster than the minimum as spam and still stores it; the minimum itself is fine', async () => {
    const token = await signIn(t.app);
    const fast = newId();
    const human = newId();
    expect(t.config.minFillMs).toBe(3000);
    expect((await putInquiry(t.app, fast, buildInquiryBody({ fillMs: 2999 }), { token })).statusCode).toBe(201);
    expect((await putInquiry(t.app, human, buildInquiryBody({ fillMs: 3000 }), { token })).statusCode).toBe(201);
    const rows = await t.store.list();
    expect(rows.find((row) => row.id === fast)?.spamReason).toBe('too-fast');
    expect(rows.find((row) => row.id === human)?.spamReason).toBeNull();
  });

  it('answers GET /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, store: 'sqlite' });
    expectSecurityHeaders(response);
  });
});

// ---------------------------------------------------------------- bad input

type Mutation = (body: InquiryBody) => Record<string, unknown>;

/** [what, how the valid body is broken, the field the 400 must name] */
const INVALID_BODIES: [string, Mutation, string][] = [
  ['an unknown field', (b) => ({ ...b, favouriteColour: 'lime' }), 'favouriteColour'],
  ['a client-sent createdAt', (b) => ({ ...b, createdAt: new Date().toISOString() }), 'createdAt'],
  ['a client-sent source', (b) => ({ ...b, source: 'web' }), 'source'],
  ['a missing field', ({ notes: _notes, ...b }) => b, 'notes'],
  ['a missing honeypot', ({ website: _website, ...b }) => b, 'website'],
  ['a guest count as a string', (b) => ({ ...b, plannedGuestCount: '12' }), 'plannedGuestCount'],
  ['fillMs as a string', (b) => ({ ...b, fillMs: '5' }), 'fillMs'],
  ['a number for a text field', (b) => ({ ...b, firstName: 42 }), 'firstName'],
  ['null for a text field', (b) => ({ ...b, company: null }), 'company'],
  ['a boolean for a number', (b) => ({ ...b, fillMs: true }), 'fillMs'],
  ['an array for a text field', (b) => ({ ...b, notes: ['a'] }), 'notes'],
  ['a fractional guest count', (b) => ({ ...b, plannedGuestCount: 12.5 }), 'plannedGuestCount'],
  ['zero guests', (b) => ({ ...b, plannedGuestCount: 0 }), 'plannedGuestCount'],
  ['too many guests', (b) => ({ ...b, plannedGuestCount: 100_001 }), 'plannedGuestCount'],
  ['a negative fillMs', (b) => ({ ...b, fillMs: -1 }), 'fillMs'],
  ['an oversized first name', (b) => ({ ...b, firstName: 'a'.repeat(TEXT_LIMITS.firstName + 1) }), 'firstName'],
  ['oversized notes', (b) => ({ ...b, notes: 'n'.repeat(TEXT_LIMITS.notes + 1) }), 'notes'],
  ['an oversized email', (b) => ({ ...b, email: `${'a'.repeat(TEXT_LIMITS.email - 11)}@example.com` }), 'email'],
  ['an oversized honeypot', (b) => ({ ...b, website: 'w'.repeat(201) }), 'website'],
  ['a blank first name', (b) => ({ ...b, firstName: '   ' }), 'firstName'],
  ['an empty last name', (b) => ({ ...b, lastName: '' }), 'lastName'],
  ['a blank site address', (b) => ({ ...b, siteAddress: ' \t ' }), 'siteAddress'],
  ['an invalid email', (b) => ({ ...b, email: 'rosa at example.com' }), 'email'],
  ['an email with no domain', (b) => ({ ...b, email: 'rosa@' }), 'email'],
  ['an invalid phone', (b) => ({ ...b, phoneNumber: 'call me maybe' }), 'phoneNumber'],
  ['a too short phone', (b) => ({ ...b, phoneNumber: '12345' }), 'phoneNumber'],
  ['a date in another format', (b) => ({ ...b, eventDate: '12/31/2031' }), 'eventDate'],
  [
    'a date that is not a real day',
    (b) => ({ ...b, eventDate: `${dayFromToday(400).slice(0, 4)}-02-30` }),
    'eventDate',
  ],
  ['a month 13', (b) => ({ ...b, eventDate: `${dayFromToday(400).slice(0, 4)}-13-01` }), 'eventDate'],
  ['an event date in the past', (b) => ({ ...b, eventDate: dayFromToday(-3) }), 'eventDate'],
  ['an event date long past', (b) => ({ ...b, eventDate: '1999-12-31' }), 'eventDate'],
  ['an invalid start time', (b) => ({ ...b, startTime: '25:00' }), 'startTime'],
  ['a start time with seconds', (b) => ({ ...b, startTime: '11:00:00' }), 'startTime'],
  ['an invalid end time', (b) => ({ ...b, endTime: '2pm' }), 'endTime'],
  ['an end time equal to the start', (b) => ({ ...b, startTime: '14:00', endTime: '14:00' }), 'endTime'],
  ['an end time before the start', (b) => ({ ...b, startTime: '14:00', endTime: '13:59' }), 'endTime'],
  ['no package with the truck', (b) => ({ ...b, operation: TRUCK_OPERATION, package: '' }), 'package'],
  ['a package with another operation', (b) => ({ ...b, operation: OTHER_OPERATION, package: b.package }), 'package'],
  ['an unknown package', (b) => ({ ...b, package: 'Gold' }), 'package'],
  ['an unknown operation', (b) => ({ ...b, operation: 'Helicopter drop' }), 'operation'],
  ['an operation in another case', (b) => ({ ...b, operation: TRUCK_OPERATION.toUpperCase() }), 'operation'],
  ['a dateCreated that is not an ISO timestamp', (b) => ({ ...b, dateCreated: 'yesterday' }), 'dateCreated'],
];

describe('bad input', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    token = await signIn(t.app);
  });
  afterEach(async () => {
    // Nothing is stored for any 4xx.
    expect(await t.store.count()).toBe(0);
  });
  afterAll(() => t.close());

  it('starts from a body that is valid (checked on another app, so this one stays empty)', async () => {
    const other = await startApp();
    try {
      const response = await putInquiry(other.app, newId(), buildInquiryBody(), { token: await signIn(other.app) });
      expect(response.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it.each(INVALID_BODIES)('answers 400 naming the field for %s', async (_, mutate, field) => {
    const response = await putInquiry(t.app, newId(), mutate(buildInquiryBody()), { token });
    const body = expectApiError(response, 400);
    expect(body.error).toBe('invalid_body');
    expect(body.fields, response.body).toHaveProperty(field);
    expect(typeof body.fields![field]).toBe('string');
    expectSecurityHeaders(response);
  });

  it('names every wrong field at once', async () => {
    const response = await putInquiry(
      t.app,
      newId(),
      { ...buildInquiryBody(), firstName: '', email: 'nope', extra: 1 },
      { token },
    );
    const body = expectApiError(response, 400);
    expect(Object.keys(body.fields!)).toEqual(expect.arrayContaining(['firstName', 'email', 'extra']));
    expect(body.message).toContain('email');
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['an empty object', '{}'],
  ])('answers 400 for a body that is %s', async (_, raw) => {
    const response = await putInquiry(t.app, newId(), undefined, { token, raw });
    expectApiError(response, 400);
  });

  it.each([
    ['uppercase', () => randomUUID().toUpperCase()],
    ['not a uuid', () => 'inquiry-1'],
    ['too long', () => `${randomUUID()}0`],
  ])('answers 400 for an id that is %s', async (_, id) => {
    const response = await putInquiry(t.app, id(), buildInquiryBody(), { token });
    const body = expectApiError(response, 400);
    expect(body.fields).toHaveProperty('id');
  });

  it('answers 413 for a body over 16 KiB', async () => {
    const body = { ...buildInquiryBody(), notes: 'n'.repeat(MAX_BODY_BYTES) };
    const response = await putInquiry(t.app, newId(), body, { token });
    expect(expectApiError(response, 413).error).toBe('payload_too_large');
  });

  it('answers 413 for an oversized body sent without a content-length (chunked)', async () => {
    const raw = JSON.stringify({ ...buildInquiryBody(), notes: 'n'.repeat(MAX_BODY_BYTES) });
    const { Readable } = await import('node:stream');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${newId()}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: Readable.from([raw.slice(0, 8000), raw.slice(8000)]),
    });
    expectApiError(response, 413);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form encoding', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', null],
  ])('answers 415 for %s', async (_, contentType) => {
    const response = await putInquiry(t.app, newId(), buildInquiryBody(), { token, contentType });
    expect(expectApiError(response, 415).error).toBe('unsupported_media_type');
  });

  it('accepts a JSON content type with a charset (checked without storing: the id is invalid)', async () => {
    const response = await putInquiry(t.app, 'x', buildInquiryBody(), {
      token,
      contentType: 'application/json; charset=utf-8',
    });
    // Parsed and validated, so the answer is about the id, not the media type.
    expect(expectApiError(response, 400).fields).toHaveProperty('id');
  });

  it.each([
    ['truncated JSON', '{"firstName": "Rosa", '],
    ['single quotes', "{'firstName': 'Rosa'}"],
    ['a trailing comma', '{"firstName": "Rosa",}'],
    ['an empty body', ''],
  ])('answers 400 for malformed JSON: %s', async (_, raw) => {
    const response = await putInquiry(t.app, newId(), undefined, { token, raw });
    expectApiError(response, 400);
  });

  it('answers 400 for a __proto__ key and pollutes nothing', async () => {
    const valid = JSON.stringify(buildInquiryBody());
    const raw = `{"__proto__": {"polluted": "yes", "isAdmin": true}, ${valid.slice(1)}`;
    const response = await putInquiry(t.app, newId(), undefined, { token, raw });
    expectApiError(response, 400);
    expect(response.json().message).toContain('__proto__');
    expect(Object.hasOwn(response.json().fields, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 for a nested __proto__ key', async () => {
    const valid = JSON.stringify(buildInquiryBody());
    // Last, so no later duplicate key replaces the object that carries it.
    const raw = `${valid.slice(0, -1)}, "reference": {"nested": {"__proto__": {"x": 1}}}}`;
    expectApiError(await putInquiry(t.app, newId(), undefined, { token, raw }), 400);
  });

  it('answers 400 for a constructor.prototype key', async () => {
    const valid = JSON.stringify(buildInquiryBody());
    const raw = `{"constructor": {"prototype": {"polluted": "yes"}}, ${valid.slice(1)}`;
    const response = await putInquiry(t.app, newId(), undefined, { token, raw });
    expectApiError(response, 400);
    expect(response.json().message).toContain('constructor.prototype');
  });

  it('answers 401 without a token, with a bad one and with a forged one, before reading the body', async () => {
    const body = buildInquiryBody();
    const forged = issueSession('another-secret-of-at-least-32-characters!!').token;
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${forged}` },
      { authorization: token },
    ];
    for (const headers of attempts) {
      const response = await putInquiry(t.app, newId(), body, { headers });
      expect(expectApiError(response, 401).error).toBe('unauthorized');
      expectSecurityHeaders(response);
    }
    // Even a broken body gets the 401 first.
    expectApiError(await putInquiry(t.app, newId(), undefined, { raw: '{nope' }), 401);
  });

  it('answers a JSON 404 for an unknown API route, with the security headers', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/inquiries'],
      ['GET', `/api/inquiries/${newId()}`],
      ['DELETE', `/api/inquiries/${newId()}`],
      ['GET', '/api/session'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(expectApiError(response, 404).error).toBe('not_found');
      expectSecurityHeaders(response);
    }
  });

  it('answers an HTML 404 page outside the API, with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectNoStack(response);
    expectSecurityHeaders(response);
  });
});

// ---------------------------------------------------------------- transport security

describe('HSTS', () => {
  const cases: [string, Record<string, string>, Record<string, string>, boolean][] = [
    ['absent over plain http', {}, {}, false],
    ['absent when a client claims https without a trusted proxy', {}, { 'x-forwarded-proto': 'https' }, false],
    ['absent behind a trusted proxy over http', { TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'http' }, false],
    [
      'present behind a trusted proxy that terminated TLS',
      { TRUST_PROXY: 'true' },
      { 'x-forwarded-proto': 'https' },
      true,
    ],
  ];

  it.each(cases)('is %s', async (_, env, headers, present) => {
    const t = await startApp(env);
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/health' },
        { method: 'GET' as const, url: '/api/nothing' },
        { method: 'POST' as const, url: '/api/session' },
      ]) {
        const response = await t.app.inject({ ...request, headers });
        const hsts = response.headers['strict-transport-security'];
        if (present) expect(hsts).toMatch(/max-age=\d{7,}/);
        else expect(hsts).toBeUndefined();
        expectSecurityHeaders(response);
      }
    } finally {
      await t.close();
    }
  });
});

// ---------------------------------------------------------------- rate limits

describe('rate limits', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  async function limitedApp(env: Record<string, string>): Promise<TestApp> {
    const t = await startApp(env);
    apps.push(t);
    return t;
  }

  function expect429(response: LightMyRequestResponse): void {
    expect(expectApiError(response, 429).error).toBe('rate_limited');
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expectSecurityHeaders(response);
  }

  it('limits inquiries per session, not the other sessions of the same address', async () => {
    const t = await limitedApp({ RATE_LIMIT_INQUIRIES_PER_SESSION: '3' });
    const token = await signIn(t.app);
    for (let i = 0; i < 3; i++)
      expect((await putInquiry(t.app, newId(), buildInquiryBody(), { token })).statusCode).toBe(201);
    const limited = await putInquiry(t.app, newId(), buildInquiryBody(), { token });
    expect429(limited);
    expect(await t.store.count()).toBe(3);
    // Another session from the same address is fine.
    expect((await putInquiry(t.app, newId(), buildInquiryBody(), { token: await signIn(t.app) })).statusCode).toBe(201);
  });

  it('limits inquiries per address, whatever the session, not other addresses', async () => {
    const t = await limitedApp({ RATE_LIMIT_INQUIRIES_PER_IP: '3' });
    for (let i = 0; i < 3; i++) {
      const response = await putInquiry(t.app, newId(), buildInquiryBody(), {
        token: await signIn(t.app, '203.0.113.7'),
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(201);
    }
    const fresh = await signIn(t.app, '203.0.113.7');
    expect429(await putInquiry(t.app, newId(), buildInquiryBody(), { token: fresh, remoteAddress: '203.0.113.7' }));
    // Counted before authentication: anonymous floods are limited too.
    expect429(await putInquiry(t.app, newId(), buildInquiryBody(), { remoteAddress: '203.0.113.7' }));
    expect(await t.store.count()).toBe(3);
    expect(
      (await putInquiry(t.app, newId(), buildInquiryBody(), { token: fresh, remoteAddress: '198.51.100.1' }))
        .statusCode,
    ).toBe(201);
  });

  it('limits sign-ins per address', async () => {
    const t = await limitedApp({ RATE_LIMIT_SESSIONS_PER_IP: '2' });
    for (let i = 0; i < 2; i++)
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9' })).statusCode,
      ).toBe(200);
    expect429(await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9' }));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '198.51.100.2' })).statusCode,
    ).toBe(200);
  });
});

// ---------------------------------------------------------------- faults and logs

/** A store whose every create fails as a real database error does, personal data in its detail. */
function failingStore(inner: InquiryStore, leak: string): InquiryStore {
  return {
    engine: inner.engine,
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

// ---------------------------------------------------------------- PostgreSQL

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
      { ...documentOf(body, created.json().createdAt), id, uid, spamReason: null },
    ]);
  });
});
