// Webhooks signed the Standard Webhooks way: headers webhook-id (the same on
// every attempt), webhook-timestamp (Unix seconds, this attempt) and
// webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with
// the base64 after `whsec_`, posted as outbound-http.ts posts (deadline, no
// redirects, Retry-After, public addresses only).
import { createHmac } from 'node:crypto';
import { secretKey } from './notify-config.js';
import type { SendOutcome } from './mailer.js';
import { post } from './outbound-http.js';

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  id: string;
  body: string;
  allowPrivate: boolean;
  /** Aborts the request: at its deadline (OUTBOUND_TIMEOUT_MS at most) or when the server stops. */
  signal: AbortSignal;
  /** Unix seconds of this attempt (default: now). */
  timestamp?: number;
}

export function sendWebhook(request: WebhookRequest): Promise<SendOutcome> {
  const timestamp = request.timestamp ?? Math.floor(Date.now() / 1000);
  return post({
    url: request.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Curbside-Webhooks/1',
      'webhook-id': request.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(request.secret, request.id, timestamp, request.body),
    },
    body: request.body,
    allowPrivate: request.allowPrivate,
    signal: request.signal,
    // Only 410 stops for good (Standard Webhooks): a 401, 403 or 404 during a receiver's
    // deploy or a key rotation is retried on the schedule like any other failure.
    gone: [410],
  });
}

/** The endpoint without its path (a Slack URL's path is its secret). */
export function describeEndpoint(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/…`;
}
