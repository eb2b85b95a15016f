// The customer's side of a quote, at its unguessable link: the page, accepting it (at
// most once, keeping what was accepted), declining it, paying its deposit through the
// payment provider (record 145), and once accepted the event's final guest count and the
// day's details until the cutoff (record 170). Plain forms posted back to the page,
// answered with a redirect (to the page: a reload posts nothing twice; or to the
// provider's checkout). Only posts from the page itself are taken; the token is never
// logged (app.ts redacts it).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type EventSettings, eventPlanning } from '../../shared/event-plan.js';
import { QUOTE_LIMITS } from '../../shared/quote-views.js';
import { textProblem } from '../../shared/text-rules.js';
import { todayIn } from '../../shared/time-zone.js';
import type { ContentPort } from '../site/content-port.js';
import type { BusinessContent } from '../../../content/schema.js';
import { holdEndsAt } from '../../shared/availability.js';
import type { Clock } from '../clock.js';
import { cookieValue } from '../cookie-value.js';
import { planFieldLabel, readDetails, readFinalCount } from '../event-plan/event-plan-forms.js';
import { type EventPlanProblem, eventPlanSections, planOpen } from '../event-plan/event-plan-page.js';
import { type SaleFigures, saleFiguresOf } from '../event-plan/sale-figures.js';
import { httpError } from '../http-error.js';
import type { Notifier } from '../notify/notifier.js';
import type { Deposits } from '../payments/deposits.js';
import { COOKIE, SECURE_COOKIE } from '../owner/session-cookie.js';
import type { NewFinalCount } from '../store/event-plan-store.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { RateCounts } from '../store/rate-counts.js';
import type { RateLimit } from '../config.js';
import type { OwnerStore } from '../store/owner-store.js';
import { isAgreed, quoteState } from '../sale/quote-state.js';
import type { Quote } from '../store/quote-store.js';
import { acceptanceDigest } from './acceptance-digest.js';
import { type PageErrorOptions, pageErrorHandler } from './page-errors.js';
import { type Language, languageOf } from '../../shared/language.js';
import { browserLanguage } from '../words/browser-language.js';
import { planMessageIn } from '../words/plan-messages.js';
import { QUOTE_AFTER_CATALOGS, QUOTE_CATALOGS } from '../words/words.js';
import { type QuoteFailureWords, quoteFailuresEn } from '../words/quote-failures-en.js';
import { quoteFailuresEs } from '../words/quote-failures-es.js';
import { quoteIdOf } from './quote-link.js';
import { QUOTE_PAGE_SCRIPT, quotePageScript } from './quote-page-script.js';
import {
  awaitingPayment,
  type DepositStep,
  notFoundPage,
  paymentSection,
  quotePageStyle,
  type QuotePageOptions,
  quotePage,
  replacedPage,
  tooManyPostsPage,
} from './quote-page.js';
import { postedFromThisSite } from '../same-origin.js';

export interface QuotePageRouteOptions {
  owners: OwnerStore;
  notifier: Pick<Notifier, 'kick'>;
  quoteKey: Buffer;
  /** The key acceptances are signed with (acceptance-digest.ts). */
  digestKey: Buffer;
  clock: Clock;
  /** The site's address (PUBLIC_URL): the provider sends the customer back to the page there. */
  publicUrl: string;
  /** "Pay deposit" through the first payment provider set up; without one, only the offline instructions. */
  deposits?: Deposits | undefined;
  /** PUBLIC_URL's origin, when set: a form posted from it is this site's (same-origin.ts). */
  publicOrigin?: string | undefined;
  /** The rate limits' counts, and how many posts one link may take (record 190). */
  counts: RateCounts;
  perLink: RateLimit;
  /** The site's live content: the business's name, time zone and event settings (record 251). */
  content: ContentPort;
}

/**
 * What the customer accepted, exactly as the page showed it: the business, the event,
 * the lines, the totals and the terms, as canonical JSON (keys in this fixed order).
 */
export function acceptedSnapshot(quote: Quote, inquiry: StoredInquiry, business: string): string {
  return JSON.stringify({
    business,
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

/** The page's CSP: its style's hash follows the live content's colours (record 251). */
const quotePageCsp = (of: BusinessContent, formTargets: readonly string[]) =>
  [
    "default-src 'none'",
    `style-src '${quotePageStyle(of).hash}'`,
    `script-src '${QUOTE_PAGE_SCRIPT.hash}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    ["form-action 'self'", ...formTargets].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export const quotePageRoutes: FastifyPluginAsync<QuotePageRouteOptions> = async (app, options) => {
  const site = () => options.content.current().content;
  const { owners, notifier, quoteKey, deposits, clock } = options;
  // "Pay deposit" posts here and is redirected on to the provider's checkout: form-action must allow it.
  const formTargets = deposits?.provider.checkoutOrigins ?? [];
  const csp = () => quotePageCsp(site(), formTargets);
  const today = () => todayIn(site().timeZone, clock());

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
      .header('content-security-policy', csp())
      .type('text/html; charset=utf-8')
      .send(page);

  type Params = { Params: { token: string } };
  const pathOf = (request: FastifyRequest<Params>) => `/quote/${request.params.token}`;

  /** The language of the inquiry each request's quote belongs to, once read (its failure page is in it, record 420). */
  const languages = new WeakMap<FastifyRequest, Language>();

  /** The quote and its inquiry the token opens, or undefined (not ours, or erased). */
  const load = async (token: string, request?: FastifyRequest) => {
    const id = quoteIdOf(quoteKey, token);
    const quote = id ? await owners.quotes.get(id) : undefined;
    const found = quote ? await owners.inbox.getInquiry(quote.inquiryId) : undefined;
    if (found && request) languages.set(request, languageOf(found.inquiry.language));
    return quote && found ? { quote, inquiry: found.inquiry as StoredInquiry } : undefined;
  };

  // A failure (the database down, a post from elsewhere) answers a page, the form's fields kept (record 210).
  app.setErrorHandler(pageErrorHandler(app, failurePages({ html, site, languages, load })));

  /** What the inquiry has paid so far. */
  const paidFor = async (quote: Quote) =>
    (await owners.payments.accountsOf([quote.inquiryId])).get(quote.inquiryId)?.paid ?? 0;

  type Returned = 'done' | 'cancelled' | undefined;
  type View = Omit<QuotePageOptions, 'content' | 'state' | 'payment' | 'deposit' | 'afterAcceptance' | 'script'> & {
    payment?: { returned?: Returned; problem?: string };
    saved?: 'count' | 'details';
    planProblem?: EventPlanProblem;
    /** The customer's own look (not the owner's preview): the page posts its first view (record 211). */
    customer?: boolean;
  };

  /**
   * Where the deposit stands (record 212): back from the provider paid or not, a checkout
   * still open at the provider, or simply due.
   */
  const depositStep = async (quote: Quote, paid: number, returned: Returned): Promise<DepositStep> => {
    const due = quote.totals.deposit - paid;
    const online = deposits !== undefined;
    if (!deposits || due <= 0) return { due, online, step: 'due' };
    if (returned === 'done') return { due, online, step: 'confirming' };
    if (returned === 'cancelled') return { due, online, step: 'cancelled' };
    const open = await owners.payments.checkoutFor(
      deposits.provider.name,
      quote.id,
      due,
      quote.currency,
      new Date(clock()),
    );
    return 'reuse' in open ? { due, online, step: 'open', checkoutUrl: open.reuse.url } : { due, online, step: 'due' };
  };

  /** After acceptance: how to pay, and the event's final count and the day's details (records 145, 170, 200). */
  const afterAcceptance = async ({ payment, ...view }: View, figures: SaleFigures) => {
    const { quote, inquiry } = view;
    const deposit = await depositStep(quote, figures.paid, payment?.returned);
    const paying = paymentSection({
      content: site(),
      quote,
      path: view.path,
      paid: figures.paid,
      balanceDue: figures.balanceDue ?? quote.totals.total - figures.paid,
      deposit,
      problem: payment?.problem,
      language: languageOf(inquiry.language),
    });
    // The date held until the deposit is paid (record 281): the page says until when, or that it ended.
    const until = quote.accepted && !quote.depositPaidAt ? holdEndsAt(quote.accepted.at, site().sale) : undefined;
    const hold = until ? { until, ended: clock() >= Date.parse(until) } : undefined;
    const { terms } = figures;
    if (!terms) return { deposit, payment: paying, afterAcceptance: '', hold };
    const [counts, details] = await Promise.all([
      owners.eventPlans.finalCounts(inquiry.id),
      owners.eventPlans.details(inquiry.id),
    ]);
    const plan = eventPlanSections({
      content: site(),
      path: view.path,
      inquiry,
      terms,
      figures,
      settings: eventPlanning(site()),
      finalCount: counts.at(-1),
      details,
      today: today(),
      saved: view.saved,
      problem: view.planProblem,
    });
    return { deposit, payment: paying, afterAcceptance: plan, hold };
  };

  /** Accepted, with its deposit paid or not: the customer's answer stands and the event is being planned. */
  const agreed = (quote: Quote) => isAgreed(quoteState(quote, today()));

  const render = async (reply: FastifyReply, status: number, view: View) => {
    const state = quoteState(view.quote, today());
    if (state === 'replaced') return html(reply, status, replacedPage(site(), languageOf(view.inquiry.language)));
    // Accepted: every figure of money and guests from the one function (record 200).
    const figures = agreed(view.quote) ? await saleFiguresOf(owners, view.inquiry, site()) : undefined;
    const after: Partial<Awaited<ReturnType<typeof afterAcceptance>>> = figures
      ? await afterAcceptance(view, figures)
      : {};
    const { payment: _payment, saved: _saved, planProblem: _problem, customer, ...page } = view;
    const script = quotePageScript({
      view: customer === true && state === 'sent',
      awaiting: awaitingPayment(after.deposit),
      state,
    });
    return html(reply, status, quotePage({ ...page, ...after, state, script, figures, content: site() }));
  };

  /** The request comes with the owner's session cookie: the owner looking at what the customer sees. */
  const fromOwner = (request: FastifyRequest) =>
    Boolean(cookieValue(request.headers.cookie, COOKIE) ?? cookieValue(request.headers.cookie, SECURE_COOKIE));

  /** Only a form of this site's own pages may answer a quote. */
  const sameSite = async (request: FastifyRequest) => {
    if (!postedFromThisSite(request, options.publicOrigin)) throw httpError(403, quoteFailuresEn.fromQuotePage);
  };

  /**
   * Posts to one link, counted under its quote (never the token: PostgreSQL stores the
   * key): a link held by many, or a script, cannot flood the owner (record 190). Past the
   * limit, a page that says when to try again, with 429 and Retry-After.
   */
  const perLink = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    const id = quoteIdOf(quoteKey, request.params.token);
    if (!id) return;
    const { count, msLeft } = await options.counts.hit(`quote-posts:${id}`, options.perLink.windowMs);
    if (count <= options.perLink.max) return;
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    // In the inquiry's language (record 360): read only for a post refused here.
    const language = languageOf((await load(request.params.token, request))?.inquiry.language);
    return html(reply.header('retry-after', String(seconds)), 429, tooManyPostsPage(site(), seconds, language));
  };

  app.get<Params & { Querystring: { step?: string; saved?: string; payment?: string } }>(
    '/quote/:token',
    async (request, reply) => {
      const found = await load(request.params.token, request);
      if (!found) return html(reply, 404, notFoundPage(site(), browserLanguage(request)));
      // A GET marks nothing: a mail scanner fetches the link too (record 211).
      const { saved, payment } = request.query;
      return render(reply, 200, {
        ...found,
        path: pathOf(request),
        customer: !fromOwner(request),
        declining: request.query.step === 'decline',
        ...(saved === 'count' || saved === 'details' ? { saved } : {}),
        payment: { returned: payment === 'done' || payment === 'cancelled' ? payment : undefined },
      });
    },
  );

  // The page's script, on a person's first touch, key or scroll: the customer has seen the quote (record 211).
  app.post<Params>('/quote/:token/viewed', { onRequest: sameSite }, async (request, reply) => {
    const found = await load(request.params.token, request);
    if (!found) return reply.status(404).send();
    if (!fromOwner(request) && quoteState(found.quote, today()) === 'sent')
      await owners.quotes.markViewed(found.quote.id, new Date(clock()));
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  // What the page's script asks while a payment is being confirmed (record 212): the quote's state, nothing else.
  app.get<Params>('/quote/:token/status', async (request, reply) => {
    const found = await load(request.params.token, request);
    if (!found) return reply.status(404).header('cache-control', 'no-store').send({ state: null });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send({ state: quoteState(found.quote, today()) });
  });

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/accept',
    { onRequest: [sameSite, perLink] },
    async (request, reply) => {
      const found = await load(request.params.token, request);
      if (!found) return html(reply, 404, notFoundPage(site(), browserLanguage(request)));
      const path = pathOf(request);
      if (request.body?.get('accept') !== 'yes') {
        return render(reply, 400, { ...found, path, problem: failuresFor(found.inquiry).tickAccept });
      }
      const snapshot = acceptedSnapshot(found.quote, found.inquiry, site().name);
      const at = new Date(clock()).toISOString();
      const result = await owners.quotes.accept(
        found.quote.id,
        { at, from: request.ip, snapshot, hash: acceptanceDigest(options.digestKey, snapshot) },
        today(),
      );
      if (result.ok) notifier.kick(1);
      // Accepted now or before: the page says so. Otherwise it says why not (replaced, expired, declined).
      if (result.ok || (result.state !== 'missing' && isAgreed(result.state))) return reply.redirect(path, 303);
      return render(reply, 409, { quote: result.quote ?? found.quote, inquiry: found.inquiry, path });
    },
  );

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/decline',
    { onRequest: [sameSite, perLink] },
    async (request, reply) => {
      const found = await load(request.params.token, request);
      if (!found) return html(reply, 404, notFoundPage(site(), browserLanguage(request)));
      const path = pathOf(request);
      const reason = (request.body?.get('reason') ?? '').normalize('NFC').trim();
      const problem = textProblem({ kind: 'lines' }, reason);
      if (problem || reason.length > QUOTE_LIMITS.declineReason) {
        const message = problem ? `The reason ${problem}.` : `At most ${QUOTE_LIMITS.declineReason} characters.`;
        const said = planMessageIn(languageOf(found.inquiry.language), message);
        return render(reply, 400, { ...found, path, declining: true, problem: said });
      }
      const result = await owners.quotes.decline(found.quote.id, reason, new Date(clock()), today());
      if (result.ok) notifier.kick(1);
      if (result.ok || result.state === 'declined') return reply.redirect(path, 303);
      return render(reply, 409, { quote: result.quote ?? found.quote, inquiry: found.inquiry, path });
    },
  );

  /**
   * The quote and its inquiry if the event's plan can still change on the page: the quote
   * accepted and the cutoff not past (else the page, saying why, with 409).
   */
  const openPlan = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    const found = await load(request.params.token, request);
    if (!found) return { answered: html(reply, 404, notFoundPage(site(), browserLanguage(request))) };
    const path = pathOf(request);
    if (
      !agreed(found.quote) ||
      !planOpen({ inquiry: found.inquiry, settings: eventPlanning(site()), today: today() })
    ) {
      return { answered: await render(reply, 409, { ...found, path }) };
    }
    return { found, path };
  };

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/final-count',
    { onRequest: [sameSite, perLink] },
    async (request, reply) => {
      const open = await openPlan(request, reply);
      if (!open.found) return open.answered;
      const { found, path } = open;
      const read = readFinalCount(request.body ?? new URLSearchParams(), eventPlanning(site()));
      if ('problem' in read) {
        const message = planMessageIn(languageOf(found.inquiry.language), read.problem);
        const planProblem = { form: 'count' as const, message, typed: read.typed };
        return render(reply, 400, { ...found, path, planProblem });
      }
      const planned = found.inquiry.plannedGuestCount;
      await owners.eventPlans.setFinalCount(found.inquiry.id, read.count, null, new Date(clock()), (previous) =>
        finalCountNote(read.count, previous?.guests ?? planned, previous === undefined),
      );
      // The owner hears of it once its quarter hour is over (reminders/final-count-changes.ts).
      return reply.redirect(`${path}?saved=count#final-count`, 303);
    },
  );

  app.post<Params & { Body: URLSearchParams }>(
    '/quote/:token/on-the-day',
    { onRequest: [sameSite, perLink] },
    async (request, reply) => {
      const open = await openPlan(request, reply);
      if (!open.found) return open.answered;
      const { found, path } = open;
      const read = readDetails(request.body ?? new URLSearchParams(), eventPlanning(site()));
      if (read.problem) {
        const message = planMessageIn(languageOf(found.inquiry.language), read.problem);
        const planProblem = { form: 'details' as const, message, typed: read.details };
        return render(reply, 400, { ...found, path, planProblem });
      }
      await owners.eventPlans.setDetails(found.inquiry.id, read.details, new Date(clock()), (previous) =>
        previous ? 'On-the-day details changed by the customer' : 'On-the-day details given by the customer',
      );
      return reply.redirect(`${path}?saved=details#on-the-day`, 303);
    },
  );

  app.post<Params>('/quote/:token/pay', { onRequest: [sameSite, perLink] }, async (request, reply) => {
    const found = await load(request.params.token, request);
    if (!found) return html(reply, 404, notFoundPage(site(), browserLanguage(request)));
    const path = pathOf(request);
    const state = quoteState(found.quote, today());
    // Paid already (or no provider, or a second press after it was paid): the page says so.
    if (!deposits || state === 'deposit-paid') return reply.redirect(path, 303);
    if (state !== 'accepted') return render(reply, 409, { ...found, path });
    const due = found.quote.totals.deposit - (await paidFor(found.quote));
    if (due <= 0) return reply.redirect(path, 303);
    try {
      const checkout = await deposits.checkout(found.quote, found.inquiry, due, `${options.publicUrl}${path}`);
      return reply.redirect(checkout.url, 303);
    } catch (error) {
      // The provider's own words can quote what was sent (the customer's address): its kind and status only.
      const { name, type, statusCode } = error as { name?: string; type?: string; statusCode?: number };
      request.log.error({ provider: deposits.provider.name, type: type ?? name, statusCode }, 'payment: no checkout');
      const problem = failuresFor(found.inquiry).paymentUnreachable;
      return render(reply, 503, { ...found, path, payment: { problem } });
    }
  });
};

const FAILURES: Record<Language, QuoteFailureWords> = { en: quoteFailuresEn, es: quoteFailuresEs };

/** How the quote page's failures are answered (record 210), in the inquiry's language where it is known (record 420). */
function failurePages(routes: {
  html: PageErrorOptions['html'];
  site: () => BusinessContent;
  /** The inquiry's language of each request that read it before it failed. */
  languages: WeakMap<FastifyRequest, Language>;
  load: (token: string) => Promise<{ inquiry: StoredInquiry } | undefined>;
}): PageErrorOptions {
  const { languages, load, site } = routes;
  return {
    html: routes.html,
    content: site,
    back: (request, language) => ({
      href: `/quote/${(request.params as { token: string }).token}`,
      text: FAILURES[language].backToQuote,
    }),
    labelOf: (name, language) => answerLabel(name, language, eventPlanning(site())),
    // Its inquiry's, if read before the failure, or read now for a refusal (the database
    // answers); a fault of the database before it was read leaves it to the browser (record 460).
    language: async (request, status) => {
      if (languages.has(request) || status >= 500) return languages.get(request) ?? browserLanguage(request);
      const token = (request.params as { token?: string }).token;
      const found = token ? await load(token).catch(() => undefined) : undefined;
      return languageOf(found?.inquiry.language);
    },
  };
}

/** The failure words for an inquiry's customer (record 420). */
const failuresFor = (inquiry: StoredInquiry) => FAILURES[languageOf(inquiry.language)];

/** A posted field's label as the quote page shows it in `language` (a page asking to send them again lists them so). */
function answerLabel(name: string, language: Language, settings: EventSettings): string | undefined {
  const after = QUOTE_AFTER_CATALOGS[language];
  const fixed: Record<string, string> = {
    accept: QUOTE_CATALOGS[language].acceptTerms,
    reason: FAILURES[language].reason,
    guests: after.finalCount,
    onSiteName: after.onSiteContact,
    onSitePhone: after.onSitePhone,
  };
  return fixed[name] ?? planFieldLabel(name, settings);
}

/** The history's line of a final count the customer set: 'Final guest count set by the customer: 120 (was 100 planned); Vegan 4'. */
export function finalCountNote(count: NewFinalCount, was: number, wasPlanned: boolean): string {
  const dietary = count.dietary.map((each) => `${each.label} ${each.count}`).join(', ');
  return `Final guest count set by the customer: ${count.guests} (was ${was}${wasPlanned ? ' planned' : ''})${dietary ? `; ${dietary}` : ''}`;
}
