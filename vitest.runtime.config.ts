// The suites CI runs again on the current LTS (scripts/test-node24.sh, record 131):
// those whose subject is what can differ between Node runtimes, not the whole suite
// a second time. Everything here also runs on Node 20 in `npm test`.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Two files at a time: npm test runs this pass beside the unit tests' three (record 450).
    maxWorkers: 2,
    include: [
      // Native modules and the two engines: better-sqlite3 and pg under every store contract.
      'src/server/store/**/*.test.ts',
      // The server answering over real sockets (node:http, its timeouts), starting and stopping.
      'src/server/routes/*.test.ts',
      'src/server/slow-clients.test.ts',
      'src/server/transport.test.ts',
      'tests/shutdown/*.test.ts',
      // The built server behind Caddy (TLS, proxy headers, the __Host- cookie).
      'tests/deploy/caddy.test.ts',
      // Crypto: webhook signatures (HMAC); push encryption (ECDH, AES-GCM) and VAPID (ES256),
      // sent with fetch (undici) to a TLS push service the server trusts.
      'src/server/notify/units.test.ts',
      'tests/notify/push.test.ts',
      // Stripe's package (its HTTP client, the events' HMAC signatures) against the local stand-in for its API.
      'src/server/payments/providers/**/*.test.ts',
      // Password hashing (@node-rs/argon2, native) through the owner CLI and a signing-in server.
      'src/cli/owner.test.ts',
      'tests/owner/sign-in-lockout.test.ts',
      // Images (sharp, native).
      'src/build/site-images.test.ts',
      // The engines field against the lock file.
      'tests/architecture/node-engines.test.ts',
    ],
  },
});
