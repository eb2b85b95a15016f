// Whether a post comes from this site's own pages (the quote's, an action link's): no
// Origin (an old browser's form) or this host's, and no Sec-Fetch-Site saying another
// site sent it. The owner's area has its own, stricter rule (owner/owner-scope.ts).
import type { FastifyRequest } from 'fastify';

export function fromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const ours = origin === undefined || origin === `http://${request.host}` || origin === `https://${request.host}`;
  return ours && site !== 'cross-site' && site !== 'same-site';
}
