// The truck's calendar on SQLite (calendar-store.ts), on the owner store's connection.
import { randomUUID } from 'node:crypto';
import type { BlockedDay, CalendarStore } from '../calendar-store.js';
import type { Prepare } from './sqlite-statements.js';

/**
 * The unavailable days between @from and @to: the one definition of a taken day on
 * SQLite (calendar-store.ts). A full day counts the Booked inquiries through
 * inquiryState's status index; holds will be a third part of the UNION.
 */
export const UNAVAILABLE_SQL = `SELECT day FROM (
    SELECT e.eventDate AS day FROM inquiryState s JOIN eventInquiries e ON e.id = s.inquiryId
    WHERE s.status = 'booked' AND e.eventDate BETWEEN @from AND @to
    GROUP BY e.eventDate HAVING count(*) >= @perDay
    UNION SELECT date FROM blockedDays WHERE date BETWEEN @from AND @to
  ) ORDER BY day`;

export function sqliteCalendarStore(prepare: Prepare): CalendarStore {
  return {
    async unavailableDays(from, to, perDay) {
      return prepare(UNAVAILABLE_SQL).pluck().all({ from, to, perDay }) as string[];
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
