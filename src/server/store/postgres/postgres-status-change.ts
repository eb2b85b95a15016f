// An inquiry's status on PostgreSQL, read and changed the same way by the inbox and the
// notifications' action links (record 182): New or Spam until an owner sets one.
import type pg from 'pg';
import type { InquiryStatus } from '../../../shared/inbox-views.js';
import type { Actor } from '../actor.js';
import { STATUS_SQL } from './postgres-sale-sql.js';

export { STATUS_SQL };

/** The inquiry's status ($1): no row when it is not there. */
export const STATUS_OF_SQL = `SELECT ${STATUS_SQL} AS "status" FROM "eventInquiries" e
  LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id" WHERE e."id" = $1`;

/** The inquiry's status ($1), its row locked until the transaction ends: no row when it is not there. */
export const STATUS_FOR_UPDATE_SQL = `SELECT ${STATUS_SQL} AS "status" FROM "eventInquiries" e
  LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id" WHERE e."id" = $1 FOR UPDATE OF e`;

/** A status change with its history line, on a transaction's client that holds the inquiry's row. */
export async function writeStatusChange(
  client: pg.PoolClient,
  id: string,
  status: InquiryStatus,
  by: Actor,
  at: Date,
): Promise<void> {
  await client.query(
    `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "status", "ownerId", "ownerEmail", "at") VALUES ($1, 'status', $2, $3, $4, $5)`,
    [id, status, by.id, by.email, at.toISOString()],
  );
  await client.query(
    `INSERT INTO "inquiryState" ("inquiryId", "status", "readAt", "updatedAt") VALUES ($1, $2, $3, $3)
     ON CONFLICT ("inquiryId") DO UPDATE SET "status" = excluded."status", "updatedAt" = excluded."updatedAt",
       "readAt" = COALESCE("inquiryState"."readAt", excluded."readAt")`,
    [id, status, at.toISOString()],
  );
}
