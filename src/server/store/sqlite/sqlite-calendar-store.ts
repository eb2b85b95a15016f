// The truck's calendar on SQLite (calendar-store.ts), on the owner store's connection.
import { randomUUID } from 'node:crypto';
import type { BlockedDay, CalendarStore, EndedHold } from '../calendar-store.js';
import type { Prepare } from './sqlite-statements.js';
import { CLOSED_STATUSES_SQL } from './sqlite-sale-sql.js';

/**
 * The accepted quotes holding their inquiry's day (record 281): accepted after
 * @heldSince, neither declined nor paid, the inquiry not Booked, Declined or Spam.
 */
const HOLDS_SQL = `SELECT q.id AS quoteId, q.inquiryId, e.eventDate AS day, q.acceptedAt FROM quotes q
    JOIN eventInquiries e ON e.id = q.inquiryId LEFT JOIN inquiryState s ON s.inquiryId = q.inquiryId
    WHERE q.acceptedAt IS NOT NULL AND q.declinedAt IS NULL AND q.depositPaidAt IS NULL
      AND COALESCE(s.status, 'new') NOT IN ${CLOSED_STATUSES_SQL}`;

/**
 * The unavailable days between @from and @to: the one definition of a taken day on
 * SQLite (calendar-store.ts). A full day counts the Booked inquiries through
 * inquiryState's status index; a held day has an accepted quote's hold on it, found
 * through the quotes_held index (the unary + keeps the planner off the event dates' index).
 */
export const UNAVAILABLE_SQL = `SELECT day FROM (
    SELECT e.eventDate AS day FROM inquiryState s JOIN eventInquiries e ON e.id = s.inquiryId
    WHERE s.status = 'booked' AND e.eventDate BETWEEN @from AND @to
    GROUP BY e.eventDate HAVING count(*) >= @perDay
    UNION SELECT date FROM blockedDays WHERE date BETWEEN @from AND @to
    UNION SELECT day FROM (${HOLDS_SQL} AND q.acceptedAt > @heldSince AND +e.eventDate BETWEEN @from AND @to)
  ) ORDER BY day`;

export function sqliteCalendarStore(prepare: Prepare): CalendarStore {
  return {
    async unavailableDays(from, to, perDay, heldSince) {
      return prepare(UNAVAILABLE_SQL).pluck().all({ from, to, perDay, heldSince: heldSince.toISOString() }) as string[];
    },
    async endedHolds(heldSince, endedAfter) {
      return prepare(`${HOLDS_SQL} AND q.acceptedAt <= @heldSince AND q.acceptedAt > @endedAfter`).all({
        heldSince: heldSince.toISOString(),
        endedAfter: endedAfter.toISOString(),
      }) as EndedHold[];
    },
    async blockDay(date, reason, by, at) {
      const block: BlockedDay = { id: randomUUID(), date, reason, blockedAt: at.toISOString(), blockedBy: by.email };
      prepare(
        'INSERT INTO blockedDays (id, date, reason, blockedAt, blockedBy) VALUES (@id, @date, @reason, @blockedAt, @blockedBy)',
      ).run(block);
      return block;
    },
    async unblockDay(id) {
      return prepare('DELETE FROM blockedDays WHERE id = ?').run(id).changes > 0;
    },
    async blockedDays(from) {
      return prepare(
        'SELECT id, date, reason, blockedAt, blockedBy FROM blockedDays WHERE date >= ? ORDER BY date, blockedAt',
      ).all(from) as BlockedDay[];
    },
  };
}
