// The day's room for one more Booked inquiry on PostgreSQL (day-claim.ts, record 280).
import type { Query } from './postgres-sale-records.js';

/** The first key of the day's transaction lock: the day's own locks, apart from any other advisory lock. */
const DAY_LOCK_SPACE = 280;

/** Takes the day's lock until the transaction ends: every writer of Booked or a hold on it counts after (record 350). */
export const lockDay = (client: Query, day: string) =>
  client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [DAY_LOCK_SPACE, day]);

/**
 * Whether the inquiry's day has room for it to be Booked: fewer than `perDay` other
 * Booked inquiries on its date. It first takes the day's lock until the transaction
 * ends, so two transactions booking one day, on any instance, count one after the
 * other: each count (READ COMMITTED, a new snapshot per statement) sees the Booked the
 * other committed. Run it in the transaction that then writes Booked.
 */
export async function postgresDayHasRoom(client: Query, inquiryId: string, perDay: number): Promise<boolean> {
  const { rows } = await client.query('SELECT "eventDate" FROM "eventInquiries" WHERE "id" = $1', [inquiryId]);
  const day = rows[0]?.eventDate as string | undefined;
  if (day === undefined) return true;
  await lockDay(client, day);
  const taken = await client.query(
    `SELECT count(*)::int AS "taken" FROM "inquiryState" s JOIN "eventInquiries" e ON e."id" = s."inquiryId"
     WHERE s."status" = 'booked' AND s."inquiryId" <> $1 AND e."eventDate" = $2`,
    [inquiryId, day],
  );
  return (taken.rows[0].taken as number) < perDay;
}
