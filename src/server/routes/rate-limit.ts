// A fixed-window limit on one key of a request (its address, its session), answered
// with 429 and Retry-After. The counts are the store's (store/rate-counts.ts): shared
// by every instance on PostgreSQL, in this process on SQLite.
import { createHmac } from 'node:crypto';
import { isIP, isIPv6 } from 'node:net';
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
    const { count, msLeft, widened } = await counts.hit(`${name}:${key(request)}`, limit.windowMs);
    if (widened) toldOnce('widened', request, WIDENED);
    if (count <= limit.max) return;
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    reply.header('Retry-After', String(seconds));
    throw httpError(429, `Too many ${what}. Please try again in ${seconds} seconds.`);
  };
}

/** Inquiries per address: one count for the JSON route and the no-JavaScript form's. */
export const inquiriesPerAddress = (counts: RateCounts, limit: RateLimit): Limiter =>
  createLimiter(counts, 'inquiries-per-address', limit, 'inquiries from this address', clientKeyOf);

/** Said in the log once per process. */
const told = new Set<string>();
function toldOnce(what: string, request: FastifyRequest, message: string): void {
  if (told.has(what)) return;
  told.add(what);
  request.log.warn(message);
}
const WIDENED =
  'the rate limits’ counts are nearly full (a flood of IPv6 addresses?): new IPv6 clients are counted by their /48 network (then /32) until windows end (record 192)';

/** The key every client whose address cannot be read shares (record 152). */
export const UNREADABLE_ADDRESS = 'unreadable-address';

/**
 * The per-address limits' key for a request: its client address as a bare IP (a port
 * some load balancers append, `198.51.100.9:41234` or `[2001:db8::1]:443`, taken off),
 * counted by clientKey. Anything else the proxy hands on is no address at all, and all
 * of it is counted under one key: a value of the client's choosing must not get a
 * limit of its own. Said once in the log, without the value.
 */
export function clientKeyOf(request: FastifyRequest): string {
  const address = bareAddress(request.ip);
  if (address !== undefined) return clientKey(address);
  toldOnce(
    'unreadable',
    request,
    'a client address is not an IP address (the proxy in front passes something else in X-Forwarded-For): such clients share one per-address limit',
  );
  return UNREADABLE_ADDRESS;
}

/**
 * The network a request came from as stored with its inquiry (record 154): a keyed hash
 * of its per-address key (an IPv4 address, an IPv6 /64), the same on every instance that
 * shares SESSION_SECRET; never the address itself.
 */
export function senderOf(secret: string, request: FastifyRequest): string {
  return createHmac('sha256', secret)
    .update(`curbside sender\n${clientKeyOf(request)}`)
    .digest('base64url')
    .slice(0, 22);
}

/** `ip` as a bare IP address, its port taken off; undefined if it is none. */
export function bareAddress(ip: string): string | undefined {
  if (isIP(ip)) return ip;
  const match = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(ip) ?? /^\[([0-9A-Fa-f:.]+)\](?::\d{1,5})?$/.exec(ip);
  return match && isIP(match[1]!) ? match[1] : undefined;
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
