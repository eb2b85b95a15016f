// What the never-silent reminders look for (follow-up-store.ts), on SQLite: read on the
// owner store's connection; each query starts from an index (createdAt, sentAt,
// inquiryState's status) and checks the reminders' primary key for what is queued.
import type { FollowUpStore, OpenQuote, WaitingLead } from '../follow-up-store.js';
import type { InboxInquiry } from '../inbox-store.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import type { Prepare } from './sqlite-statements.js';
import { CLOSED_STATUSES_SQL, OPEN_QUOTE_SQL, STATUS_SQL } from './sqlite-sale-sql.js';

/** A lead received from @from on, not spam, New and never answered by an owner (`e`: eventInquiries). */
const WAITING = `e.createdAt >= @from AND e.spamReason IS NULL
  AND NOT EXISTS (SELECT 1 FROM inquiryState s WHERE s.inquiryId = e.id AND s.status <> 'new')
  AND NOT EXISTS (SELECT 1 FROM inquiryEvents v WHERE v.inquiryId = e.id)`;

const NOT_QUEUED = (ref: string) =>
  `NOT EXISTS (SELECT 1 FROM reminders r WHERE r.inquiryId = e.id AND r.topic = @event || ':' || ${ref})`;

export function sqliteFollowUpStore(prepare: Prepare): FollowUpStore {
  return {
    async waiting(from, limit) {
      const params = { from: from.toISOString(), limit };
      const rows = prepare(
        `SELECT ${STORED_COLUMNS.map((column) => `e.${column}`).join(', ')}, 'new' AS status,
           (SELECT readAt FROM inquiryState s WHERE s.inquiryId = e.id) AS readAt
         FROM eventInquiries e WHERE ${WAITING} ORDER BY e.createdAt, e.id LIMIT @limit`,
      ).all(params) as InboxInquiry[];
      const total = prepare(`SELECT count(*) FROM eventInquiries e WHERE ${WAITING}`).pluck().get(params) as number;
      return { rows, total };
    },
    async waitingLeads({ from, before }, event) {
      return prepare(
        `SELECT e.id, e.createdAt FROM eventInquiries e
         WHERE ${WAITING} AND e.createdAt < @before AND ${NOT_QUEUED('e.id')}
         ORDER BY e.createdAt, e.id`,
      ).all({ from: from.toISOString(), before: before.toISOString(), event }) as WaitingLead[];
    },
    async openQuotes({ sentBefore, today }, event) {
      return prepare(
        `SELECT q.id, q.inquiryId, q.sentAt, q.validUntil FROM quotes q
           JOIN eventInquiries e ON e.id = q.inquiryId LEFT JOIN inquiryState s ON s.inquiryId = e.id
         WHERE q.sentAt < @sentBefore AND ${OPEN_QUOTE_SQL('q')}
           AND ${STATUS_SQL} NOT IN ${CLOSED_STATUSES_SQL}
           AND ${NOT_QUEUED('q.id')}
         ORDER BY q.sentAt, q.id`,
      ).all({ sentBefore: sentBefore.toISOString(), today, event }) as OpenQuote[];
    },
    async pastBookings({ from, before }, event) {
      return prepare(
        `SELECT e.id FROM inquiryState s JOIN eventInquiries e ON e.id = s.inquiryId
         WHERE s.status = 'booked' AND e.eventDate >= @from AND e.eventDate < @before AND ${NOT_QUEUED('e.id')}
         ORDER BY e.eventDate, e.id`,
      )
        .pluck()
        .all({ from, before, event }) as string[];
    },
  };
}
