// The owner store on the embedded SQLite file: its own connection to the file
// the inquiry store writes (WAL lets both work; better-sqlite3 is synchronous,
// so within one process their transactions never interleave), shared by the
// owner's stores (owner-store.ts says how one is added).
//
// Write transactions start IMMEDIATE (taking the write lock first, waiting up to
// busy_timeout): a deferred one that reads and then writes fails at once when
// another connection wrote in between.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OwnerStore } from '../owner-store.js';
import { sqliteAccountStore } from './sqlite-account-store.js';
import { sqliteActionLinkStore } from './sqlite-action-link-store.js';
import { sqliteContentStore } from './sqlite-content-store.js';
import { sqliteCalendarStore } from './sqlite-calendar-store.js';
import { sqlitePhotoStore } from './sqlite-photo-store.js';
import { sqliteDeviceStore } from './sqlite-device-store.js';
import { sqliteFollowUpStore } from './sqlite-follow-up-store.js';
import { sqliteEventPlanStore } from './sqlite-event-plan-store.js';
import { sqliteInboxStore } from './sqlite-inbox-store.js';
import { sqliteNumbersStore } from './sqlite-numbers-store.js';
import { sqlitePaymentStore } from './sqlite-payment-store.js';
import { sqlitePreorderStore } from './sqlite-preorder-store.js';
import { sqliteQuoteStore } from './sqlite-quote-store.js';
import { sqliteReminderStore } from './sqlite-reminder-store.js';
import { sqliteScheduleStore } from './sqlite-schedule-store.js';
import { walClearer } from './sqlite-checkpointer.js';
import { openWritingConnection, statementCache } from './sqlite-statements.js';
import { migrate, SQLITE_FILE } from './sqlite-store.js';

export function openSqliteOwnerStore(dataDir: string): OwnerStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE);
  const db = openWritingConnection(file);
  db.exec('PRAGMA foreign_keys = ON');
  // Erasure: freed pages are overwritten with zeros, not left holding the old text.
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);
  const prepare = statementCache(db);
  // Emptied after an erasure, an inquiry's or an order's (record 081, 340).
  const wal = walClearer(file, () => prepare('PRAGMA wal_checkpoint(TRUNCATE)').run());

  return {
    engine: 'sqlite',
    ...sqliteAccountStore(db, prepare),
    inbox: sqliteInboxStore(db, prepare, wal),
    devices: sqliteDeviceStore(prepare),
    schedule: sqliteScheduleStore(db, prepare),
    quotes: sqliteQuoteStore(db, prepare),
    payments: sqlitePaymentStore(db, prepare),
    reminders: sqliteReminderStore(db, prepare),
    followUps: sqliteFollowUpStore(prepare),
    actionLinks: sqliteActionLinkStore(db, prepare),
    numbers: sqliteNumbersStore(prepare),
    eventPlans: sqliteEventPlanStore(db, prepare),
    siteContent: sqliteContentStore(db, prepare),
    calendar: sqliteCalendarStore(prepare),
    preorders: sqlitePreorderStore(db, prepare, wal),
    photos: sqlitePhotoStore(db, prepare),
    async close() {
      if (db.open) db.close();
    },
  };
}
