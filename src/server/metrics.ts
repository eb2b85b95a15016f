// Prometheus metrics at GET /metrics (prom-client), only when METRICS_TOKEN is set and
// the scraper sends it as a Bearer token: otherwise the route is not there (404) and
// nothing is counted, so a site without a scraper pays nothing per request. Labels are
// route patterns, channels and states: never a URL, an address or anything typed.
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Notifier } from './notify/notifier.js';

export interface Metrics {
  /** A new inquiry was stored (not a replay), flagged or not. */
  inquiryCreated(spamReason: string | null): void;
  /** A notification was accepted by its channel, this long after its inquiry was created. */
  notificationSent(channel: string, delayMs: number): void;
}

export const NO_METRICS: Metrics = { inquiryCreated() {}, notificationSent() {} };

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Decorates the app with `metrics` (counting only when a token is set) and, with one,
 * times every request and serves GET /metrics. Call before the routes are registered.
 */
export function setUpMetrics(app: FastifyInstance, token: string | undefined, notifier: () => Notifier): void {
  if (!token) {
    app.decorate('metrics', NO_METRICS);
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register }); // event-loop lag, memory, CPU, handles
  const requests = new Counter({
    name: 'curbside_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [register],
  });
  const durations = new Histogram({
    name: 'curbside_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const inquiries = new Counter({
    name: 'curbside_inquiries_created_total',
    help: 'Inquiries stored',
    registers: [register],
  });
  const spam = new Counter({
    name: 'curbside_inquiries_spam_flagged_total',
    help: 'Inquiries stored flagged as likely spam, by reason',
    labelNames: ['reason'] as const,
    registers: [register],
  });
  const delivered = new Histogram({
    name: 'curbside_notification_delivery_seconds',
    help: 'From an inquiry stored to its notification accepted (SMTP server, webhook, push service), by channel',
    labelNames: ['channel'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 3600],
    registers: [register],
  });
  const outbox = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name: `curbside_outbox_${name}`, help, labelNames, registers: [register] });
  const byChannel = outbox('notifications', 'Notifications by channel and state', ['channel', 'state']);
  const queued = outbox('queued', 'Notifications waiting to be sent (first try or retry)');
  const retrying = outbox('retrying', 'Notifications that failed at least once and wait for their retry');
  const oldestDue = outbox('oldest_due_seconds', 'How long the oldest due notification has waited');
  const failedLastDay = outbox('failed_last_day', 'Notifications that failed for good in the last 24 hours');
  const setAside = outbox('set_aside', 'Inquiries whose notifications could not be prepared (set aside)');
  const workerError = outbox('last_worker_error_timestamp_seconds', 'When the worker last failed to read or write');
  // Read at each scrape: the outbox's state now, from the store.
  new Gauge({
    name: 'curbside_outbox_scrape_ok',
    help: 'Whether the outbox could be read for this scrape',
    registers: [register],
    async collect() {
      try {
        const status = await notifier().status();
        const health = await notifier().health();
        for (const channel of status.channels) {
          for (const state of ['queued', 'sent', 'failed', 'skipped'] as const) {
            byChannel.set({ channel: channel.kind, state }, channel[state]);
          }
        }
        queued.set(health.queued);
        retrying.set(health.retrying);
        oldestDue.set(health.oldestDueAgeMs / 1000);
        failedLastDay.set(health.failedLastDay);
        setAside.set(health.setAside);
        workerError.set(health.lastWorkerErrorAt ? Date.parse(health.lastWorkerErrorAt) / 1000 : 0);
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    durations.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
  app.decorate('metrics', {
    inquiryCreated(reason) {
      inquiries.inc();
      if (reason) spam.inc({ reason });
    },
    notificationSent(channel, delayMs) {
      delivered.observe({ channel }, Math.max(0, delayMs) / 1000);
    },
  } satisfies Metrics);
  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Without the token the route does not exist, as for a site that set none.
    if (!sameToken(given, token)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}
