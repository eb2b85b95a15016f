// GET /api/health: the process answers (liveness, for a supervisor or a load balancer).
// GET /api/health/ready: the store answers, its schema is current and, after a request
// met a store fault, writes go through again (200), or not (503, record 150), with the
// notification outbox's figures; counts and times only, never personal data or an
// error's text (which can quote an address).
import type { FastifyPluginAsync } from 'fastify';
import type { Notifier } from '../notify/notifier.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import { FAULT_TEXT, type StoreHealth, storeFault } from '../store/store-faults.js';

export const healthRoutes: FastifyPluginAsync<{
  store: InquiryStore;
  notifier: Notifier;
  storeHealth: StoreHealth;
}> = async (app, { store, notifier, storeHealth }) => {
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
    // Reads may work while writes fail (a full disk): after a fault, a write must go through.
    if (storeHealth.failing()) {
      try {
        await store.probeWrite();
        storeHealth.ok();
      } catch (error) {
        const fault = storeFault(error) ?? storeHealth.failing();
        if (fault) storeHealth.fault(fault);
        const why = fault ? FAULT_TEXT[fault.kind] : 'an unknown error';
        return reply.status(503).send({ ok: false, store: store.engine, problem: `writes fail: ${why}` });
      }
    }
    return { ok: true, store: store.engine, outbox: await notifier.health() };
  });
};
