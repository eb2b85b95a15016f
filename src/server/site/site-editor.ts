// The owner's site as the inbox's "Site" page and `npm run content` work on it (issue
// 37, record 250): the live version, the draft (kept even when invalid, with its
// per-field issues), publish (only a valid draft, only from the live version), the
// history in words, and restore. One place for these rules: the routes and the CLI call it.
import { ContentError, type BusinessContent, validateContent } from '../../../content/schema.js';
import { type ContentStore, FILE_VERSION, type StoredDraft } from '../store/content-store.js';
import type { LiveContent } from './content-port.js';
import { contentChanges } from './content-changes.js';
import type { StoreContentPort } from './store-content-port.js';

/** Each wrong field's path (as content/schema.ts names it) and its message; {} when the content is valid. */
export type ContentIssues = Record<string, string>;

/** The pictures of a (valid) content the page cannot draw, by field; {} when it can draw them all (picture-check.ts). */
export type PictureCheck = (content: BusinessContent) => Promise<ContentIssues>;

export interface SiteView {
  live: LiveContent;
  draft: StoredDraft | null;
  /** The draft's issues ({} without a draft). */
  issues: ContentIssues;
}

export interface HistoryEntry {
  version: number;
  publishedAt: string | null;
  publishedBy: string | null;
  changes: string[];
}

export type PublishOutcome =
  | { status: 'published'; version: number }
  | { status: 'invalid'; fields: ContentIssues }
  | { status: 'stale'; live: LiveContent }
  | { status: 'missing'; message: string };

/** The content's issues by field: every shape issue, else the first rule broken. */
export function contentIssues(content: unknown): ContentIssues {
  try {
    validateContent(content);
    return {};
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const issues: ContentIssues = {};
    for (const issue of error.issues) issues[issue.path || 'content'] ??= issue.message;
    return issues;
  }
}

/** A content document at all (an object), before any field is checked. */
export const isContentDocument = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface SiteEditor {
  view(): Promise<SiteView>;
  saveDraft(baseVersion: number, content: unknown, at: Date): Promise<{ draft: StoredDraft; issues: ContentIssues }>;
  discardDraft(): Promise<void>;
  /** Publishes the saved draft. */
  publishDraft(baseVersion: number, by: string, at: Date): Promise<PublishOutcome>;
  /** Publishes `content` (an import; a restore) as a new version. */
  publish(baseVersion: number, content: unknown, by: string, at: Date): Promise<PublishOutcome>;
  restore(version: number, baseVersion: number, by: string, at: Date): Promise<PublishOutcome>;
  history(): Promise<HistoryEntry[]>;
  /** A version's content (FILE_VERSION's too), or undefined. */
  contentOf(version: number): Promise<BusinessContent | undefined>;
}

/** `pictures`: every picture a draft or a publish names must be one the page can draw (record 400). */
export function siteEditor(store: ContentStore, port: StoreContentPort, pictures?: PictureCheck): SiteEditor {
  const fileContent = () => port.fileContent;
  const issuesOf = async (content: unknown): Promise<ContentIssues> => {
    const issues = contentIssues(content);
    if (Object.keys(issues).length > 0 || !pictures) return issues;
    return pictures(content as BusinessContent);
  };
  const contentOf = async (version: number) => {
    if (version === FILE_VERSION) return fileContent();
    const stored = await store.version(version);
    return stored && (stored.content as BusinessContent);
  };
  const publish = async (baseVersion: number, content: unknown, by: string, at: Date): Promise<PublishOutcome> => {
    const fields = await issuesOf(content);
    if (Object.keys(fields).length > 0) return { status: 'invalid', fields };
    const result = await store.publish(baseVersion, content, by, at);
    if (result.status === 'stale') return { status: 'stale', live: await port.refresh() };
    await port.refresh();
    return result;
  };
  return {
    async view() {
      const live = await port.refresh();
      const draft = (await store.draft()) ?? null;
      return { live, draft, issues: draft ? await issuesOf(draft.content) : {} };
    },
    async saveDraft(baseVersion, content, at) {
      const draft = { baseVersion, content, savedAt: at.toISOString() };
      await store.saveDraft(draft);
      return { draft, issues: await issuesOf(content) };
    },
    async discardDraft() {
      await store.discardDraft();
    },
    async publishDraft(baseVersion, by, at) {
      const draft = await store.draft();
      if (!draft) return { status: 'missing', message: 'There is no draft to publish: save your changes first.' };
      return publish(baseVersion, draft.content, by, at);
    },
    publish,
    async restore(version, baseVersion, by, at) {
      const content = await contentOf(version);
      if (!content) return { status: 'missing', message: `There is no version ${version}.` };
      return publish(baseVersion, content, by, at);
    },
    async history() {
      const versions = await store.versions();
      const entries: HistoryEntry[] = versions.map((stored, index) => {
        const before = (versions[index + 1]?.content ?? fileContent()) as BusinessContent;
        const { version, publishedAt, publishedBy } = stored;
        return {
          version,
          publishedAt,
          publishedBy,
          changes: contentChanges(before, stored.content as BusinessContent),
        };
      });
      entries.push({ version: FILE_VERSION, publishedAt: null, publishedBy: null, changes: ['The content file'] });
      return entries;
    },
    contentOf,
  };
}
