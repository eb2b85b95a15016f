// The owner's numbers under /api/owner (record 183), in the signed-in part of the
// owner's area (owner-scope.ts): as JSON for the inbox's Numbers page, and as CSV.
import type { FastifyPluginAsync } from 'fastify';
import type { NumbersView } from '../../shared/numbers-views.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { numbersCsv } from './numbers-csv.js';
import { ownerNumbers } from './numbers.js';
import { OWNER_API } from '../../shared/owner-api.js';

export const numbersRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'clock' | 'content'>> = async (
  app,
  { owners, clock, content },
) => {
  const count = () => ownerNumbers(owners.numbers, clock(), content.current().content, owners.preorders);

  app.get(OWNER_API.numbers, async (): Promise<NumbersView> => count());

  app.get(OWNER_API.numbersCsv, async (_request, reply) => {
    const view = await count();
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="numbers-${view.at.slice(0, 10)}.csv"`)
      .send(numbersCsv(view));
  });
};
