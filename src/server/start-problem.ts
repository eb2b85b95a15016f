// Why the server cannot start, in words that name the machine's problem (record 150):
// "disk I/O error" under systemd's Restart=on-failure loops without saying that the
// disk holding DATA_DIR is full, or that this user may not write there.
import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SQLITE_FILE } from './store/sqlite/sqlite-store.js';
import { NEARLY_FULL_BYTES, storeFault } from './store/store-faults.js';

/** What to tell the owner when the start failed for a reason of the machine's; undefined otherwise. */
export function startProblem(
  error: unknown,
  store: { dataDir: string; databaseUrl: string | undefined },
): string | undefined {
  return store.databaseUrl ? postgresProblem(error, store.databaseUrl) : dataDirProblem(error, store.dataDir);
}

const FILE_CODES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EIO']);

function dataDirProblem(error: unknown, dataDir: string): string | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const fault = storeFault(error);
  if (!fault && !FILE_CODES.has(code)) return undefined;
  const place = nearestExisting(dataDir);
  const free = freeBytes(place);
  if (fault?.kind === 'full' || code === 'ENOSPC' || (free !== undefined && free < NEARLY_FULL_BYTES)) {
    return `the disk holding DATA_DIR (${dataDir}) is full (${free ?? 'unknown'} bytes free; ${code}): free some space on it, then start again.`;
  }
  const unwritable = [place, join(dataDir, SQLITE_FILE), join(dataDir, 'session-secret')].find(
    (path) => existsSync(path) && !mayWrite(path),
  );
  if (unwritable) {
    const { uid, mode } = statSync(unwritable);
    const me = process.getuid?.() ?? 'unknown';
    return (
      `this user (uid ${me}) may not write ${unwritable} (owned by uid ${uid}, mode ${(mode & 0o777).toString(8)}; ${code}): ` +
      `run the server as the user that owns DATA_DIR (${dataDir}), or give it to this one (chown -R).`
    );
  }
  if (code === 'EROFS' || fault?.kind === 'read-only')
    return `DATA_DIR (${dataDir}) cannot be written (${code}): is its file system mounted read-only?`;
  if (code === 'EIO' || fault?.kind === 'disk')
    return `the disk holding DATA_DIR (${dataDir}) reports input/output errors (${code}): check it (dmesg), then start again.`;
  return undefined;
}

function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

function freeBytes(path: string): number | undefined {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}

function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK | constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function postgresProblem(error: unknown, databaseUrl: string): string | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const url = new URL(databaseUrl);
  const where = `PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL)`;
  if (code === '28P01' || code === '28000') return `${where} refused the user or password in DATABASE_URL (${code}).`;
  if (code === '3D000')
    return `the database "${decodeURIComponent(url.pathname.slice(1))}" does not exist on ${where}: create it (createdb) first.`;
  const fault = storeFault(error);
  if (fault?.kind === 'full') return `${where} cannot write: its disk is full (${code}).`;
  if (fault?.kind === 'unanswered')
    return `${where} does not answer (${fault.code}): is it running, and reachable from this machine?`;
  return undefined;
}
