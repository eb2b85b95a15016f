// Bad input at the door: every malformed body, header and value gets a clear 4xx and changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody, dayFromToday } from '../../tests/support/builders.js';
import {
  expectApiError,
  expectNoStack,
  expectSecurityHeaders,
  newId,
  putInquiry,
  signIn,
  startApp,
  type TestApp,
} from '../../tests/support/test-app.js';
import { MAX_BODY_BYTES, OPERATIONS, TEXT_LIMITS, TRUCK_OPERATION, type InquiryBody } from '../shared/inquiry.js';
import { issueSession } from '../server/session-token.js';

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
  [
    'a package with another operation',
    (b) => ({ ...b, operation: OPERATIONS[OPERATIONS.length - 1]!, package: b.package }),
    'package',
  ],
  ['an unknown package', (b) => ({ ...b, package: 'Gold' }), 'package'],
  ['an unknown operation', (b) => ({ ...b, operation: 'Helicopter drop' }), 'operation'],
  ['an operation in another case', (b) => ({ ...b, operation: TRUCK_OPERATION.toUpperCase() }), 'operation'],
  ['a dateCreated that is not an ISO timestamp', (b) => ({ ...b, dateCreated: 'yesterday' }), 'dateCreated'],
  ['a dateCreated that is no instant', (b) => ({ ...b, dateCreated: '2026-99-99T99:99:99Z' }), 'dateCreated'],
  ['a dateCreated on February 30', (b) => ({ ...b, dateCreated: '2026-02-30T10:00:00Z' }), 'dateCreated'],
  // The text rules (src/shared/text-rules.ts): refused, never rewritten.
  ['a NUL in the notes', (b) => ({ ...b, notes: 'Two vegan\u0000 options' }), 'notes'],
  ['a NUL in a name', (b) => ({ ...b, lastName: '\u0000' }), 'lastName'],
  ['a lone surrogate in a name', (b) => ({ ...b, firstName: 'Ro\ud800sa' }), 'firstName'],
  ['a control character in the notes', (b) => ({ ...b, notes: 'bell \u0007' }), 'notes'],
  [
    'a line break in the site address',
    (b) => ({ ...b, siteAddress: '100 Congress Ave,\nAustin, TX 78701' }),
    'siteAddress',
  ],
  ['a zero-width space for a first name', (b) => ({ ...b, firstName: '\u200b' }), 'firstName'],
  ['a zero-width space for a last name', (b) => ({ ...b, lastName: '\u200b\u200b' }), 'lastName'],
  ['a phone of seven spaces', (b) => ({ ...b, phoneNumber: '       ' }), 'phoneNumber'],
  ['a phone of fewer than 7 digits', (b) => ({ ...b, phoneNumber: '(+1) 555 01' }), 'phoneNumber'],
  ['a name not in NFC', (b) => ({ ...b, firstName: 'Zoe\u0308' }), 'firstName'],
  ['a company with a trailing space', (b) => ({ ...b, company: 'Acme ' }), 'company'],
  ['a noncharacter in the reference', (b) => ({ ...b, reference: 'x\uffff' }), 'reference'],
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

  it('answers 400 for the nil UUID as an id, storing nothing', async () => {
    const response = await putInquiry(t.app, '00000000-0000-0000-0000-000000000000', buildInquiryBody(), { token });
    expect(expectApiError(response, 400).fields).toHaveProperty('id');
    expect(await t.store.count()).toBe(0);
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

  it('answers 400 for a body that is not UTF-8, storing nothing (never a U+FFFD in its place)', async () => {
    const json = Buffer.from(JSON.stringify({ ...buildInquiryBody(), firstName: 'RoXXsa' }));
    const at = json.indexOf('XX');
    for (const bad of [
      [0xc3, 0x28],
      [0xed, 0xa0],
      [0xff, 0xfe],
    ]) {
      const payload = Buffer.from(json);
      payload[at] = bad[0]!;
      payload[at + 1] = bad[1]!;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${newId()}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(expectApiError(response, 400).message).toMatch(/UTF-8/);
    }
  });

  it.each([
    ['an unquoted value', '{"firstName": SECRETVALUE}'],
    ['an unterminated string', '{"firstName": "SECRETVALUE'],
    ['a bad escape', '{"firstName": "SECRET\\qVALUE"}'],
    ['two values', '{"a":"SECRETVALUE"}{"b":1}'],
  ])('answers a JSON syntax error without quoting the body: %s', async (_, raw) => {
    const response = await putInquiry(t.app, newId(), undefined, { token, raw });
    const body = expectApiError(response, 400);
    expect(body.message).toMatch(/^The body is not valid JSON/);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('firstName');
  });

  it('names an unknown key only when it looks like a field name, never quoting anything else', async () => {
    const key = '<img src=x onerror=alert(1)> SECRET';
    const response = await putInquiry(t.app, newId(), { ...buildInquiryBody(), [key]: 1 }, { token });
    const body = expectApiError(response, 400);
    expect(body.fields).toHaveProperty('body');
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('<img');
  });

  it('answers every API request with Cache-Control: no-store, errors included', async () => {
    const requests = [
      { method: 'POST' as const, url: '/api/session' },
      { method: 'GET' as const, url: '/api/health' },
      { method: 'GET' as const, url: '/api/nothing-here' },
      { method: 'PUT' as const, url: `/api/inquiries/${newId()}`, payload: buildInquiryBody() },
      {
        method: 'PUT' as const,
        url: `/api/inquiries/${newId()}`,
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      },
      {
        method: 'PUT' as const,
        url: `/api/inquiries/${newId()}`,
        payload: 'x',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      },
    ];
    const statuses = new Set<number>();
    for (const request of requests) {
      const response = await t.app.inject(request);
      statuses.add(response.statusCode);
      expect(response.headers['cache-control'], `${request.method} ${request.url}`).toBe('no-store');
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 404, 415]);
    // The site itself may be cached as it likes.
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).headers['cache-control']).not.toBe('no-store');
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

  it('answers 400 for a __proto__ or constructor.prototype key spelled with \\u escapes', async () => {
    const valid = JSON.stringify(buildInquiryBody());
    for (const [key, name] of [
      ['\\u005f\\u005fproto\\u005f\\u005f', '__proto__'],
      ['\\u0063onstructor', 'constructor.prototype'],
    ]) {
      const raw = `{"${key}": {"prototype": {"polluted": "yes"}}, ${valid.slice(1)}`;
      const response = await putInquiry(t.app, newId(), undefined, { token, raw });
      expectApiError(response, 400);
      expect(response.json().message).toContain(name);
    }
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
    expect(response.body).toContain('<h1>Page not found</h1><p><a href="/">Back to the home page</a>');
    expectNoStack(response);
    expectSecurityHeaders(response);
  });

  it('says it in Spanish under /es/, and to a browser that prefers Spanish (record 460)', async () => {
    for (const request of [
      { url: '/es/no-such-page' },
      { url: '/no-such-page', headers: { 'accept-language': 'es-US,es;q=0.9' } },
    ]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<html lang="es">');
      expect(response.body).toContain(
        '<h1>Página no encontrada</h1><p><a href="/es/">Volver a la página principal</a>',
      );
    }
  });
});
