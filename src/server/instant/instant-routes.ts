// POST /book-now/:token (record 350): the form "Book now" on the page after a send.
// Everything is checked again here and in the store's transaction; a refusal is a page
// that says why, and changes nothing. Done: on to the quote page, where the deposit is
// paid through the payment provider ("Pay deposit"), which books it (record 146).
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { eventPlanning } from '../../../content/event-settings.js';
import { heldSince } from '../../shared/availability.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { type Language, languageOf } from '../../shared/language.js';
import { todayIn } from '../../shared/time-zone.js';
import type { Clock } from '../clock.js';
import type { Notifier } from '../notify/notifier.js';
import type { Config } from '../config.js';
import { acceptanceDigest, acceptanceKey } from '../quotes/acceptance-digest.js';
import { quotePath } from '../quotes/quote-link.js';
import { page, quotePageStyle } from '../quotes/quote-page.js';
import { acceptedSnapshot } from '../quotes/quote-page-routes.js';
import { postedFromThisSite, publicOriginOf } from '../same-origin.js';
import type { ContentPort } from '../site/content-port.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { InstantResult } from '../store/quote-store.js';
import { formLanguageOf } from '../routes/form-post.js';
import { type InstantWords, instantEn } from '../words/instant-en.js';
import { instantEs } from '../words/instant-es.js';
import {
  type BookNowOffer,
  bookNowOffer,
  inquiryOfToken,
  instantBookable,
  instantLinkKey,
  instantNote,
  instantQuote,
} from './instant-booking.js';

export interface InstantRouteOptions {
  owners: OwnerStore;
  notifier: Pick<Notifier, 'kick'>;
  /** The "Book now" links' key (instantLinkKey) and the quotes' (the page it leads to). */
  instantKey: Buffer;
  quoteKey: Buffer;
  digestKey: Buffer;
  clock: Clock;
  /** Whether a payment provider takes deposits online: without one, nothing is booked instantly. */
  online: boolean;
  publicOrigin?: string | undefined;
  content: ContentPort;
}

/** Why "Book now" was refused, in the customer's words (English; Spanish in instant-es.ts, record 420). */
export const REFUSALS = {
  missing: instantEn.missing,
  quoted: instantEn.quoted,
  notNew: instantEn.notNew,
  dayTaken: instantEn.dayTaken,
  notOffered: instantEn.notOffered,
} as const satisfies Record<Exclude<InstantResult, { ok: true }>['refused'] | 'notOffered', string>;

/** The refusals' words in a language. */
const INSTANT_WORDS: Record<Language, InstantWords> = { en: instantEn, es: instantEs };

export const instantRoutes: FastifyPluginAsync<InstantRouteOptions> = async (app, options) => {
  const { owners, clock } = options;
  const site = () => options.content.current().content;
  // The form posts no fields: its body is read, and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  /** A refusal page in the inquiry's language (the page's it was sent from when none is known). */
  const refuse = (reply: FastifyReply, status: number, language: Language, why: (say: InstantWords) => string) => {
    const say = INSTANT_WORDS[language];
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src '${quotePageStyle(site()).hash}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      )
      .type('text/html; charset=utf-8')
      .send(
        page(
          site(),
          say.notBooked,
          `<h1>${say.notBooked}</h1><div class="notice" role="alert"><p>${escapeHtml(why(say))}</p></div><p>${escapeHtml(say.nothingChanged({ phone: site().contact.phone }))}</p>`,
          undefined,
          language,
        ),
      );
  };

  app.post<{ Params: { token: string } }>('/book-now/:token', async (request, reply) => {
    // Read first (nothing changes), so that even a refusal is in the inquiry's language.
    const id = inquiryOfToken(options.instantKey, request.params.token);
    const found = id ? await owners.inbox.getInquiry(id) : undefined;
    const language = found ? languageOf(found.inquiry.language) : formLanguageOf(request);
    if (!postedFromThisSite(request, options.publicOrigin))
      return refuse(reply, 403, language, (say) => say.fromOurPage);
    if (!found) return refuse(reply, 404, language, (say) => say.missing);
    const inquiry = found.inquiry as StoredInquiry;
    const content = site();
    const today = todayIn(content.timeZone, clock());
    const quote =
      options.online && instantBookable(content, inquiry) ? instantQuote(inquiry, content, today) : undefined;
    if (!quote) return refuse(reply, 409, language, (say) => say.notOffered);
    const at = new Date(clock());
    const result = await owners.quotes.bookInstantly(
      inquiry.id,
      quote,
      instantNote(quote, content),
      (sent) => {
        const snapshot = acceptedSnapshot(sent, inquiry, content.name);
        const hash = acceptanceDigest(options.digestKey, snapshot);
        return { at: at.toISOString(), from: request.ip, snapshot, hash };
      },
      { perDay: eventPlanning(content).eventsPerDay, heldSince: heldSince(content.sale, at.getTime()) },
      today,
      at,
    );
    if (!result.ok) return refuse(reply, 409, language, (say) => say[result.refused]);
    options.notifier.kick(1);
    return reply.redirect(quotePath(options.quoteKey, result.quote.id), 303);
  });
};

/** Registers "Book now" on `app`, and gives what a send offers (buildApp's one line for it). */
export async function instantBooking(
  app: FastifyInstance,
  options: Pick<InstantRouteOptions, 'owners' | 'notifier' | 'quoteKey' | 'clock' | 'content'> & {
    config: Config;
    /** The payment providers set up: deposits are online with one. */
    providers: readonly unknown[];
  },
): Promise<BookNowOffer> {
  const { config, providers, ...shared } = options;
  const instantKey = instantLinkKey(config.sessionSecret);
  const online = providers.length > 0;
  await app.register(instantRoutes, {
    ...shared,
    instantKey,
    digestKey: acceptanceKey(config.sessionSecret),
    online,
    publicOrigin: publicOriginOf(config.notify),
  });
  return bookNowOffer(instantKey, online, () => shared.content.current().content);
}
