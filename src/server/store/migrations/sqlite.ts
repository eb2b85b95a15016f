// The SQLite schema, one migration at a time (see migration.ts). Never edit a
// released migration: add the next one.
import { migrationList } from './migration.js';

export const SQLITE_MIGRATIONS = migrationList([
  {
    version: 1,
    name: 'create-event-inquiries',
    sql: `CREATE TABLE eventInquiries (
    id TEXT PRIMARY KEY,
    dateCreated TEXT NOT NULL,
    firstName TEXT NOT NULL,
    lastName TEXT NOT NULL,
    email TEXT NOT NULL,
    phoneNumber TEXT NOT NULL,
    company TEXT NOT NULL,
    eventName TEXT NOT NULL,
    eventDate TEXT NOT NULL,
    siteAddress TEXT NOT NULL,
    startTime TEXT NOT NULL,
    endTime TEXT NOT NULL,
    plannedGuestCount INTEGER NOT NULL,
    operation TEXT NOT NULL,
    package TEXT NOT NULL,
    notes TEXT NOT NULL,
    reference TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    source TEXT NOT NULL,
    uid TEXT NOT NULL,
    spamReason TEXT,
    bodyHash TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 2,
    name: 'index-event-inquiries-created-at',
    sql: `CREATE INDEX eventInquiries_createdAt ON eventInquiries (createdAt)`,
  },
]);
