// Quotes through the real app on a real store: the owner's API (a draft from the
// inquiry, sending, revising, bad drafts refused) and the customer's page at its link
// (no JavaScript: plain forms; accepted once, declined, replaced, expired).
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { postForm } from '../../../tests/support/booked-event.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { call, cookieOf, ORIGIN, startOwnerApp, type OwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { until } from '../../../tests/support/until.js';
import type { InboxPage } from '../../shared/inbox-views.js';
import type { QuotesAnswer, QuoteView } from '../../shared/quote-views.js';
import { quoteTotals, saleRates } from '../../shared/pricing.js';
import { quoteState } from '../store/quote-store.js';
import { QUOTE_PAGE_SCRIPT } from './quote-page-script.js';

async function withInquiry(overrides: Parameters<typeof buildNewInquiry>[0] = {}, env: Record<string, string> = {}) {
  const t = await startOwnerApp(env);
  const cookie = await cookieOf(t.app);
  const inquiry = buildNewInquiry(overrides);
  await t.inquiries.create(inquiry);
  return { t, cookie, id: inquiry.id, inquiry };
}

async function draftOf(t: OwnerApp, cookie: string, id: string): Promise<QuotesAnswer> {
  const response = await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const send = (t: OwnerApp, cookie: string, id: string, body: unknown) =>
  call(t.app, 'POST', `/api/owner/inquiries/${id}/quotes`, { cookie, body });

const pathOf = (quote: QuoteView) => new URL(quote.url).pathname;

describe('the owner’s quotes', () => {
  it('starts a draft from the inquiry: the package for its guests, the content’s rates, valid for the content’s days', async () => {
    const { t, cookie, id } = await withInquiry({ document: { package: 'Basic', plannedGuestCount: 120 } });
    const answer = await draftOf(t, cookie, id);
    expect(answer.quotes).toEqual([]);
    expect(answer.draft.lines).toEqual([
      { description: 'Basic package, per guest', quantity: 120, unitPrice: 1600, kind: 'package' },
    ]);
    expect(answer.draft.serviceCharge).toBe(18_000);
    expect(answer.draft.deposit).toBe(25_000);
    expect(answer.currency).toBe(content.sale.currency);
  });

  it('sends a quote: totals computed on the server, Quoted, one version however often the same send is retried', async () => {
    const { t, cookie, id } = await withInquiry();
    const { draft } = await draftOf(t, cookie, id);
    const first = await send(t, cookie, id, draft);
    expect(first.statusCode, first.body).toBe(201);
    const quote = first.json() as QuoteView;
    expect(quote).toMatchObject({ version: 1, state: 'sent', validUntil: draft.validUntil });
    expect(quote.totals).toEqual(quoteTotals(draft.lines, { ...saleRates(content.sale) }));
    const again = await send(t, cookie, id, draft);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(quote.id);
    expect((await draftOf(t, cookie, id)).quotes).toHaveLength(1);
    expect((await t.owners.inbox.getInquiry(id))!.inquiry.status).toBe('quoted');
  });

  it('refuses a bad draft with each problem by its field, and stores nothing', async () => {
    const { t, cookie, id } = await withInquiry();
    const { draft } = await draftOf(t, cookie, id);
    const bad = {
      ...draft,
      lines: [{ description: 'Tacos\u0007', quantity: 0, unitPrice: 100, kind: 'item' }],
      deposit: 100_001,
      validUntil: '2020-01-01',
    };
    const response = await send(t, cookie, id, bad);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'deposit',
      'lines.0.description',
      'lines.0.quantity',
      'validUntil',
    ]);
    const nothing = await send(t, cookie, id, {
      ...draft,
      lines: [{ description: 'Free', quantity: 1, unitPrice: 0, kind: 'item' }],
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields.lines).toMatch(/more than nothing/);
    expect((await draftOf(t, cookie, id)).quotes).toEqual([]);
    expect((await send(t, cookie, '00000000-0000-4000-8000-000000000000', draft)).statusCode).toBe(404);
  });

  it('is only for a signed-in owner on this site', async () => {
    const { t, id } = await withInquiry();
    expect((await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`)).statusCode).toBe(401);
    const cookie = await cookieOf(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/owner/inquiries/${id}/quotes`,
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify((await draftOf(t, cookie, id)).draft),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('the customer’s quote page', () => {
  async function sent(overrides: Parameters<typeof buildNewInquiry>[0] = {}, env: Record<string, string> = {}) {
    const context = await withInquiry(overrides, env);
    const { draft } = await draftOf(context.t, context.cookie, context.id);
    const quote = (await send(context.t, context.cookie, context.id, draft)).json() as QuoteView;
    return { ...context, quote, path: pathOf(quote) };
  }

  it('shows the quote without JavaScript, private, with the event, lines, totals, terms and the accept form', async () => {
    const { t, path, inquiry } = await sent();
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // Its one script is the page's own (by its hash), and only for what a plain page cannot do.
    expect(page.body.match(/<script\b/g)).toHaveLength(1);
    expect(page.headers['content-security-policy']).toContain(`script-src '${QUOTE_PAGE_SCRIPT.hash}'`);
    expect(page.body).toContain(QUOTE_PAGE_SCRIPT.js);
    for (const text of [
      content.name,
      inquiry.document.siteAddress,
      'Total',
      'Deposit due',
      'Valid until',
      'I accept the terms',
      'Accept quote',
      'Decline',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain('$5,109.40');
  });

  it('is Viewed on the page’s own post after a person’s touch, not on a GET of its link (a mail scanner’s)', async () => {
    const { t, quote, path, cookie } = await sent();
    const stateOf = async () => quoteState((await t.owners.quotes.get(quote.id))!, '2026-01-01');
    // A scanner fetches the link with any headers it likes, and follows what it finds.
    for (const headers of [{}, { 'user-agent': 'Mozilla/5.0 (compatible; SafeLinks)', 'sec-fetch-site': 'none' }]) {
      expect((await t.app.inject({ url: path, headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `${path}/status` })).json()).toEqual({ state: 'sent' });
    expect(await stateOf()).toBe('sent');
    // Another site cannot mark it, nor can the owner previewing it.
    const viewed = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${path}/viewed`, headers });
    expect((await viewed({ origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    );
    expect((await viewed({ origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie })).statusCode).toBe(204);
    expect(await stateOf()).toBe('sent');
    // The page's script posts it once a person touches, types or scrolls.
    expect((await viewed({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
    expect(await stateOf()).toBe('viewed');
    // The page then no longer asks to post it.
    expect((await t.app.inject({ url: path })).body).not.toContain('data-view');
  });

  it('answers an unknown or forged link with a 404 page', async () => {
    const { t, path } = await sent();
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const url of [forged, '/quote/nothing', `${path}x`])
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    // It knows no inquiry, so no language: it says so in the one the browser prefers (record 460).
    const english = await t.app.inject({ url: forged });
    expect(english.body).toContain('<h1>Quote not found</h1>');
    expect(english.body).toContain(`<meta name="description" content="A quote from ${content.name}">`);
    const spanish = await t.app.inject({ url: forged, headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<h1>Cotización no encontrada</h1>');
    expect(spanish.body).not.toContain('A quote from');
    const preferEnglish = await t.app.inject({ url: forged, headers: { 'accept-language': 'en-GB,es;q=0.8' } });
    expect(preferEnglish.body).toContain('<h1>Quote not found</h1>');
  });

  it('accepts once, with the terms ticked: the page says Accepted and the offline payment; a second accept changes nothing', async () => {
    const { t, quote, path } = await sent();
    const unticked = await postForm(t, `${path}/accept`, {});
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain('Tick “I accept the terms”');
    expect((await t.owners.quotes.get(quote.id))!.accepted).toBeNull();

    const accepted = await postForm(t, `${path}/accept`, { accept: 'yes' });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(path);
    const stored = (await t.owners.quotes.get(quote.id))!;
    expect(stored.accepted).toMatchObject({ from: '127.0.0.1' });
    expect(JSON.parse(stored.accepted!.snapshot).quote.totals).toEqual(quote.totals);
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Accepted');
    expect(page.body).toContain(content.sale.payOffline);
    expect(page.body).not.toContain('Accept quote');

    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
    expect((await t.owners.quotes.get(quote.id))!.accepted).toEqual(stored.accepted);
    expect((await postForm(t, `${path}/decline`, { reason: 'changed my mind' })).statusCode).toBe(409);
  });

  it('after acceptance speaks the inquiry’s language: the notice, the deposit, the final count, a replaced link (record 360)', async () => {
    const { t, cookie, id, path } = await sent({ language: 'es' });
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
    const page = (await t.app.inject({ url: path })).body;
    expect(page).toContain('<html lang="es">');
    expect(page).toMatch(/<strong>Aceptada<\/strong> el [^<]+\. ¡Gracias!/);
    expect(page).toContain('Huella de la aceptación');
    expect(page).toMatch(
      /<h2 id="pay">Cómo pagar el depósito<\/h2>\n<p>Depósito pendiente: <strong>[\d.]+,\d{2}\s?US\$<\/strong>/,
    );
    expect(page).toContain('<h2 id="final-count">Número final de invitados</h2>');
    expect(page).toContain('<h2 id="on-the-day">El día del evento</h2>');
    expect(page).toContain('Guardar el número final');
    expect(page).not.toMatch(/Accepted|Deposit due|Final guest count|On the day|Thank you|Save details/);
    const { draft } = await draftOf(t, cookie, id);
    expect((await send(t, cookie, id, { ...draft, deposit: 50_000 })).statusCode).toBe(201);
    const replaced = (await t.app.inject({ url: path })).body;
    expect(replaced).toContain('<h1>Esta cotización fue reemplazada</h1>');
    expect(replaced).toContain('<html lang="es">');
  });

  /** An acceptance posted from evil.example, with these headers besides. */
  const acceptFromElsewhere = (t: OwnerApp, path: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `${path}/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', ...headers },
      payload: 'accept=yes',
    });

  it('refuses an answer posted from another site', async () => {
    const { t, path } = await sent();
    expect((await acceptFromElsewhere(t, path, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('takes no X-Forwarded-Host for this site, even behind a trusted proxy', async () => {
    const { t, path } = await sent({}, { TRUST_PROXY: '1' });
    expect((await acceptFromElsewhere(t, path, { 'x-forwarded-host': 'evil.example' })).statusCode).toBe(403);
  });

  it('takes a post from its own page that Chromium sends with Origin: null (the page’s no-referrer), vouched by Sec-Fetch-Site', async () => {
    const { t, quote, path } = await sent();
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${path}/accept`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', ...headers },
        payload: 'accept=yes',
      });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await t.owners.quotes.get(quote.id))!.accepted).toBeNull();
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
  });

  it('declines with an optional reason, asked on a step of its own', async () => {
    const { t, quote, path } = await sent();
    const step = await t.app.inject({ url: `${path}?step=decline` });
    expect(step.body).toContain('Reason (optional)');
    expect(step.body).toContain('Decline quote');
    expect((await postForm(t, `${path}/decline`, { reason: 'Too far for us' })).statusCode).toBe(303);
    expect((await t.owners.quotes.get(quote.id))!.declineReason).toBe('Too far for us');
    expect((await t.app.inject({ url: path })).body).toContain('Declined');
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(409);
  });

  it('retires the old link when the owner revises: it says it was replaced and links nothing else', async () => {
    const { t, cookie, id, path } = await sent();
    const { draft } = await draftOf(t, cookie, id);
    const revised = await send(t, cookie, id, { ...draft, deposit: 50_000 });
    expect(revised.json().version).toBe(2);
    const old = await t.app.inject({ url: path });
    expect(old.body).toContain('This quote was replaced');
    expect(old.body).not.toContain('<a ');
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(409);
  });

  it('refuses a revision of a version the customer accepted since the draft was drawn (409), and takes one drawn after (record 202)', async () => {
    const { t, cookie, id, path } = await sent();
    const { draft } = await draftOf(t, cookie, id);
    expect(draft.revises).toEqual({ version: 1, accepted: false });
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
    const late = await send(t, cookie, id, { ...draft, deposit: 50_000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('the customer just accepted version 1');
    expect((await t.app.inject({ url: path })).body).toContain('<strong>Accepted</strong>');
    // Drawn again, the draft says it saw the acceptance: revising an accepted quote is meant.
    const again = await draftOf(t, cookie, id);
    expect(again.quotes[0]!.state).toBe('accepted');
    expect(again.draft.revises).toEqual({ version: 1, accepted: true });
    const revised = await send(t, cookie, id, { ...again.draft, deposit: 50_000 });
    expect(revised.statusCode, revised.body).toBe(201);
    expect(revised.json().version).toBe(2);
  });

  it('cannot be accepted past its last day: the page says it expired and whom to ask', async () => {
    const { t, id, cookie } = await withInquiry();
    const { draft } = await draftOf(t, cookie, id);
    const rates = saleRates(content.sale);
    // Sent long ago (the API refuses a last day in the past; the store keeps what it is given).
    const quote = (await t.owners.quotes.send(
      id,
      {
        ...draft,
        rates,
        validUntil: '2020-01-01',
        currency: 'USD',
        totals: quoteTotals(draft.lines, rates),
        terms: 'T',
        message: '',
      },
      { id: 'o', email: 'owner@example.com' },
      new Date(),
      'sent',
    ))!;
    const path = new URL((await draftOf(t, cookie, id)).quotes[0]!.url).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Expired');
    expect(page.body).toContain(content.contact.phone);
    expect(page.body).not.toContain('Accept quote');
    expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(409);
    expect((await t.owners.quotes.get(quote.id))!.accepted).toBeNull();
  });
});

describe('the owner’s own line with a quote (record 213)', () => {
  it('shows each quoted lead’s worth in the inbox’s list: the newest version’s total', async () => {
    const { t, cookie, id } = await withInquiry();
    const waiting = buildNewInquiry();
    await t.inquiries.create(waiting);
    const { draft } = await draftOf(t, cookie, id);
    await send(t, cookie, id, draft);
    const more = [{ ...draft.lines[0]!, quantity: draft.lines[0]!.quantity + 10 }, ...draft.lines.slice(1)];
    const revised = (await send(t, cookie, id, { ...draft, lines: more })).json() as QuoteView;
    expect(revised.version).toBe(2);
    const list = (await call(t.app, 'GET', '/api/owner/inquiries', { cookie })).json() as InboxPage;
    const row = (inquiryId: string) => list.inquiries.find((each) => each.id === inquiryId)!;
    expect(row(id).quoteTotal).toBe(revised.totals.total);
    expect(revised.totals.total).not.toBe((await draftOf(t, cookie, id)).quotes[0]!.totals.total);
    expect(row(waiting.id)).not.toHaveProperty('quoteTotal');
  });

  it('goes with the version: in the customer’s e-mail, on the quote page, and in the inbox; a bad one is refused by its field', async () => {
    const smtp = await startSmtp();
    try {
      const { t, cookie, id, inquiry } = await withInquiry(
        {},
        { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tacos.example' },
      );
      await t.app.notifier.start();
      const { draft } = await draftOf(t, cookie, id);
      const refused = await send(t, cookie, id, { ...draft, message: 'Hi\u0007' });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['message']);
      expect((await draftOf(t, cookie, id)).quotes).toEqual([]);

      const message = `Hi ${inquiry.document.firstName}, great to hear from you again!\nThe churro cart is on us.`;
      const sent = await send(t, cookie, id, { ...draft, message: `  ${message} ` });
      expect(sent.statusCode, sent.body).toBe(201);
      const quote = sent.json() as QuoteView;
      expect(quote.message).toBe(message);
      expect((await draftOf(t, cookie, id)).quotes[0]!.message).toBe(message);

      const page = (await t.app.inject({ url: pathOf(quote) })).body;
      expect(page).toContain(`<h2 id="message">A note from ${content.name}</h2>`);
      expect(page).toContain('The churro cart is on us.');
      const mail = await until('the quote’s e-mail', () =>
        smtp.received.find((each) => each.rcptTo.includes(inquiry.document.email)),
      );
      expect(mail.text).toContain('great to hear from you again!');
      // Without one, nothing of it: the e-mail and page as before.
      const plain = await withInquiry();
      const without = (
        await send(plain.t, plain.cookie, plain.id, (await draftOf(plain.t, plain.cookie, plain.id)).draft)
      ).json() as QuoteView;
      expect(without.message).toBe('');
      expect((await plain.t.app.inject({ url: pathOf(without) })).body).not.toContain('id="message"');
    } finally {
      await smtp.stop();
    }
  });
});
