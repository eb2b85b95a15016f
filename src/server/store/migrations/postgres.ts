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
  {
    version: 10,
    name: 'create-outbox',
    // Times are milliseconds since the epoch. No personal data: messages are
    // rendered from the inquiry row at send time (decision record 030).
    sql: `CREATE TABLE "outbox" (
    "id" text PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "kind" text NOT NULL,
    "target" text,
    "state" text NOT NULL,
    "tries" integer NOT NULL DEFAULT 0,
    "dueAt" bigint NOT NULL,
    "claimedUntil" bigint,
    "lastError" text,
    "createdAt" bigint NOT NULL,
    "sentAt" bigint
  );
  CREATE INDEX "outbox_due" ON "outbox" ("dueAt") WHERE "state" = 'queued';
  CREATE INDEX "outbox_inquiryId" ON "outbox" ("inquiryId");
  CREATE TABLE "outboxAttempts" (
    "deliveryId" text NOT NULL,
    "at" bigint NOT NULL,
    "outcome" text NOT NULL,
    "error" text
  );
  CREATE INDEX "outboxAttempts_deliveryId" ON "outboxAttempts" ("deliveryId", "at")`,
  },
]);
