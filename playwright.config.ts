// Browser tests: Debian's Chromium driving the production build, served by the
// real server on 127.0.0.1 with a throwaway data directory. The site is the one built
// into CLIENT_DIR (dist/client unless set; scripts/build-output.ts), of CONTENT_FILE.
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientDir, contentFileRecord } from './scripts/build-output.js';
import { E2E_STRIPE } from './tests/e2e/stripe-settings.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
}
if (!existsSync(join(clientDir, 'index.html')) || !existsSync('dist/node/src/server/main.js')) {
  throw new Error(`No production build in ${clientDir} and dist/node. Run: npm run build`);
}
// The tests read their expected words from the content file the site was built from.
const contentFile = process.env.CONTENT_FILE || 'content/business.ts';
const builtContent = existsSync(contentFileRecord) ? readFileSync(contentFileRecord, 'utf8') : contentFile;
if (builtContent !== contentFile) {
  throw new Error(
    `The build in ${clientDir} is of ${builtContent}, not ${contentFile}. Run: CONTENT_FILE=${contentFile} npm run build`,
  );
}

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Shared with the tests (through the environment) so they can read the store.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'curbside-e2e-'));
// The server's test clock (record 431): hold-end.spec.ts writes an offset here, and takes it away.
process.env.E2E_CLOCK_FILE ??= join(mkdtempSync(join(tmpdir(), 'curbside-e2e-clock-')), 'offset-ms');

/** The browser tests that change the live content. */
const PUBLISHES = /site-editor\.spec\.ts$/;
/**
 * Run after the others, before the site editor's: pre-orders add stops (the schedule's test
 * starts from none), and the Spanish page's test takes the SMTP port the notifications' test
 * holds for its file. Instant booking starts the Stripe stand-in on the pre-orders' port:
 * the project runs its files one at a time. The hold's end moves the server's clock (record 431)
 * while no other file runs, and puts it back.
 */
const AFTER_THE_OTHERS = /(preorders|spanish|instant-booking|hold-end)\.spec\.ts$/;

/**
 * The owner's inbox pages, whose words are the inquiry's and the owner's rather than the content's:
 * a second business's run (E2E_VISITOR_SIDE_ONLY, scripts/test-alt-content.mjs, record 450) leaves
 * them to the demo's run and drives what a visitor and a customer see.
 */
const INBOX_PAGES =
  /\/(inbox|inbox-phone|never-silent|notifications|owner-choices|push|blocked-days|book-anyway|event-sheet|quote-inbox)\.spec\.ts$/;
const IGNORED = process.env.E2E_VISITOR_SIDE_ONLY === '1' ? [INBOX_PAGES] : [];

export default defineConfig({
  testDir: 'tests/e2e',
  // A second business's run keeps its own (scripts/test-alt-content.mjs), so neither wipes the other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: [PUBLISHES, AFTER_THE_OTHERS, ...IGNORED] },
    {
      name: 'after',
      use: { ...devices['Desktop Chrome'] },
      testMatch: AFTER_THE_OTHERS,
      dependencies: ['chromium'],
      workers: 1,
    },
    // The site editor's test publishes the site's content (and restores it after): run after
    // every other, so no page check beside it ever sees a price or a menu item it changed.
    { name: 'publishes', use: { ...devices['Desktop Chrome'] }, testMatch: PUBLISHES, dependencies: ['after'] },
  ],
  webServer: {
    command: 'node dist/node/src/server/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      // Only a test's server reads TEST_CLOCK_FILE (record 431): hold-end.spec.ts moves the days, one file at a time.
      NODE_ENV: 'test',
      TEST_CLOCK_FILE: process.env.E2E_CLOCK_FILE,
      // Tests fill the form faster than a person; the spam timing is covered by the API tests.
      MIN_FILL_SECONDS: '0',
      // Every test signs in and sends from one address: keep the limits out of the way.
      RATE_LIMIT_SESSIONS_PER_IP: '10000',
      RATE_LIMIT_INQUIRIES_PER_IP: '10000',
      // The suite sends far more than the hour's 30 confirmations; the Spanish page's test waits for one.
      CONFIRMATIONS_PER_HOUR: '10000',
      // Owners sign in from the same address too; the per-account limit stays as shipped (tested).
      RATE_LIMIT_OWNER_SIGNINS_PER_IP: '10000',
      // Notifications (tests/e2e/notifications.spec.ts): e-mail to an SMTP server that test
      // starts on the next port (refused connections, retried, while it is not running), and a
      // webhook to a loopback address, which is refused without WEBHOOK_ALLOW_PRIVATE.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
      MAIL_FROM: 'inquiries@e2e.example',
      WEBHOOK_URLS: `http://127.0.0.1:${PORT + 2}/hook|whsec_${Buffer.from('e2e-webhook-secret-0123456789').toString('base64')}`,
      // Online payments (tests/e2e/payments.spec.ts): Stripe's API is a stand-in that test starts on the port after.
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${E2E_STRIPE.port(PORT)}`,
    },
  },
});
