// DATA_DIR holds the inquiries, the owners' password hashes and the session secret:
// the owner's eyes only (the server sets umask 077 at start, so what it creates is 0600).
import { chmodSync, existsSync, statSync } from 'node:fs';

/** A warning when DATA_DIR (inquiries, password hashes, the session secret) can be read by other users. */
export function readableByOthers(dataDir: string): string | undefined {
  let mode: number;
  try {
    mode = statSync(dataDir).mode;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) === 0) return undefined;
  return `DATA_DIR ${dataDir} can be read by other users of this machine (mode ${(mode & 0o777).toString(8)}): run chmod 700 ${dataDir}`;
}

/** Makes files that exist (made before umask 077, or copied in) readable by the owner only. */
export function keepPrivate(...files: string[]): void {
  for (const file of files) if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
}
