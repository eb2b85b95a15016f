// Promises about how long something takes, measured on the wall clock: they belong in
// the serial crash stage, which runs alone (issue 36 item 6), not beside the other
// suites on a loaded machine. Moved here from store-faults.test.ts and schedule.test.ts.
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { addDays, localNow } from '../../src/shared/truck-schedule.js';
import { DATABASE_WAITS } from '../../src/server/store/postgres/postgres-pool.js';
import { openPostgresStore } from '../../src/server/store/postgres/postgres-store.js';
import { storeFault } from '../../src/server/store/store-faults.js';
import { freshPostgresUrl } from '../support/databases.js';
import { builtPage, call, startOwnerApp, startScheduleApp } from '../support/owner-app.js';

const failureOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('waits on the clock', () => {
  it('a database that accepts connections and never answers gives up within the connect wait', async () => {
    // A hung server: the kernel completes the handshake, then nothing ever comes back.
    const held: Socket[] = [];
    const silent: Server = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const error = await failureOf(() => openPostgresStore(`postgres://postgres@127.0.0.1:${port}/hung`, 1));
      expect(storeFault(error)?.kind).toBe('unanswered');
      expect(Date.now() - started).toBeLessThan(DATABASE_WAITS.connectMs + 1_500);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('a stop added through one instance shows on the other’s page within a few seconds', {
    timeout: 20_000,
  }, async () => {
    const url = await freshPostgresUrl();
    const one = await startScheduleApp({ DATABASE_URL: url });
    const other = await startOwnerApp({ CLIENT_DIR: builtPage(), DATABASE_URL: url });
    const landing = async () => (await other.app.inject({ method: 'GET', url: '/' })).body;
    expect(await landing()).not.toContain('Sunday Market');
    const stop = {
      date: addDays(localNow(new Date(), content.timeZone).date, 3),
      starts: '11:00',
      ends: '14:00',
      place: 'Sunday Market',
      address: '400 W 2nd St, Austin, TX 78701',
      note: 'By the north gate',
    };
    const added = Date.now();
    await call(one.app, 'POST', '/api/owner/schedule', { cookie: one.cookie, body: stop });
    while (!(await landing()).includes('Sunday Market')) {
      expect(Date.now() - added, 'the other instance still shows the old page').toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
