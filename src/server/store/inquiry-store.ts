// The one interface both storage engines implement. A create never overwrites:
// it stores a new inquiry, recognises an identical replay by the same session,
// or reports a conflict. It resolves only once the row is durable.
import { DOCUMENT_FIELDS, type InquiryDocument } from '../../shared/inquiry.js';
import type { OutboxStore } from './outbox-store.js';

export interface NewInquiry {
  id: string;
  /** The anonymous session that sent it. */
  uid: string;
  /** Hash of the request body, to tell an identical replay from a different inquiry with the same id. */
  bodyHash: string;
  document: InquiryDocument;
  /** Why it looks like spam ('honeypot', 'too-fast'), or null. Spam is stored, flagged, never dropped. */
  spamReason: string | null;
}

export type CreateResult =
  | { status: 'created'; createdAt: string }
  | { status: 'replayed'; createdAt: string }
  | { status: 'conflict' };

export interface StoredInquiry extends InquiryDocument {
  id: string;
  uid: string;
  spamReason: string | null;
}

export interface InquiryStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The notifications owed, written with each created inquiry (outbox-store.ts). */
  readonly outbox: OutboxStore;
  create(inquiry: NewInquiry): Promise<CreateResult>;
  /** Newest first. */
  list(): Promise<StoredInquiry[]>;
  count(): Promise<number>;
  close(): Promise<void>;
}

/** Columns of the eventInquiries table: id, the spec's fields, then ours. */
export const COLUMNS = ['id', ...DOCUMENT_FIELDS, 'uid', 'spamReason', 'bodyHash'] as const;
export const STORED_COLUMNS = COLUMNS.filter((column) => column !== 'bodyHash');

/** Decides what a create of an id that is already taken answers. */
export function resolveExisting(
  existing: { uid: string; bodyHash: string; createdAt: string },
  attempt: Pick<NewInquiry, 'uid' | 'bodyHash'>,
): CreateResult {
  return existing.uid === attempt.uid && existing.bodyHash === attempt.bodyHash
    ? { status: 'replayed', createdAt: existing.createdAt }
    : { status: 'conflict' };
}
