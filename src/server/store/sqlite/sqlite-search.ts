// The inbox's full-text search on SQLite: an FTS5 contentless index keyed by the
// inquiry's rowid (decision record 021), filled in batches rather than in each
// create's transaction (record 052). FTS5 writes a new segment per transaction,
// so indexing 50 creates at a time cost the group commit more than half its rate;
// the inquiry store indexes what is new once a second, and a search first
// indexes whatever is still missing, so it always finds every inquiry.
//
// `searchProgress.indexedUpTo` is the highest rowid indexed: rowids only grow,
// except that SQLite gives a new row the highest rowid + 1, so erasing the newest
// inquiry makes its rowid free again; `forget` lowers the mark then.
import type Database from 'better-sqlite3';
import { searchIndexKey, searchTextSql } from '../search-text.js';
import { prepare, relaxedTransaction } from './sqlite-statements.js';

/** What a search looks through: the field table's searched fields (search-text.ts). */
const SEARCH_TEXT_SQL = searchTextSql('sqlite');

/** Most inquiries indexed in one transaction, so the write lock is never held long. */
const CHUNK = 2000;

export interface SearchIndexer {
  /** Indexes up to `limit` inquiries not yet in the index, oldest first; returns how many. */
  indexNew(limit?: number): number;
  /** Indexes every inquiry not yet in the index (before a search). */
  catchUp(): void;
  /** Takes an inquiry out of the index; call inside the erasing transaction, before its row is deleted. */
  forget(rowid: number): void;
  /** The rowids an FTS5 query matches below `below`, highest (newest) first, at most `limit`. */
  hits(match: string, below: number, limit: number): number[];
}

export function sqliteSearchIndexer(db: Database.Database): SearchIndexer {
  const mark = prepare(db, 'SELECT indexedUpTo FROM searchProgress').pluck();
  const nextChunk = prepare(
    db,
    'SELECT count(*) AS count, max(rowid) AS last FROM (SELECT rowid FROM eventInquiries WHERE rowid > ? ORDER BY rowid LIMIT ?)',
  );
  const insert = prepare(
    db,
    `INSERT INTO inquirySearch (rowid, text) SELECT rowid, ${SEARCH_TEXT_SQL} FROM eventInquiries
     WHERE rowid > ? AND rowid <= ?`,
  );
  const setMark = prepare(db, 'UPDATE searchProgress SET indexedUpTo = ?');
  const remove = prepare(db, 'DELETE FROM inquirySearch WHERE rowid = ?');
  // The deleted row's words stay in the index's segments until they are merged: merge them now.
  const optimize = prepare(db, "INSERT INTO inquirySearch (inquirySearch) VALUES ('optimize')");
  const newerExists = prepare(db, 'SELECT 1 FROM eventInquiries WHERE rowid > ? LIMIT 1').pluck();
  const matching = prepare<number>(
    db,
    'SELECT rowid FROM inquirySearch WHERE inquirySearch MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?',
  ).pluck();

  // The index can be rebuilt from the rows (its mark is in the same transaction):
  // a power cut losing the last batch only means indexing it again.
  const indexNew = relaxedTransaction(db, (limit: number): number => {
    const from = mark.get() as number;
    const { count, last } = nextChunk.get(from, limit) as { count: number; last: number | null };
    if (last === null) return 0;
    insert.run(from, last);
    setMark.run(last);
    return count;
  });

  return {
    indexNew: (limit = CHUNK) => indexNew(limit),
    catchUp() {
      let indexed: number;
      do indexed = indexNew(CHUNK);
      while (indexed === CHUNK);
    },
    forget(rowid) {
      const indexedUpTo = mark.get() as number;
      if (rowid > indexedUpTo) return; // not indexed yet: nothing to take out
      remove.run(rowid);
      optimize.run();
      // The newest inquiry: a row created next takes its rowid, and must be indexed.
      if (newerExists.get(rowid) === undefined) setMark.run(rowid - 1);
    },
    hits: (match, below, limit) => matching.all(match, below, limit),
  };
}

/** Indexes what is new every `intervalMs`, a chunk at a time, yielding to requests between chunks. */
export function indexInBackground(indexer: SearchIndexer, intervalMs = 1000): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (!stopped) timer = setTimeout(run, intervalMs).unref();
  };
  const run = () => {
    try {
      if (!stopped && indexer.indexNew() === CHUNK) {
        setImmediate(run); // more waiting: the next chunk after the requests queued meanwhile
        return;
      }
    } catch {
      // The file busy or full: a search indexes what is missing itself, and this tries again.
    }
    next();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Empties the index when what it indexes (searchIndexKey: the field table's searched
 * fields, how their text is made) changed since it was built (call inside the
 * migration's transaction): the batches then index every inquiry again, and a search
 * catches up first.
 */
export function followSearchedFields(db: Database.Database): void {
  const built = prepare(db, 'SELECT fields FROM searchProgress').pluck().get() as string | undefined;
  const key = searchIndexKey('sqlite');
  if (built === undefined || built === key) return;
  prepare(db, "INSERT INTO inquirySearch (inquirySearch) VALUES ('delete-all')").run();
  prepare(db, 'UPDATE searchProgress SET indexedUpTo = 0, fields = ?').run(key);
}
