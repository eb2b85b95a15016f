// The day's room for one more Booked inquiry on SQLite (day-claim.ts, record 280).
import type { Prepare } from './sqlite-statements.js';

/**
 * Whether the inquiry's day has room for it to be Booked: fewer than `perDay` other
 * Booked inquiries on its date. Run it inside an IMMEDIATE transaction that then writes
 * Booked: SQLite lets one writer in at a time, on every connection to the file, so the
 * count and the write are one step.
 */
export function sqliteDayHasRoom(prepare: Prepare, inquiryId: string, perDay: number): boolean {
  const taken = prepare(
    `SELECT count(*) FROM inquiryState s JOIN eventInquiries e ON e.id = s.inquiryId
     WHERE s.status = 'booked' AND s.inquiryId <> @id
       AND e.eventDate = (SELECT eventDate FROM eventInquiries WHERE id = @id)`,
  )
    .pluck()
    .get({ id: inquiryId }) as number;
  return taken < perDay;
}
