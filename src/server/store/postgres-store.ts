// PostgreSQL, when DATABASE_URL is set: for several app instances sharing one
// database. Each create is one autocommitted INSERT; PostgreSQL acknowledges the
// commit only once its WAL is flushed, and groups concurrent commits itself.
import pg from 'pg';
import { INQUIRY_COLLECTION } from '../../shared/inquiry.js';
import { COLUMNS, STORED_COLUMNS, resolveExisting, type InquiryStore, type NewInquiry, type StoredInquiry } from './inquiry-store.js';

const table = `"${INQUIRY_COLLECTION}"`;
const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

const MIGRATIONS = [
  `CREATE TABLE ${table} (
    "id" text PRIMARY KEY,
    "dateCreated" text NOT NULL,
    "firstName" text NOT NULL,
    "lastName" text NOT NULL,
    "email" text NOT NULL,
    "phoneNumber" text NOT NULL,
    "company" text NOT NULL,
    "eventName" text NOT NULL,
    "eventDate" text NOT NULL,
    "siteAddress" text NOT NULL,
    "startTime" text NOT NULL,
    "endTime" text NOT NULL,
    "plannedGuestCount" integer NOT NULL,
    "operation" text NOT NULL,
    "package" text NOT NULL,
    "notes" text NOT NULL,
    "reference" text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "source" text NOT NULL,
    "uid" text NOT NULL,
    "spamReason" text,
    "bodyHash" text NOT NULL
  )`,
  `CREATE INDEX "${INQUIRY_COLLECTION}_createdAt" ON ${table} ("createdAt")`,
];

/** An arbitrary constant: the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK = 7_203_114;

// timestamptz comes back as an ISO string, as the SQLite store gives it.
const isoTimestamp = (row: Record<string, unknown>) => ({ ...row, createdAt: (row.createdAt as Date).toISOString() });

export async function openPostgresStore(connectionString: string, poolSize = 10): Promise<InquiryStore> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client's network error must not crash the server; the next query reconnects.
  pool.on('error', () => {});
  await migrate(pool);

  const insertSql = `INSERT INTO ${table} (${quoted(COLUMNS)}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
    ON CONFLICT ("id") DO NOTHING RETURNING "createdAt"`;
  const findSql = `SELECT "uid", "bodyHash", "createdAt" FROM ${table} WHERE "id" = $1`;

  return {
    engine: 'postgres',
    async create(inquiry: NewInquiry) {
      const row: Record<string, unknown> = { ...inquiry.document, id: inquiry.id, uid: inquiry.uid, spamReason: inquiry.spamReason, bodyHash: inquiry.bodyHash };
      const inserted = await pool.query({ name: 'create-inquiry', text: insertSql, values: COLUMNS.map((column) => row[column]) });
      if (inserted.rowCount === 1) return { status: 'created', createdAt: inquiry.document.createdAt };
      const existing = await pool.query(findSql, [inquiry.id]);
      return resolveExisting(isoTimestamp(existing.rows[0]) as { uid: string; bodyHash: string; createdAt: string }, inquiry);
    },
    async list() {
      const result = await pool.query(`SELECT ${quoted(STORED_COLUMNS)} FROM ${table} ORDER BY "createdAt" DESC, "id" DESC`);
      return result.rows.map(isoTimestamp) as StoredInquiry[];
    },
    async count() {
      const result = await pool.query(`SELECT count(*)::int AS n FROM ${table}`);
      return result.rows[0].n as number;
    },
    async close() {
      await pool.end();
    },
  };
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS "schemaMigrations" ("version" integer PRIMARY KEY, "appliedAt" timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query('SELECT coalesce(max("version"), 0)::int AS version FROM "schemaMigrations"');
    for (let version = rows[0].version + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1]!);
      await client.query('INSERT INTO "schemaMigrations" ("version") VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
