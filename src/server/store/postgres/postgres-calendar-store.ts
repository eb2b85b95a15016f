// The truck's calendar on PostgreSQL (calendar-store.ts), on the owner store's pool.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { BlockedDay, CalendarStore } from '../calendar-store.js';
import { iso } from './postgres-transaction.js';
import { CLOSED_STATUSES_SQL } from './postgres-sale-sql.js';

/**
 * The accepted quotes holding their inquiry's day (record 281): neither declined nor
 * paid, the inquiry not Booked, Declined or Spam (the caller adds when they were accepted).
 */
const HOLDS_SQL = `SELECT q."id" AS "quoteId", q."inquiryId", e."eventDate" AS "day", q."acceptedAt" FROM "quotes" q
    JOIN "eventInquiries" e ON e."id" = q."inquiryId" LEFT JOIN "inquiryState" s ON s."inquiryId" = q."inquiryId"
    WHERE q."acceptedAt" IS NOT NULL AND q."declinedAt" IS NULL AND q."depositPaidAt" IS NULL
      AND COALESCE(s."status", 'new') NOT IN ${CLOSED_STATUSES_SQL}`;

/**
 * The unavailable days between $1 and $2 ($3 Booked make a day full; a quote accepted
 * after $4 holds its day): the one definition of a taken day on PostgreSQL (calendar-store.ts).
 */
export const UNAVAILABLE_SQL = `SELECT "day" FROM (
    SELECT e."eventDate" AS "day" FROM "inquiryState" s JOIN "eventInquiries" e ON e."id" = s."inquiryId"
    WHERE s."status" = 'booked' AND e."eventDate" BETWEEN $1 AND $2
    GROUP BY e."eventDate" HAVING count(*) >= $3
    UNION SELECT "date" FROM "blockedDays" WHERE "date" BETWEEN $1 AND $2
    UNION SELECT "day" FROM (${HOLDS_SQL} AND q."acceptedAt" > $4 AND e."eventDate" BETWEEN $1 AND $2) h
  ) t ORDER BY "day"`;

const toBlock = (row: Record<string, unknown>): BlockedDay => ({
  id: row.id as string,
  date: row.date as string,
  reason: row.reason as string,
  blockedAt: iso(row.blockedAt) as string,
  blockedBy: row.blockedBy as string,
});

export function postgresCalendarStore(pool: pg.Pool): CalendarStore {
  return {
    async unavailableDays(from, to, perDay, heldSince) {
      const { rows } = await pool.query(UNAVAILABLE_SQL, [from, to, perDay, heldSince]);
      return rows.map((row) => row.day as string);
    },
    async endedHolds(heldSince, endedAfter) {
      const { rows } = await pool.query(`${HOLDS_SQL} AND q."acceptedAt" <= $1 AND q."acceptedAt" > $2`, [
        heldSince,
        endedAfter,
      ]);
      return rows.map((row) => ({
        quoteId: row.quoteId as string,
        inquiryId: row.inquiryId as string,
        day: row.day as string,
        acceptedAt: iso(row.acceptedAt) as string,
      }));
    },
    async blockDay(date, reason, by, at) {
      const { rows } = await pool.query(
        `INSERT INTO "blockedDays" ("id", "date", "reason", "blockedAt", "blockedBy") VALUES ($1, $2, $3, $4, $5)
         RETURNING *`,
        [randomUUID(), date, reason, at.toISOString(), by.email],
      );
      return toBlock(rows[0]);
    },
    async unblockDay(id) {
      const { rowCount } = await pool.query('DELETE FROM "blockedDays" WHERE "id" = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
    async blockedDays(from) {
      const { rows } = await pool.query('SELECT * FROM "blockedDays" WHERE "date" >= $1 ORDER BY "date", "blockedAt"', [
        from,
      ]);
      return rows.map(toBlock);
    },
  };
}
