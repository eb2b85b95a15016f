// The one way the server reads the site's content (issue 36 item 4, issue 37): the
// published version in the store, kept in memory on each instance and switched when a
// newer version is published here or on another instance. Code is handed a port and
// asks it each time (`port.current().content`), so a publish reaches every reader;
// nothing on the server imports the content module for what it serves.
import type { BusinessContent } from '../../../content/schema.js';

export interface LiveContent {
  /** 1 is content/business.ts (or CONTENT_FILE) on a fresh store; each publish adds one. */
  version: number;
  content: BusinessContent;
  /** ISO time of the publish; null for the content file's version 1. */
  publishedAt: string | null;
  /** The owner's e-mail who published it; null for version 1. */
  publishedBy: string | null;
}

export interface ContentPort {
  /** The published content this instance serves now: synchronous, from memory. */
  current(): LiveContent;
  /** Told after this instance switched to a newer version; returns the unsubscribe. */
  onChange(listener: (live: LiveContent) => void): () => void;
}

/** A port that never changes: the build, the CLI and tests that need no store. */
export function fixedContentPort(content: BusinessContent): ContentPort {
  const live: LiveContent = { version: 1, content, publishedAt: null, publishedBy: null };
  return { current: () => live, onChange: () => () => {} };
}
