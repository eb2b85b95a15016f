// POST /book-now/:token (record 350): the form "Book now" on the page after a send.
// Everything is checked again here and in the store's transaction; a refusal is a page
// that says why, and changes nothing. Done: on to the quote page, where the deposit is
// paid through the payment provider ("Pay deposit"), which books it (record 146).
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { eventPlanning } from '../../../content/event-settings.js';
import { DAY_TAKEN_MESSAGE, heldSince } from '../../shared/availability.js';
import { escapeHtml } from '../../shared/escape-html.js';
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

/** Why "Book now" was refused, in the customer's words. */
export const REFUSALS = {
  missing: 'This “Book now” link does not lead to an inquiry.',
  quoted: 'This inquiry has its quote already: see it through the link in our e-mail.',
  notNew: 'This inquiry cannot be booked instantly any more: we will answer it ourselves.',
  dayTaken: DAY_TAKEN_MESSAGE,
  notOffered: 'This inquiry cannot be booked instantly: we will send you a quote ourselves.',
} as const satisfies Record<Exclude<InstantResult, { ok: true }>['refused'] | 'notOffered', string>;

export const instantRoutes: FastifyPluginAsync<InstantRouteOptions> = async (app, options) => {
  const { owners, clock } = options;
  const site = () => options.content.current().content;
  // The form posts no fields: its body is read, and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply
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
          'Not booked',
          `<h1>Not booked</h1><div class="notice" role="alert"><p>${escapeHtml(message)}</p></div><p>Nothing was changed. Questions? Call us: ${escapeHtml(site().contact.phone)}.</p>`,
        ),
      );

  app.post<{ Params: { token: string } }>('/book-now/:token', async (request, reply) => {
    if (!postedFromThisSite(request, options.publicOrigin)) return refuse(reply, 403, 'Please book from our own page.');
    const id = inquiryOfToken(options.instantKey, request.params.token);
    const found = id ? await owners.inbox.getInquiry(id) : undefined;
    if (!found) return refuse(reply, 404, REFUSALS.missing);
    const inquiry = found.inquiry as StoredInquiry;
    const content = site();
    const today = todayIn(content.timeZone, clock());
    const quote =
      options.online && instantBookable(content, inquiry) ? instantQuote(inquiry, content, today) : undefined;
    if (!quote) return refuse(reply, 409, REFUSALS.notOffered);
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
    if (!result.ok) return refuse(reply, 409, REFUSALS[result.refused]);
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
