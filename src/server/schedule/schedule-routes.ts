// The owner's Schedule page's calls (record 111), in the signed-in part of the owner's
// area (owner-scope.ts): the upcoming stops with the latest changes, add (repeated
// weekly if asked), change and remove. Bad input is a 400 naming each field by its label
// and changes nothing; every change is in the owner's history and reaches the landing
// page at once.
import type { FastifyPluginAsync } from 'fastify';
import type { StopFields } from '../../shared/stop-fields.js';
import {
  addDays,
  isRequired,
  localNow,
  MAX_REPEAT_WEEKS,
  STOP_FIELD_NAMES,
  STOP_ROWS,
  type ScheduleView,
  stopProblems,
  upcomingStops,
} from '../../shared/truck-schedule.js';
import { httpError } from '../http-error.js';
import { BodyError } from '../json-body.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { StopHasOrders } from '../store/schedule-store.js';
import { OWNER_API } from '../../shared/owner-api.js';

/** How many changes the Schedule page lists. */
const HISTORY_SHOWN = 30;
/** Any field: long enough for any stop, short enough to be read whole (the rules are stopProblems'). */
const TEXT = { type: 'string', maxLength: 1000 } as const;
/** The body's fields, from the table (stop-fields.ts): each is text, and each but the optional ones required. */
const STOP_PROPERTIES = Object.fromEntries(STOP_FIELD_NAMES.map((name) => [name, TEXT]));
const REQUIRED = STOP_ROWS.filter(([, field]) => isRequired(field)).map(([name]) => name);

/** A stop as sent: an optional field may be left out. */
type StopBody = Partial<StopFields>;
const fieldsOf = (body: StopBody): StopFields =>
  Object.fromEntries(STOP_FIELD_NAMES.map((name) => [name, body[name] ?? ''])) as StopFields;

/** The business's clock now. */
const nowIn = (timeZone: string) => localNow(new Date(), timeZone);

/** Refuses the stops with a 400 naming each field that is wrong (the first stop's problems, else a later one's). */
function refuseBad(stops: readonly StopFields[], timeZone: string): void {
  const clock = nowIn(timeZone);
  for (const stop of stops) {
    const problems = stopProblems(stop, clock);
    const messages = Object.values(problems);
    if (messages.length > 0) throw new BodyError(messages.join(' '), problems as Record<string, string>);
  }
}

/** A stop its live pre-orders need: a 409 saying how many and what to do (record 390). */
async function unlessItHasOrders<T>(doing: 'remove' | 'move', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StopHasOrders)) throw error;
    const orders = error.orders === 1 ? '1 pre-order' : `${error.orders} pre-orders`;
    const then = doing === 'remove' ? 'then remove it' : 'then change its date or times';
    throw httpError(
      409,
      `This stop has ${orders}. Cancel the stop on the Orders page first (its customers are told and paid orders refunded), ${then}.`,
    );
  }
}

export const scheduleRoutes: FastifyPluginAsync<
  Pick<OwnerAreaOptions, 'owners' | 'onScheduleChanged' | 'content'>
> = async (app, { owners, onScheduleChanged, content }) => {
  const site = () => content.current().content;
  const now = () => nowIn(site().timeZone);
  const { schedule } = owners;
  /** The change is stored: the page follows at once, or at its next look if this fails (never a 5xx for a saved change). */
  const changed = async () => {
    try {
      await onScheduleChanged?.();
    } catch (error) {
      app.log.warn(
        { err: { type: (error as Error).name } },
        'schedule: the page will show the change at its next look',
      );
    }
  };

  app.get(OWNER_API.schedule, async (): Promise<ScheduleView> => {
    const clock = now();
    const [stops, history] = await Promise.all([
      schedule.stops(addDays(clock.date, -1)),
      schedule.history(HISTORY_SHOWN),
    ]);
    return { stops: upcomingStops(stops, new Date(), site().timeZone), history, now: clock };
  });

  app.post<{ Body: StopBody & { repeatWeeks?: number } }>(
    OWNER_API.schedule,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: REQUIRED,
          properties: { ...STOP_PROPERTIES, repeatWeeks: { type: 'integer', minimum: 1, maximum: MAX_REPEAT_WEEKS } },
        },
      },
    },
    async (request, reply) => {
      const first = fieldsOf(request.body);
      const weeks = request.body.repeatWeeks ?? 1;
      const stops = Array.from({ length: weeks }, (_, week) => ({ ...first, date: addDays(first.date, 7 * week) }));
      refuseBad(stops, site().timeZone);
      const added = await schedule.addStops(stops, request.owner!, new Date());
      await changed();
      return reply.code(201).send({ stops: added });
    },
  );

  app.put<{ Params: { id: string }; Body: StopBody }>(
    OWNER_API.scheduleStop,
    {
      schema: {
        body: { type: 'object', additionalProperties: false, required: REQUIRED, properties: STOP_PROPERTIES },
      },
    },
    async (request) => {
      const fields = fieldsOf(request.body);
      refuseBad([fields], site().timeZone);
      const stop = await unlessItHasOrders('move', () =>
        schedule.changeStop(request.params.id, fields, request.owner!, new Date()),
      );
      if (!stop) throw httpError(404, 'No such stop (it may have been removed).');
      await changed();
      return { stop };
    },
  );

  app.delete<{ Params: { id: string } }>(OWNER_API.scheduleStop, async (request, reply) => {
    const removed = await unlessItHasOrders('remove', () =>
      schedule.removeStop(request.params.id, request.owner!, new Date()),
    );
    if (!removed) {
      throw httpError(404, 'No such stop (it may have been removed).');
    }
    await changed();
    return reply.code(204).send();
  });
};
