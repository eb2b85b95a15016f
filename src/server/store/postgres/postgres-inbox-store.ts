// The owner's inbox on PostgreSQL (inbox-store.ts), on the owner store's pool: the
// inquiries with their status, read mark and history, search (the GIN index on
// searchDocument) and erasure (its rows and the outbox's in one transaction, the
// tables scrubbed after it: postgres-erasure-scrubber.ts).
import { DAY_FULL_NOTES, DayFullError, ONE_A_DAY } from '../day-claim.js';
import type pg from 'pg';
import type { HistoryEntry, InquiryStatus } from '../../../shared/inbox-views.js';
import { type InboxInquiry, type InboxStore, type ListQuery, searchTerms, workFromEvents } from '../inbox-store.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import type { ErasureScrubber } from './postgres-erasure-scrubber.js';
import { FORGET_INQUIRY_SQL } from './postgres-outbox.js';
import { FORGET_EVENT_PLAN_SQL } from './postgres-event-plan-store.js';
import { FORGET_CHECKOUTS_SQL, SCRUB_PAYMENTS_SQL } from './postgres-payment-store.js';
import { FORGET_QUOTES_SQL } from './postgres-quote-store.js';
import { FORGET_ACTION_LINKS_SQL } from './postgres-action-link-store.js';
import { eraseOrdersOf } from './postgres-preorder-store.js';
import { FORGET_REMINDERS_SQL } from './postgres-reminder-store.js';
import { UNSET_STATUS_SQL } from './postgres-sale-sql.js';
import { STATUS_FOR_UPDATE_SQL, STATUS_SQL, writeStatusChange } from './postgres-status-change.js';
import { postgresDayHasRoom } from './postgres-day-claim.js';
import { saleHistory } from './postgres-sale-records.js';
import { inTransaction, iso } from './postgres-transaction.js';

const ROW_SQL = `SELECT ${STORED_COLUMNS.map((column) => `e."${column}"`).join(', ')}, ${STATUS_SQL} AS "status", s."readAt" AS "readAt"
  FROM "eventInquiries" e LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"`;

const toInquiry = (row: Record<string, unknown>) =>
  ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) }) as InboxInquiry;

/** The list's page as one query: its filters, its search, its keyset and its limit. */
function listSql(query: ListQuery): { sql: string; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.status) {
    const status = param(query.status);
    where.push(`${STATUS_SQL} = ${status}`);
    if (query.status !== 'new' && query.status !== 'spam') where.push(`s."status" = ${status}`);
  } else if (!query.spam) {
    where.push(`${STATUS_SQL} <> 'spam'`);
  }
  if (query.from) where.push(`e."eventDate" >= ${param(query.from)}`);
  if (query.to) where.push(`e."eventDate" <= ${param(query.to)}`);
  const terms = searchTerms(query.q);
  if (terms.length > 0) {
    // Notes matched first, once (an init plan), so the search is one OR the planner can
    // answer from the indexes (BitmapOr of the GIN index and the primary key).
    const tsquery = param(
      terms
        .map(({ words, prefix }) => `(${words.map((word) => (prefix ? `${word}:*` : word)).join(' & ')})`)
        .join(' | '),
    );
    const noteLike = terms
      .map(({ words }) => `(${words.map((word) => `lower("note") LIKE ${param(`%${word}%`)}`).join(' AND ')})`)
      .join(' OR ');
    where.push(`(e."searchDocument" @@ to_tsquery('simple', ${tsquery})
      OR e."id" = ANY(ARRAY(SELECT "inquiryId" FROM "inquiryEvents" WHERE "kind" = 'note' AND (${noteLike}))))`);
  }
  if (query.before) {
    where.push(`(e."createdAt", e."id") < (${param(query.before.createdAt)}::timestamptz, ${param(query.before.id)})`);
  }
  const sql = `${ROW_SQL} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY e."createdAt" DESC, e."id" DESC LIMIT ${param(query.limit + 1)}`;
  return { sql, values };
}

/** The inquiry's history: its arrival, then the owners' status changes and notes, in order. */
async function historyOf(pool: pg.Pool, inquiry: InboxInquiry): Promise<HistoryEntry[]> {
  const events = await pool.query(
    'SELECT "kind", "status", "note", "ownerEmail", "at" FROM "inquiryEvents" WHERE "inquiryId" = $1 ORDER BY "id"',
    [inquiry.id],
  );
  return [
    { kind: 'received', at: inquiry.createdAt, by: null, status: null, note: null },
    ...events.rows.map((event) => ({
      kind: event.kind as 'status' | 'note',
      at: iso(event.at) as string,
      by: event.ownerEmail as string,
      status: event.status as InquiryStatus | null,
      note: event.note as string | null,
    })),
  ];
}

/** `scrubber`: asked for a scrub after each erasure, and waited for by erasureSettled. */
/** The record of who erased which inquiry when, oldest first (all an erasure keeps). */
async function erasuresOn(pool: pg.Pool) {
  const { rows } = await pool.query(
    'SELECT "inquiryId", "erasedAt", "erasedBy" FROM "erasures" ORDER BY "erasedAt", "inquiryId"',
  );
  return rows.map((row) => ({
    inquiryId: row.inquiryId as string,
    erasedAt: iso(row.erasedAt) as string,
    erasedBy: row.erasedBy as string,
  }));
}

/** Erasure's rows, in the caller's transaction: the inquiry and all kept about it gone, the erasure recorded; false when not there. */
async function eraseInquiryRows(client: pg.PoolClient, id: string, erasedBy: string, at: Date): Promise<boolean> {
  const { rows } = await client.query('DELETE FROM "eventInquiries" WHERE "id" = $1 RETURNING "email"', [id]);
  if (!rows[0]) return false;
  // The customer's pre-orders too: erased by their e-mail, as an order's "Erase customer" does (record 340).
  await eraseOrdersOf(client, rows[0].email as string);
  await client.query('DELETE FROM "inquiryEvents" WHERE "inquiryId" = $1', [id]);
  await client.query('DELETE FROM "inquiryState" WHERE "inquiryId" = $1', [id]);
  // Its notifications too (an attempt's error can quote the address), before the scrubber's VACUUM that follows.
  await client.query(FORGET_INQUIRY_SQL, [id]);
  await client.query(FORGET_QUOTES_SQL, [id]);
  // Its payments stay, as accounting records, without the customer's words (record 146).
  await client.query(SCRUB_PAYMENTS_SQL, [id]);
  await client.query(FORGET_CHECKOUTS_SQL, [id]);
  await client.query(FORGET_REMINDERS_SQL, [id]);
  await client.query(FORGET_ACTION_LINKS_SQL, [id]);
  for (const sql of FORGET_EVENT_PLAN_SQL) await client.query(sql, [id]);
  await client.query('INSERT INTO "erasures" ("inquiryId", "erasedAt", "erasedBy") VALUES ($1, $2, $3)', [
    id,
    at.toISOString(),
    erasedBy,
  ]);
  return true;
}

export function postgresInboxStore(pool: pg.Pool, scrubber: Pick<ErasureScrubber, 'soon' | 'settled'>): InboxStore {
  return {
    async listInquiries(query) {
      const { sql, values } = listSql(query);
      const { rows } = await pool.query(sql, values);
      const more = rows.length > query.limit;
      return { rows: (more ? rows.slice(0, query.limit) : rows).map(toInquiry), more };
    },

    async bookedInquiries({ from, on }) {
      const [day, values] =
        on !== undefined
          ? ['AND e."eventDate" = $1', [on]]
          : from !== undefined
            ? ['AND e."eventDate" >= $1', [from]]
            : ['', []];
      const { rows } = await pool.query(
        `${ROW_SQL} WHERE s."status" = 'booked' ${day} ORDER BY e."eventDate", e."startTime", e."createdAt"`,
        values,
      );
      return rows.map(toInquiry);
    },

    async getInquiry(id) {
      const { rows } = await pool.query(`${ROW_SQL} WHERE e."id" = $1`, [id]);
      if (!rows[0]) return undefined;
      const inquiry = toInquiry(rows[0]);
      return { inquiry, history: await historyOf(pool, inquiry) };
    },

    async workOn(ids) {
      const { rows } = await pool.query(
        'SELECT "inquiryId", "kind", "note", "at" FROM "inquiryEvents" WHERE "inquiryId" = ANY($1) ORDER BY "id"',
        [ids],
      );
      return workFromEvents(rows.map((row) => ({ ...row, at: iso(row.at) as string })));
    },

    async markRead(id, at) {
      const { rowCount } = await pool.query(
        `INSERT INTO "inquiryState" ("inquiryId", "status", "readAt", "updatedAt")
         SELECT "id", ${UNSET_STATUS_SQL}, $2, $2 FROM "eventInquiries" WHERE "id" = $1
         ON CONFLICT ("inquiryId") DO UPDATE SET "readAt" = COALESCE("inquiryState"."readAt", excluded."readAt")`,
        [id, at.toISOString()],
      );
      return (rowCount ?? 0) > 0;
    },

    async setStatus(id, status, by, at, rule = ONE_A_DAY) {
      return inTransaction(pool, async (client) => {
        // Locks the inquiry's row: two owners changing it at once are applied one after the other.
        const { rows } = await client.query(STATUS_FOR_UPDATE_SQL, [id]);
        if (!rows[0]) return false;
        if (rows[0].status === status) return true;
        // Booked only while the day has room, counted under the day's lock in this transaction (record 280).
        if (status === 'booked' && !(await postgresDayHasRoom(client, id, rule.perDay))) {
          if (!rule.override) throw new DayFullError();
          await saleHistory(client, id, DAY_FULL_NOTES.override, by, at);
        }
        await writeStatusChange(client, id, status, by, at);
        return true;
      });
    },

    async addNote(id, note, by, at) {
      const { rowCount } = await pool.query(
        `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "note", "ownerId", "ownerEmail", "at")
         SELECT "id", 'note', $2, $3, $4, $5 FROM "eventInquiries" WHERE "id" = $1`,
        [id, note, by.id, by.email, at.toISOString()],
      );
      return (rowCount ?? 0) > 0;
    },

    async erase(id, by, at) {
      const erased = await inTransaction(pool, (client) => eraseInquiryRows(client, id, by.email, at));
      if (erased) scrubber.soon();
      return erased;
    },

    erasureSettled: () => scrubber.settled(),

    erasures: () => erasuresOn(pool),
  };
}
