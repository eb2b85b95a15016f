// The owner's inbox on SQLite (inbox-store.ts), on the owner store's connection: the
// inquiries with their status, read mark and history, search (FTS5, sqlite-search.ts)
// and erasure (the rows, the search entry and the outbox's in one transaction; the
// WAL emptied after it by the checkpointer, record 081).
import type Database from 'better-sqlite3';
import type { HistoryEntry, InquiryStatus } from '../../../shared/inbox-views.js';
import { DAY_FULL_NOTES, DayFullError, type DayRule, ONE_A_DAY } from '../day-claim.js';
import type { Actor } from '../actor.js';
import {
  type Erasure,
  type InboxInquiry,
  type InboxStore,
  type ListQuery,
  type SearchTerm,
  searchTerms,
  workFromEvents,
} from '../inbox-store.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import type { WalClearer } from './sqlite-checkpointer.js';
import { forgetOutboxOf } from './sqlite-outbox.js';
import { FORGET_EVENT_PLAN_SQL } from './sqlite-event-plan-store.js';
import { FORGET_CHECKOUTS_SQL, SCRUB_PAYMENTS_SQL } from './sqlite-payment-store.js';
import { FORGET_QUOTES_SQL } from './sqlite-quote-store.js';
import { FORGET_ACTION_LINKS_SQL } from './sqlite-action-link-store.js';
import { eraseOrdersOf } from './sqlite-preorder-store.js';
import { FORGET_REMINDERS_SQL } from './sqlite-reminder-store.js';
import { type SearchIndexer, sqliteSearchIndexer } from './sqlite-search.js';
import type { Prepare } from './sqlite-statements.js';
import { UNSET_STATUS_SQL } from './sqlite-sale-sql.js';
import { STATUS_OF_SQL, STATUS_SQL, writeStatusChange } from './sqlite-status-change.js';
import { sqliteDayHasRoom } from './sqlite-day-claim.js';
import { saleRecords } from './sqlite-sale-records.js';

/** Hits a search looks at first (and then four times as many at each step, if the page needs them). */
const SEARCH_WINDOW = 256;
const NEWEST_FIRST = 'ORDER BY e.createdAt DESC, e.id DESC LIMIT @limit';

const ROW_SQL = `SELECT ${STORED_COLUMNS.map((column) => `e.${column}`).join(', ')}, ${STATUS_SQL} AS status, s.readAt AS readAt
  FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id`;

/** The list's filters as SQL (the search apart) with their named parameters. */
function listFilters(query: ListQuery): { where: string[]; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = { limit: query.limit + 1 };
  if (query.status) {
    where.push(`${STATUS_SQL} = @status`);
    params.status = query.status;
    // Statuses only an owner sets live in inquiryState: let its index lead.
    if (query.status !== 'new' && query.status !== 'spam') where.push('s.status = @status');
  } else if (!query.spam) {
    where.push(`${STATUS_SQL} <> 'spam'`);
  }
  if (query.from) {
    where.push('e.eventDate >= @from');
    params.from = query.from;
  }
  if (query.to) {
    where.push('e.eventDate <= @to');
    params.to = query.to;
  }
  if (query.before) {
    where.push('(e.createdAt < @beforeAt OR (e.createdAt = @beforeAt AND e.id < @beforeId))');
    params.beforeAt = query.before.createdAt;
    params.beforeId = query.before.id;
  }
  return { where, params };
}

/**
 * A search takes the index's hits newest first, a window at a time, rather than all
 * of them: a word most inquiries share (the city, the ZIP) would otherwise mean
 * fetching and sorting every inquiry (170 ms at 100,000). Rowids follow creation, so
 * the page is almost always inside the first window; it is returned once every hit
 * has been seen or no inquiry below the window is newer than the page's last row
 * (one could be, after the clock was set back), else the window grows. The owner's
 * notes are few: they are searched whole.
 */
function searcher(prepare: Prepare, search: SearchIndexer) {
  const newerBelow = prepare(
    `SELECT 1 FROM eventInquiries WHERE +rowid < @below AND createdAt >= @at AND (createdAt > @at OR id > @id) LIMIT 1`,
  );
  return function searchedRows(terms: SearchTerm[], where: string[], params: Record<string, unknown>): InboxInquiry[] {
    search.catchUp(); // the inquiries created since the last batch was indexed
    const wordParams: Record<string, string> = {};
    const noteLike = terms
      .map(({ words }, i) => {
        for (const [j, word] of words.entries()) wordParams[`word${i}_${j}`] = `%${word}%`;
        return `(${words.map((_, j) => `lower(n.note) LIKE @word${i}_${j}`).join(' AND ')})`;
      })
      .join(' OR ');
    const candidates = prepare(
      `SELECT e.rowid FROM inquiryEvents n JOIN eventInquiries e ON e.id = n.inquiryId WHERE n.kind = 'note' AND (${noteLike})`,
    )
      .pluck()
      .all(wordParams) as number[];
    const page = prepare(
      `${ROW_SQL} WHERE ${['e.rowid IN (SELECT value FROM json_each(@candidates))', ...where].join(' AND ')} ${NEWEST_FIRST}`,
    );
    const match = terms
      .map(({ words, prefix }) => `(${words.map((word) => `"${word}"${prefix ? '*' : ''}`).join(' ')})`)
      .join(' OR ');
    let below = Number.MAX_SAFE_INTEGER;
    for (let window = SEARCH_WINDOW; ; window *= 4) {
      const hits = search.hits(match, below, window);
      candidates.push(...hits);
      const rows = page.all({ ...params, candidates: JSON.stringify(candidates) }) as InboxInquiry[];
      if (hits.length < window) return rows;
      below = hits.at(-1)!;
      const last = rows.at(-1);
      if (rows.length === params.limit && !newerBelow.get({ below, at: last!.createdAt, id: last!.id })) return rows;
    }
  };
}

/** The inquiry's history: its arrival, then the owners' status changes and notes, in order. */
function historyOf(prepare: Prepare, inquiry: InboxInquiry): HistoryEntry[] {
  const events = prepare(
    'SELECT kind, status, note, ownerEmail, at FROM inquiryEvents WHERE inquiryId = ? ORDER BY id',
  ).all(inquiry.id) as {
    kind: 'status' | 'note';
    status: InquiryStatus | null;
    note: string | null;
    ownerEmail: string;
    at: string;
  }[];
  return [
    { kind: 'received', at: inquiry.createdAt, by: null, status: null, note: null },
    ...events.map((event) => ({
      kind: event.kind,
      at: event.at,
      by: event.ownerEmail,
      status: event.status,
      note: event.note,
    })),
  ];
}

/** Erasure: the inquiry's rows go in one transaction, then the WAL that may still hold them is emptied. */
function eraser(db: Database.Database, prepare: Prepare, wal: WalClearer, search: SearchIndexer) {
  const forgetOutbox = forgetOutboxOf(db);
  const eraseTx = db.transaction((id: string, by: string, at: string) => {
    const row = prepare('SELECT rowid, email FROM eventInquiries WHERE id = ?').get(id) as
      | { rowid: number; email: string }
      | undefined;
    if (row === undefined) return false;
    search.forget(row.rowid);
    // The customer's pre-orders too: erased by their e-mail, as an order's "Erase customer" does (record 340).
    eraseOrdersOf(prepare, forgetOutbox, row.email);
    prepare('DELETE FROM eventInquiries WHERE id = ?').run(id);
    prepare('DELETE FROM inquiryEvents WHERE inquiryId = ?').run(id);
    prepare('DELETE FROM inquiryState WHERE inquiryId = ?').run(id);
    // Its notifications too, in this transaction and so before the checkpoint below.
    forgetOutbox(id);
    prepare(FORGET_QUOTES_SQL).run(id);
    // Its payments stay, as accounting records, without the customer's words (record 146).
    prepare(SCRUB_PAYMENTS_SQL).run(id);
    prepare(FORGET_CHECKOUTS_SQL).run(id);
    prepare(FORGET_REMINDERS_SQL).run(id);
    prepare(FORGET_ACTION_LINKS_SQL).run(id);
    for (const sql of FORGET_EVENT_PLAN_SQL) prepare(sql).run(id);
    prepare('INSERT INTO erasures (inquiryId, erasedAt, erasedBy) VALUES (?, ?, ?)').run(id, at, by);
    return true;
  });
  return {
    erase(id: string, by: Actor, at: Date): boolean {
      const erased = eraseTx.immediate(id, by.email, at.toISOString());
      // The write-ahead log may still hold pages with the old text (record 081).
      if (erased) wal.clear();
      return erased;
    },
    settled: () => wal.settled(),
  };
}

/** `wal`: emptied after each erasure (the owner store's one, shared with the pre-order store's erasures). */
export function sqliteInboxStore(db: Database.Database, prepare: Prepare, wal: WalClearer): InboxStore {
  const exists = (id: string) => prepare('SELECT 1 FROM eventInquiries WHERE id = ?').get(id) !== undefined;
  const currentStatus = (id: string) =>
    (prepare(STATUS_OF_SQL).pluck().get(id) as InquiryStatus | undefined) ?? undefined;
  const search = sqliteSearchIndexer(db);
  const searchedRows = searcher(prepare, search);
  const erasing = eraser(db, prepare, wal, search);

  const setStatusTx = db.transaction(
    (id: string, status: InquiryStatus, by: Actor, at: string, rule: DayRule): boolean => {
      const current = currentStatus(id);
      if (current === undefined) return false;
      if (current === status) return true;
      // Booked only while the day has room, counted in this IMMEDIATE transaction (record 280).
      if (status === 'booked' && !sqliteDayHasRoom(prepare, id, rule.perDay)) {
        if (!rule.override) throw new DayFullError();
        saleRecords(prepare).history(id, DAY_FULL_NOTES.override, by, at);
      }
      writeStatusChange(prepare, id, status, by, at);
      return true;
    },
  );

  const addNoteTx = db.transaction((id: string, note: string, by: Actor, at: string) => {
    if (!exists(id)) return false;
    prepare(
      `INSERT INTO inquiryEvents (inquiryId, kind, note, ownerId, ownerEmail, at) VALUES (?, 'note', ?, ?, ?, ?)`,
    ).run(id, note, by.id, by.email, at);
    return true;
  });

  return {
    async listInquiries(query) {
      const { where, params } = listFilters(query);
      const terms = searchTerms(query.q);
      const rows = terms.length
        ? searchedRows(terms, where, params)
        : (prepare(`${ROW_SQL} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${NEWEST_FIRST}`).all(
            params,
          ) as InboxInquiry[]);
      const more = rows.length > query.limit;
      return { rows: more ? rows.slice(0, query.limit) : rows, more };
    },

    async bookedInquiries({ from, on }) {
      const day = on !== undefined ? 'AND e.eventDate = @on' : from !== undefined ? 'AND e.eventDate >= @from' : '';
      return prepare(`${ROW_SQL} WHERE s.status = 'booked' ${day} ORDER BY e.eventDate, e.startTime, e.createdAt`).all({
        ...(on !== undefined ? { on } : {}),
        ...(from !== undefined ? { from } : {}),
      }) as InboxInquiry[];
    },

    async getInquiry(id) {
      const inquiry = prepare(`${ROW_SQL} WHERE e.id = ?`).get(id) as InboxInquiry | undefined;
      return inquiry ? { inquiry, history: historyOf(prepare, inquiry) } : undefined;
    },

    async workOn(ids) {
      const events = prepare(
        'SELECT inquiryId, kind, note, at FROM inquiryEvents WHERE inquiryId IN (SELECT value FROM json_each(?)) ORDER BY id',
      ).all(JSON.stringify(ids)) as { inquiryId: string; kind: string; note: string | null; at: string }[];
      return workFromEvents(events);
    },

    async markRead(id, at) {
      const result = prepare(
        `INSERT INTO inquiryState (inquiryId, status, readAt, updatedAt)
         SELECT id, ${UNSET_STATUS_SQL}, @at, @at FROM eventInquiries WHERE id = @id
         ON CONFLICT (inquiryId) DO UPDATE SET readAt = COALESCE(inquiryState.readAt, excluded.readAt)`,
      ).run({ id, at: at.toISOString() });
      return result.changes > 0;
    },

    async setStatus(id, status, by, at, rule = ONE_A_DAY) {
      return setStatusTx.immediate(id, status, by, at.toISOString(), rule);
    },

    async addNote(id, note, by, at) {
      return addNoteTx.immediate(id, note, by, at.toISOString());
    },

    async erase(id, by, at) {
      return erasing.erase(id, by, at);
    },

    erasureSettled: () => erasing.settled(),

    async erasures() {
      return prepare(
        'SELECT inquiryId, erasedAt, erasedBy FROM erasures ORDER BY erasedAt, inquiryId',
      ).all() as Erasure[];
    },
  };
}
