// The customer's pages when the database fails (record 210): the quote page's forms
// (accept, decline, final count, the day's details) and an action link's page answer an
// HTML page saying to try again, with what was typed kept in a form that sends it again,
// never the API's JSON. The store fails as the engines do (the errors store-faults.ts
// reads: SQLite's full disk, PostgreSQL's refused connection), through the real app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { content } from '../../../content/index.js';
import { bookedEvent, postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { call, cookieOf, ORIGIN, type OwnerApp, startOwnerApp } from '../../../tests/support/owner-app.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';
import { actionLinkKey, signActionLink } from '../action-links/action-link.js';

const DISK_FULL = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const NO_DATABASE = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

afterEach(() => {
  vi.restoreAllMocks();
});

/** A sent quote's page, not yet answered. */
async function sentQuote(t: OwnerApp) {
  const cookie = await cookieOf(t.app);
  const inquiry = buildNewInquiry();
  await t.inquiries.create(inquiry);
  const { draft } = (
    await call(t.app, 'GET', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie })
  ).json() as QuotesAnswer;
  const sent = await call(t.app, 'POST', `/api/owner/inquiries/${inquiry.id}/quotes`, { cookie, body: draft });
  expect(sent.statusCode, sent.body).toBe(201);
  const quote = sent.json() as QuoteView;
  return { inquiry, quote, path: new URL(quote.url).pathname };
}

/** The page answered, as a browser gets it: HTML, not JSON. */
function expectPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).not.toContain('"error"');
  return response.body;
}

/** The fields of the page's form that sends the post again, and where it posts. */
function sendAgain(html: string) {
  const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/s.exec(html);
  expect(form, 'a form that sends it again').not.toBeNull();
  const fields = [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name, value]) => [
      name!,
      value!
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"'),
    ],
  );
  expect(form![2]).toContain('>Try again</button>');
  return { action: form![1]!.replace(/&amp;/g, '&'), fields: Object.fromEntries(fields) as Record<string, string> };
}

describe('the quote page when the database fails', () => {
  it('answers “Accept quote” with a page to try again (503, Retry-After), and its “Try again” accepts once the database is back', async () => {
    const t = await startOwnerApp();
    const { quote, path } = await sentQuote(t);
    vi.spyOn(t.owners.quotes, 'accept').mockRejectedValue(DISK_FULL());
    const refused = await postForm(t, `${path}/accept`, { accept: 'yes' });
    const html = expectPage(refused, 503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(html).toContain('Please try again in 30 seconds');
    expect(html).toContain('<dt>I accept the terms</dt><dd>Yes</dd>');
    expect(html).toContain(`href="${path}"`);
    const again = sendAgain(html);
    expect(again).toEqual({ action: `${path}/accept`, fields: { accept: 'yes' } });
    expect((await t.owners.quotes.get(quote.id))!.accepted).toBeFalsy();

    vi.restoreAllMocks();
    expect((await postForm(t, again.action, again.fields)).statusCode).toBe(303);
    expect((await t.owners.quotes.get(quote.id))!.accepted).toBeTruthy();
  });

  it('keeps the reason typed for “Decline” when the database does not answer at all', async () => {
    const t = await startOwnerApp();
    const { path } = await sentQuote(t);
    vi.spyOn(t.owners.quotes, 'get').mockRejectedValue(NO_DATABASE());
    const reason = 'We found a truck closer to us & cheaper.\nThank you "anyway"';
    const refused = await postForm(t, `${path}/decline`, { reason });
    const html = expectPage(refused, 503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(html).toContain('<dt>Reason</dt><dd>We found a truck closer to us &amp; cheaper.');
    expect(sendAgain(html)).toEqual({ action: `${path}/decline`, fields: { reason } });
  });

  it('keeps the final count and the day’s details as typed, each with its label', async () => {
    const t = await startOwnerApp();
    const { path } = await bookedEvent(t, await cookieOf(t.app));
    vi.spyOn(t.owners.eventPlans, 'setFinalCount').mockRejectedValue(DISK_FULL());
    vi.spyOn(t.owners.eventPlans, 'setDetails').mockRejectedValue(DISK_FULL());
    const count = expectPage(await postForm(t, `${path}/final-count`, { guests: '135', 'diet-1': '12' }), 503);
    expect(count).toContain('<dt>Final guest count</dt><dd>135</dd>');
    expect(count).toContain(`<dt>${content.event!.dietaryCounts![0]}</dt><dd>12</dd>`);
    expect(sendAgain(count).fields).toEqual({ guests: '135', 'diet-1': '12' });

    const day = { onSiteName: 'Sam Ortiz', onSitePhone: '+1 512 555 0101', 'site-1': 'An outlet by the gym door' };
    const details = expectPage(await postForm(t, `${path}/on-the-day`, day), 503);
    expect(details).toContain('<dt>On-site contact</dt><dd>Sam Ortiz</dd>');
    expect(sendAgain(details)).toEqual({ action: `${path}/on-the-day`, fields: day });
  });

  it('shows the page itself, when it cannot be read, as a page with a link to try again', async () => {
    const t = await startOwnerApp();
    const { path } = await sentQuote(t);
    vi.spyOn(t.owners.inbox, 'getInquiry').mockRejectedValue(NO_DATABASE());
    const html = expectPage(await t.app.inject({ method: 'GET', url: path }), 503);
    expect(html).toContain(`<a href="${path}">Try again</a>`);
  });

  it('answers a fault of ours (500) and a post from another site (403) with pages too', async () => {
    const t = await startOwnerApp();
    const { path } = await sentQuote(t);
    vi.spyOn(t.owners.quotes, 'accept').mockRejectedValue(new TypeError('a bug'));
    const broken = expectPage(await postForm(t, `${path}/accept`, { accept: 'yes' }), 500);
    expect(broken).toContain('Something went wrong on our side. Please try again.');
    expect(broken).not.toContain('a bug');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      payload: 'accept=yes',
    });
    const refused = expectPage(foreign, 403);
    // No form that would post it from this site's page.
    expect(refused).not.toContain('<form');
    expect(refused).toContain('Please answer from the quote’s own page.');
  });
});

describe('the quote page’s failures for an inquiry sent in Spanish (record 420)', () => {
  it('says every failure page, refusal and validation message in Spanish', async () => {
    const t = await startOwnerApp();
    const { path } = await bookedEvent(t, await cookieOf(t.app), {}, 'es');
    vi.spyOn(t.owners.eventPlans, 'setFinalCount').mockRejectedValue(DISK_FULL());
    const count = expectPage(await postForm(t, `${path}/final-count`, { guests: '135' }), 503);
    expect(count).toContain('<html lang="es">');
    expect(count).toContain('<h1>Aún no se envió</h1>');
    expect(count).toContain('Inténtelo de nuevo en 30 segundos');
    expect(count).toContain('<p>Lo que envió se conserva:</p><dl><dt>Número final de invitados</dt><dd>135</dd>');
    expect(count).toContain('>Intentar de nuevo</button>');
    expect(count).toContain(`<a href="${path}">Volver a la cotización</a>`);
    expect(count).not.toMatch(/Not sent|Try again|Back to|storage|Please/);
    vi.restoreAllMocks();

    // Refused before the route reads anything (another site): the inquiry is read to say it in its language.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${path}/final-count`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      payload: 'guests=135',
    });
    const refused = expectPage(foreign, 403);
    expect(refused).toContain('<h1>No se hizo</h1>');
    expect(refused).toContain('Responda desde la página de la cotización, por favor.');

    // The final count's and the day's details' own checks.
    const wrongCount = expectPage(await postForm(t, `${path}/final-count`, { guests: 'many' }), 400);
    expect(wrongCount).toContain('Indique el número final de invitados como un número entero de 1 a');
    const wrongPhone = expectPage(await postForm(t, `${path}/on-the-day`, { onSitePhone: '12' }), 400);
    expect(wrongPhone).toContain('El teléfono en el lugar debe ser un número de teléfono');
    expect(wrongPhone).not.toContain('The on-site phone');
  });
});

describe('an action link’s page when the database fails', () => {
  it('answers its button with a page to try again, and the service worker with JSON', async () => {
    const t = await startOwnerApp();
    const inquiry = buildNewInquiry();
    await t.inquiries.create(inquiry);
    const token = signActionLink(actionLinkKey(t.config.sessionSecret), {
      inquiryId: inquiry.id,
      action: 'contacted',
      expiresAt: Date.now() + 60 * 60_000,
      ownerId: undefined,
    });
    vi.spyOn(t.owners.actionLinks, 'use').mockRejectedValue(NO_DATABASE());
    const url = `/act/${token}`;
    const page = expectPage(await t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN } }), 503);
    expect(sendAgain(page).action).toBe(url);
    const worker = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, accept: 'application/json' },
    });
    expect(worker.statusCode).toBe(503);
    expect(worker.json()).toEqual({ done: false, message: expect.stringContaining('Please try again') });
  });
});
