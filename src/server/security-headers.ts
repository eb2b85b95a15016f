// Security headers for every response, computed once at start: the set
// @fastify/helmet sends, which rebuilds them on each request (about 9 % of a
// create's CPU here).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SCRIPTS } from '../shared/page-boot-script.js';

/** Written by scripts/prerender.ts: the hashes of the stylesheet it inlined into index.html. */
export const INLINE_STYLE_HASHES_FILE = 'inline-style-hashes.json';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
/** The CSP sources that allow the page's two inline scripts (src/shared/page-boot-script.ts). */
const PAGE_SCRIPT_HASHES = PAGE_SCRIPTS.map(sha256);

const contentSecurityPolicy = (styleHashes: readonly string[]) =>
  [
    "default-src 'self'",
    // Inline, only the page's two scripts and its stylesheet, each allowed by its hash.
    ["script-src 'self'", ...PAGE_SCRIPT_HASHES.map((hash) => `'${hash}'`)].join(' '),
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export function securityHeaders(styleHashes: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(styleHashes),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The public landing page's documents. They hold nothing of anyone's, so
 * Cross-Origin-Opener-Policy protects nothing there, and it costs every visitor a
 * new renderer process on the way in (a browsing context group switch: record 231).
 * Every other answer keeps it: the inbox, the quote, event and action pages, the API.
 */
const LANDING_PAGES = new Set(['/', '/index.html']);

/** The headers for a request's path: the landing page's without COOP, the rest with all of them. */
export function securityHeadersFor(
  headers: Readonly<Record<string, string>>,
): (url: string) => Readonly<Record<string, string>> {
  const { 'cross-origin-opener-policy': _coop, ...landing } = headers;
  return (url) => (LANDING_PAGES.has(url.split('?', 1)[0]!) ? landing : headers);
}

/** The built site's inline style hashes, or none when there is no build. */
export function inlineStyleHashes(clientDir: string): string[] {
  const file = join(clientDir, INLINE_STYLE_HASHES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
}

/** Only over TLS: HSTS on plain http is ignored by browsers and only confuses. */
export const HSTS = 'max-age=31536000; includeSubDomains';
