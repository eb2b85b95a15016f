// The PostgreSQL schema, one migration at a time (see migration.ts). Never edit
// a released migration: add the next one.
import { migrationList } from './migration.js';

export const POSTGRES_MIGRATIONS = migrationList([
  {
    version: 1,
    name: 'create-event-inquiries',
    sql: `CREATE TABLE "eventInquiries" (
    "id" text PRIMARY KEY,
    "dateCreated" text NOT NULL,
    "firstName" text NOT NULL,
    "lastName" text NOT NULL,
    "email" text NOT NULL,
    "phoneNumber" text NOT NULL,
    "company" text NOT NULL,
    "eventName" text NOT NULL,
    "eventDate" text NOT NULL,
    "siteAddress" text NOT NULL,
    "startTime" text NOT NULL,
    "endTime" text NOT NULL,
    "plannedGuestCount" integer NOT NULL,
    "operation" text NOT NULL,
    "package" text NOT NULL,
    "notes" text NOT NULL,
    "reference" text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "source" text NOT NULL,
    "uid" text NOT NULL,
    "spamReason" text,
    "bodyHash" text NOT NULL
  )`,
  },
  {
    version: 2,
    name: 'index-event-inquiries-created-at',
    sql: `CREATE INDEX "eventInquiries_createdAt" ON "eventInquiries" ("createdAt")`,
  },
]);
