// Reminders on SQLite (reminder-store.ts), on the owner store's connection: each queued
// in one IMMEDIATE transaction with its outbox pending row, or not at all.
import type Database from 'better-sqlite3';
import type { QueuedReminder, Reminder, ReminderStore } from '../reminder-store.js';
import { PENDING_EVENT_SQL } from './sqlite-outbox.js';
import type { Prepare } from './sqlite-statements.js';

/** Deletes an inquiry's reminders: run it inside the erasure's transaction. */
export const FORGET_REMINDERS_SQL = 'DELETE FROM reminders WHERE inquiryId = ?';

export function sqliteReminderStore(db: Database.Database, prepare: Prepare): ReminderStore {
  const queueTx = db.transaction((reminders: readonly Reminder[], at: string) =>
    reminders.filter((reminder) => {
      // Only for an inquiry still there (an erased one is owed nothing), and only the first time.
      const added = prepare(
        `INSERT INTO reminders (inquiryId, topic, queuedAt) SELECT id, ?, ? FROM eventInquiries WHERE id = ?
         ON CONFLICT (inquiryId, topic) DO NOTHING`,
      ).run(reminder.topic, at, reminder.inquiryId).changes;
      if (added === 1) prepare(PENDING_EVENT_SQL).run(reminder.inquiryId, reminder.topic, Date.now());
      return added === 1;
    }),
  );
  return {
    async queue(reminders, at) {
      return reminders.length === 0 ? [] : queueTx.immediate(reminders, at.toISOString());
    },
    async queuedFor(inquiryIds) {
      if (inquiryIds.length === 0) return [];
      return prepare(
        `SELECT inquiryId, topic, queuedAt FROM reminders WHERE inquiryId IN (SELECT value FROM json_each(?))
         ORDER BY queuedAt, topic`,
      ).all(JSON.stringify(inquiryIds)) as QueuedReminder[];
    },
  };
}
