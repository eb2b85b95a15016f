// What the never-silent reminders look for (follow-up-store.ts), on PostgreSQL: read on
// the owner store's pool, as on SQLite (sqlite-follow-up-store.ts).
import type pg from 'pg';
import type { FollowUpStore } from '../follow-up-store.js';
import type { InboxInquiry } from '../inbox-store.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import { CLOSED_STATUSES_SQL, OPEN_QUOTE_SQL, STATUS_SQL } from './postgres-sale-sql.js';
import { iso } from './postgres-transaction.js';

/** A lead received from $1 on, not spam, New and never answered by an owner (`e`: eventInquiries). */
const WAITING = `e."createdAt" >= $1 AND e."spamReason" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "inquiryState" s WHERE s."inquiryId" = e."id" AND s."status" <> 'new')
  AND NOT EXISTS (SELECT 1 FROM "inquiryEvents" v WHERE v."inquiryId" = e."id")`;

const NOT_QUEUED = (ref: string, event: string) =>
  `NOT EXISTS (SELECT 1 FROM "reminders" r WHERE r."inquiryId" = e."id" AND r."topic" = ${event} || ':' || ${ref})`;

export function postgresFollowUpStore(pool: pg.Pool): FollowUpStore {
  return {
    async waiting(from, limit) {
      const [page, count] = await Promise.all([
        pool.query(
          `SELECT ${STORED_COLUMNS.map((column) => `e."${column}"`).join(', ')}, 'new' AS "status",
             (SELECT "readAt" FROM "inquiryState" s WHERE s."inquiryId" = e."id") AS "readAt"
           FROM "eventInquiries" e WHERE ${WAITING} ORDER BY e."createdAt", e."id" LIMIT $2`,
          [from, limit],
        ),
        pool.query(`SELECT count(*)::int AS "total" FROM "eventInquiries" e WHERE ${WAITING}`, [from]),
      ]);
      return {
        rows: page.rows.map(
          (row) => ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) }) as InboxInquiry,
        ),
        total: count.rows[0].total as number,
      };
    },
    async waitingLeads({ from, before }, event) {
      const { rows } = await pool.query(
        `SELECT e."id", e."createdAt" FROM "eventInquiries" e
         WHERE ${WAITING} AND e."createdAt" < $2 AND ${NOT_QUEUED('e."id"', '$3')}
         ORDER BY e."createdAt", e."id"`,
        [from, before, event],
      );
      return rows.map((row) => ({ id: row.id as string, createdAt: iso(row.createdAt) as string }));
    },
    async openQuotes({ sentBefore, today }, event) {
      const { rows } = await pool.query(
        `SELECT q."id", q."inquiryId", q."sentAt", q."validUntil" FROM "quotes" q
           JOIN "eventInquiries" e ON e."id" = q."inquiryId" LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
         WHERE q."sentAt" < $1 AND ${OPEN_QUOTE_SQL('$2', 'q')}
           AND ${STATUS_SQL} NOT IN ${CLOSED_STATUSES_SQL}
           AND ${NOT_QUEUED('q."id"', '$3')}
         ORDER BY q."sentAt", q."id"`,
        [sentBefore, today, event],
      );
      return rows.map((row) => ({
        id: row.id as string,
        inquiryId: row.inquiryId as string,
        sentAt: iso(row.sentAt) as string,
        validUntil: row.validUntil as string,
      }));
    },
    async pastBookings({ from, before }, event) {
      const { rows } = await pool.query(
        `SELECT e."id" FROM "inquiryState" s JOIN "eventInquiries" e ON e."id" = s."inquiryId"
         WHERE s."status" = 'booked' AND e."eventDate" >= $1 AND e."eventDate" < $2 AND ${NOT_QUEUED('e."id"', '$3')}
         ORDER BY e."eventDate", e."id"`,
        [from, before, event],
      );
      return rows.map((row) => row.id as string);
    },
  };
}
