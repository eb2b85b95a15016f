// A stranger cannot lock the owner out (issue 16 item 3), with real server processes
// behind a trusted proxy hop, on both engines: twenty wrong passwords from twenty
// addresses (each with a forged X-Forwarded-For in front), then the owner's browser
// that signed in before signs in at once, while a browser the account never saw waits.
// The unit tests of the rule are in src/server/owner/sign-in-guard.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/owner/password.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { freePort } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

const OWNER = 'owner@lockout.example';
const PASSWORD = 'a long owner passphrase';

describe.each(['sqlite', 'postgres'] as const)('signing in while a stranger guesses, on %s', (engine) => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(): Promise<string> {
    const data = freshDataDir();
    cleanups.push(data.remove);
    const env: Record<string, string> = {
      DATA_DIR: data.dir,
      TRUST_PROXY: '1',
      RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '10',
      RATE_LIMIT_OWNER_SIGNINS_PER_IP: '20',
    };
    const hash = await hashPassword(PASSWORD);
    if (engine === 'postgres') {
      env.DATABASE_URL = await freshPostgresUrl();
      const owners = await openPostgresOwnerStore(env.DATABASE_URL, 1);
      await owners.createOwner(OWNER, hash);
      await owners.close();
    } else {
      const owners = openSqliteOwnerStore(data.dir);
      await owners.createOwner(OWNER, hash);
      await owners.close();
    }
    const server = new ServerProcess(await freePort(), env);
    cleanups.push(() => server.kill());
    await server.start();
    return `http://127.0.0.1:${server.port}`;
  }

  /** A sign-in through the proxy, from `client` as the proxy saw it; the client forged the first hop. */
  async function signIn(base: string, password: string, client: string, cookie?: string) {
    const response = await fetch(`${base}/api/owner/session`, {
      method: 'POST',
      headers: {
        origin: base,
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.9.9, ${client}`,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email: OWNER, password }),
    });
    const device = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('curbside_device='))
      ?.split(';')[0];
    return { status: response.status, device, retryAfter: response.headers.get('retry-after') };
  }

  it('twenty wrong passwords from twenty addresses: the owner’s browser still signs in at once', {
    timeout: 60_000,
  }, async () => {
    const base = await start();
    const earlier = await signIn(base, PASSWORD, '198.51.100.7');
    expect(earlier.status).toBe(200);
    expect(earlier.device).toBeDefined();

    const answers: number[] = [];
    for (let i = 1; i <= 20; i++) answers.push((await signIn(base, 'a wrong guess, again', `203.0.113.${i}`)).status);
    expect(answers).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);

    expect((await signIn(base, PASSWORD, '198.51.100.7', earlier.device)).status).toBe(200);
    const unknown = await signIn(base, PASSWORD, '192.0.2.44');
    expect(unknown.status).toBe(429);
    expect(Number(unknown.retryAfter)).toBeGreaterThan(0);
  });
});
