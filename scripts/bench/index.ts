// `npm run bench`: builds for production, then measures the page (sizes,
// Lighthouse) and the API (creates/s, latency), prints each figure beside its
// target from shared/design.md, and writes them to docs/bench-results.md, keeping the
// figures of earlier runs kept below its KEPT line (they belong there, not in a
// decision record: docs/decisions/000-template.md).
// Figures, not tests: nothing here fails a build. BENCH_ONLY=page|headers|site|publish|es|photos|quote|api|availability|inbox|notify|drain|payments|orders|order-page runs one part.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { formatApiBench, runApiBench } from './api.js';
import { formatAvailabilityBench, runAvailabilityBench } from './availability.js';
import { formatHeadersBench, runHeadersBench } from './headers.js';
import { formatInboxBench, runInboxBench } from './inbox.js';
import { formatNotifyBench, runNotifyBench } from './notify.js';
import { formatDrainBench, runDrainBench } from './outbox-drain.js';
import { formatPageBench, runPageBench } from './page.js';
import { formatPaymentBench, runPaymentBench } from './payments.js';
import { formatOrderPageBench, formatOrdersBench, runOrderPageBench, runOrdersBench } from './preorders.js';
import { formatPublishBench, runPublishBench } from './publish-spread.js';
import { formatQuotePageBench, runQuotePageBench } from './quote-page.js';
import { formatSiteRenderBench, runSiteRenderBench } from './site-render.js';
import { formatSpanishPageBench, runSpanishPageBench } from './spanish-page.js';
import { formatUploadedPhotosBench, runUploadedPhotosBench } from './uploaded-photos.js';

const only = process.env.BENCH_ONLY;
const RESULTS_FILE = 'docs/bench-results.md';
/** The line below which docs/bench-results.md keeps earlier runs' figures, from run to run. */
const KEPT = '<!-- Earlier runs: kept by npm run bench, which rewrites only what is above this line. -->';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const sections: string[] = [];
if (!only || only === 'page') {
  console.log('\n=== page: sizes and Lighthouse ===');
  const page = formatPageBench(await runPageBench());
  console.log(page);
  sections.push(
    "## The landing page\n\nProduction build served by the real server on 127.0.0.1; Lighthouse in Debian's headless Chromium, a fresh browser per run, each run audited without the two requests Chrome makes for itself at load (record 126).\n\n" +
      page,
  );
}
if (!only || only === 'headers') {
  console.log("\n=== the landing page's headers: without and with COOP ===");
  const headers = formatHeadersBench(await runHeadersBench());
  console.log(headers);
  sections.push(
    "## The landing page's headers\n\nThe built files from a plain static server, with the landing page's headers and with Cross-Origin-Opener-Policy added, alternating in Lighthouse's mobile preset (record 231).\n\n" +
      headers,
  );
}
if (!only || only === 'site') {
  console.log('\n=== the page rendered on publish, beside a static file ===');
  const site = formatSiteRenderBench(await runSiteRenderBench());
  console.log(site);
  sections.push(
    "## The page rendered on publish\n\nThe real server on the production build: the page's answer, as its renderer made it for the live version (record 260), beside a static file of the same build through the same server, rounds alternating (autocannon over loopback).\n\n" +
      site,
  );
}
if (!only || only === 'publish') {
  console.log('\n=== publish to the new page on every instance ===');
  const publish = formatPublishBench(await runPublishBench());
  console.log(publish);
  sections.push(
    "## Publish to the new page on every instance\n\nTwo servers on one store (a SQLite file, a PostgreSQL database), the production build's page; from the owner's publish sent until both answer GET / with it (record 251).\n\n" +
      `\`\`\`\n${publish}\n\`\`\``,
  );
}
if (!only || only === 'es') {
  console.log('\n=== the Spanish page beside the English ===');
  const spanish = formatSpanishPageBench(await runSpanishPageBench());
  console.log(spanish);
  sections.push(
    "## The Spanish page\n\n/es/ and / alternating on one server in Lighthouse's mobile preset, the page rendered on publish from the content's `es` block (records 300, 360).\n\n" +
      spanish,
  );
}
if (!only || only === 'photos') {
  console.log("\n=== the page with the owner's uploaded photos beside the build's ===");
  const uploaded = await runUploadedPhotosBench();
  const photos = formatUploadedPhotosBench(uploaded);
  console.log(photos);
  sections.push(
    `## The page with the owner's photos\n\nThe content's ${uploaded.photos} photos uploaded as the owner's phone sends them (re-encoded by the server, drawn from the store: record 270) and published, that page and the build's, each on a server of its own, alternating in Lighthouse's mobile preset.\n\n` +
      photos,
  );
}
if (!only || only === 'quote') {
  console.log("\n=== the customer's quote page ===");
  const quote = formatQuotePageBench(await runQuotePageBench());
  console.log(quote);
  sections.push(
    "## The quote page\n\nA sent quote's page (/quote/<token>, rendered per request) and the landing page, alternating on one server in Lighthouse's mobile preset.\n\n" +
      quote,
  );
}
if (!only || only === 'api') {
  console.log('\n=== API: creating inquiries ===');
  const api = formatApiBench(await runApiBench());
  sections.push(`## The inquiry API\n\n\`\`\`\n${api}\n\`\`\``);
}
if (!only || only === 'availability') {
  console.log('\n=== the calendar: a year of availability ===');
  const availability = formatAvailabilityBench(await runAvailabilityBench());
  console.log(availability);
  sections.push(`## The calendar\n\n\`\`\`\n${availability}\n\`\`\``);
}
if (!only || only === 'inbox') {
  console.log("\n=== the owner's inbox over 100,000 inquiries ===");
  const inbox = formatInboxBench(await runInboxBench());
  console.log(inbox);
  sections.push(`## The owner's inbox\n\n\`\`\`\n${inbox}\n\`\`\``);
}
if (!only || only === 'notify') {
  console.log('\n=== notifications: the outbox and the owner e-mail ===');
  const notify = formatNotifyBench(await runNotifyBench());
  console.log(notify);
  sections.push(`## Notifications\n\n\`\`\`\n${notify}\n\`\`\``);
}
if (!only || only === 'drain') {
  console.log('\n=== notifications: how long a backlog takes to drain ===');
  const drain = formatDrainBench(await runDrainBench());
  console.log(drain);
  sections.push(`## The outbox's backlog\n\n\`\`\`\n${drain}\n\`\`\``);
}
if (!only || only === 'payments') {
  console.log('\n=== deposits: a payment event to Booked and the owner’s push ===');
  const payments = formatPaymentBench(await runPaymentBench());
  console.log(payments);
  sections.push(`## Deposits\n\n\`\`\`\n${payments}\n\`\`\``);
}
if (!only || only === 'orders') {
  console.log('\n=== pre-orders: orders/s at 50 connections, none oversold ===');
  const orders = formatOrdersBench(await runOrdersBench());
  console.log(orders);
  sections.push(
    '## Pre-orders\n\nPOST /order/<stop id> ("Pay at pickup") with 50 connections on each engine, pickup times of 2,000 places each and a capped item (1,000) that sells out during the run; the stored orders read back after.\n\n' +
      orders,
  );
}
if (!only || only === 'order-page') {
  console.log('\n=== the order page ===');
  const orderPage = formatOrderPageBench(await runOrderPageBench());
  console.log(orderPage);
  sections.push(
    "## The order page\n\nA stop's order page (/order/<stop id>, rendered per request) and the landing page, alternating on one server in Lighthouse's mobile preset.\n\n" +
      orderPage,
  );
}

if (only) {
  console.log(`\nBENCH_ONLY=${only}: a partial run, so ${RESULTS_FILE} is left as it was.`);
  process.exit(0);
}

const chromium = (() => {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'Chromium: unknown';
  }
})();
const previous = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
const earlier = previous.includes(KEPT) ? previous.slice(previous.indexOf(KEPT)) : `${KEPT}\n`;
writeFileSync(
  RESULTS_FILE,
  [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ${chromium}. ` +
      'Targets are those of shared/design.md.',
    '',
    ...sections,
    '',
    earlier,
  ].join('\n'),
);
console.log(`\nWritten to ${RESULTS_FILE}`);
