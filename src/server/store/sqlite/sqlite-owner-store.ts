// The owner store on the embedded SQLite file: its own connection to the file
// the inquiry store writes (WAL lets both work; better-sqlite3 is synchronous,
// so within one process their transactions never interleave).
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEntry, InquiryStatus } from '../../../shared/inbox-views.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import {
  type InboxInquiry,
  type ListQuery,
  newCalendarToken,
  type Owner,
  type OwnerStore,
  type PushDevice,
  workFromEvents,
  OwnerExistsError,
  normalizeEmail,
  type SearchTerm,
  searchTerms,
} from '../owner-store.js';
import { clearWalSoon } from './sqlite-checkpointer.js';
import { forgetOutboxOf } from './sqlite-outbox.js';
import { FORGET_QUOTES_SQL, sqliteQuoteStore } from './sqlite-quote-store.js';
import { sqliteScheduleStore } from './sqlite-schedule-store.js';
import { sqliteSearchIndexer } from './sqlite-search.js';
import { migrate, SQLITE_FILE } from './sqlite-store.js';
import { prepare as prepareRetained, openWritingConnection } from './sqlite-statements.js';

/** lastSeenAt is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
/** Hits a search looks at first (and then four times as many at each step, if the page needs them). */
const SEARCH_WINDOW = 256;
const NEWEST_FIRST = 'ORDER BY e.createdAt DESC, e.id DESC LIMIT @limit';

const STATUS_SQL = `COALESCE(s.status, CASE WHEN e.spamReason IS NULL THEN 'new' ELSE 'spam' END)`;
const ROW_SQL = `SELECT ${STORED_COLUMNS.map((column) => `e.${column}`).join(', ')}, ${STATUS_SQL} AS status, s.readAt AS readAt
  FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id`;

interface OwnerRow {
  id: string;
  email: string;
  createdAt: string;
  notifyByEmail: number;
  passwordHash: string;
}

const toOwner = (row: OwnerRow): Owner => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt,
  notifyByEmail: row.notifyByEmail === 1,
});

export function openSqliteOwnerStore(dataDir: string): OwnerStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE);
  const db = openWritingConnection(file);
  db.exec('PRAGMA foreign_keys = ON');
  // Erasure: freed pages are overwritten with zeros, not left holding the old text.
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepareRetained(db, sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const ownerColumns = 'id, email, createdAt, notifyByEmail, passwordHash';
  const PUSH_COLUMNS = 'id, ownerId, endpoint, p256dh, auth, label, createdAt';
  const exists = (id: string) => prepare('SELECT 1 FROM eventInquiries WHERE id = ?').get(id) !== undefined;
  const currentStatus = (id: string) =>
    (prepare(`SELECT ${STATUS_SQL} FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id WHERE e.id = ?`)
      .pluck()
      .get(id) as InquiryStatus | undefined) ?? undefined;

  // Write transactions start IMMEDIATE (taking the write lock first, waiting up to
  // busy_timeout): a deferred one that reads and then writes fails at once when
  // another connection wrote in between.
  const setStatusTx = db.transaction(
    (id: string, status: InquiryStatus, by: { id: string; email: string }, at: string): boolean => {
      const current = currentStatus(id);
      if (current === undefined) return false;
      if (current === status) return true;
      prepare(
        `INSERT INTO inquiryEvents (inquiryId, kind, status, ownerId, ownerEmail, at) VALUES (?, 'status', ?, ?, ?, ?)`,
      ).run(id, status, by.id, by.email, at);
      prepare(
        `INSERT INTO inquiryState (inquiryId, status, readAt, updatedAt) VALUES (?, ?, ?, ?)
         ON CONFLICT (inquiryId) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt,
           readAt = COALESCE(inquiryState.readAt, excluded.readAt)`,
      ).run(id, status, at, at);
      return true;
    },
  );

  const addNoteTx = db.transaction((id: string, note: string, by: { id: string; email: string }, at: string) => {
    if (!exists(id)) return false;
    prepare(
      `INSERT INTO inquiryEvents (inquiryId, kind, note, ownerId, ownerEmail, at) VALUES (?, 'note', ?, ?, ?, ?)`,
    ).run(id, note, by.id, by.email, at);
    return true;
  });

  const forgetOutbox = forgetOutboxOf(db);
  const search = sqliteSearchIndexer(db);

  // A search takes the index's hits newest first, a window at a time, rather than all
  // of them: a word most inquiries share (the city, the ZIP) would otherwise mean
  // fetching and sorting every inquiry (170 ms at 100,000). Rowids follow creation, so
  // the page is almost always inside the first window; it is returned once every hit
  // has been seen or no inquiry below the window is newer than the page's last row
  // (one could be, after the clock was set back), else the window grows. The owner's
  // notes are few: they are searched whole.
  const newerBelow = prepare(
    `SELECT 1 FROM eventInquiries WHERE +rowid < @below AND createdAt >= @at AND (createdAt > @at OR id > @id) LIMIT 1`,
  );
  function searchedRows(terms: SearchTerm[], where: string[], params: Record<string, unknown>): InboxInquiry[] {
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
  }
  /** Resolves once the WAL is emptied after the last erasure. */
  let walCleared: Promise<void> = Promise.resolve();
  const eraseTx = db.transaction((id: string, by: string, at: string) => {
    const rowid = prepare('SELECT rowid FROM eventInquiries WHERE id = ?').pluck().get(id) as number | undefined;
    if (rowid === undefined) return false;
    search.forget(rowid);
    prepare('DELETE FROM eventInquiries WHERE id = ?').run(id);
    prepare('DELETE FROM inquiryEvents WHERE inquiryId = ?').run(id);
    prepare('DELETE FROM inquiryState WHERE inquiryId = ?').run(id);
    // Its notifications too, in this transaction and so before the checkpoint below.
    forgetOutbox(id);
    prepare(FORGET_QUOTES_SQL).run(id);
    prepare('INSERT INTO erasures (inquiryId, erasedAt, erasedBy) VALUES (?, ?, ?)').run(id, at, by);
    return true;
  });

  return {
    engine: 'sqlite',
    schedule: sqliteScheduleStore(db, prepare),
    quotes: sqliteQuoteStore(db, prepare),

    async createOwner(email, passwordHash, now = new Date()) {
      const owner: Owner = {
        id: randomUUID(),
        email: normalizeEmail(email),
        createdAt: now.toISOString(),
        notifyByEmail: true,
      };
      try {
        prepare('INSERT INTO owners (id, email, passwordHash, createdAt) VALUES (?, ?, ?, ?)').run(
          owner.id,
          owner.email,
          passwordHash,
          owner.createdAt,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new OwnerExistsError(`An owner with the e-mail ${owner.email} already exists.`);
        }
        throw error;
      }
      return owner;
    },

    async findOwnerByEmail(email) {
      const row = prepare(`SELECT ${ownerColumns} FROM owners WHERE email = ?`).get(normalizeEmail(email)) as
        | OwnerRow
        | undefined;
      return row ? { ...toOwner(row), passwordHash: row.passwordHash } : undefined;
    },

    async listOwners() {
      return (prepare(`SELECT ${ownerColumns} FROM owners ORDER BY email`).all() as OwnerRow[]).map(toOwner);
    },

    async setPassword(email, passwordHash) {
      return db
        .transaction(() => {
          const id = prepare('SELECT id FROM owners WHERE email = ?').pluck().get(normalizeEmail(email)) as
            | string
            | undefined;
          if (!id) return false;
          prepare('UPDATE owners SET passwordHash = ? WHERE id = ?').run(passwordHash, id);
          prepare('DELETE FROM ownerSessions WHERE ownerId = ?').run(id);
          return true;
        })
        .immediate();
    },

    async removeOwner(email) {
      return db
        .transaction(() => {
          const id = prepare('SELECT id FROM owners WHERE email = ?').pluck().get(normalizeEmail(email)) as
            | string
            | undefined;
          if (!id) return false;
          prepare('DELETE FROM ownerSessions WHERE ownerId = ?').run(id);
          prepare('DELETE FROM owners WHERE id = ?').run(id);
          return true;
        })
        .immediate();
    },

    async createSession(session) {
      prepare(
        'INSERT INTO ownerSessions (tokenHash, ownerId, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?)',
      ).run(session.tokenHash, session.ownerId, session.createdAt, session.createdAt, session.expiresAt);
    },

    async resumeSession(tokenHash, now, idleMs) {
      const row = prepare(
        `SELECT s.lastSeenAt, s.expiresAt, o.id, o.email, o.createdAt, o.notifyByEmail, o.passwordHash
         FROM ownerSessions s JOIN owners o ON o.id = s.ownerId WHERE s.tokenHash = ?`,
      ).get(tokenHash) as (OwnerRow & { lastSeenAt: string; expiresAt: string }) | undefined;
      if (!row) return undefined;
      const lastSeen = Date.parse(row.lastSeenAt);
      if (Date.parse(row.expiresAt) <= now.getTime() || lastSeen + idleMs <= now.getTime()) {
        prepare('DELETE FROM ownerSessions WHERE tokenHash = ?').run(tokenHash);
        return undefined;
      }
      if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
        prepare('UPDATE ownerSessions SET lastSeenAt = ? WHERE tokenHash = ?').run(now.toISOString(), tokenHash);
      }
      return toOwner(row);
    },

    async deleteSession(tokenHash) {
      prepare('DELETE FROM ownerSessions WHERE tokenHash = ?').run(tokenHash);
    },

    async deleteOtherSessions(ownerId, keep) {
      return prepare('DELETE FROM ownerSessions WHERE ownerId = ? AND tokenHash <> ?').run(ownerId, keep).changes;
    },

    async setNotifyByEmail(ownerId, on) {
      return prepare('UPDATE owners SET notifyByEmail = ? WHERE id = ?').run(on ? 1 : 0, ownerId).changes > 0;
    },

    async workOn(ids) {
      const events = prepare(
        'SELECT inquiryId, kind, note, at FROM inquiryEvents WHERE inquiryId IN (SELECT value FROM json_each(?)) ORDER BY id',
      ).all(JSON.stringify(ids)) as { inquiryId: string; kind: string; note: string | null; at: string }[];
      return workFromEvents(events);
    },
    async addPushDevice(ownerId, device, now) {
      const id = randomUUID();
      prepare(
        `INSERT INTO pushDevices (id, ownerId, endpoint, p256dh, auth, label, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET ownerId = excluded.ownerId, p256dh = excluded.p256dh,
           auth = excluded.auth, label = excluded.label`,
      ).run(id, ownerId, device.endpoint, device.p256dh, device.auth, device.label, now.toISOString());
      return prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE endpoint = ?`).get(device.endpoint) as PushDevice;
    },
    async pushDevices(ownerId) {
      return (
        ownerId === undefined
          ? prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices ORDER BY createdAt, id`).all()
          : prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE ownerId = ? ORDER BY createdAt, id`).all(ownerId)
      ) as PushDevice[];
    },
    async pushDevice(id) {
      return prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE id = ?`).get(id) as PushDevice | undefined;
    },
    async removePushDevice(ownerId, endpoint) {
      return prepare('DELETE FROM pushDevices WHERE ownerId = ? AND endpoint = ?').run(ownerId, endpoint).changes > 0;
    },
    async forgetPushDevice(id) {
      prepare('DELETE FROM pushDevices WHERE id = ?').run(id);
    },
    async serverKey(name, make) {
      const read = () => prepare('SELECT value FROM serverKeys WHERE name = ?').pluck().get(name) as string | undefined;
      const kept = read();
      if (kept !== undefined) return kept;
      prepare('INSERT INTO serverKeys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(name, make());
      return read()!; // another instance's, if it made one first
    },
    async calendarToken(ownerId) {
      prepare('UPDATE owners SET calendarToken = ? WHERE id = ? AND calendarToken IS NULL').run(
        newCalendarToken(),
        ownerId,
      );
      return prepare('SELECT calendarToken FROM owners WHERE id = ?').pluck().get(ownerId) as string;
    },

    async resetCalendarToken(ownerId) {
      const token = newCalendarToken();
      prepare('UPDATE owners SET calendarToken = ? WHERE id = ?').run(token, ownerId);
      return token;
    },

    async ownerByCalendarToken(token) {
      const row = prepare(`SELECT ${ownerColumns} FROM owners WHERE calendarToken = ?`).get(token) as
        | OwnerRow
        | undefined;
      return row ? toOwner(row) : undefined;
    },

    async bookedInquiries({ from, on }) {
      const day = on !== undefined ? 'AND e.eventDate = @on' : from !== undefined ? 'AND e.eventDate >= @from' : '';
      return prepare(`${ROW_SQL} WHERE s.status = 'booked' ${day} ORDER BY e.eventDate, e.startTime, e.createdAt`).all({
        ...(on !== undefined ? { on } : {}),
        ...(from !== undefined ? { from } : {}),
      }) as InboxInquiry[];
    },

    async listInquiries(query: ListQuery) {
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
      const terms = searchTerms(query.q);
      const rows = terms.length
        ? searchedRows(terms, where, params)
        : (prepare(`${ROW_SQL} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${NEWEST_FIRST}`).all(
            params,
          ) as InboxInquiry[]);
      const more = rows.length > query.limit;
      return { rows: more ? rows.slice(0, query.limit) : rows, more };
    },

    async getInquiry(id) {
      const inquiry = prepare(`${ROW_SQL} WHERE e.id = ?`).get(id) as InboxInquiry | undefined;
      if (!inquiry) return undefined;
      const events = prepare(
        'SELECT kind, status, note, ownerEmail, at FROM inquiryEvents WHERE inquiryId = ? ORDER BY id',
      ).all(id) as {
        kind: 'status' | 'note';
        status: InquiryStatus | null;
        note: string | null;
        ownerEmail: string;
        at: string;
      }[];
      const history: HistoryEntry[] = [
        { kind: 'received', at: inquiry.createdAt, by: null, status: null, note: null },
        ...events.map((event) => ({
          kind: event.kind,
          at: event.at,
          by: event.ownerEmail,
          status: event.status,
          note: event.note,
        })),
      ];
      return { inquiry, history };
    },

    async markRead(id, at) {
      const result = prepare(
        `INSERT INTO inquiryState (inquiryId, status, readAt, updatedAt)
         SELECT id, CASE WHEN spamReason IS NULL THEN 'new' ELSE 'spam' END, @at, @at FROM eventInquiries WHERE id = @id
         ON CONFLICT (inquiryId) DO UPDATE SET readAt = COALESCE(inquiryState.readAt, excluded.readAt)`,
      ).run({ id, at: at.toISOString() });
      return result.changes > 0;
    },

    async setStatus(id, status, by, at) {
      return setStatusTx.immediate(id, status, by, at.toISOString());
    },

    async addNote(id, note, by, at) {
      return addNoteTx.immediate(id, note, by, at.toISOString());
    },

    async erase(id, by, at) {
      const erased = eraseTx.immediate(id, by.email, at.toISOString());
      if (erased) {
        // The write-ahead log may still hold pages with the old text: the checkpointer
        // copies the zeroed pages into the database and empties the log, on its own
        // thread, retrying until no reader holds it back (record 081). With no
        // checkpointer in this process (a command-line tool), one try here, briefly.
        const clearing = clearWalSoon(file);
        if (clearing) walCleared = clearing;
        else {
          try {
            prepare('PRAGMA wal_checkpoint(TRUNCATE)').run();
          } catch {
            // The server's checkpointer empties the log at its next reset.
          }
        }
      }
      return erased;
    },

    erasureSettled: () => walCleared,

    async erasures() {
      return prepare('SELECT inquiryId, erasedAt, erasedBy FROM erasures ORDER BY erasedAt, inquiryId').all() as {
        inquiryId: string;
        erasedAt: string;
        erasedBy: string;
      }[];
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
