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
    console.error('Cannot start:', error);
  }
  process.exit(1);
});

/** Why the port cannot be had, and how to pick another (no stack trace: nothing is broken). */
function portProblem(code: 'EADDRINUSE' | 'EACCES', { host, port }: { host: string; port: number }): string {
  const why =
    code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use (another Curbside, or another program, is listening there)`
      : `this user may not listen on port ${port} (ports below 1024 need a reverse proxy in front, see docs/deploy.md)`;
  return `${why}. Stop that program, or pick another port: PORT=${port === 3000 ? 3001 : 3000} npm start (or set PORT in .env).`;
}
