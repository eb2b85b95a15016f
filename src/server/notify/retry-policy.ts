// When a failed notification is tried again, and when it has failed for good: about
// three days of backoff with jitter (the Standard Webhooks schedule), never sooner
// than the target's own Retry-After.
import type { Settlement } from '../store/outbox-store.js';
import type { ChannelOutcome } from './channels/channel.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt: about three days in all, then it has failed. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
/** Each delay is stretched or shrunk by up to this fraction, so retries from an outage do not all land at once. */
const JITTER = 0.2;

/** `base` stretched or shrunk by up to JITTER, by `random` in [0, 1). */
export function jittered(base: number, random: number): number {
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/**
 * How long to wait after the `tries`th failure: the schedule's delay (jittered), or the
 * endpoint's Retry-After (capped at a day by webhooks.ts) when that is longer. Never
 * shorter than the schedule: an endpoint answering "Retry-After: 0" must not use up
 * the ten attempts in seconds.
 */
export function retryDelayMs(
  delays: readonly number[],
  tries: number,
  retryAfterMs: number | undefined,
  random: number,
): number {
  const scheduled = jittered(delays[Math.min(tries - 1, delays.length - 1)]!, random);
  return Math.max(scheduled, retryAfterMs ?? 0);
}

/** What an attempt (the delivery's `tries` before it) comes to in the outbox. */
export function settlementFor(
  outcome: ChannelOutcome,
  tries: number,
  now: number,
  policy: { delays: readonly number[]; random: () => number },
): Settlement {
  if (outcome.ok) return { outcome: 'sent' };
  if ('skipped' in outcome) return { outcome: 'skipped', error: outcome.error };
  if (outcome.permanent) return { outcome: 'failed', error: outcome.error };
  const attempts = tries + 1;
  if (attempts > policy.delays.length) {
    return { outcome: 'failed', error: `gave up after ${attempts} attempts; last: ${outcome.error}` };
  }
  const delay = retryDelayMs(policy.delays, attempts, outcome.retryAfterMs, policy.random());
  return { outcome: 'retry', error: outcome.error, dueAt: now + delay };
}
