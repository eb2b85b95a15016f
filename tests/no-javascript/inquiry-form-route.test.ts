// POST /inquiry on the real app and a real SQLite store, with the real answer
// pages (rendered here from the page's own React form, as the build does).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { buildApp } from '../../src/server/app.js';
import {
  controlErrors,
  formInquiryKeys,
  parseFormBody,
  signedStart,
  startedAt,
} from '../../src/server/routes/form-post.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { INQUIRY_PAGE_FILES } from '../../src/shared/no-js-form-page.js';
import { FORM_CONTROLS, PACKAGE_NAMES, TRUCK_OPERATION, toInquiryBody } from '../../src/shared/inquiry.js';
import { InquiryPage } from '../../src/web/inquiry/no-js-page.js';
import { buildTestConfig, dayFromToday, TEST_SESSION_SECRET } from '../support/builders.js';
import { OTHER_OPERATIONS } from '../support/content-words.js';

let sequence = 0;

/** What the browser posts for a visitor who filled the form in right. */
function buildFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  const n = ++sequence;
  return {
    firstName: 'Rosa',
    lastName: `Delgado${n}`,
    email: `rosa.form${n}.${Date.now()}@example.com`,
    phoneNumber: '+1 512 555 0199',
    company: '',
    eventName: 'Spring fair',
    eventDate: dayFromToday(30),
    streetAddress: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    startTime: '11:00',
    endTime: '14:30',
    plannedGuestCount: '250',
    operation: TRUCK_OPERATION,
    packageChoice: PACKAGE_NAMES[0]!,
    notes: 'Two vegan options, please.',
    reference: '',
    website: '',
    ...overrides,
  };
}

const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The real app with the real answer pages, rendered here from the page's own React form. */
async function startFormApp(env: Record<string, string>) {
  const built = buildTestConfig(env);
  const clientDir = join(built.dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  const page = (sent: boolean) =>
    `<!doctype html><html lang="en"><head><title>t</title></head><body>${renderToString(createElement(InquiryPage, { sent }))}</body></html>`;
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.form), page(false));
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.sent), page(true));
  // The landing page, whose prerendered form (with JavaScript off) posts to /inquiry too.
  writeFileSync(join(clientDir, 'index.html'), page(false));
  const config = { ...built.config, clientDir };
  const store = openSqliteStore(config.dataDir);
  const app = await buildApp(config, store);
  return { app, store, dataDir: built.dataDir, remove: built.remove };
}

describe('POST /inquiry (the form without JavaScript)', () => {
  let app: FastifyInstance;
  let store: InquiryStore;
  let remove: () => void;
  let dataDir: string;

  beforeAll(async () => {
    ({ app, store, dataDir, remove } = await startFormApp({ RATE_LIMIT_INQUIRIES_PER_IP: '1000' }));
  });
  afterAll(async () => {
    await app.close();
    remove();
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/inquiry',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
  const storedFor = async (email: string) => (await store.list()).filter((row) => row.email === email);

  it('stores a valid inquiry and answers with the thank-you page; the same form sent again is stored once', async () => {
    const fields = buildFormFields();
    const first = await post(encode(fields));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('We got your inquiry! 🎉');
    // Mini at $12 for 250 guests (over its 150 minimum), 18 % service, 8.25 % tax, in Austin: no travel.
    expect(first.body).toContain('Estimate: $3,832.05');
    const again = await post(encode(fields));
    expect(again.statusCode).toBe(200);
    const rows = await storedFor(fields.email!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Rosa',
      siteAddress: '100 Congress Ave, Austin, TX 78701',
      plannedGuestCount: 250,
      operation: TRUCK_OPERATION,
      package: PACKAGE_NAMES[0],
      source: 'web',
      spamReason: null,
    });
    // Changed, it is another inquiry.
    await post(encode({ ...fields, notes: 'And a dessert.' }));
    expect(await storedFor(fields.email!)).toHaveLength(2);
  });

  it('answers an invalid form with the form again: every value kept, each error by its field', async () => {
    const fields = buildFormFields({
      email: 'not an email',
      eventDate: dayFromToday(-5),
      startTime: '15:00',
      endTime: '14:00',
      firstName: '   ',
      notes: 'Keep <this> & "that"',
    });
    const response = await post(encode(fields));
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('id="inquiry-email-error">Please enter an email address.</p>');
    expect(html).toContain('id="inquiry-eventDate-error">Event date can’t be in the past.</p>');
    expect(html).toContain('id="inquiry-endTime-error">End time must be after the start time.</p>');
    expect(html).toContain('id="inquiry-firstName-error">Please fill out this field.</p>');
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not an email"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/aria-describedby="inquiry-email-error"/);
    expect(html).toContain('>Keep &lt;this&gt; &amp; &quot;that&quot;</textarea>');
    expect(html).toMatch(new RegExp(`<option value="${TRUCK_OPERATION}" selected=""`));
    expect(html).toContain('Please check these 4 fields');
    expect(await storedFor('not an email')).toHaveLength(0);
  });

  it('answers a post from the Spanish page in Spanish: each error, the summary and a refusal (record 360)', async () => {
    const fields = buildFormFields({
      email: 'no es correo',
      eventDate: dayFromToday(-5),
      startTime: '15:00',
      endTime: '14:00',
      language: 'es',
    });
    const response = await post(encode(fields));
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('id="inquiry-email-error">Escriba una dirección de correo electrónico.</p>');
    expect(html).toContain('id="inquiry-eventDate-error">La fecha del evento no puede estar en el pasado.</p>');
    expect(html).toContain('id="inquiry-endTime-error">La hora de fin debe ser posterior a la hora de inicio.</p>');
    expect(html).toContain('<h2>Revise estos 3 campos</h2>');
    expect(html).not.toContain('Please');
    // Refused before its body is read: the page it came from says the language.
    const refused = await post(encode(fields), { 'sec-fetch-site': 'cross-site', referer: 'http://x.test/es/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(
      '<h2>Su solicitud no se envió</h2><p>Envíe la solicitud desde nuestra propia página.</p>',
    );
    expect(await storedFor(fields.email!)).toHaveLength(0);
  });

  it('refuses an unavailable day beside Event date, every value kept, nothing stored (record 240)', async () => {
    const owners = openSqliteOwnerStore(dataDir);
    const day = dayFromToday(45);
    const block = await owners.calendar.blockDay(day, 'Family', { id: 'o', email: 'owner@example.com' }, new Date());
    try {
      const fields = buildFormFields({ eventDate: day, notes: 'Keep <this>' });
      const response = await post(encode(fields));
      expect(response.statusCode).toBe(409);
      const html = response.body;
      expect(html).toMatch(
        /id="inquiry-eventDate-error">We(’|&#x27;|&#39;|')re already booked on that date\. Please choose another\.<\/p>/,
      );
      expect(html).toMatch(new RegExp(`<input[^>]*name="eventDate"[^>]*value="${day}"[^>]*aria-invalid="true"`));
      expect(html).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${fields.email}"`));
      expect(html).toContain('>Keep &lt;this&gt;</textarea>');
      expect(html).not.toContain('Family');
      expect(await storedFor(fields.email!)).toHaveLength(0);
    } finally {
      await owners.calendar.unblockDay(block.id);
      await owners.close();
    }
  });

  it('applies the shared rules: a package only with the truck, the truck only with a package', async () => {
    const noPackage = await post(encode(buildFormFields({ packageChoice: '' })));
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.body).toContain('id="inquiry-packageChoice-error"');
    const unknown = await post(encode(buildFormFields({ packageChoice: 'Not a package' })));
    expect(unknown.statusCode).toBe(400);
    // Another service: the package select is ignored (it is always there without JavaScript).
    const other = OTHER_OPERATIONS[0];
    if (other) {
      const fields = buildFormFields({ operation: other });
      expect((await post(encode(fields))).statusCode).toBe(200);
      expect((await storedFor(fields.email!))[0]).toMatchObject({ operation: other, package: '' });
    }
  });

  it('flags the honeypot as spam and stores it all the same', async () => {
    const fields = buildFormFields({ website: 'https://spam.example' });
    expect((await post(encode(fields))).statusCode).toBe(200);
    expect((await storedFor(fields.email!))[0]).toMatchObject({ spamReason: 'honeypot' });
  });

  it('refuses a post from another site, with a page', async () => {
    const fields = buildFormFields();
    const response = await post(encode(fields), { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Your inquiry was not sent');
    expect(await storedFor(fields.email!)).toHaveLength(0);
  });

  it('answers a body that is too large with a page, never a 5xx', async () => {
    const response = await post(encode(buildFormFields({ notes: 'x'.repeat(40_000) })));
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('Your inquiry was not sent');
  });

  it('serves the form as a page, with a truck package chosen from the address', async () => {
    const response = await app.inject({ url: `/inquiry?package=${encodeURIComponent(PACKAGE_NAMES[0]!)}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`<option value="${PACKAGE_NAMES[0]}" selected=""`));
    expect(response.body).toMatch(/<form[^>]*action="\/inquiry"[^>]*method="post"/);
  });
});

describe('the form post, piece by piece', () => {
  it('reads only the known controls, the first value of each', () => {
    const parsed = parseFormBody('firstName=A&firstName=B&__proto__=x&constructor=y&website=w');
    expect(parsed.values.firstName).toBe('A');
    expect(Object.keys(parsed.values)).toEqual([...FORM_CONTROLS]);
    expect(parsed.website).toBe('w');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('derives the same keys from the same inquiry, whenever it is sent, and others from another', () => {
    const values = parseFormBody(encode(buildFormFields())).values;
    const at = (ms: number) => toInquiryBody(values, { now: new Date(ms), website: '', fillMs: 0 });
    const a = formInquiryKeys(TEST_SESSION_SECRET, at(0));
    expect(formInquiryKeys(TEST_SESSION_SECRET, at(60_000))).toEqual(a);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.uid).toMatch(/^[\w-]{22}$/);
    const other = toInquiryBody({ ...values, notes: 'else' }, { now: new Date(0), website: '', fillMs: 0 });
    expect(formInquiryKeys(TEST_SESSION_SECRET, other).id).not.toBe(a.id);
    expect(formInquiryKeys('another-secret-0123456789abcdefghij', at(0)).id).not.toBe(a.id);
  });

  it('words each control’s problem as the form does', () => {
    const values = parseFormBody(encode(buildFormFields({ plannedGuestCount: '2.5', phoneNumber: 'call me' }))).values;
    expect(controlErrors(values, content)).toEqual({
      plannedGuestCount: 'Please enter a whole number from 1 to 100,000.',
      // The shared text rules' words, as the form with JavaScript shows them.
      phoneNumber: 'This field must hold at least 7 digits.',
    });
  });
});

describe('the spam timing without JavaScript: the form page’s signed render time', () => {
  it('flags a post sent sooner after its form page than a person can; believes no time it did not sign', async () => {
    const { app, store, remove } = await startFormApp({ MIN_FILL_SECONDS: '3', RATE_LIMIT_INQUIRIES_PER_IP: '1000' });
    try {
      const post = (fields: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/inquiry',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encode(fields),
        });
      const formPage = (await app.inject({ method: 'GET', url: '/inquiry' })).body;
      const started = /<input type="hidden" name="started" value="([^"]+)">/.exec(formPage)?.[1];
      expect(started).toMatch(/^\d{13}\.[\w-]{43}$/);
      const hurried = buildFormFields({ started: started! });
      const patient = buildFormFields({ started: signedStart(TEST_SESSION_SECRET, Date.now() - 4_000) });
      const forged = buildFormFields({ started: `${Date.now() - 60_000}.${'x'.repeat(43)}` });
      const without = buildFormFields();
      for (const fields of [hurried, patient, forged, without]) expect((await post(fields)).statusCode).toBe(200);
      const spamOf = async (fields: Record<string, string>) =>
        (await store.list()).find((row) => row.email === fields.email)?.spamReason;
      expect(await spamOf(hurried)).toBe('too-fast');
      expect(await spamOf(patient)).toBeNull();
      // No time the server signed (a script that never loaded a page, or forged one): too fast, kept and flagged.
      expect(await spamOf(forged)).toBe('too-fast');
      expect(await spamOf(without)).toBe('too-fast');
    } finally {
      await app.close();
      remove();
    }
  });

  it('times a post from the landing page by the cookie that page set (its prerendered form carries no time)', async () => {
    const { app, store, remove } = await startFormApp({ MIN_FILL_SECONDS: '3', RATE_LIMIT_INQUIRIES_PER_IP: '1000' });
    try {
      const landing = await app.inject({ method: 'GET', url: '/' });
      const setCookie = String(landing.headers['set-cookie']);
      expect(setCookie).toMatch(
        /^curbside_form_started=\d{13}\.[\w-]{43}; Path=\/inquiry; HttpOnly; SameSite=Strict; Max-Age=86400$/,
      );
      // Each visitor's own: no shared cache may keep it.
      expect(landing.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      // A reload answered 304 starts the time again.
      const reload = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': landing.headers.etag! } });
      expect(reload.statusCode).toBe(304);
      expect(String(reload.headers['set-cookie'])).toMatch(/^curbside_form_started=\d{13}\./);

      const postWith = (fields: Record<string, string>, cookie: string) =>
        app.inject({
          method: 'POST',
          url: '/inquiry',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          payload: encode(fields),
        });
      const spamOf = async (fields: Record<string, string>) =>
        (await store.list()).find((row) => row.email === fields.email)?.spamReason;
      const hurried = buildFormFields();
      expect((await postWith(hurried, setCookie.split(';')[0]!)).statusCode).toBe(200);
      expect(await spamOf(hurried)).toBe('too-fast');
      const fourSecondsAgo = signedStart(TEST_SESSION_SECRET, Date.now() - 4_000);
      const patient = buildFormFields();
      expect((await postWith(patient, `other=1; curbside_form_started=${fourSecondsAgo}`)).statusCode).toBe(200);
      expect(await spamOf(patient)).toBeNull();
      // Sent back with an error, the form page keeps the landing page's time for the next post.
      const mistaken = await postWith(
        buildFormFields({ eventDate: dayFromToday(-5) }),
        `curbside_form_started=${fourSecondsAgo}`,
      );
      expect(mistaken.statusCode).toBe(400);
      expect(mistaken.body).toContain(`<input type="hidden" name="started" value="${fourSecondsAgo}">`);
    } finally {
      await app.close();
      remove();
    }
  });

  it('reads a render time only when signed with the secret, not from the future, and not older than a day', () => {
    const now = Date.now();
    expect(startedAt(TEST_SESSION_SECRET, signedStart(TEST_SESSION_SECRET, now - 5_000), now)).toBe(now - 5_000);
    expect(
      startedAt('another-secret-0123456789abcdefghij', signedStart(TEST_SESSION_SECRET, now), now),
    ).toBeUndefined();
    expect(startedAt(TEST_SESSION_SECRET, signedStart(TEST_SESSION_SECRET, now + 60_000), now)).toBeUndefined();
    expect(startedAt(TEST_SESSION_SECRET, signedStart(TEST_SESSION_SECRET, now - 25 * 3_600_000), now)).toBeUndefined();
    expect(startedAt(TEST_SESSION_SECRET, '', now)).toBeUndefined();
  });
});
