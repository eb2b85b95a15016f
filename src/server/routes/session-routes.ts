// POST /api/session: anonymous sign-in. A visitor who brings a valid token keeps
// their uid (and gets a fresh token); anyone else gets a new uid.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import { issueSession, sessionUid } from '../session-token.js';
import type { RateCounts } from '../store/rate-counts.js';
import { clientKeyOf, createLimiter } from './rate-limit.js';

export const sessionRoutes: FastifyPluginAsync<{ config: Config; counts: RateCounts }> = async (
  app,
  { config, counts },
) => {
  const perIp = createLimiter(
    counts,
    'sessions-per-address',
    config.limits.sessionsPerIp,
    'sign-ins from this address',
    clientKeyOf,
  );

  app.post('/api/session', { onRequest: perIp }, async (request) => {
    return issueSession(config.sessionSecret, sessionUid(config.sessionSecret, request.headers.authorization));
  });
};
