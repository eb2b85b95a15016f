// The site's content as the owner edits it (issue 37, record 250), one contract for
// both engines: the published versions (each kept, numbered 2, 3, ... since version 1
// is the content file, never stored) and the one draft the owner is typing. A publish
// checks, in the transaction that writes it, that it starts from the live version:
// two publishes from the same version, on any instances, make exactly one new version.

/** A published version as stored: its content as the owner published it (already checked). */
export interface StoredVersion {
  version: number;
  content: unknown;
  publishedAt: string;
  publishedBy: string;
}

/** The draft: what the owner typed (checked or not), from which version, when last saved. */
export interface StoredDraft {
  baseVersion: number;
  content: unknown;
  savedAt: string;
}

export type PublishResult = { status: 'published'; version: number } | { status: 'stale'; liveVersion: number };

/** The content file's version: what a store with nothing published serves. */
export const FILE_VERSION = 1;

export interface ContentStore {
  /** The live version's number: FILE_VERSION while nothing is published (cheap: instances ask it every second). */
  liveVersion(): Promise<number>;
  /** A published version, or undefined (never for FILE_VERSION, which the store does not hold). */
  version(version: number): Promise<StoredVersion | undefined>;
  /** Every published version, newest first. */
  versions(): Promise<StoredVersion[]>;
  draft(): Promise<StoredDraft | undefined>;
  /** Keeps the draft (replacing the one before). */
  saveDraft(draft: StoredDraft): Promise<void>;
  /** Throws the draft away; false when there was none. */
  discardDraft(): Promise<boolean>;
  /**
   * Publishes `content` as the version after `baseVersion`, when `baseVersion` is still the
   * live one (else 'stale', nothing written). A draft holding exactly this content is
   * published with it, so it goes; any other draft stays.
   */
  publish(baseVersion: number, content: unknown, by: string, at: Date): Promise<PublishResult>;
}
