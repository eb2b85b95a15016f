// The owner's area: every route under /api/owner and the inbox page, in one Fastify
// scope whose hooks apply to each of them (the Fastify demo's autohooks pattern), so a
// route added here cannot forget a guard:
// - answers are never cached nor indexed;
// - a state-changing request must come from this site's own pages (Origin, else 403);
// - in the signed-in part, a live owner session (else 401), found on request.owner.
// The visitor's API stays create-only: nothing here is reachable without a session
// but sign-in, the inbox's (empty) page, and the calendar feed, whose secret URL is
// its key (account-routes.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http-error.js';
import { notifyRoutes } from '../notify/notification-routes.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { accountRoutes, calendarFeedRoute } from './account-routes.js';
import { pushRoutes } from './push-routes.js';
import { preorderOwnerRoutes } from '../preorders/preorder-owner-routes.js';
import { scheduleRoutes } from '../schedule/schedule-routes.js';
import { blockedDayRoutes } from '../calendar/blocked-day-routes.js';
import { inboxRoutes } from './inbox-routes.js';
import { clearedCookie } from './session-cookie.js';
import { isSecure, sessionOf } from './owner-session.js';
import { signInRoutes } from './sign-in-routes.js';
import { quoteRoutes } from '../quotes/quote-routes.js';
import { numbersRoutes } from '../numbers/numbers-routes.js';
import { waitingRoutes } from './waiting-routes.js';
import { isThisSite, publicOriginOf } from '../same-origin.js';
import { ownerPaymentRoutes } from '../payments/owner-payment-routes.js';
import { eventSheetRoutes } from '../event-plan/event-sheet-routes.js';
import { siteRoutes } from '../site/site-routes.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Private answers, and state changes only from this site's own pages (same-origin.ts). */
function privateAndSameOrigin(publicOrigin: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isThisSite(request.headers.origin ?? '', request, publicOrigin))
      throw httpError(403, 'This request did not come from this site’s inbox: refused.');
  };
}

export const ownerArea: FastifyPluginAsync<OwnerAreaOptions> = async (app, options) => {
  app.decorateRequest('owner', undefined);
  app.decorateRequest('ownerToken', undefined);
  app.decorateRequest('secureCookies', false);
  const httpsSite = options.config.notify.publicUrl.startsWith('https:');
  app.addHook('onRequest', async (request) => {
    request.secureCookies = httpsSite || request.protocol === 'https';
  });
  app.addHook('onRequest', privateAndSameOrigin(publicOriginOf(options.config.notify)));

  await app.register(signInRoutes, options);
  await app.register(calendarFeedRoute, options);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', async (request, reply) => {
      const { owner, token } = await sessionOf(options.owners, request);
      if (!owner) {
        if (token) reply.header('set-cookie', clearedCookie(isSecure(request)));
        throw httpError(401, 'Sign in first.');
      }
      request.owner = owner;
      request.ownerToken = token;
    });
    await signedIn.register(inboxRoutes, options);
    await signedIn.register(notifyRoutes, options);
    await signedIn.register(accountRoutes, options);
    await signedIn.register(pushRoutes, options);
    await signedIn.register(scheduleRoutes, options);
    await signedIn.register(preorderOwnerRoutes, options);
    await signedIn.register(blockedDayRoutes, options);
    await signedIn.register(quoteRoutes, options);
    await signedIn.register(numbersRoutes, options);
    await signedIn.register(waitingRoutes, options);
    await signedIn.register(ownerPaymentRoutes, options);
    await signedIn.register(eventSheetRoutes, options);
    await signedIn.register(siteRoutes, options);
  });
};
