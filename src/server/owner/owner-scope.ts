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
import type { Config } from '../config.js';
import { httpError } from '../http-error.js';
import { notifyRoutes } from '../notify/notification-routes.js';
import type { Notifier } from '../notify/notifier.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import type { Owner, OwnerStore } from '../store/owner-store.js';
import { accountRoutes, calendarFeedRoute } from './account-routes.js';
import { pushRoutes } from './push-routes.js';
import { scheduleRoutes } from '../schedule/schedule-routes.js';
import type { PushServices } from '../notify/channels/channel.js';
import { inboxRoutes } from './inbox-routes.js';
import { clearedCookie } from './session-cookie.js';
import { isSecure, sessionOf } from './owner-session.js';
import { signInRoutes } from './sign-in-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner (set in the signed-in part of the owner's area). */
    owner: Owner | undefined;
    ownerToken: string | undefined;
    /** The owner's cookies are Secure: see owner-session.ts isSecure. */
    secureCookies: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OwnerAreaOptions {
  config: Config;
  owners: OwnerStore;
  store: InquiryStore;
  notifier: Notifier;
  /** The owners' push devices and the server's push keys. */
  push: PushServices;
  /** After the owner changed the truck's schedule: the landing page shows it at once. */
  onScheduleChanged?: () => Promise<void>;
}

/**
 * Private answers, and state changes only from this site's own pages. A page on another
 * site can post here, and the browser would send its own Origin: it must be PUBLIC_URL's
 * origin (when set), or the Host header's host, exactly; the scheme may be http or https,
 * since a TLS proxy without TRUST_PROXY makes an https page's requests look like http
 * here. Never X-Forwarded-Host, which a client can send through a proxy that passes it on
 * (the review's nginx did), and which Fastify would take for the host once the proxy is
 * trusted.
 */
function privateAndSameOrigin(publicUrl: string | undefined) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin ?? '';
    const host = request.headers.host ?? '';
    const fromHere =
      (publicOrigin !== undefined && origin === publicOrigin) ||
      (host !== '' && (origin === `http://${host}` || origin === `https://${host}`));
    if (!fromHere) throw httpError(403, 'This request did not come from this site’s inbox: refused.');
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
  app.addHook(
    'onRequest',
    privateAndSameOrigin(options.config.notify.publicUrlSet ? options.config.notify.publicUrl : undefined),
  );

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
  });
};
