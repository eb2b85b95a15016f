// The event sheet under /api/owner (in the signed-in part of the owner's area, record
// 170): the sheet of an inquiry, and the final count set by the owner (a customer who
// calls after the cutoff; the owner's own change tells no one).
import type { FastifyPluginAsync } from 'fastify';
import { type DietaryCount, type EventSheetView, eventPlanning, finalCountProblem } from '../../shared/event-plan.js';
import { acceptanceKey } from '../quotes/acceptance-digest.js';
import { httpError } from '../http-error.js';
import { idParams } from '../owner/inbox-routes.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { eventSheet } from './event-sheet.js';
import { OWNER_API } from '../../shared/owner-api.js';

const NO_SUCH = 'No such inquiry (it may have been erased).';

const finalCountBody = {
  type: 'object',
  additionalProperties: false,
  required: ['guests', 'dietary'],
  properties: {
    guests: { type: 'integer' },
    dietary: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'count'],
        properties: { label: { type: 'string', maxLength: 40 }, count: { type: 'integer' } },
      },
    },
  },
} as const;

export const eventSheetRoutes: FastifyPluginAsync<
  Pick<OwnerAreaOptions, 'owners' | 'payments' | 'config' | 'content'>
> = async (app, { owners, payments, config, content }) => {
  const site = () => content.current().content;
  const digestKey = acceptanceKey(config.sessionSecret);
  app.get<{ Params: { id: string } }>(
    OWNER_API.eventSheet,
    { schema: { params: idParams } },
    async (request): Promise<EventSheetView> => {
      const sheet = await eventSheet(owners, payments, request.params.id, digestKey, site());
      if (!sheet) throw httpError(404, NO_SUCH);
      return sheet;
    },
  );

  app.put<{ Params: { id: string }; Body: { guests: number; dietary: DietaryCount[] } }>(
    OWNER_API.finalCount,
    { schema: { params: idParams, body: finalCountBody } },
    async (request, reply): Promise<EventSheetView> => {
      const problem = finalCountProblem(request.body, eventPlanning(site()));
      if (problem) {
        const field = problem.startsWith('Give the final guest count') ? 'guests' : 'dietary';
        return reply.status(400).send({ error: 'invalid_body', message: problem, fields: { [field]: problem } });
      }
      const found = await owners.inbox.getInquiry(request.params.id);
      if (!found) throw httpError(404, NO_SUCH);
      const { guests, dietary } = request.body;
      const by = { id: request.owner!.id, email: request.owner!.email };
      const set = await owners.eventPlans.setFinalCount(
        found.inquiry.id,
        { guests, dietary },
        by,
        new Date(),
        (previous) =>
          previous
            ? `Final guest count set: ${guests} (was ${previous.guests})`
            : `Final guest count set: ${guests} (was ${found.inquiry.plannedGuestCount} planned)`,
      );
      const sheet = set && (await eventSheet(owners, payments, found.inquiry.id, digestKey, site()));
      if (!sheet) throw httpError(404, NO_SUCH);
      return sheet;
    },
  );
};
