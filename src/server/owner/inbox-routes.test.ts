// The owner's API, driven in-process with app.inject on real stores: sign-in,
// sessions and their ends, the Origin rule, the inbox's reads and changes, and
// the rule that nothing of an inquiry is readable without an owner's session.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDatabase, prepare } from '../store/sqlite/sqlite-statements.js';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInquiryBody, buildNewInquiry, buildTestConfig } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { content } from '../../../content/index.js';
import { EXPORT_COLUMNS } from '../inquiry-export.js';
import { INQUIRY_FIELDS } from '../../shared/inquiry.js';
import type { InboxPage, InquiryDetail } from '../../shared/inbox-views.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { InquiryStore, NewInquiry } from '../store/inquiry-store.js';
import { openPostgresOwnerStore } from '../store/postgres/postgres-owner-store.js';
import { openPostgresStore } from '../store/postgres/postgres-store.js';
import type { OwnerStore } from '../store/owner-store.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';
import { openSqliteStore, SQLITE_FILE } from '../store/sqlite/sqlite-store.js';
import { hashPassword } from './password.js';
import { COOKIE, SECURE_COOKIE } from './session-cookie.js';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'a long owner passphrase';
const OWNER = 'owner@example.com';
const NO_LIMITS = {
  RATE_LIMIT_SESSIONS_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_SESSION: '100000',
  RATE_LIMIT_OWNER_SIGNINS_PER_IP: '100000',
  RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '100000',
};

interface TestApp {
  app: FastifyInstance;
  inquiries: InquiryStore;
  owners: OwnerStore;
  config: Config;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let passwordHash: Promise<string> | undefined;
async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { config, remove } = buildTestConfig({ ...NO_LIMITS, ...env });
  cleanups.push(remove);
  const inquiries = config.databaseUrl ? await openPostgresStore(config.databaseUrl) : openSqliteStore(config.dataDir);
  const owners = config.databaseUrl
    ? await openPostgresOwnerStore(config.databaseUrl)
    : openSqliteOwnerStore(config.dataDir);
  const app = await buildApp(config, inquiries, { ownerStore: owners });
  cleanups.push(() => app.close());
  passwordHash ??= hashPassword(PASSWORD);
  if (!(await owners.findOwnerByEmail(OWNER))) await owners.createOwner(OWNER, await passwordHash);
  return { app, inquiries, owners, config };
}

function signIn(app: FastifyInstance, email = OWNER, password = PASSWORD, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
    remoteAddress,
  });
}

/** Signs in and gives the Cookie header value to send back. */
async function cookieOf(app: FastifyInstance, email = OWNER): Promise<string> {
  const response = await signIn(app, email);
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return setCookie.split(';')[0]!;
}

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; origin?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null && method !== 'GET') headers.origin = options.origin ?? ORIGIN;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

function expectApiError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body).every((key) => ['error', 'message', 'fields'].includes(key))).toBe(true);
  expect(body.message.length).toBeGreaterThan(0);
  return body as { error: string; message: string; fields?: Record<string, string> };
}

async function withInquiries(t: TestApp, ...inquiries: NewInquiry[]) {
  for (const inquiry of inquiries) await t.inquiries.create(inquiry);
}

const someId = () => randomUUID();
/** Every owner route, with a body it would accept. */
const OWNER_ROUTES = (id: string) =>
  [
    ['GET', '/api/owner/session'],
    ['DELETE', '/api/owner/session'],
    ['GET', '/api/owner/inquiries'],
    ['GET', '/api/owner/inquiries?q=rosa&status=new'],
    ['GET', '/api/owner/inquiries.csv'],
    ['GET', `/api/owner/inquiries/${id}`],
    ['GET', `/api/owner/inquiries/${id}/calendar.ics`],
    ['PUT', `/api/owner/inquiries/${id}/status`, { status: 'contacted' }],
    ['POST', `/api/owner/inquiries/${id}/notes`, { note: 'hello' }],
    ['DELETE', `/api/owner/inquiries/${id}`],
  ] as const;

describe('owner sign-in', () => {
  it('signs in with the right password: an HttpOnly, SameSite=Strict cookie, not Secure over http', async () => {
    const { app } = await startApp();
    const response = await signIn(app, 'OWNER@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: OWNER });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=[\\w-]{43}; `));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const session = await call(app, 'GET', '/api/owner/session', { cookie: cookie.split(';')[0]! });
    expect(session.json()).toEqual({ email: OWNER });
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it('over https (behind a trusted proxy) the cookie is Secure with the __Host- prefix', async () => {
    const { app } = await startApp({ TRUST_PROXY: '1' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: {
        origin: 'https://inbox.example',
        host: 'inbox.example',
        'x-forwarded-proto': 'https',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SECURE_COOKIE}=`));
    expect(cookie).toContain('; Secure');
  });

  it('stores only a hash of the token', async () => {
    const t = await startApp();
    const cookie = await cookieOf(t.app);
    const token = cookie.split('=')[1]!;
    const db = openDatabase(join(t.config.dataDir, SQLITE_FILE), { readonly: true });
    try {
      const rows = prepare(db, 'SELECT * FROM ownerSessions').all();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      db.close();
    }
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { app } = await startApp();
    const wrong = expectApiError(await signIn(app, OWNER, 'not the password at all'), 401);
    const unknown = expectApiError(await signIn(app, 'nobody@example.com', PASSWORD), 401);
    expect(unknown).toEqual(wrong);
    expect(wrong.message).toBe('Wrong email or password.');
    expectApiError(await signIn(app, OWNER, ''), 400);
  });

  it('limits attempts per account, whatever the address, with a clear message', async () => {
    const { app } = await startApp({ RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '3' });
    for (let i = 0; i < 3; i++) {
      expectApiError(await signIn(app, OWNER, 'wrong password here', `10.0.0.${i + 1}`), 401);
    }
    const limited = expectApiError(await signIn(app, OWNER, PASSWORD, '10.0.0.9'), 429);
    expect(limited.message).toMatch(/^Too many sign-in attempts for this account\. Please try again in \d+ seconds\.$/);
    // Another account is not held up.
    expectApiError(await signIn(app, 'helper@example.com', 'wrong password here', '10.0.0.9'), 401);
  });

  it('limits attempts per address, whatever the account', async () => {
    const { app } = await startApp({ RATE_LIMIT_OWNER_SIGNINS_PER_IP: '2' });
    expectApiError(await signIn(app, 'a@example.com', 'wrong password here', '10.0.1.1'), 401);
    expectApiError(await signIn(app, 'b@example.com', 'wrong password here', '10.0.1.1'), 401);
    const limited = expectApiError(await signIn(app, OWNER, PASSWORD, '10.0.1.1'), 429);
    expect(limited.message).toMatch(/^Too many sign-ins from this address/);
    expect((await signIn(app, OWNER, PASSWORD, '10.0.1.2')).statusCode).toBe(200);
  });
});

describe('the inbox’s sign-in form (a plain form post)', () => {
  const post = (app: FastifyInstance, fields: Record<string, string>, origin = ORIGIN) =>
    app.inject({
      method: 'POST',
      url: '/inbox/sign-in',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('signs in and sends the browser to the inbox with the session cookie', async () => {
    const { app } = await startApp();
    const response = await post(app, { email: OWNER, password: PASSWORD });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/inbox');
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    expect((await call(app, 'GET', '/api/owner/session', { cookie })).json()).toEqual({ email: OWNER });
  });

  it('sends a wrong password, an unknown e-mail or a missing field back with a code, and no cookie', async () => {
    const { app } = await startApp();
    for (const [fields, code] of [
      [{ email: OWNER, password: 'not the password at all' }, 'wrong'],
      [{ email: 'nobody@example.com', password: PASSWORD }, 'wrong'],
      [{ email: OWNER }, 'missing'],
    ] as const) {
      const response = await post(app, fields);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/inbox?signin=${code}`);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('counts against the same per-account limit and says how long to wait', async () => {
    const { app } = await startApp({ RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '2' });
    await post(app, { email: OWNER, password: 'wrong password here' });
    await signIn(app, OWNER, 'wrong password here');
    const limited = await post(app, { email: OWNER, password: PASSWORD });
    expect(limited.statusCode).toBe(303);
    expect(limited.headers.location).toMatch(/^\/inbox\?signin=limited-account&retry=\d+$/);
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a form on another site', async () => {
    const { app } = await startApp();
    expectApiError(await post(app, { email: OWNER, password: PASSWORD }, 'https://evil.example'), 403);
  });
});

describe('owner sessions end', () => {
  it('on sign-out', async () => {
    const { app } = await startApp();
    const cookie = await cookieOf(app);
    const out = await call(app, 'DELETE', '/api/owner/session', { cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expectApiError(await call(app, 'GET', '/api/owner/inquiries', { cookie }), 401);
  });

  it('when the owner is removed', async () => {
    const t = await startApp();
    const cookie = await cookieOf(t.app);
    expect((await call(t.app, 'GET', '/api/owner/inquiries', { cookie })).statusCode).toBe(200);
    await t.owners.removeOwner(OWNER);
    expectApiError(await call(t.app, 'GET', '/api/owner/inquiries', { cookie }), 401);
  });

  it('when the password changes', async () => {
    const t = await startApp();
    const cookie = await cookieOf(t.app);
    await t.owners.setPassword(OWNER, await hashPassword('another long passphrase'));
    expectApiError(await call(t.app, 'GET', '/api/owner/session', { cookie }), 401);
    expectApiError(await signIn(t.app), 401);
  });

  it('a forged or malformed cookie is no session', async () => {
    const { app } = await startApp();
    for (const cookie of [
      `${COOKIE}=${'A'.repeat(43)}`,
      `${COOKIE}=x`,
      'other=1',
      `${SECURE_COOKIE}=${'B'.repeat(43)}`,
    ]) {
      expectApiError(await call(app, 'GET', '/api/owner/inquiries', { cookie }), 401);
    }
  });
});

describe('without a session', () => {
  it('every owner route answers 401 and changes nothing', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    for (const [method, url, body] of OWNER_ROUTES(inquiry.id)) {
      const response = await call(t.app, method, url, body ? { body } : {});
      expectApiError(response, 401);
    }
    const detail = (await t.owners.inbox.getInquiry(inquiry.id))!;
    expect(detail.history).toHaveLength(1);
    expect(detail.inquiry).toMatchObject({ status: 'new', readAt: null });
  });

  it('the owner routes exist even when buildApp opens the owner store itself', async () => {
    const { config, remove } = buildTestConfig(NO_LIMITS);
    cleanups.push(remove);
    const app = await buildApp(config, openSqliteStore(config.dataDir));
    cleanups.push(() => app.close());
    expectApiError(await call(app, 'GET', '/api/owner/inquiries'), 401);
  });

  it('the visitor’s API still cannot read, list, change or delete an inquiry', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    const session = (await t.app.inject({ method: 'POST', url: '/api/session' })).json() as { token: string };
    for (const [method, url] of [
      ['GET', `/api/inquiries/${inquiry.id}`],
      ['GET', '/api/inquiries'],
      ['DELETE', `/api/inquiries/${inquiry.id}`],
      ['PATCH', `/api/inquiries/${inquiry.id}`],
      ['POST', `/api/inquiries/${inquiry.id}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${session.token}`, origin: ORIGIN, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(buildInquiryBody()),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(inquiry.document.email);
    }
    expect(await t.inquiries.list()).toHaveLength(1);
  });
});

describe('the Origin rule', () => {
  it('refuses a state change from another site, or with no Origin, even with a session', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    const cookie = await cookieOf(t.app);
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:8080',
      'http://localhost',
      'http://localhost:80.evil.example',
      null,
    ]) {
      for (const [method, url, body] of OWNER_ROUTES(inquiry.id).filter(([method]) => method !== 'GET')) {
        const response = await call(t.app, method, url, { cookie, origin, ...(body ? { body } : {}) });
        expectApiError(response, 403);
      }
    }
    // Sign-in too: a cross-site form cannot sign someone in.
    const crossSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: OWNER, password: PASSWORD }),
    });
    expectApiError(crossSignIn, 403);
    // Nothing changed, and the session still works.
    const detail = (await t.owners.inbox.getInquiry(inquiry.id))!;
    expect(detail.history).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/owner/session', { cookie })).statusCode).toBe(200);
  });

  it('a form-encoded post (what a cross-site form sends) is refused', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    const cookie = await cookieOf(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/owner/inquiries/${inquiry.id}/notes`,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'note=hi',
    });
    expectApiError(response, 415);
  });
});

describe('the inbox API', () => {
  it('lists newest first without uids, pages by cursor, searches and filters', async () => {
    const t = await startApp();
    const rows = Array.from({ length: 55 }, (_, i) =>
      buildNewInquiry({ document: { createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString() } }),
    );
    const rosa = buildNewInquiry({ document: { firstName: 'Rosalind', lastName: 'Quintero' } });
    const spam = buildNewInquiry({ spamReason: 'honeypot' });
    await withInquiries(t, ...rows, rosa, spam);
    const cookie = await cookieOf(t.app);

    const first = (await call(t.app, 'GET', '/api/owner/inquiries', { cookie })).json() as InboxPage;
    expect(first.inquiries).toHaveLength(50);
    expect(first.inquiries[0]!.id).toBe(rosa.id);
    expect(first.inquiries.some((row) => 'uid' in row)).toBe(false);
    expect(first.next).not.toBeNull();
    const second = (
      await call(t.app, 'GET', `/api/owner/inquiries?before=${encodeURIComponent(first.next!)}`, { cookie })
    ).json() as InboxPage;
    expect(second.inquiries).toHaveLength(6);
    expect(second.next).toBeNull();
    expect(new Set([...first.inquiries, ...second.inquiries].map((row) => row.id)).size).toBe(56);

    const search = (await call(t.app, 'GET', '/api/owner/inquiries?q=quint', { cookie })).json() as InboxPage;
    expect(search.inquiries.map((row) => row.id)).toEqual([rosa.id]);
    const spamOnly = (await call(t.app, 'GET', '/api/owner/inquiries?status=spam', { cookie })).json() as InboxPage;
    expect(spamOnly.inquiries.map((row) => row.id)).toEqual([spam.id]);
    // Nonsense in the query string is ignored, never an error.
    const odd = await call(t.app, 'GET', '/api/owner/inquiries?status=nope&from=yesterday&before=%00&q=%F0', {
      cookie,
    });
    expect(odd.statusCode).toBe(200);
  });

  it('shows one inquiry with its history, marks it read, changes status, appends notes', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    const cookie = await cookieOf(t.app);
    const url = `/api/owner/inquiries/${inquiry.id}`;

    const before = (await call(t.app, 'GET', '/api/owner/inquiries', { cookie })).json() as InboxPage;
    expect(before.inquiries[0]!.readAt).toBeNull();
    const opened = (await call(t.app, 'GET', url, { cookie })).json() as InquiryDetail;
    expect(opened.inquiry).toMatchObject({ ...inquiry.document, id: inquiry.id, status: 'new' });
    expect(opened.inquiry.readAt).not.toBeNull();

    expect((await call(t.app, 'PUT', `${url}/status`, { cookie, body: { status: 'contacted' } })).statusCode).toBe(200);
    const noted = await call(t.app, 'POST', `${url}/notes`, { cookie, body: { note: '  Called; quote Friday.\n' } });
    expect(noted.statusCode).toBe(201);
    const detail = (await call(t.app, 'GET', url, { cookie })).json() as InquiryDetail;
    expect(detail.inquiry.status).toBe('contacted');
    expect(detail.history.map((entry) => [entry.kind, entry.by, entry.status, entry.note])).toEqual([
      ['received', null, null, null],
      ['status', OWNER, 'contacted', null],
      ['note', OWNER, null, 'Called; quote Friday.'],
    ]);
  });

  it('refuses bad input with 400 and unknown inquiries with 404', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry();
    await withInquiries(t, inquiry);
    const cookie = await cookieOf(t.app);
    const url = `/api/owner/inquiries/${inquiry.id}`;
    expectApiError(await call(t.app, 'PUT', `${url}/status`, { cookie, body: { status: 'won' } }), 400);
    expectApiError(await call(t.app, 'PUT', `${url}/status`, { cookie, body: { status: 'new', x: 1 } }), 400);
    expectApiError(await call(t.app, 'POST', `${url}/notes`, { cookie, body: { note: '   ' } }), 400);
    expectApiError(await call(t.app, 'POST', `${url}/notes`, { cookie, body: { note: 'a'.repeat(4001) } }), 400);
    const control = expectApiError(
      await call(t.app, 'POST', `${url}/notes`, { cookie, body: { note: 'bell \u0007' } }),
      400,
    );
    expect(control.fields).toHaveProperty('note');
    expectApiError(await call(t.app, 'GET', '/api/owner/inquiries/not-an-id', { cookie }), 400);
    const missing = `/api/owner/inquiries/${someId()}`;
    expectApiError(await call(t.app, 'GET', missing, { cookie }), 404);
    expectApiError(await call(t.app, 'PUT', `${missing}/status`, { cookie, body: { status: 'booked' } }), 404);
    expectApiError(await call(t.app, 'POST', `${missing}/notes`, { cookie, body: { note: 'x' } }), 404);
    expectApiError(await call(t.app, 'DELETE', missing, { cookie }), 404);
  });

  it('exports the current view as CSV for a spreadsheet: the field table’s labels, then status and notes; a BOM, local times, phones as text, no session ids', async () => {
    const t = await startApp();
    const keep = buildNewInquiry({
      document: {
        firstName: 'Exportable',
        notes: 'Line one\nline "two"',
        phoneNumber: '+1 737 555 0123',
        startTime: '14:00',
      },
    });
    const other = buildNewInquiry();
    await withInquiries(t, keep, other);
    const cookie = await cookieOf(t.app);
    await call(t.app, 'PUT', `/api/owner/inquiries/${keep.id}/status`, { cookie, body: { status: 'quoted' } });
    for (const note of ['Called, wants tacos', 'Sent the quote'])
      await call(t.app, 'POST', `/api/owner/inquiries/${keep.id}/notes`, { cookie, body: { note } });
    const { draft } = (await call(t.app, 'GET', `/api/owner/inquiries/${keep.id}/quotes`, { cookie })).json();
    expect(
      (await call(t.app, 'POST', `/api/owner/inquiries/${keep.id}/quotes`, { cookie, body: draft })).statusCode,
    ).toBe(201);
    const response = await call(t.app, 'GET', '/api/owner/inquiries.csv?q=exportable', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="inquiries-[\d-]+\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    const titles = EXPORT_COLUMNS.filter((column) => column !== 'uid').map((column) =>
      column in INQUIRY_FIELDS ? INQUIRY_FIELDS[column as keyof typeof INQUIRY_FIELDS].label : column,
    );
    expect(lines[0]).toBe(
      [
        'Inquiry id',
        ...titles.slice(1, -2),
        'Spam flag',
        'Language',
        'Status',
        'Status changed',
        'Your notes',
        'Quote',
        'Quote total (USD)',
        'Paid (USD)',
        'Balance due (USD)',
      ]
        .map((title) => (title.includes(',') ? `"${title}"` : title))
        .join(','),
    );
    expect(lines[0]).toContain('First name,Last name,Email,Phone,Company or school');
    expect(response.body).toContain(keep.id);
    expect(response.body).not.toContain(keep.uid);
    expect(response.body).toContain('"Line one\nline ""two"""');
    expect(response.body).toContain(',"=""+1 737 555 0123""",');
    expect(response.body).toContain(',2:00 PM,');
    // The status changed just now, on the business's clock the inbox's way; the newest
    // quote's state and total (Basic for 250 guests: $5,109.40), as a number; nothing paid, none accepted.
    expect(response.body).toMatch(
      /,Quoted,\d{4}-\d\d-\d\d \d{1,2}:\d\d [AP]M,"Called, wants tacos\n\nSent the quote",Sent,5109\.40,,\r\n$/,
    );
    expect(response.body).not.toContain(other.id);
  });

  it('gives the event as an iCalendar file', async () => {
    const t = await startApp();
    const inquiry = buildNewInquiry({
      document: { eventName: 'Spring fair, main lawn', eventDate: '2030-04-05', startTime: '11:00', endTime: '14:30' },
    });
    await withInquiries(t, inquiry);
    const cookie = await cookieOf(t.app);
    const response = await call(t.app, 'GET', `/api/owner/inquiries/${inquiry.id}/calendar.ics`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // In the business's time zone (the content's), with its VTIMEZONE.
    expect(response.body).toContain(`\r\nDTSTART;TZID=${content.timeZone}:20300405T110000\r\n`);
    expect(response.body).toContain(`\r\nDTEND;TZID=${content.timeZone}:20300405T143000\r\n`);
    expect(response.body).toContain(`\r\nBEGIN:VTIMEZONE\r\nTZID:${content.timeZone}\r\n`);
    expect(response.body).toContain('SUMMARY:Spring fair\\, main lawn');
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('erases an inquiry: gone from every route, a tombstone names who and when', async () => {
    const t = await startApp();
    const target = buildNewInquiry();
    const other = buildNewInquiry();
    await withInquiries(t, target, other);
    const cookie = await cookieOf(t.app);
    expect((await call(t.app, 'DELETE', `/api/owner/inquiries/${target.id}`, { cookie })).statusCode).toBe(204);
    expectApiError(await call(t.app, 'GET', `/api/owner/inquiries/${target.id}`, { cookie }), 404);
    const list = (await call(t.app, 'GET', '/api/owner/inquiries', { cookie })).json() as InboxPage;
    expect(list.inquiries.map((row) => row.id)).toEqual([other.id]);
    const csv = await call(t.app, 'GET', '/api/owner/inquiries.csv', { cookie });
    expect(csv.body).not.toContain(target.document.email);
    expect(await t.owners.inbox.erasures()).toEqual([
      { inquiryId: target.id, erasedAt: expect.any(String), erasedBy: OWNER },
    ]);
  });
});

describe('on PostgreSQL', () => {
  it('two instances share owners and sessions', async () => {
    const url = await freshPostgresUrl();
    const a = await startApp({ DATABASE_URL: url });
    const b = await startApp({ DATABASE_URL: url });
    const inquiry = buildNewInquiry();
    await withInquiries(a, inquiry);
    const cookie = await cookieOf(a.app);
    const list = (await call(b.app, 'GET', '/api/owner/inquiries', { cookie })).json() as InboxPage;
    expect(list.inquiries.map((row) => row.id)).toEqual([inquiry.id]);
    expect((await call(b.app, 'DELETE', '/api/owner/session', { cookie })).statusCode).toBe(204);
    expectApiError(await call(a.app, 'GET', '/api/owner/inquiries', { cookie }), 401);
  });
});
