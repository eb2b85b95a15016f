// Two server processes on one PostgreSQL database, as a site with several
// instances runs (issue 9): visitors' creates reach either, and each instance's
// worker takes pending inquiries and due deliveries FOR UPDATE SKIP LOCKED.
// Nobody crashes here, so every inquiry's owner e-mail and webhook must arrive
// exactly once, and both instances must have sent some. Each instance has its
// own MAIL_FROM, so a Message-ID (<deliveryId@domain>) says who sent it.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { startNotificationSinks } from '../support/notification-sinks.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

const VISITORS = 8;
const INQUIRIES_EACH = 20;

/** A visitor on one instance: a session, then inquiries one after another. Returns their ids. */
async function visit(base: string, count: number): Promise<string[]> {
  const session = (await (await fetch(`${base}/api/session`, { method: 'POST' })).json()) as { token: string };
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const response = await fetch(`${base}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(buildInquiryBody({ fillMs: 10_000, website: '' })),
    });
    expect(response.status, await response.text()).toBe(201);
    ids.push(id);
  }
  return ids;
}

describe('two server instances on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('deliver every owner e-mail and webhook exactly once between them', { timeout: 120_000 }, async () => {
    const url = await freshPostgresUrl();
    const sinks = await startNotificationSinks();
    cleanups.push(() => sinks.stop());
    const owners = await openPostgresOwnerStore(url, 1);
    await owners.createOwner('owner@two-instances.example', 'not-a-real-hash: this owner never signs in');
    await owners.close();

    const servers = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const data = freshDataDir();
        cleanups.push(data.remove);
        const port = await freePort();
        const server = new ServerProcess(port, {
          ...sinks.env,
          DATA_DIR: data.dir,
          DATABASE_URL: url,
          MAIL_FROM: `inquiries@instance-${name}.example`,
        });
        cleanups.push(() => server.kill());
        return { server, base: `http://127.0.0.1:${port}` };
      }),
    );
    // Started together: the migrations' lock lets one of them migrate.
    await Promise.all(servers.map(({ server }) => server.start()));

    const ids = (
      await Promise.all(Array.from({ length: VISITORS }, (_, index) => visit(servers[index % 2]!.base, INQUIRIES_EACH)))
    ).flat();
    await sinks.waitForAll(ids, 60_000);
    // Two polls more of both workers: a delivery claimed twice would have arrived by now.
    await sleep(2_500);

    expect(sinks.unverifiedHooks).toBe(0);
    for (const id of ids) {
      expect(sinks.mailsByInquiry.get(id), `owner e-mails about ${id}`).toHaveLength(1);
      expect(sinks.hooksByInquiry.get(id), `webhooks about ${id}`).toHaveLength(1);
    }
    const senders = new Set([...sinks.mailsByInquiry.values()].flat().map((messageId) => messageId.split('@')[1]));
    expect([...senders].sort()).toEqual(['instance-a.example>', 'instance-b.example>']);
  });
});
