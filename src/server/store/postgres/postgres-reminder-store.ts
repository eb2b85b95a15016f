// Reminders on PostgreSQL (reminder-store.ts), on the owner store's pool: each queued in
// one transaction with its outbox pending row, or not at all; instances sweeping at the
// same moment queue each reminder once (the primary key decides).
import type pg from 'pg';
import type { Reminder, ReminderStore } from '../reminder-store.js';
import { PENDING_EVENT_SQL } from './postgres-outbox.js';
import { inTransaction, iso } from './postgres-transaction.js';

/** Deletes an inquiry's reminders ($1): run it inside the erasure's transaction. */
export const FORGET_REMINDERS_SQL = 'DELETE FROM "reminders" WHERE "inquiryId" = $1';

export function postgresReminderStore(pool: pg.Pool): ReminderStore {
  return {
    async queue(reminders, at) {
      if (reminders.length === 0) return [];
      return inTransaction(pool, async (client) => {
        const queued: Reminder[] = [];
        for (const reminder of reminders) {
          const { rowCount } = await client.query(
            `INSERT INTO "reminders" ("inquiryId", "topic", "queuedAt") SELECT "id", $2, $3 FROM "eventInquiries" WHERE "id" = $1
             ON CONFLICT ("inquiryId", "topic") DO NOTHING`,
            [reminder.inquiryId, reminder.topic, at],
          );
          if (rowCount !== 1) continue;
          await client.query(PENDING_EVENT_SQL, [reminder.inquiryId, reminder.topic, Date.now()]);
          queued.push(reminder);
        }
        return queued;
      });
    },
    async queuedFor(inquiryIds) {
      if (inquiryIds.length === 0) return [];
      const { rows } = await pool.query(
        `SELECT "inquiryId", "topic", "queuedAt" FROM "reminders" WHERE "inquiryId" = ANY($1::text[]) ORDER BY "queuedAt", "topic"`,
        [inquiryIds],
      );
      return rows.map((row) => ({ inquiryId: row.inquiryId, topic: row.topic, queuedAt: iso(row.queuedAt)! }));
    },
  };
}
