// An inquiry's status on SQLite, read and changed the same way by the inbox and the
// notifications' action links (record 182): New or Spam until an owner sets one.
import type { InquiryStatus } from '../../../shared/inbox-views.js';
import type { Actor } from '../actor.js';
import { STATUS_SQL } from './sqlite-sale-sql.js';
import type { Prepare } from './sqlite-statements.js';

export { STATUS_SQL };

/** A status change with its history line: run it inside a write transaction, once the inquiry is known to be there. */
export function writeStatusChange(prepare: Prepare, id: string, status: InquiryStatus, by: Actor, at: string): void {
  prepare(
    `INSERT INTO inquiryEvents (inquiryId, kind, status, ownerId, ownerEmail, at) VALUES (?, 'status', ?, ?, ?, ?)`,
  ).run(id, status, by.id, by.email, at);
  prepare(
    `INSERT INTO inquiryState (inquiryId, status, readAt, updatedAt) VALUES (?, ?, ?, ?)
     ON CONFLICT (inquiryId) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt,
       readAt = COALESCE(inquiryState.readAt, excluded.readAt)`,
  ).run(id, status, at, at);
}

/** The inquiry's status as the inbox shows it (New or Spam until an owner sets one), or undefined when it is not there. */
export const STATUS_OF_SQL = `SELECT ${STATUS_SQL} FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id WHERE e.id = ?`;
