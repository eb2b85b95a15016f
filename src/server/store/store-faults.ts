// What a failure of the database means for the one who asked (design: "a database that
// is down, full or hung gets an answer within 5 s: 503 with Retry-After"). A fault of
// the store is not a bug of ours: the request may be sent again shortly, and the answer
// says so (record 150). Anything not recognised here stays a masked 500.

/** What is wrong with the store, in the words an answer, a log line and readiness use. */
export type StoreFaultKind = 'full' | 'unanswered' | 'busy' | 'read-only' | 'disk';

export interface StoreFault {
  kind: StoreFaultKind;
  /** The engine's or the system's code (SQLITE_FULL, 53100, ECONNREFUSED, TIMEOUT): never text, which can quote a row. */
  code: string;
}

/** A disk with less room than this is full, whatever a small write says (its WAL may still have space). */
export const NEARLY_FULL_BYTES = 1024 * 1024;

/** How each kind reads in a log line and in readiness: "writes fail: the disk is full". */
export const FAULT_TEXT: Record<StoreFaultKind, string> = {
  full: 'the disk is full',
  unanswered: 'the database does not answer',
  busy: 'the database is busy',
  'read-only': 'the store cannot be written (file permissions, or a read-only database)',
  disk: 'the disk reports input/output errors',
};

/** When to try again, by kind (seconds; the form's own retries come sooner and are harmless). */
export const RETRY_AFTER_S: Record<StoreFaultKind, number> = {
  full: 30,
  unanswered: 5,
  busy: 2,
  'read-only': 30,
  disk: 30,
};

/** What a visitor (or the owner's inbox) is told: no detail of ours, and a time to try again. */
export function faultMessage(fault: StoreFault): string {
  return `The site cannot take this right now (its storage is unavailable). Please try again in ${RETRY_AFTER_S[fault.kind]} seconds.`;
}

// PostgreSQL's SQLSTATEs (appendix A of its manual) that say the database, not the
// request, is at fault; by class (two characters) or exactly.
const POSTGRES_CLASSES: Record<string, StoreFaultKind> = {
  '08': 'unanswered', // connection exception
  '53': 'full', // insufficient resources: 53100 disk full, 53200 out of memory, 53300 too many connections
  '58': 'disk', // system error: 58030 io_error
};
const POSTGRES_CODES: Record<string, StoreFaultKind> = {
  '53200': 'busy',
  '53300': 'busy',
  '57014': 'unanswered', // query_canceled: statement_timeout
  '55P03': 'busy', // lock_not_available: lock_timeout
  '57P01': 'unanswered', // admin_shutdown
  '57P02': 'unanswered', // crash_shutdown
  '57P03': 'unanswered', // cannot_connect_now: starting up
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
  '25006': 'read-only', // read_only_sql_transaction: a standby
};

/** Errors of the network or of node-postgres itself (no SQLSTATE): the database did not answer. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const DRIVER_MESSAGES: [RegExp, string][] = [
  [/^Query read timeout$/, 'TIMEOUT'],
  [/^timeout exceeded when trying to connect$/, 'TIMEOUT'],
  [/^Connection terminated/, 'CONNECTION_LOST'],
  [/is not queryable$/, 'CONNECTION_LOST'],
  [/^The SQLite writer has stopped$/, 'WRITER_STOPPED'],
];

function sqliteKind(code: string): StoreFaultKind | undefined {
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR')) return 'disk';
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM')
    return 'read-only';
  return undefined;
}

/** The store fault an error is, or undefined when it is something else (a bug: a 500). */
export function storeFault(error: unknown): StoreFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) {
      const kind = sqliteKind(code);
      return kind ? { kind, code } : undefined;
    }
    if (code === 'ENOSPC') return { kind: 'full', code };
    if (code === 'EACCES' || code === 'EROFS') return { kind: 'read-only', code };
    if (SOCKET_CODES.has(code)) return { kind: 'unanswered', code };
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const kind = POSTGRES_CODES[code] ?? POSTGRES_CLASSES[code.slice(0, 2)];
      return kind ? { kind, code } : undefined;
    }
  }
  if (typeof message === 'string') {
    for (const [pattern, driverCode] of DRIVER_MESSAGES)
      if (pattern.test(message))
        return { kind: driverCode === 'WRITER_STOPPED' ? 'disk' : 'unanswered', code: driverCode };
  }
  return undefined;
}

/**
 * Whether the store's writes fail, as the last fault seen said (readiness asks: record 150).
 * Set by any request that met a store fault; cleared by a write that got through.
 */
export interface StoreHealth {
  fault(fault: StoreFault): void;
  /** A write went through: whatever failed before is over. */
  ok(): void;
  /** The fault seen since the last write that went through, if any. */
  failing(): StoreFault | undefined;
}

export function createStoreHealth(): StoreHealth {
  let last: StoreFault | undefined;
  return {
    fault(fault) {
      last = fault;
    },
    ok() {
      last = undefined;
    },
    failing: () => last,
  };
}
