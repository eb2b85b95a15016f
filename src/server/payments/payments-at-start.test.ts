// Issue 35 item 8: the server's start says whether online payments are on (with the
// key's mode and the address Stripe's events must be sent to) or off, and what
// customers get instead; never a secret.
import { describe, expect, it } from 'vitest';
import { buildTestConfig } from '../../../tests/support/builders.js';
import { buildApp } from '../app.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';

const WEBHOOK_SECRET = `whsec_${Buffer.from('start-log-webhook-secret-0123456789').toString('base64')}`;

async function startLog(env: Record<string, string>): Promise<string> {
  const { config, remove } = buildTestConfig({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://tacos.example', ...env });
  const logs: string[] = [];
  try {
    const app = await buildApp(config, openSqliteStore(config.dataDir), {
      logStream: { write: (line) => void logs.push(line) },
    });
    await app.ready();
    await app.close();
  } finally {
    remove();
  }
  return logs.join('\n');
}

describe('the start log on payments', () => {
  it('says they are off without Stripe, and what the quote page shows instead', async () => {
    const log = await startLog({});
    expect(log).toContain('Online payments: off (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set)');
    expect(log).toContain('offline payment instructions');
  });

  it("says they are on, the key's mode and where Stripe's events go, never the secrets", async () => {
    const test = await startLog({ STRIPE_SECRET_KEY: 'sk_test_startlog0123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(test).toContain(
      'Online payments: on, Stripe (test mode; events to https://tacos.example/api/payments/stripe)',
    );
    expect(test).not.toContain('sk_test_startlog0123');
    expect(test).not.toContain(WEBHOOK_SECRET);
    const live = await startLog({ STRIPE_SECRET_KEY: 'rk_live_startlog0123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(live).toContain('Online payments: on, Stripe (live mode;');
  });
});
