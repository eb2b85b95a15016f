// A fixed-window limit on one key of a request (its address, its session), answered
// with 429 and Retry-After. The counts are the store's (store/rate-counts.ts): shared
// by every instance on PostgreSQL, in this process on SQLite.
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../http-error.js';
import type { RateLimit } from '../config.js';
import type { RateCounts } from '../store/rate-counts.js';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A limiter counting under `name` (limiters that share a name share their counts);
 * `what` completes "Too many …" in the answer.
 */
export function createLimiter(
  counts: RateCounts,
  name: string,
  limit: RateLimit,
  what: string,
  key: (request: FastifyRequest) => string,
): Limiter {
  return async (request, reply) => {
    const { count, msLeft } = await counts.hit(`${name}:${key(request)}`, limit.windowMs);
    if (count <= limit.max) return;
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    reply.header('Retry-After', String(seconds));
    throw httpError(429, `Too many ${what}. Please try again in ${seconds} seconds.`);
  };
}

/** Inquiries per address: one count for the JSON route and the no-JavaScript form's. */
export const inquiriesPerAddress = (counts: RateCounts, limit: RateLimit): Limiter =>
  createLimiter(counts, 'inquiries-per-address', limit, 'inquiries from this address', (request) =>
    clientKey(request.ip),
  );

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
