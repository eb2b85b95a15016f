// The embedded default: one SQLite file under DATA_DIR, WAL with
// synchronous=FULL, so a create resolves only after its commit is on disk.
//
// Creates are group-committed (group-commit.ts): many in one transaction, written
// by a worker thread with its own connection (sqlite-writer.ts); reads, the
// outbox worker's writes and the search index use this connection.
import { memoryRateCounts } from '../rate-counts.js';
import type Database from 'better-sqlite3';
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { INQUIRY_COLLECTION } from '../../../shared/inquiry.js';
import { keepPrivate } from '../../data-dir.js';
import { NEARLY_FULL_BYTES } from '../store-faults.js';
import { groupCommit } from '../group-commit.js';
import { pendingMigrations } from '../migrations.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { startCheckpointer } from './sqlite-checkpointer.js';
import { sqliteOutbox } from './sqlite-outbox.js';
import { followSearchedFields, indexInBackground, sqliteSearchIndexer } from './sqlite-search.js';
import { startSqliteWriter } from './sqlite-writer.js';
import { prepare, openWritingConnection } from './sqlite-statements.js';
import {
  COLUMNS,
  checkColumns,
  STORED_COLUMNS,
  resolveExisting,
  type CreateResult,
  type InquiryStore,
  type NewInquiry,
  type StoredInquiry,
} from '../inquiry-store.js';

/** Most creates written in one transaction; keeps one batch's latency bounded. */
const MAX_BATCH = 512;

export const SQLITE_FILE = 'curbside.sqlite';

/** The table of applied migrations, made before the first of them. */
export const SCHEMA_MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schemaMigrations (version INTEGER PRIMARY KEY, appliedAt TEXT NOT NULL)';

export function openSqliteStore(dataDir: string): InquiryStore {
  // Inquiries are personal data: the owner's eyes only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE);
  keepPrivate(file, `${file}-wal`, `${file}-shm`);
  const db = openWritingConnection(file);
  // This connection deletes and overwrites outbox rows (an attempt's error can quote a
  // customer's address): freed space is zeroed, as on the owner store's (record 021).
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);
  checkColumns(
    'sqlite',
    prepare(db, `SELECT name FROM pragma_table_info('${INQUIRY_COLLECTION}')`).pluck().all() as string[],
  );

  const selectAll = prepare(
    db,
    `SELECT ${STORED_COLUMNS.join(', ')} FROM ${INQUIRY_COLLECTION} ORDER BY createdAt DESC, id DESC`,
  );
  const selectCount = prepare(db, `SELECT count(*) AS n FROM ${INQUIRY_COLLECTION}`).pluck();
  const appliedVersions = prepare(db, 'SELECT version FROM schemaMigrations').pluck();
  // A write that changes nothing but still goes to the disk (a WAL frame, fsynced).
  const touchLastMigration = prepare(
    db,
    'UPDATE schemaMigrations SET appliedAt = appliedAt WHERE version = (SELECT max(version) FROM schemaMigrations)',
  );
  const outbox = sqliteOutbox(db);
  const writer = startSqliteWriter(file, {
    insert: `INSERT INTO ${INQUIRY_COLLECTION} (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (id) DO NOTHING`,
    findExisting: `SELECT uid, bodyHash, createdAt FROM ${INQUIRY_COLLECTION} WHERE id = ?`,
  });

  // One transaction in the writer: each create's row, and its pending outbox row if it owes notifications.
  const writeBatch = async (batch: NewInquiry[]): Promise<CreateResult[]> => {
    const results = await writer.write(
      batch.map((inquiry) => {
        const row: Record<string, unknown> = {
          ...inquiry.document,
          id: inquiry.id,
          uid: inquiry.uid,
          spamReason: inquiry.spamReason,
          bodyHash: inquiry.bodyHash,
          sender: inquiry.sender ?? null,
          estimate: inquiry.estimate ?? null,
          language: inquiry.language ?? 'en',
        };
        return { id: inquiry.id, values: COLUMNS.map((column) => row[column]), owes: outbox.owes(inquiry) };
      }),
    );
    outbox.queued(results.filter((result) => result.status === 'created' && result.queued).length);
    return results.map((result, index): CreateResult => {
      const inquiry = batch[index]!;
      if (result.status === 'created') return { status: 'created', createdAt: inquiry.document.createdAt };
      if (result.status === 'erased') return { status: 'conflict' };
      return resolveExisting(result.existing, inquiry);
    });
  };
  const batcher = groupCommit(writeBatch, MAX_BATCH);
  const checkpointer = startCheckpointer(file);
  const searchIndexing = indexInBackground(sqliteSearchIndexer(db));
  let closed = false;

  return {
    engine: 'sqlite',
    outbox: outbox.outbox,
    rateCounts: memoryRateCounts(),
    create(inquiry) {
      if (closed) return Promise.reject(new Error('The inquiry store is closed'));
      return batcher.submit(inquiry);
    },
    async list() {
      return selectAll.all() as StoredInquiry[];
    },
    async count() {
      return selectCount.get() as number;
    },
    async pendingMigrations() {
      const applied = appliedVersions.all() as number[];
      return pendingMigrations(SQLITE_MIGRATIONS, applied).map((migration) => migration.version);
    },
    async probeWrite() {
      // A one-page write may fit in the WAL's old space when a create's pages do not.
      const { bavail, bsize } = statfsSync(dataDir);
      if (bavail * bsize < NEARLY_FULL_BYTES)
        throw Object.assign(new Error('the disk holding DATA_DIR is full'), { code: 'ENOSPC' });
      touchLastMigration.run();
    },
    async close() {
      if (closed) return;
      closed = true;
      await batcher.drain();
      await writer.close();
      searchIndexing.stop();
      await checkpointer.stop();
      db.close(); // the last connection to close checkpoints what is left
    },
  };
}

/** Applies every pending migration under the write lock (the owner store's connection runs it too). */
export function migrate(db: Database.Database): void {
  db.exec(SCHEMA_MIGRATIONS_TABLE);
  const applied = prepare(db, 'SELECT version FROM schemaMigrations').pluck();
  const record = prepare(db, 'INSERT INTO schemaMigrations (version, appliedAt) VALUES (?, ?)');
  // IMMEDIATE takes the write lock first, so two processes starting at once cannot both migrate.
  db.transaction(() => {
    for (const migration of pendingMigrations(SQLITE_MIGRATIONS, applied.all() as number[])) {
      db.exec(migration.sql);
      record.run(migration.version, new Date().toISOString());
    }
    followSearchedFields(db);
  }).immediate();
}
