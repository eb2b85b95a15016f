// What an event of the sale writes beside itself, inside its own transaction (record
// 142): a line in the inquiry's history, the notifications it owes (an outbox pending
// row with its topic), and the inquiry's new status. The quote and payment stores share them.
import { nextStatus, type StatusChange } from '../../sale/status.js';
import type { Actor } from '../actor.js';
import { topicOf } from '../outbox-store.js';
import { PENDING_EVENT_SQL } from './sqlite-outbox.js';
import type { Prepare } from './sqlite-statements.js';
import { STATUS_OF_SQL } from './sqlite-status-change.js';

export function saleRecords(prepare: Prepare) {
  return {
    /** A 'sale' line in the history; `by` null for the customer's or a provider's doing. */
    history(inquiryId: string, note: string, by: Actor | null, at: string) {
      prepare(
        `INSERT INTO inquiryEvents (inquiryId, kind, note, ownerId, ownerEmail, at) VALUES (?, 'sale', ?, ?, ?, ?)`,
      ).run(inquiryId, note, by?.id ?? null, by?.email ?? null, at);
    },
    /** The notifications `event` owes, about the record `ref` ('quote-accepted:<quote id>'), due now by the system's clock. */
    owe(inquiryId: string, event: string, ref: string) {
      prepare(PENDING_EVENT_SQL).run(inquiryId, topicOf(event, ref), Date.now());
    },
    /** Sets the inquiry's status as the sale's rule says after `change` (sale/status.ts), with its history line. */
    advance(inquiryId: string, change: StatusChange, by: Actor | null, at: string) {
      const status = nextStatus(change, prepare(STATUS_OF_SQL).pluck().get(inquiryId) as string | undefined);
      if (status === undefined) return;
      prepare(
        `INSERT INTO inquiryEvents (inquiryId, kind, status, ownerId, ownerEmail, at) VALUES (?, 'status', ?, ?, ?, ?)`,
      ).run(inquiryId, status, by?.id ?? null, by?.email ?? null, at);
      prepare(
        `INSERT INTO inquiryState (inquiryId, status, readAt, updatedAt) VALUES (?, ?, ?, ?)
         ON CONFLICT (inquiryId) DO UPDATE SET status = excluded.status, updatedAt = excluded.updatedAt,
           readAt = COALESCE(inquiryState.readAt, excluded.readAt)`,
      ).run(inquiryId, status, at, at);
    },
  };
}
