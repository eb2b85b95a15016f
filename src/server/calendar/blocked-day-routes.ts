// The owner's blocked days (issue 38, record 240), in the signed-in part of the owner's
// area (its origin checked there, as every owner change is): list, block, remove. Bad
// input is a 400 naming each field by its label and changes nothing. A block makes its
// day unavailable at once (GET /api/availability, the form) and shows in the owner's feed.
import type { FastifyPluginAsync } from 'fastify';
import { type BlockFields, type BlockedDaysView, blockProblems, MAX_REASON_LENGTH } from '../../shared/availability.js';
import { localNow } from '../../shared/truck-schedule.js';
import { httpError } from '../http-error.js';
import { BodyError } from '../json-body.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { OWNER_API } from '../../shared/owner-api.js';

export const blockedDayRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'content'>> = async (
  app,
  { owners, content },
) => {
  const today = () => localNow(new Date(), content.current().content.timeZone).date;
  const { calendar } = owners;

  app.get(OWNER_API.blockedDays, async (): Promise<BlockedDaysView> => {
    const date = today();
    return { blocks: await calendar.blockedDays(date), today: date };
  });

  app.post<{ Body: { date: string; reason?: string } }>(
    OWNER_API.blockedDays,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['date'],
          properties: {
            date: { type: 'string', maxLength: 20 },
            reason: { type: 'string', maxLength: MAX_REASON_LENGTH * 4 },
          },
        },
      },
    },
    async (request, reply) => {
      const block: BlockFields = { date: request.body.date.trim(), reason: (request.body.reason ?? '').trim() };
      const problems = blockProblems(block, today());
      const messages = Object.values(problems);
      if (messages.length > 0) throw new BodyError(messages.join(' '), problems as Record<string, string>);
      const stored = await calendar.blockDay(block.date, block.reason, request.owner!, new Date());
      return reply.code(201).send({ block: stored });
    },
  );

  app.delete<{ Params: { id: string } }>(OWNER_API.blockedDay, async (request, reply) => {
    if (!(await calendar.unblockDay(request.params.id)))
      throw httpError(404, 'No such block (it may have been removed).');
    return reply.code(204).send();
  });
};
