// Each owner's own choices, under /api/owner in the signed-in part of the owner's area
// (owner-scope.ts): e-mail about new inquiries on or off, signing out the other devices,
// and the private calendar feed of Booked inquiries with its reset.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eventPlanning, eventTimes } from '../../shared/event-plan.js';
import type { OwnerAccountView } from '../../shared/inbox-views.js';
import { localNow } from '../../shared/truck-schedule.js';
import { eventSheetPath } from '../event-plan/event-services.js';
import { httpError } from '../http-error.js';
import { inboxLink } from '../notify/messages.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { CALENDAR_TOKEN } from '../store/account-store.js';
import { calendarFeed } from './calendar.js';
import { isSecure } from './owner-session.js';
import { tokenHash } from './session-cookie.js';
import { deviceCookie, deviceToken } from './sign-in-guard.js';
import { OWNER_API } from '../../shared/owner-api.js';

/** The feed's path: its secret is the whole of its authority (a calendar app sends no cookie). */
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;

/**
 * The feed's secret: derived from the owner's seed with the server's secret (record 155),
 * so the store, and every backup of it, holds no live feed address.
 */
export const calendarTokenOf = (secret: string, seed: string) =>
  createHmac('sha256', secret).update(`curbside calendar\n${seed}`).digest('base64url');

export const accountRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'config' | 'owners'>> = async (
  app,
  { config, owners },
) => {
  /**
   * Where the site is: PUBLIC_URL, or else the host this request came to by its Host
   * header (never X-Forwarded-Host, which a client can send: see owner-scope.ts).
   */
  const siteOf = (request: FastifyRequest) =>
    config.notify.publicUrlSet ? config.notify.publicUrl : `${request.protocol}://${request.headers.host}`;
  const feedUrl = (request: FastifyRequest, seed: string) =>
    `${siteOf(request)}${calendarFeedPath(calendarTokenOf(config.sessionSecret, seed))}`;

  app.get(OWNER_API.account, async (request): Promise<OwnerAccountView> => {
    const owner = request.owner!;
    return {
      email: owner.email,
      notifyByEmail: owner.notifyByEmail,
      calendarFeedUrl: feedUrl(request, await owners.calendarSeed(owner.id)),
    };
  });

  app.put<{ Body: { notifyByEmail: boolean } }>(
    OWNER_API.accountEmail,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['notifyByEmail'],
          properties: { notifyByEmail: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      await owners.setNotifyByEmail(request.owner!.id, request.body.notifyByEmail);
      return { notifyByEmail: request.body.notifyByEmail };
    },
  );

  // Ends every way in but this session (record 155): the other sessions, the push devices
  // added from them, the device cookies (this browser gets a new one) and the calendar
  // feed's address. What a stolen session set up stops with it.
  app.post(OWNER_API.accountSignOutOthers, async (request, reply) => {
    const owner = request.owner!;
    const keep = tokenHash(request.ownerToken!);
    const signedOut = await owners.signOutOthers(owner.id, keep);
    const devicesTurnedOff = await owners.devices.removeDevicesNotFrom(owner.id, keep);
    const { deviceGeneration } = (await owners.findOwnerByEmail(owner.email))!;
    const secure = isSecure(request);
    reply.header('set-cookie', deviceCookie(deviceToken(config.sessionSecret, owner.email, deviceGeneration), secure));
    return {
      signedOut,
      devicesTurnedOff,
      calendarFeedUrl: feedUrl(request, await owners.calendarSeed(owner.id)),
    };
  });

  app.post(OWNER_API.accountFeedReset, async (request) => ({
    calendarFeedUrl: feedUrl(request, await owners.resetCalendarSeed(request.owner!.id)),
  }));
};

/**
 * The feed itself, outside the signed-in part: a calendar app fetches it with the secret
 * in its URL and nothing else. An unknown or reset secret is a 404 like any other.
 */
export const calendarFeedRoute: FastifyPluginAsync<Pick<OwnerAreaOptions, 'config' | 'owners' | 'content'>> = async (
  app,
  { config, owners, content },
) => {
  const site = () => content.current().content;
  /** Whether `token` is one owner's feed secret (owners are few: each seed's is worked out and compared). */
  const opensAFeed = async (token: string) => {
    const given = Buffer.from(token);
    return (await owners.calendarSeeds()).some(({ seed }) => {
      const expected = Buffer.from(calendarTokenOf(config.sessionSecret, seed));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  };

  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const token = /^(.+)\.ics$/.exec(request.params.file)?.[1] ?? '';
    if (!CALENDAR_TOKEN.test(token) || !(await opensAFeed(token)))
      throw httpError(404, 'No such calendar (its link may have been reset).');
    const [booked, blocks] = await Promise.all([
      owners.inbox.bookedInquiries({}),
      owners.calendar.blockedDays(localNow(new Date(), site().timeZone).date),
    ]);
    const ids = booked.map((inquiry) => inquiry.id);
    const [counts, details] = await Promise.all([
      owners.eventPlans.latestFinalCounts(ids),
      owners.eventPlans.detailsOf(ids),
    ]);
    const settings = eventPlanning(site());
    const events = booked.map((inquiry) => {
      const onSite = details.get(inquiry.id);
      return {
        ...inquiry,
        times: eventTimes(inquiry, settings),
        finalGuests: counts.get(inquiry.id)?.guests,
        onSite:
          onSite && (onSite.onSiteName || onSite.onSitePhone)
            ? { name: onSite.onSiteName, phone: onSite.onSitePhone }
            : undefined,
      };
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="bookings.ics"')
      .send(
        calendarFeed(events, {
          now: new Date(),
          name: `${site().name}: bookings`,
          timeZone: site().timeZone,
          inboxUrl: (id) => inboxLink(config.notify.publicUrl, id),
          sheetUrl: (id) => `${config.notify.publicUrl}${eventSheetPath(id)}`,
          blocks,
        }),
      );
  });
};
