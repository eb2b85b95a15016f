// The site's content on SQLite (content-store.ts), on the owner store's connection.
// The publish's IMMEDIATE transaction takes the write lock before it reads the live
// version, so of two publishes from one version (any process on the file) one waits,
// then finds its base stale.
import type Database from 'better-sqlite3';
import { type ContentStore, FILE_VERSION, type PublishResult, type StoredVersion } from '../content-store.js';
import type { Prepare } from './sqlite-statements.js';

type VersionRow = { version: number; content: string; publishedAt: string; publishedBy: string };

const toVersion = (row: VersionRow): StoredVersion => ({ ...row, content: JSON.parse(row.content) });

export function sqliteContentStore(db: Database.Database, prepare: Prepare): ContentStore {
  const liveVersion = () =>
    (prepare('SELECT max(version) FROM siteVersions').pluck().get() as number | null) ?? FILE_VERSION;
  const publishTx = db.transaction((base: number, json: string, by: string, at: string): PublishResult => {
    const live = liveVersion();
    if (live !== base) return { status: 'stale', liveVersion: live };
    const version = live + 1;
    prepare(
      'INSERT INTO siteVersions (version, content, publishedAt, publishedBy) VALUES (@version, @json, @at, @by)',
    ).run({ version, json, at, by });
    prepare('DELETE FROM siteDraft WHERE content = ?').run(json);
    return { status: 'published', version };
  });
  return {
    async liveVersion() {
      return liveVersion();
    },
    async version(version) {
      const row = prepare('SELECT * FROM siteVersions WHERE version = ?').get(version) as VersionRow | undefined;
      return row && toVersion(row);
    },
    async versions() {
      return (prepare('SELECT * FROM siteVersions ORDER BY version DESC').all() as VersionRow[]).map(toVersion);
    },
    async draft() {
      const row = prepare('SELECT baseVersion, content, savedAt FROM siteDraft').get() as
        | { baseVersion: number; content: string; savedAt: string }
        | undefined;
      return row && { ...row, content: JSON.parse(row.content) };
    },
    async saveDraft(draft) {
      prepare(
        `INSERT INTO siteDraft (id, baseVersion, content, savedAt) VALUES (1, @baseVersion, @content, @savedAt)
         ON CONFLICT (id) DO UPDATE SET baseVersion = excluded.baseVersion, content = excluded.content, savedAt = excluded.savedAt`,
      ).run({ ...draft, content: JSON.stringify(draft.content) });
    },
    async discardDraft() {
      return prepare('DELETE FROM siteDraft').run().changes > 0;
    },
    async publish(baseVersion, content, by, at) {
      return publishTx.immediate(baseVersion, JSON.stringify(content), by, at.toISOString());
    },
  };
}
