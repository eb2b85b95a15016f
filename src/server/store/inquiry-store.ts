// The one interface both storage engines implement. A create never overwrites:
// it stores a new inquiry, recognises an identical replay by the same session,
// or reports a conflict. It resolves only once the row is durable.
import type { RateCounts } from './rate-counts.js';
import { type Engine, sqlType } from '../../shared/inquiry-fields.js';
import { DOCUMENT_FIELDS, INQUIRY, INQUIRY_COLLECTION, type InquiryDocument } from '../../shared/inquiry.js';
import type { OutboxStore } from './outbox-store.js';
import type { StoredInquiry } from './stored-inquiry.js';
import type { Language } from '../../shared/language.js';

export type { StoredInquiry };

export interface NewInquiry {
  id: string;
  /** The anonymous session that sent it. */
  uid: string;
  /** Hash of the request body, to tell an identical replay from a different inquiry with the same id. */
  bodyHash: string;
  document: InquiryDocument;
  /** Why it looks like spam ('honeypot', 'too-fast'), or null. Spam is stored, flagged, never dropped. */
  spamReason: string | null;
  /**
   * The network it came from, as a keyed hash (senderOf in routes/rate-limit.ts), never
   * the address; counted by the confirmations' per-source cap (record 154).
   */
  sender?: string | null;
  /** The estimate the customer was told and the prices it used, as JSON (kept-estimate.ts, record 204); null: none. */
  estimate?: string | null;
  /** The language of the page it was sent from (record 300); absent: English. */
  language?: Language;
}

export type CreateResult =
  | { status: 'created'; createdAt: string }
  | { status: 'replayed'; createdAt: string }
  | { status: 'conflict' };

export interface InquiryStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The notifications owed, written with each created inquiry (outbox-store.ts). */
  readonly outbox: OutboxStore;
  /** The rate limits' counts: in memory on SQLite, shared through the database on PostgreSQL. */
  readonly rateCounts: RateCounts;
  create(inquiry: NewInquiry): Promise<CreateResult>;
  /** Newest first. */
  list(): Promise<StoredInquiry[]>;
  count(): Promise<number>;
  /**
   * Whether the store answers now and its schema is current: the versions of the
   * migrations it lacks (none: current). Rejects when the database does not answer.
   */
  pendingMigrations(): Promise<number[]>;
  /** A small write that changes nothing: rejects while the store cannot write (a full disk; readiness asks, record 150). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/** Columns of the eventInquiries table: id, the spec's fields, then ours. */
export const COLUMNS = [
  'id',
  ...DOCUMENT_FIELDS,
  'uid',
  'spamReason',
  'bodyHash',
  'sender',
  'estimate',
  'language',
] as const;
/** What is read back: not the body's hash nor the sender's, which only the store's own checks use. */
export const STORED_COLUMNS = COLUMNS.filter((column) => column !== 'bodyHash' && column !== 'sender');

/** Each column's SQL type on an engine: the field table's for the document, text for ours. */
export function columnSqlType(engine: Engine, column: string): string {
  const type = INQUIRY.columnTypes[column];
  return type ? sqlType(engine, type) : sqlType(engine, 'text');
}

/**
 * Stops the start when the table lacks a column the field table has: a field was
 * added without its migration. The message gives the migration to write.
 */
export function checkColumns(engine: Engine, actual: readonly string[]): void {
  const missing = COLUMNS.filter((column) => !actual.includes(column));
  if (missing.length === 0) return;
  const table = engine === 'postgres' ? `"${INQUIRY_COLLECTION}"` : INQUIRY_COLLECTION;
  const definitions = INQUIRY.columnDefinitions(engine);
  const fixes = missing.map((column) => {
    const definition = definitions.find((line) => line.replace(/"/g, '').startsWith(`${column} `));
    return `ALTER TABLE ${table} ADD COLUMN ${definition ?? column} DEFAULT ''`;
  });
  throw new Error(
    `The ${INQUIRY_COLLECTION} table has no column ${missing.join(', ')}: add a migration to ` +
      `src/server/store/${engine}/${engine}-migrations.ts, e.g. ${fixes.join('; ')}`,
  );
}

/** Decides what a create of an id that is already taken answers. */
export function resolveExisting(
  existing: { uid: string; bodyHash: string; createdAt: string },
  attempt: Pick<NewInquiry, 'uid' | 'bodyHash'>,
): CreateResult {
  return existing.uid === attempt.uid && existing.bodyHash === attempt.bodyHash
    ? { status: 'replayed', createdAt: existing.createdAt }
    : { status: 'conflict' };
}
