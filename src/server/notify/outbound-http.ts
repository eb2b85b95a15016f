// Posting to a server on the internet for a notification (a webhook, a push service):
// 15 s at most for the whole exchange (the channel's deadline, kept by the worker),
// redirects not followed, Retry-After honoured. Against SSRF, the host is resolved
// first and the connection goes to the resolved address only if it is public (unless
// WEBHOOK_ALLOW_PRIVATE=true): the check and the connection use one answer.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { SendOutcome } from './mailer.js';

/** The longest one exchange may take (the webhook and push channels' deadline). */
export const OUTBOUND_TIMEOUT_MS = 15_000;
/** The longest Retry-After we wait for; longer answers wait this long. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

// Addresses a notification must not reach from the server: loopback, private,
// link-local (cloud metadata), carrier-grade NAT, multicast, reserved.
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated) and 6to4 addresses, which can carry a private IPv4 one.
  ['::', 96],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  // NAT64, the well-known and the local-use prefixes; the discard prefix.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IPv4-translated (SIIT) and Teredo addresses, which carry an IPv4 one too.
  ['::ffff:0:0:0', 96],
  ['2001::', 32],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

class PrivateAddressError extends Error {
  code = 'EPRIVATEADDRESS';
}

/** A DNS lookup that answers only public addresses (the connection then goes to the address checked). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(
        new PrivateAddressError(`${hostname} resolves to a private address (${refused?.address ?? 'none'})`),
        '',
        4,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Seconds or an HTTP date, as milliseconds from now; undefined if absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

// Kept-alive connections per kind of check (a connection is made only to an address that passed it).
const agents = {
  'http:': {
    open: new http.Agent({ keepAlive: true, maxSockets: 16 }),
    checked: new http.Agent({ keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup }),
  },
  'https:': {
    open: new https.Agent({ keepAlive: true, maxSockets: 16 }),
    checked: new https.Agent({ keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup }),
  },
};

export interface OutboundPost {
  url: string;
  headers: Record<string, string | number>;
  body: string | Buffer;
  allowPrivate: boolean;
  /** Aborts the request: at its deadline or when the server stops. */
  signal: AbortSignal;
  /** The answers that mean the target is gone for good: it is then forgotten, never retried. */
  gone: readonly number[];
}

/**
 * Why a notification may not go to `url` before any lookup, or undefined: its host is a
 * private address written out, or (`byName`, for a target being added) a name for this
 * machine (localhost). Other names that resolve to a private address are refused when
 * the connection is made (publicOnlyLookup).
 */
export function refusedTarget(url: URL, allowPrivate: boolean, byName = false): string | undefined {
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) && isPrivateAddress(host)) return `${host} is a private address`;
  if (byName && /(^|\.)localhost\.?$/.test(host)) return `${host} names this machine`;
  return undefined;
}

/** One POST; a 2xx is sent, a `gone` status permanent, anything else retried on the schedule. */
export function post(request: OutboundPost): Promise<SendOutcome> {
  const url = new URL(request.url);
  const refused = refusedTarget(url, request.allowPrivate);
  if (refused) {
    return Promise.resolve({
      ok: false,
      permanent: true,
      error: `refused: ${refused} (WEBHOOK_ALLOW_PRIVATE=true allows it)`,
    });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        signal: request.signal,
        agent: agents[url.protocol === 'https:' ? 'https:' : 'http:'][request.allowPrivate ? 'open' : 'checked'],
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not needed; read and drop it (bounded by the timeout).
        response.resume();
        response.on('error', () => {});
        response.on('end', () => {
          if (status >= 200 && status < 300) return resolve({ ok: true });
          const retryAfter = retryAfterMs(response.headers['retry-after']);
          if (status >= 300 && status < 400) {
            return resolve({
              ok: false,
              permanent: false,
              error: `HTTP ${status}: redirect to ${response.headers.location ?? '(nowhere)'} not followed`,
            });
          }
          const gone = request.gone.includes(status);
          resolve({
            ok: false,
            permanent: gone,
            ...(gone ? { gone: true } : {}),
            error: `HTTP ${status}${gone ? ': gone, it will not be tried again' : ''}`,
            ...(retryAfter !== undefined && !gone ? { retryAfterMs: retryAfter } : {}),
          });
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof PrivateAddressError || error.code === 'EPRIVATEADDRESS') {
        return resolve({
          ok: false,
          permanent: true,
          error: `refused: ${error.message} (WEBHOOK_ALLOW_PRIVATE=true allows it)`,
        });
      }
      const aborted = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        ok: false,
        permanent: false,
        error: aborted ? 'aborted: no answer in time' : `${error.code ?? error.name}: ${error.message}`,
      });
    });
    outgoing.end(request.body);
  });
}
