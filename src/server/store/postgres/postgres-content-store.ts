// The site's content on PostgreSQL (content-store.ts), on the owner store's pool. A
// publish is one INSERT of the version after its base, written only while its base is
// the newest version: of two publishes from one version (on any instances), the second
// waits on the first's primary key, then inserts nothing, and is told it is stale.
// The content is kept as the JSON text written (not jsonb, which reorders keys).
import type pg from 'pg';
import { type ContentStore, FILE_VERSION, type StoredVersion } from '../content-store.js';
import { inTransaction, iso } from './postgres-transaction.js';

const toVersion = (row: Record<string, unknown>): StoredVersion => ({
  version: row.version as number,
  content: JSON.parse(row.content as string),
  publishedAt: iso(row.publishedAt) as string,
  publishedBy: row.publishedBy as string,
});

const LIVE_SQL = `SELECT coalesce(max("version"), ${FILE_VERSION}) AS "live" FROM "siteVersions"`;

export function postgresContentStore(pool: pg.Pool): ContentStore {
  const liveVersion = async (client: pg.Pool | pg.PoolClient = pool) =>
    (await client.query(LIVE_SQL)).rows[0].live as number;
  return {
    liveVersion: () => liveVersion(),
    async version(version) {
      const { rows } = await pool.query('SELECT * FROM "siteVersions" WHERE "version" = $1', [version]);
      return rows[0] && toVersion(rows[0]);
    },
    async versions() {
      const { rows } = await pool.query('SELECT * FROM "siteVersions" ORDER BY "version" DESC');
      return rows.map(toVersion);
    },
    async draft() {
      const { rows } = await pool.query('SELECT "baseVersion", "content", "savedAt" FROM "siteDraft"');
      const row = rows[0];
      return (
        row && { baseVersion: row.baseVersion, content: JSON.parse(row.content), savedAt: iso(row.savedAt) as string }
      );
    },
    async saveDraft(draft) {
      await pool.query(
        `INSERT INTO "siteDraft" ("id", "baseVersion", "content", "savedAt") VALUES (1, $1, $2, $3)
         ON CONFLICT ("id") DO UPDATE SET "baseVersion" = excluded."baseVersion", "content" = excluded."content",
           "savedAt" = excluded."savedAt"`,
        [draft.baseVersion, JSON.stringify(draft.content), draft.savedAt],
      );
    },
    async discardDraft() {
      return ((await pool.query('DELETE FROM "siteDraft"')).rowCount ?? 0) > 0;
    },
    async publish(baseVersion, content, by, at) {
      const json = JSON.stringify(content);
      return inTransaction(pool, async (client) => {
        const { rowCount } = await client.query(
          `INSERT INTO "siteVersions" ("version", "content", "publishedAt", "publishedBy")
           SELECT $1::integer + 1, $2, $3, $4 WHERE (${LIVE_SQL}) = $1
           ON CONFLICT ("version") DO NOTHING`,
          [baseVersion, json, at.toISOString(), by],
        );
        if (!rowCount) return { status: 'stale' as const, liveVersion: await liveVersion(client) };
        await client.query('DELETE FROM "siteDraft" WHERE "content" = $1', [json]);
        return { status: 'published' as const, version: baseVersion + 1 };
      });
    },
  };
}
