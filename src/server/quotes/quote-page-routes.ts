// The customer's side of a quote, at its unguessable link: the page, accepting it (at
// most once, keeping what was accepted) and declining it. Plain forms posted back to
// the page, answered with a redirect to it (a reload posts nothing twice). Only posts
// from the page itself are taken; the token is never logged (app.ts redacts it).
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { content } from '../../../content/index.js';
import { QUOTE_LIMITS } from '../../shared/quote-views.js';
import { textProblem } from '../../shared/text-rules.js';
import { todayIn } from '../../shared/time-zone.js';
import type { Clock } from '../clock.js';
import { cookieValue } from '../cookie-value.js';
import { httpError } from '../http-error.js';
import { fromThisSite } from '../same-site.js';
import type { Notifier } from '../notify/notifier.js';
import { COOKIE, SECURE_COOKIE } from '../owner/session-cookie.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { OwnerStore } from '../store/owner-store.js';
import { type Quote, quoteState } from '../store/quote-store.js';
import { quoteIdOf } from './quote-link.js';
import {
  notFoundPage,
  offlinePayment,
  QUOTE_PAGE_STYLE,
  type QuotePageOptions,
  quotePage,
  replacedPage,
} from './quote-page.js';

export interface QuotePageRouteOptions {
  owners: OwnerStore;
  notifier: Pick<Notifier, 'kick'>;
  quoteKey: Buffer;
  clock: Clock;
  /** Form targets a page may post to beyond itself (a payment provider's checkout). */
  formTargets?: readonly string[];
}

/**
 * What the customer accepted, exactly as the page showed it: the business, the event,
 * the lines, the totals and the terms, as canonical JSON (keys in this fixed order).
 */
export function acceptedSnapshot(quote: Quote, inquiry: StoredInquiry): string {
  return JSON.stringify({
    business: content.name,
    quote: {
      id: quote.id,
      version: quote.version,
      currency: quote.currency,
      lines: quote.lines,
      rates: quote.rates,
      totals: quote.totals,
      validUntil: quote.validUntil,
      terms: quote.terms,
    },
    event: {
      name: inquiry.eventName,
      date: inquiry.eventDate,
      startTime: inquiry.startTime,
      endTime: inquiry.endTime,
      place: inquiry.siteAddress,
      guests: inquiry.plannedGuestCount,
    },
    customer: { firstName: inquiry.firstName, lastName: inquiry.lastName, email: inquiry.email },
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const quotePageRoutes: FastifyPluginAsync<QuotePageRouteOptions> = async (app, options) => {
  const { owners, notifier, quoteKey, clock } = options;
  const csp = [
    "default-src 'none'",
    `style-src '${QUOTE_PAGE_STYLE.hash}'`,
    "img-src 'self' data:",
    ["form-action 'self'", ...(options.formTargets ?? [])].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const today = () => todayIn(content.timeZone, clock());

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, text, done) => done(null, new URLSearchParams(text as string)),
  );

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      // The token is in the address: no other site learns it from a Referer. Not
      // no-referrer: Chromium would then post the page's own forms with `Origin: null`,
      // which sameSite refuses (record 020).
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(page);

  /** The quote and its inquiry the token opens, or undefined (not ours, or erased). */
  const load = async (token: string) => {
    const id = quoteIdOf(quoteKey, token);
    const quote = id ? await owners.quotes.get(id) : undefined;
    const found = quote ? await owners.inbox.getInquiry(quote.inquiryId) : undefined;
    return quote && found ? { quote, inquiry: found.inquiry as StoredInquiry } : undefined;
  };

  const render = (reply: FastifyReply, status: number, view: Omit<QuotePageOptions, 'state'>) => {
    const state = quoteState(view.quote, today());
    if (state === 'replaced') return html(reply, status, replacedPage());
    return html(reply, status, quotePage({ ...view, state, afterAcceptance: offlinePayment(view.quote) }));
  };

  /** Only a form of this site's own pages may answer a quote. */
  const sameSite = async (request: FastifyRequest) => {
    if (!fromThisSite(request)) throw httpError(403, 'Please answer from the quote’s own page.');
  };

  type Params = { Params: { token: string } };
  const pathOf = (request: FastifyRequest<Params>) => `/quote/${request.params.token}`;

  app.get<Params & { Querystring: { step?: string } }>('/quote/:token', async (request, reply) => {
    const found = await load(request.params.token);
    if (!found) return html(reply, 404, notFoundPage());
    // The owner looking at what the customer sees is not the customer's first look.
    const owner = cookieValue(request.headers.cookie, COOKIE) ?? cookieValue(request.headers.cookie, SECURE_COOKIE);
    const state = quoteState(found.quote, today());
    if (!owner && (state === 'sent' || state === 'viewed'))
      await owners.quotes.markViewed(found.quote.id, new Date(clock()));
    return render(reply, 200, { ...found, path: pathOf(request), declining: request.query.step === 'decline' });
  });

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/accept',
    { onRequest: sameSite },
    async (request, reply) => {
      const found = await load(request.params.token);
      if (!found) return html(reply, 404, notFoundPage());
      const path = pathOf(request);
      if (request.body?.get('accept') !== 'yes') {
        return render(reply, 400, { ...found, path, problem: 'Tick “I accept the terms” to accept the quote.' });
      }
      const snapshot = acceptedSnapshot(found.quote, found.inquiry);
      const at = new Date(clock()).toISOString();
      const result = await owners.quotes.accept(
        found.quote.id,
        { at, from: request.ip, snapshot, hash: sha256(snapshot) },
        today(),
      );
      if (result.ok) notifier.kick(1);
      // Accepted now or before: the page says so. Otherwise it says why not (replaced, expired, declined).
      if (result.ok || result.state === 'accepted') return reply.redirect(path, 303);
      return render(reply, 409, { quote: result.quote ?? found.quote, inquiry: found.inquiry, path });
    },
  );

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/decline',
    { onRequest: sameSite },
    async (request, reply) => {
      const found = await load(request.params.token);
      if (!found) return html(reply, 404, notFoundPage());
      const path = pathOf(request);
      const reason = (request.body?.get('reason') ?? '').normalize('NFC').trim();
      const problem = textProblem({ kind: 'lines' }, reason);
      if (problem || reason.length > QUOTE_LIMITS.declineReason) {
        const message = problem ? `The reason ${problem}.` : `At most ${QUOTE_LIMITS.declineReason} characters.`;
        return render(reply, 400, { ...found, path, declining: true, problem: message });
      }
      const result = await owners.quotes.decline(found.quote.id, reason, new Date(clock()), today());
      if (result.ok) notifier.kick(1);
      if (result.ok || result.state === 'declined') return reply.redirect(path, 303);
      return render(reply, 409, { quote: result.quote ?? found.quote, inquiry: found.inquiry, path });
    },
  );
};
