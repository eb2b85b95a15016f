// The leads waiting for an answer under /api/owner (record 184), in the signed-in part
// of the owner's area (owner-scope.ts): the inbox's oldest-first view, the count in its
// title and on the app's badge.
import type { FastifyPluginAsync } from 'fastify';
import { WAITING_PAGE_SIZE, WAITING_WITHIN_DAYS, type WaitingPage } from '../../shared/waiting-views.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { toRow } from './inbox-routes.js';
import { OWNER_API } from '../../shared/owner-api.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const waitingRoutes: FastifyPluginAsync<
  Pick<OwnerAreaOptions, 'owners' | 'clock' | 'config' | 'content'>
> = async (app, { owners, clock, config, content }) => {
  app.get(OWNER_API.waiting, async (): Promise<WaitingPage> => {
    const { rows, total } = await owners.followUps.waiting(
      new Date(clock() - WAITING_WITHIN_DAYS * DAY_MS),
      WAITING_PAGE_SIZE,
    );
    return {
      inquiries: rows.map((row) => toRow(row, content.current().content)),
      total,
      urgentAfterMs: config.followUp.escalateAfterMs,
    };
  });
};
