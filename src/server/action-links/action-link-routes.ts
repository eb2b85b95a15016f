// A notification's action link (record 182) at /act/<token>, without a password: the
// token opens one action on one inquiry, once, until it expires. Its GET only asks (mail
// scanners fetch links) and says what was done; the POST from that page, or from the
// inbox's service worker (Accept: application/json), acts. The token is never logged
// (app.ts), nor sent on in a Referer.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { pageErrorHandler } from '../quotes/page-errors.js';
import { quotePageStyle } from '../quotes/quote-page.js';
import type { ContentPort } from '../site/content-port.js';
import { postedFromThisSite } from '../same-origin.js';
import type { Actor } from '../store/actor.js';
import type { InboxInquiry } from '../store/inbox-store.js';
import type { OwnerStore } from '../store/owner-store.js';
import { type ActionLink, readActionLink } from './action-link.js';
import { ACTION_WORDS, answeredPage, confirmPage, donePage, refusedPage } from './action-link-page.js';

export interface ActionLinkRouteOptions {
  owners: OwnerStore;
  key: Buffer;
  clock: Clock;
  /** PUBLIC_URL's origin, when it is set (same-origin.ts). */
  publicOrigin?: string | undefined;
  /** The site's live content (record 251): the pages' name and colours. */
  content: ContentPort;
}

/** Who a link acts as in the inquiry's history when it was e-mailed to several owners. */
export const FROM_A_NOTIFICATION: Actor = { id: 'action-link', email: 'an owner, from a notification' };

/** The pages' CSP: the style's hash follows the live content's colours. */
const cspOf = (styleHash: string) =>
  [
    "default-src 'none'",
    `style-src '${styleHash}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

type Refusal = { status: number; title: string; reason: string };
type Opened = { link: ActionLink; inquiry: InboxInquiry; by: Actor } | Refusal;

const NOT_OURS: Refusal = {
  status: 404,
  title: 'This link does not work',
  reason: 'It is not a link this site sent, or it was cut short. Open the inquiry in the inbox instead.',
};

/** The link, its inquiry and who it acts as; or why it does nothing. */
async function openLink(
  { owners, key, clock }: Pick<ActionLinkRouteOptions, 'owners' | 'key' | 'clock'>,
  token: string,
): Promise<Opened> {
  const link = readActionLink(key, token);
  if (!link) return NOT_OURS;
  if (link.expiresAt <= clock()) {
    return {
      status: 410,
      title: 'This link has expired',
      reason: 'The links in notifications work for a week. Open the inquiry in the inbox to answer it.',
    };
  }
  const found = await owners.inbox.getInquiry(link.inquiryId);
  if (!found) {
    return {
      status: 404,
      title: 'This inquiry is no longer here',
      reason: 'It may have been erased.',
    };
  }
  let by = FROM_A_NOTIFICATION;
  if (link.ownerId) {
    const owner = (await owners.listOwners()).find((each) => each.id === link.ownerId);
    if (!owner) {
      return {
        status: 403,
        title: 'This link no longer works',
        reason: 'It was sent to an owner account that has since been removed.',
      };
    }
    by = { id: owner.id, email: owner.email };
  }
  return { link, inquiry: found.inquiry, by };
}

export const actionLinkRoutes: FastifyPluginAsync<ActionLinkRouteOptions> = async (
  app,
  { owners, key, clock, publicOrigin, content },
) => {
  const site = () => content.current().content;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      // same-origin, not no-referrer: with no-referrer Chromium posts the page's form with 'Origin: null'.
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', cspOf(quotePageStyle(site()).hash))
      .type('text/html; charset=utf-8')
      .send(body);

  type Params = { Params: { token: string } };
  const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

  // The database down: a page saying to try again, or to the service worker, its JSON (record 210).
  app.setErrorHandler(
    pageErrorHandler(app, {
      html,
      content: site,
      back: (request) => ({ href: request.url, text: 'Back to the link’s page' }),
      json: (request, reply, status, message) =>
        wantsJson(request) ? reply.status(status).send({ done: false, message }) : undefined,
    }),
  );

  const open = (token: string) => openLink({ owners, key, clock }, token);

  app.get<Params>('/act/:token', async (request, reply) => {
    const opened = await open(request.params.token);
    if ('status' in opened) return html(reply, opened.status, refusedPage(site(), opened.title, opened.reason));
    const { link, inquiry } = opened;
    const usedAt = await owners.actionLinks.usedAt(link.linkId);
    if (usedAt) return html(reply, 200, donePage(site(), inquiry, link.action, usedAt));
    if (inquiry.status !== 'new') return html(reply, 200, answeredPage(site(), inquiry, inquiry.status));
    return html(reply, 200, confirmPage(site(), inquiry, link.action, `/act/${request.params.token}`));
  });

  app.post<Params>('/act/:token', async (request, reply) => {
    if (!postedFromThisSite(request, publicOrigin)) {
      return html(reply, 403, refusedPage(site(), 'Refused', 'Please use the button on the link’s own page.'));
    }
    const opened = await open(request.params.token);
    if ('status' in opened) {
      if (wantsJson(request)) return reply.status(opened.status).send({ done: false, message: opened.title });
      return html(reply, opened.status, refusedPage(site(), opened.title, opened.reason));
    }
    const { link, inquiry, by } = opened;
    const result = await owners.actionLinks.use(
      { linkId: link.linkId, inquiryId: inquiry.id, action: link.action, by },
      new Date(clock()),
    );
    if (wantsJson(request)) {
      const name = `${inquiry.firstName} ${inquiry.lastName}`;
      const message =
        result.outcome === 'done'
          ? `${ACTION_WORDS[link.action].done}: ${name}`
          : result.outcome === 'used'
            ? `Already done: ${name}`
            : result.outcome === 'answered'
              ? `Nothing to do: ${name}’s inquiry was answered already`
              : 'This inquiry is no longer here';
      return reply.status(result.outcome === 'missing' ? 404 : 200).send({ done: result.outcome === 'done', message });
    }
    // Back to the page, which now says what was done (a reload posts nothing twice).
    return reply.redirect(`/act/${request.params.token}`, 303);
  });
};
