// PostgreSQL, when DATABASE_URL is set: for several app instances sharing one
// database. Creates are group-committed (group-commit.ts): one autocommitted
// multi-row INSERT a batch, acknowledged only once PostgreSQL has flushed its WAL.
import type pg from 'pg';
import { searchIndexKey, searchTextSql } from '../search-text.js';
import { INQUIRY_COLLECTION } from '../../../shared/inquiry.js';
import { groupCommit } from '../group-commit.js';
import { pendingMigrations } from '../migrations.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { type PostgresOutbox, pendingParameters, postgresOutbox, withPending } from './postgres-outbox.js';
import {
  COLUMNS,
  checkColumns,
  columnSqlType,
  STORED_COLUMNS,
  resolveExisting,
  type CreateResult,
  type InquiryStore,
  type NewInquiry,
  type StoredInquiry,
} from '../inquiry-store.js';
import { postgresRateCounts } from './postgres-rate-counts.js';
import { inTransaction } from './postgres-transaction.js';
import { type LongQuery, longQueries, openPool } from './postgres-pool.js';

const table = `"${INQUIRY_COLLECTION}"`;
const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/** Most creates written in one statement. */
const MAX_BATCH = 512;

/** An arbitrary constant: the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK = 7_203_114;
/** How long a readiness check waits for the database. */
const READY_WAIT_MS = 2_000;

// timestamptz comes back as an ISO string, as the SQLite store gives it.
const isoTimestamp = (row: Record<string, unknown>) => ({ ...row, createdAt: (row.createdAt as Date).toISOString() });

export async function openPostgresStore(connectionString: string, poolSize = 10): Promise<InquiryStore> {
  const pool = openPool(connectionString, poolSize);
  await migrate(pool);
  const { rows: columns } = await pool.query(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [INQUIRY_COLLECTION],
  );
  checkColumns(
    'postgres',
    columns.map((row) => row.column_name as string),
  );

  const outbox = postgresOutbox(pool);
  const batcher = groupCommit((batch: NewInquiry[]) => writeBatch(pool, batch, outbox), MAX_BATCH);

  return {
    engine: 'postgres',
    outbox: outbox.outbox,
    rateCounts: postgresRateCounts(pool),
    create: (inquiry) => batcher.submit(inquiry),
    async list() {
      const result = await pool.query(
        `SELECT ${quoted(STORED_COLUMNS)} FROM ${table} ORDER BY "createdAt" DESC, "id" DESC`,
      );
      return result.rows.map(isoTimestamp) as StoredInquiry[];
    },
    async count() {
      const result = await pool.query(`SELECT count(*)::int AS n FROM ${table}`);
      return result.rows[0].n as number;
    },
    async pendingMigrations() {
      // A database that does not answer must not hold a health check: at most READY_WAIT_MS.
      const applied = await Promise.race([
        pool.query('SELECT "version" FROM "schemaMigrations"'),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('PostgreSQL did not answer')), READY_WAIT_MS).unref(),
        ),
      ]);
      const versions = applied.rows.map((row) => row.version as number);
      return pendingMigrations(POSTGRES_MIGRATIONS, versions).map((migration) => migration.version);
    },
    async probeWrite() {
      // A write that changes nothing but still needs the disk (a new row version, WAL).
      await pool.query(
        'UPDATE "schemaMigrations" SET "appliedAt" = "appliedAt" WHERE "version" = (SELECT max("version") FROM "schemaMigrations")',
      );
    },
    async close() {
      await batcher.drain();
      await pool.end();
    },
  };
}

// One statement inserts the whole batch (one commit, one WAL flush): each column
// goes as an array, and unnest() zips the arrays back into rows.
const INSERT_BATCH_SQL = `INSERT INTO ${table} (${quoted(COLUMNS)})
  SELECT * FROM unnest(${COLUMNS.map((column, i) => `$${i + 1}::${columnSqlType('postgres', column)}[]`).join(', ')})
    AS row(${quoted(COLUMNS)})
  -- An erased inquiry's id stays taken: a replay must not bring its data back.
  WHERE NOT EXISTS (SELECT 1 FROM "erasures" WHERE "inquiryId" = row."id")
  ON CONFLICT ("id") DO NOTHING RETURNING "id"`;
// The same, appending the inserted rows that owe notifications to the outbox's pending rows.
const INSERT_BATCH_WITH_PENDING_SQL = withPending(INSERT_BATCH_SQL, COLUMNS.length);
const FIND_SQL = `SELECT "id", "uid", "bodyHash", "createdAt" FROM ${table} WHERE "id" = ANY($1::text[])`;

async function writeBatch(pool: pg.Pool, batch: NewInquiry[], outbox: PostgresOutbox): Promise<CreateResult[]> {
  const rows = batch.map(
    (inquiry): Record<string, unknown> => ({
      ...inquiry.document,
      id: inquiry.id,
      uid: inquiry.uid,
      spamReason: inquiry.spamReason,
      bodyHash: inquiry.bodyHash,
      sender: inquiry.sender ?? null,
      estimate: inquiry.estimate ?? null,
      language: inquiry.language ?? 'en',
    }),
  );
  const values = COLUMNS.map((column) => rows.map((row) => row[column]));
  const owing = outbox.owing(batch);
  const inserted = await pool.query(
    owing.length === 0
      ? { name: 'create-inquiries', text: INSERT_BATCH_SQL, values }
      : {
          name: 'create-inquiries-with-pending',
          text: INSERT_BATCH_WITH_PENDING_SQL,
          values: [...values, ...pendingParameters(owing, Date.now())],
        },
  );
  const owingIds = new Set(owing);
  const queued = inserted.rows.filter((row: { id: string }) => owingIds.has(row.id)).length;
  if (queued > 0) outbox.queued(queued);
  // The first create of each inserted id is the one that created it; any other
  // create of an id (taken before, or twice in this batch) is a replay or a conflict.
  const unclaimed = new Set(inserted.rows.map((row: { id: string }) => row.id));
  const results: (CreateResult | undefined)[] = batch.map((inquiry) =>
    unclaimed.delete(inquiry.id) ? { status: 'created', createdAt: inquiry.document.createdAt } : undefined,
  );
  const others = batch.filter((_, index) => !results[index]);
  if (others.length > 0) {
    const found = await pool.query({
      name: 'find-inquiries',
      text: FIND_SQL,
      values: [others.map((inquiry) => inquiry.id)],
    });
    const existing = new Map(
      found.rows.map((row) => [
        row.id as string,
        isoTimestamp(row) as { uid: string; bodyHash: string; createdAt: string },
      ]),
    );
    batch.forEach((inquiry, index) => {
      const found = existing.get(inquiry.id);
      // Not inserted and not there: its id belongs to an erased inquiry.
      results[index] ??= found ? resolveExisting(found, inquiry) : { status: 'conflict' };
    });
  }
  return results as CreateResult[];
}

/** Applies every pending migration under an advisory lock (the owner store's pool runs it too). */
export async function migrate(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    // A migration may rewrite a large table, and another instance waits for the lock
    // meanwhile: no time limit here (record 150) but the long one.
    const query = longQueries(client);
    await query('SET LOCAL statement_timeout = 0');
    await query('SET LOCAL lock_timeout = 0');
    await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await query(
      'CREATE TABLE IF NOT EXISTS "schemaMigrations" ("version" integer PRIMARY KEY, "appliedAt" timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await query('SELECT "version" FROM "schemaMigrations"');
    for (const migration of pendingMigrations(
      POSTGRES_MIGRATIONS,
      rows.map((row) => row.version as number),
    )) {
      await query(migration.sql);
      await query('INSERT INTO "schemaMigrations" ("version") VALUES ($1)', [migration.version]);
    }
    await followSearchedFields(query);
  });
}

/**
 * Rebuilds the search document and its index when what it indexes (searchIndexKey:
 * the field table's searched fields, how their text is made) differs from what it was
 * built from (its column comment); inside the migration's transaction and lock, so
 * one instance does it once.
 */
async function followSearchedFields(query: LongQuery): Promise<void> {
  const { rows } = await query(
    `SELECT col_description('"eventInquiries"'::regclass, attnum) AS fields FROM pg_attribute
     WHERE attrelid = '"eventInquiries"'::regclass AND attname = 'searchDocument'`,
  );
  const key = searchIndexKey('postgres');
  if (rows[0]?.fields === key) return;
  await query(`ALTER TABLE "eventInquiries" DROP COLUMN IF EXISTS "searchDocument"`);
  await query(`ALTER TABLE "eventInquiries" ADD COLUMN "searchDocument" tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, regexp_replace(lower(${searchTextSql('postgres')}), '[^[:alnum:]]+', ' ', 'g'))
  ) STORED`);
  // Its words are the customers': no sample of them in ANALYZE's statistics (migration 161, record 157).
  await query(`ALTER TABLE "eventInquiries" ALTER COLUMN "searchDocument" SET STATISTICS 0`);
  await query(`CREATE INDEX "eventInquiries_search" ON "eventInquiries" USING gin ("searchDocument")`);
  await query(`COMMENT ON COLUMN "eventInquiries"."searchDocument" IS '${key}'`);
}
