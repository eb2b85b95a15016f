// Whether a state change comes from this site's own pages: a page on another site can
// post here, and the browser sends that site's Origin. This site is PUBLIC_URL's origin
// (when set), or the host of the Host header, http or https (a TLS proxy without
// TRUST_PROXY makes an https page's requests look like http here); never
// X-Forwarded-Host, which a client can send through a proxy that passes it on (the
// review's nginx did), and which Fastify takes for the host once the proxy is trusted.
import type { FastifyRequest } from 'fastify';

/** PUBLIC_URL's origin when it is set (publicUrlSet), else undefined. */
export const publicOriginOf = (notify: { publicUrl: string; publicUrlSet: boolean }) =>
  notify.publicUrlSet ? new URL(notify.publicUrl).origin : undefined;

export function isThisSite(origin: string, request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  const host = request.headers.host ?? '';
  return host !== '' && (origin === `http://${host}` || origin === `https://${host}`);
}

/**
 * Whether a form post comes from this site's pages (the quote's, an action link's): no
 * Origin (an old browser's form) or this site's, and no Sec-Fetch-Site saying another
 * site sent it. A browser that posts with `Origin: null` (a stricter referrer setting
 * than the page's) is taken only when its Sec-Fetch-Site vouches for this site. The
 * owner's area has its own, stricter rule (owner/owner-scope.ts).
 */
export function postedFromThisSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const ours =
    origin === undefined || (origin === 'null' && site === 'same-origin') || isThisSite(origin, request, publicOrigin);
  return ours && site !== 'cross-site' && site !== 'same-site';
}
