// A graceful, bounded shutdown (decision record 019): stop accepting, close idle
// keep-alive connections at once, let the requests in flight finish, then cut
// whatever is still open (a client trickling a body, a stalled upload) after a
// grace period, close the store, and exit. A shutdown that still hangs (a
// database that does not answer) is ended at a hard bound, with code 1.
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN = {
  /** In-flight requests get this long to finish before every connection is cut. */
  graceMs: 5_000,
  /** The process exits by then whatever happens. */
  hardMs: 9_500,
};

/**
 * Closes the app: no new connections, idle ones closed now (Fastify's close does
 * that), open ones cut after `graceMs`; resolves once the store is closed too.
 */
export async function closeGracefully(app: FastifyInstance, graceMs = SHUTDOWN.graceMs): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn('shutdown: cutting the connections still open after the grace period');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/** SIGINT and SIGTERM close the app gracefully and exit: 0 when clean, 1 on failure or at the hard bound. */
export function exitGracefullyOnSignals(app: FastifyInstance, bounds = SHUTDOWN): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        app.log.warn(`${signal} again: exiting now`);
        process.exit(1);
      }
      closing = true;
      app.log.info(`${signal}: closing`);
      setTimeout(() => {
        app.log.error('shutdown: not done within the bound, exiting');
        process.exit(1);
      }, bounds.hardMs).unref();
      closeGracefully(app, bounds.graceMs).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(`shutdown failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
}
