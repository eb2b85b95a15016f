// The entry that listens: reads the configuration, opens the store (running its
// migrations), serves until SIGINT/SIGTERM, then closes cleanly within a
// bound (shutdown.ts).
import { buildApp } from './app.js';
import { ConfigError } from './config-error.js';
import { loadConfig } from './config.js';
import { loadEnvFile } from './env-file.js';
import { exitGracefullyOnSignals } from './shutdown.js';
import { openStore } from './store/open-store.js';

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const store = await openStore(config);
  const app = await buildApp(config, store);
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
