// What an event of the sale writes beside itself, inside its own transaction (record
// 142): a line in the inquiry's history, the notifications it owes (an outbox pending
// row with its topic), and the inquiry's new status. The quote and payment stores share them.
import type pg from 'pg';
import { nextStatus, type StatusChange } from '../../sale/status.js';
import type { Actor } from '../actor.js';
import { topicOf } from '../outbox-store.js';
import { PENDING_EVENT_SQL } from './postgres-outbox.js';
import { STATUS_OF_SQL } from './postgres-status-change.js';

export type Query = Pick<pg.PoolClient, 'query'>;

/** A 'sale' line in the history; `by` null for the customer's or a provider's doing. */
export const saleHistory = (client: Query, inquiryId: string, note: string, by: Actor | null, at: Date) =>
  client.query(
    `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "note", "ownerId", "ownerEmail", "at") VALUES ($1, 'sale', $2, $3, $4, $5)`,
    [inquiryId, note, by?.id ?? null, by?.email ?? null, at],
  );

/** The notifications `event` owes, about the record `ref` ('quote-accepted:<quote id>'), due now by the system's clock. */
export const owe = (client: Query, inquiryId: string, event: string, ref: string) =>
  client.query(PENDING_EVENT_SQL, [inquiryId, topicOf(event, ref), Date.now()]);

/** Sets the inquiry's status as the sale's rule says after `change` (sale/status.ts), with its history line. */
export async function advanceStatus(
  client: Query,
  inquiryId: string,
  change: StatusChange,
  by: Actor | null,
  at: Date,
) {
  const { rows } = await client.query(STATUS_OF_SQL, [inquiryId]);
  const status = nextStatus(change, rows[0]?.status as string | undefined);
  if (status === undefined) return;
  await client.query(
    `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "status", "ownerId", "ownerEmail", "at") VALUES ($1, 'status', $2, $3, $4, $5)`,
    [inquiryId, status, by?.id ?? null, by?.email ?? null, at],
  );
  await client.query(
    `INSERT INTO "inquiryState" ("inquiryId", "status", "readAt", "updatedAt") VALUES ($1, $2, $3, $3)
     ON CONFLICT ("inquiryId") DO UPDATE SET "status" = excluded."status", "updatedAt" = excluded."updatedAt",
       "readAt" = COALESCE("inquiryState"."readAt", excluded."readAt")`,
    [inquiryId, status, at],
  );
}
