// GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD (issue 38, record 240): the
// unavailable days, public and cacheable, from the one definition in the calendar
// store. No names, no reasons: only dates.
import type { FastifyPluginAsync } from 'fastify';
import { eventPlanning } from '../../../content/event-settings.js';
import { availabilityRangeProblem, heldSince } from '../../shared/availability.js';
import type { Clock } from '../clock.js';
import type { DayTaken } from '../accept-inquiry.js';
import type { ContentPort } from '../site/content-port.js';
import type { CalendarStore } from '../store/calendar-store.js';
import { httpError } from '../http-error.js';

/** How long a browser or a proxy may keep the answer: short, so a newly taken day shows within a minute. */
export const AVAILABILITY_CACHE = 'public, max-age=60';

/**
 * Whether one day is unavailable, by the calendar's one definition (the inquiry's
 * create asks it). When the calendar cannot answer, the day counts as free: an
 * inquiry is never lost to this check, and Booked is guarded where it is written.
 */
export function dayTakenOn(
  calendar: CalendarStore,
  content: ContentPort,
  clock: Clock,
  onError: (error: unknown) => void,
): DayTaken {
  return async (date) => {
    const site = content.current().content;
    const perDay = eventPlanning(site).eventsPerDay;
    try {
      return (await calendar.unavailableDays(date, date, perDay, heldSince(site.sale, clock()))).length > 0;
    } catch (error) {
      onError(error);
      return false;
    }
  };
}

export const availabilityRoutes: FastifyPluginAsync<{
  calendar: CalendarStore;
  content: ContentPort;
  clock: Clock;
}> = async (app, { calendar, content, clock }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/api/availability', async (request, reply) => {
    const { from, to } = request.query;
    const problem = availabilityRangeProblem(from, to);
    if (problem) throw httpError(400, problem);
    const site = content.current().content;
    const perDay = eventPlanning(site).eventsPerDay;
    const held = heldSince(site.sale, clock());
    const unavailable = await calendar.unavailableDays(from as string, to as string, perDay, held);
    return reply.header('cache-control', AVAILABILITY_CACHE).send({ unavailable });
  });
};
