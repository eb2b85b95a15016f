// The event's plan on SQLite (event-plan-store.ts), on the owner store's connection:
// each change in one IMMEDIATE transaction with its history line and, for a final count
// from the customer, the owner's outbox pending row.
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor.js';
import {
  type EventPlanStore,
  type FinalCount,
  rowToDetails,
  rowToFinalCount,
  sameCount,
  sameDetails,
} from '../event-plan-store.js';
import type { Prepare } from './sqlite-statements.js';

/** Deletes an inquiry's plan: run them inside the erasure's transaction. */
export const FORGET_EVENT_PLAN_SQL = [
  'DELETE FROM finalCounts WHERE inquiryId = ?',
  'DELETE FROM eventDetails WHERE inquiryId = ?',
];

type Row = Record<string, unknown>;

export function sqliteEventPlanStore(db: Database.Database, prepare: Prepare): EventPlanStore {
  const exists = (inquiryId: string) =>
    prepare('SELECT 1 FROM eventInquiries WHERE id = ?').get(inquiryId) !== undefined;
  const history = (inquiryId: string, note: string, by: Actor | null, at: string) =>
    prepare(
      `INSERT INTO inquiryEvents (inquiryId, kind, note, ownerId, ownerEmail, at) VALUES (?, 'sale', ?, ?, ?, ?)`,
    ).run(inquiryId, note, by?.id ?? null, by?.email ?? null, at);
  const latest = (inquiryId: string) => {
    const row = prepare('SELECT * FROM finalCounts WHERE inquiryId = ? ORDER BY seq DESC LIMIT 1').get(inquiryId);
    return row ? rowToFinalCount(row as Row) : undefined;
  };
  const details = (inquiryId: string) => {
    const row = prepare('SELECT * FROM eventDetails WHERE inquiryId = ?').get(inquiryId);
    return row ? rowToDetails(row as Row) : undefined;
  };

  const setCountTx = db.transaction(
    (inquiryId: string, count: FinalCount, by: Actor | null, note: Parameters<EventPlanStore['setFinalCount']>[4]) => {
      if (!exists(inquiryId)) return undefined;
      const previous = latest(inquiryId);
      if (previous && sameCount(previous, count)) return 'unchanged' as const;
      prepare('INSERT INTO finalCounts (id, inquiryId, guests, dietary, setBy, at) VALUES (?, ?, ?, ?, ?, ?)').run(
        count.id,
        inquiryId,
        count.guests,
        JSON.stringify(count.dietary),
        count.by,
        count.at,
      );
      history(inquiryId, note(previous), by, count.at);
      return count;
    },
  );

  const setDetailsTx = db.transaction(
    (
      inquiryId: string,
      next: Parameters<EventPlanStore['setDetails']>[1],
      at: string,
      note: Parameters<EventPlanStore['setDetails']>[3],
    ) => {
      if (!exists(inquiryId)) return false;
      const previous = details(inquiryId);
      if (previous && sameDetails(previous, next)) return 'unchanged' as const;
      prepare(
        `INSERT INTO eventDetails (inquiryId, onSiteName, onSitePhone, siteAnswers, updatedAt) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (inquiryId) DO UPDATE SET onSiteName = excluded.onSiteName, onSitePhone = excluded.onSitePhone,
           siteAnswers = excluded.siteAnswers, updatedAt = excluded.updatedAt`,
      ).run(inquiryId, next.onSiteName, next.onSitePhone, JSON.stringify(next.siteAnswers), at);
      history(inquiryId, note(previous), null, at);
      return true;
    },
  );

  const inList = (sql: string, ids: readonly string[]) => prepare(sql).all(JSON.stringify(ids)) as Row[];

  return {
    async setFinalCount(inquiryId, count, by, at, note) {
      const row: FinalCount = { id: randomUUID(), inquiryId, ...count, by: by?.email ?? null, at: at.toISOString() };
      return setCountTx.immediate(inquiryId, row, by, note);
    },
    async finalCounts(inquiryId) {
      return (prepare('SELECT * FROM finalCounts WHERE inquiryId = ? ORDER BY seq').all(inquiryId) as Row[]).map(
        rowToFinalCount,
      );
    },
    async finalCount(id) {
      const row = prepare('SELECT * FROM finalCounts WHERE id = ?').get(id);
      return row ? rowToFinalCount(row as Row) : undefined;
    },
    async customerCountsSince(since) {
      return (
        prepare('SELECT * FROM finalCounts WHERE setBy IS NULL AND at >= ? ORDER BY seq').all(
          since.toISOString(),
        ) as Row[]
      ).map(rowToFinalCount);
    },
    async latestFinalCounts(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const rows = inList(
        `SELECT f.* FROM finalCounts f WHERE f.inquiryId IN (SELECT value FROM json_each(?))
           AND f.seq = (SELECT max(seq) FROM finalCounts WHERE inquiryId = f.inquiryId)`,
        inquiryIds,
      );
      return new Map(rows.map((row) => [row.inquiryId as string, rowToFinalCount(row)]));
    },
    async setDetails(inquiryId, next, at, note) {
      return setDetailsTx.immediate(inquiryId, next, at.toISOString(), note);
    },
    async details(inquiryId) {
      return details(inquiryId);
    },
    async detailsOf(inquiryIds) {
      if (inquiryIds.length === 0) return new Map();
      const rows = inList('SELECT * FROM eventDetails WHERE inquiryId IN (SELECT value FROM json_each(?))', inquiryIds);
      return new Map(rows.map((row) => [row.inquiryId as string, rowToDetails(row)]));
    },
  };
}
