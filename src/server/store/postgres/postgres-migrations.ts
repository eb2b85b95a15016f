// The PostgreSQL schema, one migration at a time (see migration.ts). Never edit
// a released migration: add the next one.
import { migrationList } from '../migrations.js';

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
  // Versions 3–9: the owner's side (accounts, sessions, the inbox's history and search).
  {
    version: 3,
    name: 'create-owners-and-sessions',
    sql: `CREATE TABLE "owners" (
    "id" text PRIMARY KEY,
    "email" text NOT NULL UNIQUE,
    "passwordHash" text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "notifyByEmail" boolean NOT NULL DEFAULT true
  );
  CREATE TABLE "ownerSessions" (
    "tokenHash" text PRIMARY KEY,
    "ownerId" text NOT NULL REFERENCES "owners" ("id") ON DELETE CASCADE,
    "createdAt" timestamptz NOT NULL,
    "lastSeenAt" timestamptz NOT NULL,
    "expiresAt" timestamptz NOT NULL
  );
  CREATE INDEX "ownerSessions_ownerId" ON "ownerSessions" ("ownerId")`,
  },
  {
    version: 4,
    name: 'create-inquiry-events-state-erasures',
    sql: `CREATE TABLE "inquiryEvents" (
    "id" bigserial PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "kind" text NOT NULL,
    "status" text,
    "note" text,
    "ownerId" text,
    "ownerEmail" text,
    "at" timestamptz NOT NULL
  );
  CREATE INDEX "inquiryEvents_inquiryId" ON "inquiryEvents" ("inquiryId", "id");
  CREATE TABLE "inquiryState" (
    "inquiryId" text PRIMARY KEY,
    "status" text NOT NULL,
    "readAt" timestamptz,
    "updatedAt" timestamptz NOT NULL
  );
  CREATE INDEX "inquiryState_status" ON "inquiryState" ("status");
  CREATE TABLE "erasures" (
    "inquiryId" text PRIMARY KEY,
    "erasedAt" timestamptz NOT NULL,
    "erasedBy" text NOT NULL
  )`,
  },
  {
    version: 5,
    name: 'create-inquiry-search',
    // A stored search document (words split on anything not a letter or digit, so an
    // e-mail address is its parts) with a GIN index. Stored, so checking a row is
    // cheap whichever plan PostgreSQL picks; the query side splits words the same way.
    sql: `ALTER TABLE "eventInquiries" ADD COLUMN "searchDocument" tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, regexp_replace(lower("firstName" || ' ' || "lastName" || ' ' || "email" || ' ' || "company" || ' ' || "eventName" || ' ' || "notes"), '[^[:alnum:]]+', ' ', 'g'))
  ) STORED;
  CREATE INDEX "eventInquiries_search" ON "eventInquiries" USING gin ("searchDocument");
  CREATE INDEX "eventInquiries_eventDate" ON "eventInquiries" ("eventDate")`,
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
  {
    version: 11,
    name: 'create-outbox-pending',
    // One row per created inquiry that owes notifications, appended in the create's
    // statement; the worker turns it into the inquiry's deliveries (decision record 030).
    // Only the sequence's index: appends, not three random inserts per delivery.
    sql: `CREATE TABLE "outboxPending" (
    "seq" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "queuedAt" bigint NOT NULL
  )`,
  },
  {
    version: 13,
    name: 'search-fields-recorded',
    // The search document records which fields it is built from; at start it is rebuilt
    // when the field table's searched fields differ (postgres-store.ts followSearchedFields).
    sql: `COMMENT ON COLUMN "eventInquiries"."searchDocument" IS 'firstName,lastName,email,company,eventName,notes'`,
  },
  {
    version: 20,
    name: 'fenced-claims-and-set-aside-write-outs',
    // A claim's token: only its holder settles or releases the row (compare-and-set).
    // A pending row whose write-out keeps failing is set aside after a few attempts,
    // with its error, and no longer blocks the others (decision record 070).
    sql: `ALTER TABLE "outbox" ADD COLUMN "claimToken" text;
  ALTER TABLE "outboxPending" ADD COLUMN "failures" integer NOT NULL DEFAULT 0;
  ALTER TABLE "outboxPending" ADD COLUMN "lastError" text;
  ALTER TABLE "outboxPending" ADD COLUMN "setAsideAt" bigint`,
  },
  {
    version: 21,
    name: 'write-out-retry-time',
    // A pending row whose write-out failed waits before it is tried again, so a passing
    // fault (a full disk for a moment) does not use up its attempts at once (record 072).
    sql: 'ALTER TABLE "outboxPending" ADD COLUMN "retryAt" bigint',
  },
  {
    version: 22,
    name: 'sends-counted-in-the-outbox',
    // A send counted against its channel's caps while it is in flight, and the sent ones
    // by kind and time: the confirmation caps are read from the outbox (record 083).
    sql: `ALTER TABLE "outbox" ADD COLUMN "countedAt" bigint;
  CREATE INDEX "outbox_sent" ON "outbox" ("kind", "sentAt") WHERE "state" = 'sent'`,
  },
  {
    version: 23,
    name: 'erasure-scrubs',
    // How many erasures the last scrub of the files covered: one a restart cut short
    // runs at the next start (record 085).
    sql: `CREATE TABLE "erasureScrubs" (
    "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
    "erasures" bigint NOT NULL
  )`,
  },
  {
    version: 40,
    name: 'rate-counts',
    // The rate limits' counts, shared by every instance on this database (record 091).
    // Unlogged: a count lost in a crash only forgives a few requests, and no WAL is
    // written for each request counted.
    sql: `CREATE UNLOGGED TABLE "rateCounts" (
    "key" text PRIMARY KEY,
    "count" integer NOT NULL,
    "resetAt" bigint NOT NULL
  )`,
  },
  {
    version: 50,
    name: 'owner-calendar-feed',
    // Each owner's secret for the calendar feed of Booked inquiries (made on first use,
    // replaced by "Reset link"); the Booked list is read through inquiryState's status index.
    sql: `ALTER TABLE "owners" ADD COLUMN "calendarToken" text;
  CREATE UNIQUE INDEX "owners_calendarToken" ON "owners" ("calendarToken")`,
  },
  {
    version: 51,
    name: 'push-devices-and-server-keys',
    // Each owner's devices that take push (a browser's PushSubscription: its endpoint and
    // keys), and keys the server makes once and keeps (VAPID), record 121.
    sql: `CREATE TABLE "pushDevices" (
    "id" text PRIMARY KEY,
    "ownerId" text NOT NULL REFERENCES "owners" ("id") ON DELETE CASCADE,
    "endpoint" text NOT NULL UNIQUE,
    "p256dh" text NOT NULL,
    "auth" text NOT NULL,
    "label" text NOT NULL,
    "createdAt" timestamptz NOT NULL
  );
  CREATE INDEX "pushDevices_ownerId" ON "pushDevices" ("ownerId");
  CREATE TABLE "serverKeys" (
    "name" text PRIMARY KEY,
    "value" text NOT NULL
  )`,
  },
  {
    version: 60,
    name: 'truck-schedule',
    // The truck's stops, kept from the inbox's Schedule page and shown on the landing
    // page, and the owner's history of every change to them (record 111). Dates and
    // times are the business's local wall-clock time, as text ('YYYY-MM-DD', 'HH:MM'),
    // as on SQLite: no session time zone can shift them.
    sql: `CREATE TABLE "truckStops" (
    "id" text PRIMARY KEY,
    "date" text NOT NULL,
    "starts" text NOT NULL,
    "ends" text NOT NULL,
    "place" text NOT NULL,
    "address" text NOT NULL,
    "note" text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "updatedAt" timestamptz NOT NULL
  );
  CREATE INDEX "truckStops_date" ON "truckStops" ("date", "starts");
  CREATE TABLE "scheduleChanges" (
    "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "stopId" text NOT NULL,
    "kind" text NOT NULL CHECK ("kind" IN ('added', 'changed', 'removed')),
    "summary" text NOT NULL,
    "ownerId" text NOT NULL,
    "ownerEmail" text NOT NULL,
    "at" timestamptz NOT NULL
  )`,
  },
  {
    version: 70,
    name: 'sale-quotes-and-event-topics',
    // As on SQLite (sqlite-migrations.ts, version 70; record 142).
    sql: `CREATE TABLE "quotes" (
    "id" text PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "version" integer NOT NULL,
    "currency" text NOT NULL,
    "lines" jsonb NOT NULL,
    "rates" jsonb NOT NULL,
    "totals" jsonb NOT NULL,
    "total" bigint NOT NULL,
    "deposit" bigint NOT NULL,
    "validUntil" text NOT NULL,
    "terms" text NOT NULL,
    "sentAt" timestamptz NOT NULL,
    "sentBy" text NOT NULL,
    "viewedAt" timestamptz,
    "replacedAt" timestamptz,
    "acceptedAt" timestamptz,
    "acceptedFrom" text,
    "acceptedHash" text,
    "acceptedSnapshot" text,
    "declinedAt" timestamptz,
    "declineReason" text,
    UNIQUE ("inquiryId", "version")
  );
  CREATE INDEX "quotes_sentAt" ON "quotes" ("sentAt");
  ALTER TABLE "outbox" ADD COLUMN "topic" text NOT NULL DEFAULT '';
  ALTER TABLE "outboxPending" ADD COLUMN "topic" text NOT NULL DEFAULT ''`,
  },
  {
    version: 71,
    name: 'sale-reminders',
    // As on SQLite (sqlite-migrations.ts, version 71; record 143).
    sql: `CREATE TABLE "reminders" (
    "inquiryId" text NOT NULL,
    "topic" text NOT NULL,
    "queuedAt" timestamptz NOT NULL,
    PRIMARY KEY ("inquiryId", "topic")
  )`,
  },
  {
    version: 75,
    name: 'event-plans',
    // As on SQLite (sqlite-migrations.ts, version 75; record 170).
    sql: `CREATE TABLE "finalCounts" (
    "seq" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "id" text NOT NULL UNIQUE,
    "inquiryId" text NOT NULL,
    "guests" integer NOT NULL,
    "dietary" jsonb NOT NULL,
    "setBy" text,
    "at" timestamptz NOT NULL
  );
  CREATE INDEX "finalCounts_inquiryId" ON "finalCounts" ("inquiryId", "seq");
  CREATE TABLE "eventDetails" (
    "inquiryId" text PRIMARY KEY,
    "onSiteName" text NOT NULL,
    "onSitePhone" text NOT NULL,
    "siteAnswers" jsonb NOT NULL,
    "updatedAt" timestamptz NOT NULL
  )`,
  },
  {
    version: 80,
    name: 'sale-payments',
    // As on SQLite (sqlite-migrations.ts, version 80; record 146).
    sql: `CREATE TABLE "payments" (
    "id" text PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "quoteId" text,
    "kind" text NOT NULL CHECK ("kind" IN ('payment', 'refund')),
    "amount" bigint NOT NULL CHECK ("amount" > 0),
    "currency" text NOT NULL,
    "method" text NOT NULL,
    "provider" text,
    "providerRef" text,
    "providerPayment" text,
    "note" text NOT NULL,
    "recordedAt" timestamptz NOT NULL,
    "recordedBy" text,
    "voidedAt" timestamptz,
    "voidedBy" text,
    "voidReason" text,
    UNIQUE ("provider", "providerRef")
  );
  CREATE INDEX "payments_inquiryId" ON "payments" ("inquiryId");
  CREATE INDEX "payments_providerPayment" ON "payments" ("provider", "providerPayment");
  CREATE TABLE "paymentEvents" (
    "provider" text NOT NULL,
    "eventId" text NOT NULL,
    "outcome" text NOT NULL,
    "receivedAt" timestamptz NOT NULL,
    PRIMARY KEY ("provider", "eventId")
  );
  CREATE TABLE "checkoutSessions" (
    "provider" text NOT NULL,
    "id" text NOT NULL,
    "quoteId" text NOT NULL,
    "inquiryId" text NOT NULL,
    "amount" bigint NOT NULL,
    "currency" text NOT NULL,
    "url" text NOT NULL,
    "createdAt" timestamptz NOT NULL,
    "expiresAt" timestamptz NOT NULL,
    PRIMARY KEY ("provider", "id")
  );
  CREATE INDEX "checkoutSessions_quoteId" ON "checkoutSessions" ("quoteId");
  CREATE INDEX "checkoutSessions_inquiryId" ON "checkoutSessions" ("inquiryId");
  ALTER TABLE "quotes" ADD COLUMN "depositPaidAt" timestamptz`,
  },
  {
    version: 150,
    name: 'inquiry-sender',
    // As on SQLite (sqlite-migrations.ts, version 150; record 154).
    sql: 'ALTER TABLE "eventInquiries" ADD COLUMN "sender" text',
  },
  {
    version: 151,
    name: 'recovery-ends-every-way-in',
    // As on SQLite (sqlite-migrations.ts, version 151; record 155).
    sql: `DROP INDEX "owners_calendarToken";
  ALTER TABLE "owners" RENAME COLUMN "calendarToken" TO "calendarSeed";
  UPDATE "owners" SET "calendarSeed" = NULL;
  ALTER TABLE "owners" ADD COLUMN "deviceGeneration" integer NOT NULL DEFAULT 0;
  ALTER TABLE "pushDevices" ADD COLUMN "sessionHash" text`,
  },
  {
    version: 160,
    name: 'never-silent-action-links',
    // As on SQLite (sqlite-migrations.ts, version 160; record 182).
    sql: `CREATE TABLE "actionLinksUsed" (
    "id" text PRIMARY KEY,
    "inquiryId" text NOT NULL,
    "action" text NOT NULL,
    "usedAt" timestamptz NOT NULL
  );
  CREATE INDEX "actionLinksUsed_inquiryId" ON "actionLinksUsed" ("inquiryId")`,
  },
  {
    version: 161,
    name: 'no-statistics-of-personal-data',
    // PostgreSQL only (record 157): ANALYZE, autovacuum's too, keeps sample values of each
    // column (most common values, histogram bounds) in pg_statistic, where an erasure and
    // its scrub never reach. The columns that hold a customer's words keep no statistics;
    // what earlier ones kept is deleted where this role may (a superuser's), and the
    // scrub's VACUUM FULL of pg_statistic takes it from the files.
    sql: `ALTER TABLE "eventInquiries" ALTER COLUMN "firstName" SET STATISTICS 0,
    ALTER COLUMN "lastName" SET STATISTICS 0,
    ALTER COLUMN "email" SET STATISTICS 0,
    ALTER COLUMN "phoneNumber" SET STATISTICS 0,
    ALTER COLUMN "company" SET STATISTICS 0,
    ALTER COLUMN "eventName" SET STATISTICS 0,
    ALTER COLUMN "siteAddress" SET STATISTICS 0,
    ALTER COLUMN "notes" SET STATISTICS 0,
    ALTER COLUMN "reference" SET STATISTICS 0,
    ALTER COLUMN "searchDocument" SET STATISTICS 0;
  ALTER TABLE "inquiryEvents" ALTER COLUMN "note" SET STATISTICS 0;
  ALTER TABLE "outbox" ALTER COLUMN "lastError" SET STATISTICS 0;
  ALTER TABLE "outboxAttempts" ALTER COLUMN "error" SET STATISTICS 0;
  ALTER TABLE "outboxPending" ALTER COLUMN "lastError" SET STATISTICS 0;
  ALTER TABLE "quotes" ALTER COLUMN "lines" SET STATISTICS 0,
    ALTER COLUMN "declineReason" SET STATISTICS 0,
    ALTER COLUMN "acceptedFrom" SET STATISTICS 0,
    ALTER COLUMN "acceptedSnapshot" SET STATISTICS 0;
  ALTER TABLE "payments" ALTER COLUMN "note" SET STATISTICS 0,
    ALTER COLUMN "voidReason" SET STATISTICS 0;
  ALTER TABLE "eventDetails" ALTER COLUMN "onSiteName" SET STATISTICS 0,
    ALTER COLUMN "onSitePhone" SET STATISTICS 0,
    ALTER COLUMN "siteAnswers" SET STATISTICS 0;
  DO $$ BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
      DELETE FROM pg_statistic s USING pg_attribute a
      WHERE a.attrelid = s.starelid AND a.attnum = s.staattnum AND a.attstattarget = 0
        AND s.starelid IN ('"eventInquiries"'::regclass,
          '"inquiryEvents"'::regclass, '"outbox"'::regclass, '"outboxAttempts"'::regclass, '"outboxPending"'::regclass,
          '"quotes"'::regclass, '"payments"'::regclass, '"eventDetails"'::regclass);
    END IF;
  END $$`,
  },
  {
    version: 200,
    name: 'inquiry-estimate',
    // As on SQLite (sqlite-migrations.ts, version 200; record 204).
    sql: 'ALTER TABLE "eventInquiries" ADD COLUMN "estimate" text',
  },
  {
    version: 210,
    name: 'quote-message',
    // As on SQLite (sqlite-migrations.ts, version 210; record 213). Its words may name the
    // customer: no statistics of them (record 157).
    sql: `ALTER TABLE "quotes" ADD COLUMN "message" text NOT NULL DEFAULT '';
  ALTER TABLE "quotes" ALTER COLUMN "message" SET STATISTICS 0`,
  },
  {
    version: 240,
    name: 'blocked-days',
    // Days the owner blocked (issue 38, record 240): unavailable to the public, in the
    // owner's private feed; the reason is the owner's alone.
    sql: `CREATE TABLE "blockedDays" (
    "id" text PRIMARY KEY,
    "date" text NOT NULL,
    "reason" text NOT NULL,
    "blockedAt" timestamptz NOT NULL,
    "blockedBy" text NOT NULL
  );
  CREATE INDEX "blockedDays_date" ON "blockedDays" ("date")`,
  },
  {
    version: 250,
    name: 'site-content',
    // As on SQLite (sqlite-migrations.ts, version 250; record 250). The content as the
    // JSON text written: jsonb would reorder its keys.
    sql: `CREATE TABLE "siteVersions" (
    "version" integer PRIMARY KEY,
    "content" text NOT NULL,
    "publishedAt" timestamptz NOT NULL,
    "publishedBy" text NOT NULL
  );
  CREATE TABLE "siteDraft" (
    "id" integer PRIMARY KEY CHECK ("id" = 1),
    "baseVersion" integer NOT NULL,
    "content" text NOT NULL,
    "savedAt" timestamptz NOT NULL
  )`,
  },
  {
    version: 270,
    name: 'photos',
    // As on SQLite (sqlite-migrations.ts, version 270; record 270).
    sql: `CREATE TABLE "photos" (
    "hash" text PRIMARY KEY,
    "width" integer NOT NULL,
    "height" integer NOT NULL,
    "type" text NOT NULL,
    "uploadedAt" timestamptz NOT NULL,
    "uploadedBy" text NOT NULL
  );
  CREATE TABLE "photoFiles" (
    "name" text PRIMARY KEY,
    "hash" text NOT NULL REFERENCES "photos" ("hash"),
    "contentType" text NOT NULL,
    "data" bytea NOT NULL
  );
  CREATE INDEX "photoFiles_hash" ON "photoFiles" ("hash")`,
  },
  {
    version: 281,
    name: 'held-quotes',
    // As on SQLite (sqlite-migrations.ts, version 281; record 281).
    sql: `CREATE INDEX "quotes_held" ON "quotes" ("acceptedAt")
    WHERE "acceptedAt" IS NOT NULL AND "depositPaidAt" IS NULL AND "declinedAt" IS NULL`,
  },
  {
    version: 290,
    name: 'preorders',
    // As on SQLite (sqlite-migrations.ts, version 290; record 290). Order numbers from a
    // sequence; the customer's words get no statistics (record 157).
    sql: `CREATE TABLE "preorderStops" (
    "stopId" text PRIMARY KEY,
    "open" boolean NOT NULL,
    "pickupEvery" integer NOT NULL CHECK ("pickupEvery" > 0),
    "perPickup" integer NOT NULL CHECK ("perPickup" > 0),
    "orderBy" integer NOT NULL CHECK ("orderBy" >= 0),
    "currency" text NOT NULL,
    "items" jsonb NOT NULL,
    "cancelledAt" timestamptz,
    "updatedAt" timestamptz NOT NULL
  );
  CREATE TABLE "preorderCounts" (
    "stopId" text NOT NULL,
    "kind" text NOT NULL CHECK ("kind" IN ('pickup', 'item')),
    "key" text NOT NULL,
    "taken" integer NOT NULL CHECK ("taken" >= 0),
    PRIMARY KEY ("stopId", "kind", "key")
  );
  CREATE SEQUENCE "preorderNumbers" START 1001;
  CREATE TABLE "preorders" (
    "id" text PRIMARY KEY,
    "number" bigint NOT NULL UNIQUE,
    "stopId" text NOT NULL,
    "pickup" text NOT NULL,
    "name" text NOT NULL,
    "phone" text NOT NULL,
    "email" text NOT NULL,
    "lines" jsonb NOT NULL,
    "total" bigint NOT NULL CHECK ("total" >= 0),
    "currency" text NOT NULL,
    "payAtPickup" boolean NOT NULL,
    "status" text NOT NULL CHECK ("status" IN ('held', 'paid', 'pay-at-pickup', 'ready', 'picked-up', 'cancelled', 'refunded')),
    "holdUntil" timestamptz,
    "provider" text,
    "checkoutId" text,
    "checkoutUrl" text,
    "paymentRef" text,
    "paidAt" timestamptz,
    "refundDue" boolean NOT NULL DEFAULT false,
    "refundedAt" timestamptz,
    "readyAt" timestamptz,
    "pickedUpAt" timestamptz,
    "cancelledAt" timestamptz,
    "createdAt" timestamptz NOT NULL,
    UNIQUE ("provider", "checkoutId")
  );
  CREATE INDEX "preorders_stopId" ON "preorders" ("stopId", "pickup");
  CREATE INDEX "preorders_held" ON "preorders" ("holdUntil") WHERE "status" = 'held';
  CREATE INDEX "preorders_refundDue" ON "preorders" ("refundDue") WHERE "refundDue";
  CREATE INDEX "preorders_email" ON "preorders" ("email");
  CREATE INDEX "preorders_createdAt" ON "preorders" ("createdAt");
  ALTER TABLE "preorders" ALTER COLUMN "name" SET STATISTICS 0,
    ALTER COLUMN "phone" SET STATISTICS 0, ALTER COLUMN "email" SET STATISTICS 0`,
  },
  {
    version: 300,
    name: 'inquiry-language',
    // As on SQLite (sqlite-migrations.ts, version 300; record 300).
    sql: `ALTER TABLE "eventInquiries" ADD COLUMN "language" text NOT NULL DEFAULT 'en'`,
  },
  {
    version: 340,
    name: 'order-erasures',
    // How many times orders were erased (record 340): counted with the inquiries' erasures,
    // so a scrub a restart cut short runs at the next start after an order's erasure too.
    sql: `CREATE TABLE "orderErasures" (
    "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
    "count" bigint NOT NULL
  )`,
  },
  {
    version: 390,
    name: 'preorder-paid-amount',
    // As on SQLite (sqlite-migrations.ts, version 390; record 390).
    sql: `ALTER TABLE "preorders" ADD COLUMN "paidAmount" bigint;
  UPDATE "preorders" SET "paidAmount" = "total" WHERE "paidAt" IS NOT NULL`,
  },
  {
    version: 420,
    name: 'preorder-language',
    // As on SQLite (sqlite-migrations.ts, version 420; record 420).
    sql: `ALTER TABLE "preorders" ADD COLUMN "language" text NOT NULL DEFAULT 'en'`,
  },
  {
    version: 430,
    name: 'preorder-sender',
    // As on SQLite (sqlite-migrations.ts, version 430; record 430).
    sql: `ALTER TABLE "preorders" ADD COLUMN "sender" text;
  ALTER TABLE "preorders" ALTER COLUMN "sender" SET STATISTICS 0`,
  },
]);
