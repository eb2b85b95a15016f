// The entry that listens: reads the configuration, opens the store (running its
// migrations), serves until SIGINT/SIGTERM, then closes cleanly within a
// bound (shutdown.ts).
import { buildApp } from './app.js';
import { ConfigError } from './config-error.js';
import { loadConfig } from './config.js';
import { readableByOthers } from './data-dir.js';
import { loadEnvFile } from './env-file.js';
import { exitGracefullyOnSignals } from './shutdown.js';
import { openStore } from './store/open-store.js';

async function main(): Promise<void> {
  // Files the server makes (the database, its log, the secret) are the owner's alone.
  process.umask(0o077);
  loadEnvFile();
  const config = loadConfig();
  const store = await openStore(config);
  const app = await buildApp(config, store);
  const exposed = readableByOthers(config.dataDir);
  if (exposed) app.log.warn(exposed);
  exitGracefullyOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'ContentError')) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});
