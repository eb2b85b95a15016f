// GET /api/health: the process answers (liveness, for a supervisor or a load balancer).
// GET /api/health/ready: the store answers and its schema is current (200), or not
// (503), with the notification outbox's figures; counts and times only, never personal
// data or an error's text (which can quote an address).
import type { FastifyPluginAsync } from 'fastify';
import type { Notifier } from '../notify/notifier.js';
import type { InquiryStore } from '../store/inquiry-store.js';

export const healthRoutes: FastifyPluginAsync<{ store: InquiryStore; notifier: Notifier }> = async (
  app,
  { store, notifier },
) => {
  app.get('/api/health', async () => ({ ok: true, store: store.engine }));

  app.get('/api/health/ready', async (_request, reply) => {
    let pending: number[];
    try {
      pending = await store.pendingMigrations();
    } catch {
      return reply.status(503).send({ ok: false, store: store.engine, problem: 'the database does not answer' });
    }
    if (pending.length > 0) {
      return reply.status(503).send({
        ok: false,
        store: store.engine,
        problem: `migrations not applied yet: ${pending.join(', ')}`,
      });
    }
    return { ok: true, store: store.engine, outbox: await notifier.health() };
  });
};
