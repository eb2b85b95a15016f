// A `.env` file in the working directory, when there is one, fills in the
// variables the environment does not set (the environment wins), for the server
// and the CLIs alike. See .env.example.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function loadEnvFile(cwd = process.cwd()): void {
  const file = resolve(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
