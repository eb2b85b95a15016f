// A fixed-window limit on one key of a request (its IP, its session), answered
// with 429 and Retry-After. Built on @fastify/rate-limit's stores, so a Redis
// store can replace the in-memory one when instances must share counts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http-error.js';
import type { RateLimit } from '../config.js';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createLimiter(
  app: FastifyInstance,
  limit: RateLimit,
  what: string,
  key: (request: FastifyRequest) => string,
): Limiter {
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: key });
  return async (request, reply) => {
    const result = await check(request);
    if (!('isExceeded' in result) || !result.isExceeded) return;
    reply.header('Retry-After', String(result.ttlInSeconds));
    throw httpError(429, `Too many ${what}. Please try again in ${result.ttlInSeconds} seconds.`);
  };
}
