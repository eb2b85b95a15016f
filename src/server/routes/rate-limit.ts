// A fixed-window limit on one key of a request (its IP, its session), answered
// with 429 and Retry-After. Built on @fastify/rate-limit's stores, so a Redis
// store can replace the in-memory one when instances must share counts.
import { isIPv6 } from 'node:net';
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

/**
 * The client a per-address limit counts: its IPv4 address, or its IPv6 /64 network. One
 * home or phone connection gets a whole /64, so counting single IPv6 addresses would let
 * one client pick a new one for every request.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
