// The entry that listens: reads the configuration, opens the store (running its
// migrations), serves until SIGINT/SIGTERM, then closes cleanly within a
// bound (shutdown.ts).
import { buildApp } from './app.js';
import { ConfigError } from './config-error.js';
import { loadConfig, loadStoreConfig } from './config.js';
import { readableByOthers } from './data-dir.js';
import { loadEnvFile } from './env-file.js';
import { exitGracefullyOnSignals } from './shutdown.js';
import { startProblem } from './start-problem.js';
import { testClockFrom } from './test-clock.js';
import { openStore } from './store/open-store.js';

async function main(): Promise<void> {
  // Files the server makes (the database, its log, the secret) are the owner's alone.
  process.umask(0o077);
  loadEnvFile();
  const config = loadConfig();
  const store = await openStore(config);
  // Browser tests only (refused unless NODE_ENV=test): the sale's clock moved by a file (record 431).
  const testClock = testClockFrom(process.env);
  const app = await buildApp(config, store, testClock ? { clock: testClock.clock } : {});
  const stopWatching = testClock?.onMove(() => void app.reminders.sweep().catch(() => undefined));
  if (stopWatching) app.addHook('onClose', async () => stopWatching());
  const exposed = readableByOthers(config.dataDir);
  if (exposed) app.log.warn(exposed);
  exitGracefullyOnSignals(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    await app.close();
    throw new ConfigError(portProblem(code, config));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'ContentError')) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    // A full disk, a DATA_DIR this user may not write, a database that does not answer: said so.
    const problem = storeProblem(error);
    if (problem) console.error(`Cannot start: ${problem}`);
    else console.error('Cannot start:', error);
  }
  process.exit(1);
});

function storeProblem(error: unknown): string | undefined {
  try {
    return startProblem(error, loadStoreConfig());
  } catch {
    return undefined;
  }
}

/** Why the port cannot be had, and how to pick another (no stack trace: nothing is broken). */
function portProblem(code: 'EADDRINUSE' | 'EACCES', { host, port }: { host: string; port: number }): string {
  const why =
    code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use (another Curbside, or another program, is listening there)`
      : `this user may not listen on port ${port} (ports below 1024 need a reverse proxy in front, see docs/deploy.md)`;
  return `${why}. Stop that program, or pick another port: PORT=${port === 3000 ? 3001 : 3000} npm start (or set PORT in .env).`;
}
