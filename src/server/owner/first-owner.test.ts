// A fresh store has no owner, and /inbox then turns every sign-in away (issue 32 item 7):
// the server's start says how to add one, and where to sign in; once there is an owner,
// it says nothing of it.
import { describe, expect, it } from 'vitest';
import { buildTestConfig } from '../../../tests/support/builders.js';
import { buildApp } from '../app.js';
import { openSqliteOwnerStore } from '../store/sqlite/sqlite-owner-store.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';

describe('the first start', () => {
  it('says how to add an owner while there is none', async () => {
    const { config, remove } = buildTestConfig({ LOG_LEVEL: 'warn', PUBLIC_URL: 'https://tacos.example' });
    const started = async () => {
      const logs: string[] = [];
      const app = await buildApp(config, openSqliteStore(config.dataDir), {
        logStream: { write: (line) => void logs.push(line) },
      });
      await app.ready();
      await app.close();
      return logs.map((line) => (JSON.parse(line) as { msg: string }).msg).join('\n');
    };
    try {
      const first = await started();
      expect(first).toContain('No owner account yet: add one with "npm run owner -- add you@example.com"');
      expect(first).toContain('then sign in at https://tacos.example/inbox');
      const owners = openSqliteOwnerStore(config.dataDir);
      await owners.createOwner('owner@example.com', 'not-a-real-hash');
      await owners.close();
      expect(await started()).not.toContain('No owner account yet');
    } finally {
      remove();
    }
  });
});
