// The SQLite schema, one migration at a time (see migration.ts). Never edit a
// released migration: add the next one.
import { migrationList } from '../migrations.js';

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
  // Versions 3–9: the owner's side (accounts, sessions, the inbox's history and search).
  {
    version: 3,
    name: 'create-owners-and-sessions',
    sql: `CREATE TABLE owners (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    passwordHash TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    notifyByEmail INTEGER NOT NULL DEFAULT 1
  ) STRICT;
  CREATE TABLE ownerSessions (
    tokenHash TEXT PRIMARY KEY,
    ownerId TEXT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
    createdAt TEXT NOT NULL,
    lastSeenAt TEXT NOT NULL,
    expiresAt TEXT NOT NULL
  ) STRICT;
  CREATE INDEX ownerSessions_ownerId ON ownerSessions (ownerId)`,
  },
  {
    version: 4,
    name: 'create-inquiry-events-state-erasures',
    sql: `CREATE TABLE inquiryEvents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    inquiryId TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT,
    note TEXT,
    ownerId TEXT,
    ownerEmail TEXT,
    at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX inquiryEvents_inquiryId ON inquiryEvents (inquiryId, id);
  CREATE TABLE inquiryState (
    inquiryId TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    readAt TEXT,
    updatedAt TEXT NOT NULL
  ) STRICT;
  CREATE INDEX inquiryState_status ON inquiryState (status);
  CREATE TABLE erasures (
    inquiryId TEXT PRIMARY KEY,
    erasedAt TEXT NOT NULL,
    erasedBy TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 5,
    name: 'create-inquiry-search',
    // Contentless full-text index (no copy of the text, rows deletable for erasure),
    // keyed by the inquiry's rowid and filled by a trigger on insert.
    sql: `CREATE VIRTUAL TABLE inquirySearch USING fts5 (
    text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );
  INSERT INTO inquirySearch (rowid, text)
    SELECT rowid, firstName || ' ' || lastName || ' ' || email || ' ' || company || ' ' || eventName || ' ' || notes
    FROM eventInquiries;
  CREATE TRIGGER eventInquiries_search AFTER INSERT ON eventInquiries BEGIN
    INSERT INTO inquirySearch (rowid, text) VALUES (
      new.rowid,
      new.firstName || ' ' || new.lastName || ' ' || new.email || ' ' || new.company || ' ' || new.eventName || ' ' || new.notes
    );
  END;
  CREATE INDEX eventInquiries_eventDate ON eventInquiries (eventDate)`,
  },
  {
    version: 10,
    name: 'create-outbox',
    // Times are milliseconds since the epoch. No personal data: messages are
    // rendered from the inquiry row at send time (decision record 030).
    sql: `CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    inquiryId TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT,
    state TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    dueAt INTEGER NOT NULL,
    claimedUntil INTEGER,
    lastError TEXT,
    createdAt INTEGER NOT NULL,
    sentAt INTEGER
  ) STRICT;
  CREATE INDEX outbox_due ON outbox (dueAt) WHERE state = 'queued';
  CREATE INDEX outbox_inquiryId ON outbox (inquiryId);
  CREATE TABLE outboxAttempts (
    deliveryId TEXT NOT NULL,
    at INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    error TEXT
  ) STRICT;
  CREATE INDEX outboxAttempts_deliveryId ON outboxAttempts (deliveryId, at)`,
  },
  {
    version: 11,
    name: 'create-outbox-pending',
    // One row per created inquiry that owes notifications, appended in the create's
    // transaction; the worker turns it into the inquiry's deliveries (decision record
    // 030). A rowid table and nothing else: an append touches the last page only,
    // where three delivery rows with their indexes cost creates 40 % of their rate.
    sql: `CREATE TABLE outboxPending (
    seq INTEGER PRIMARY KEY,
    inquiryId TEXT NOT NULL,
    queuedAt INTEGER NOT NULL
  ) STRICT`,
  },
  {
    version: 12,
    name: 'search-indexed-in-batches',
    // The search index is filled in batches after the creates (sqlite-search.ts,
    // decision record 052), not by a trigger in each create's transaction: FTS5
    // writes a segment per transaction, which cost creates more than half their
    // rate. `indexedUpTo`: the highest inquiry rowid in the index so far.
    sql: `DROP TRIGGER eventInquiries_search;
  CREATE TABLE searchProgress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexedUpTo INTEGER NOT NULL
  ) STRICT;
  INSERT INTO searchProgress (id, indexedUpTo) SELECT 1, coalesce(max(rowid), 0) FROM eventInquiries`,
  },
  {
    version: 13,
    name: 'search-fields-recorded',
    // The index records which fields it was built from; at start it is rebuilt when the
    // field table's searched fields differ (sqlite-search.ts followSearchedFields).
    sql: `ALTER TABLE searchProgress ADD COLUMN fields TEXT NOT NULL DEFAULT 'firstName,lastName,email,company,eventName,notes'`,
  },
  {
    version: 20,
    name: 'fenced-claims-and-set-aside-write-outs',
    // A claim's token: only its holder settles or releases the row (compare-and-set).
    // A pending row whose write-out keeps failing is set aside after a few attempts,
    // with its error, and no longer blocks the others (decision record 070).
    sql: `ALTER TABLE outbox ADD COLUMN claimToken TEXT;
  ALTER TABLE outboxPending ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE outboxPending ADD COLUMN lastError TEXT;
  ALTER TABLE outboxPending ADD COLUMN setAsideAt INTEGER`,
  },
  {
    version: 21,
    name: 'write-out-retry-time',
    // A pending row whose write-out failed waits before it is tried again, so a passing
    // fault (a full disk for a moment) does not use up its attempts at once (record 072).
    sql: 'ALTER TABLE outboxPending ADD COLUMN retryAt INTEGER',
  },
  {
    version: 22,
    name: 'sends-counted-in-the-outbox',
    // A send counted against its channel's caps while it is in flight, and the sent ones
    // by kind and time: the confirmation caps are read from the outbox (record 083).
    sql: `ALTER TABLE outbox ADD COLUMN countedAt INTEGER;
  CREATE INDEX outbox_sent ON outbox (kind, sentAt) WHERE state = 'sent'`,
  },
  {
    version: 50,
    name: 'owner-calendar-feed',
    // Each owner's secret for the calendar feed of Booked inquiries (made on first use,
    // replaced by "Reset link"); the Booked list is read through inquiryState's status index.
    sql: `ALTER TABLE owners ADD COLUMN calendarToken TEXT;
  CREATE UNIQUE INDEX owners_calendarToken ON owners (calendarToken)`,
  },
  {
    version: 51,
    name: 'push-devices-and-server-keys',
    // Each owner's devices that take push (a browser's PushSubscription: its endpoint and
    // keys), and keys the server makes once and keeps (VAPID), record 121.
    sql: `CREATE TABLE pushDevices (
    id TEXT PRIMARY KEY,
    ownerId TEXT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    label TEXT NOT NULL,
    createdAt TEXT NOT NULL
  ) STRICT;
  CREATE INDEX pushDevices_ownerId ON pushDevices (ownerId);
  CREATE TABLE serverKeys (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 60,
    name: 'truck-schedule',
    // The truck's stops, kept from the inbox's Schedule page and shown on the landing
    // page, and the owner's history of every change to them (record 111). Dates and
    // times are the business's local wall-clock time, as text ('YYYY-MM-DD', 'HH:MM').
    sql: `CREATE TABLE truckStops (
    id TEXT PRIMARY KEY,
    date TEXT NOT NULL,
    starts TEXT NOT NULL,
    ends TEXT NOT NULL,
    place TEXT NOT NULL,
    address TEXT NOT NULL,
    note TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL
  ) STRICT;
  CREATE INDEX truckStops_date ON truckStops (date, starts);
  CREATE TABLE scheduleChanges (
    id INTEGER PRIMARY KEY,
    stopId TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'removed')),
    summary TEXT NOT NULL,
    ownerId TEXT NOT NULL,
    ownerEmail TEXT NOT NULL,
    at TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 70,
    name: 'sale-quotes-and-event-topics',
    // Quotes (record 142): each version as sent, never edited; its answers set once
    // each. Amounts are integers of the currency's minor unit, rates thousandths of a
    // percent (record 140); lines, rates and totals as JSON, total and deposit as
    // columns too for the lists and numbers. An outbox row's topic: '' for the inquiry's
    // arrival, '<event>:<ref>' for an event of the sale.
    sql: `CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    inquiryId TEXT NOT NULL,
    version INTEGER NOT NULL,
    currency TEXT NOT NULL,
    lines TEXT NOT NULL,
    rates TEXT NOT NULL,
    totals TEXT NOT NULL,
    total INTEGER NOT NULL,
    deposit INTEGER NOT NULL,
    validUntil TEXT NOT NULL,
    terms TEXT NOT NULL,
    sentAt TEXT NOT NULL,
    sentBy TEXT NOT NULL,
    viewedAt TEXT,
    replacedAt TEXT,
    acceptedAt TEXT,
    acceptedFrom TEXT,
    acceptedHash TEXT,
    acceptedSnapshot TEXT,
    declinedAt TEXT,
    declineReason TEXT,
    UNIQUE (inquiryId, version)
  ) STRICT;
  CREATE INDEX quotes_sentAt ON quotes (sentAt);
  ALTER TABLE outbox ADD COLUMN topic TEXT NOT NULL DEFAULT '';
  ALTER TABLE outboxPending ADD COLUMN topic TEXT NOT NULL DEFAULT ''`,
  },
  {
    version: 71,
    name: 'sale-reminders',
    // Each reminder of the sale an inquiry was owed, queued once (record 143).
    sql: `CREATE TABLE reminders (
    inquiryId TEXT NOT NULL,
    topic TEXT NOT NULL,
    queuedAt TEXT NOT NULL,
    PRIMARY KEY (inquiryId, topic)
  ) STRICT`,
  },
  {
    version: 75,
    name: 'event-plans',
    // The booked event (record 170): each final guest count as its own row (the last is in
    // force; the accepted quote's snapshot never changes), and what the customer told of
    // the day after accepting (who meets the truck, the site's answers as JSON).
    sql: `CREATE TABLE finalCounts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    inquiryId TEXT NOT NULL,
    guests INTEGER NOT NULL,
    dietary TEXT NOT NULL,
    setBy TEXT,
    at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX finalCounts_inquiryId ON finalCounts (inquiryId, seq);
  CREATE TABLE eventDetails (
    inquiryId TEXT PRIMARY KEY,
    onSiteName TEXT NOT NULL,
    onSitePhone TEXT NOT NULL,
    siteAnswers TEXT NOT NULL,
    updatedAt TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 80,
    name: 'sale-payments',
    // Payments (record 146): money paid online through a provider or recorded by hand, in
    // integer minor units, never edited (voided with a reason), kept through an erasure
    // without the customer's words. Once only by constraint: a provider's event by its id
    // (paymentEvents), a checkout's payment by (provider, providerRef), a recorded one by
    // the id its form chose. The checkouts the site asked a provider for (what amount, for
    // which quote), and when each quote's deposit was paid.
    sql: `CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    inquiryId TEXT NOT NULL,
    quoteId TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('payment', 'refund')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    method TEXT NOT NULL,
    provider TEXT,
    providerRef TEXT,
    providerPayment TEXT,
    note TEXT NOT NULL,
    recordedAt TEXT NOT NULL,
    recordedBy TEXT,
    voidedAt TEXT,
    voidedBy TEXT,
    voidReason TEXT,
    UNIQUE (provider, providerRef)
  ) STRICT;
  CREATE INDEX payments_inquiryId ON payments (inquiryId);
  CREATE INDEX payments_providerPayment ON payments (provider, providerPayment);
  CREATE TABLE paymentEvents (
    provider TEXT NOT NULL,
    eventId TEXT NOT NULL,
    outcome TEXT NOT NULL,
    receivedAt TEXT NOT NULL,
    PRIMARY KEY (provider, eventId)
  ) STRICT;
  CREATE TABLE checkoutSessions (
    provider TEXT NOT NULL,
    id TEXT NOT NULL,
    quoteId TEXT NOT NULL,
    inquiryId TEXT NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    url TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    expiresAt TEXT NOT NULL,
    PRIMARY KEY (provider, id)
  ) STRICT;
  CREATE INDEX checkoutSessions_quoteId ON checkoutSessions (quoteId);
  CREATE INDEX checkoutSessions_inquiryId ON checkoutSessions (inquiryId);
  ALTER TABLE quotes ADD COLUMN depositPaidAt TEXT`,
  },
  {
    version: 150,
    name: 'inquiry-sender',
    // Which network sent an inquiry, as a keyed hash (never the address): one source
    // cannot take the whole hourly budget of confirmations (record 154).
    sql: 'ALTER TABLE eventInquiries ADD COLUMN sender TEXT',
  },
  {
    version: 151,
    name: 'recovery-ends-every-way-in',
    // Record 155. The calendar feed's address is derived from a seed and SESSION_SECRET,
    // so the store (and every backup of it) no longer holds a live feed: the old
    // addresses, kept in clear, are retired. A device cookie names its owner's
    // generation, which signing out the other devices and a new password move on. A push
    // device remembers the session it was added from.
    sql: `DROP INDEX owners_calendarToken;
  ALTER TABLE owners RENAME COLUMN calendarToken TO calendarSeed;
  UPDATE owners SET calendarSeed = NULL;
  ALTER TABLE owners ADD COLUMN deviceGeneration INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE pushDevices ADD COLUMN sessionHash TEXT`,
  },
  {
    version: 160,
    name: 'never-silent-action-links',
    // Each action link of a notification ("Mark as contacted", "Decline") that acted, by
    // its id: used once, on every instance (record 182). Erased with the inquiry.
    sql: `CREATE TABLE actionLinksUsed (
    id TEXT PRIMARY KEY,
    inquiryId TEXT NOT NULL,
    action TEXT NOT NULL,
    usedAt TEXT NOT NULL
  ) STRICT;
  CREATE INDEX actionLinksUsed_inquiryId ON actionLinksUsed (inquiryId)`,
  },
  {
    version: 200,
    name: 'inquiry-estimate',
    // The estimate the customer was told and the prices it used, as JSON, written by the
    // create in the same row (record 204). Inquiries from before keep none (NULL).
    sql: 'ALTER TABLE eventInquiries ADD COLUMN estimate TEXT',
  },
  {
    version: 210,
    name: 'quote-message',
    // The owner's own line to the customer, sent with a version and kept with it (record 213).
    sql: `ALTER TABLE quotes ADD COLUMN message TEXT NOT NULL DEFAULT ''`,
  },
  {
    version: 240,
    name: 'blocked-days',
    // Days the owner blocked (issue 38, record 240): unavailable to the public, in the
    // owner's private feed; the reason is the owner's alone.
    sql: `CREATE TABLE blockedDays (
    id TEXT PRIMARY KEY,
    date TEXT NOT NULL,
    reason TEXT NOT NULL,
    blockedAt TEXT NOT NULL,
    blockedBy TEXT NOT NULL
  ) STRICT;
  CREATE INDEX blockedDays_date ON blockedDays (date)`,
  },
  {
    version: 250,
    name: 'site-content',
    // The site's content (issue 37, record 250): each published version, kept (version 1
    // is the content file and is not stored), and the owner's one draft. No personal data
    // of customers: the owner's e-mail as who published.
    sql: `CREATE TABLE siteVersions (
    version INTEGER PRIMARY KEY,
    content TEXT NOT NULL,
    publishedAt TEXT NOT NULL,
    publishedBy TEXT NOT NULL
  ) STRICT;
  CREATE TABLE siteDraft (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    baseVersion INTEGER NOT NULL,
    content TEXT NOT NULL,
    savedAt TEXT NOT NULL
  ) STRICT`,
  },
  {
    version: 270,
    name: 'photos',
    // The owner's uploaded photos (issue 37, record 270): the re-encoded original and every
    // file made from it for the page, served at /photos/NAME from here on every instance.
    // No metadata is kept (stripped on upload); no customer's data.
    sql: `CREATE TABLE photos (
    hash TEXT PRIMARY KEY,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    type TEXT NOT NULL,
    uploadedAt TEXT NOT NULL,
    uploadedBy TEXT NOT NULL
  ) STRICT;
  CREATE TABLE photoFiles (
    name TEXT PRIMARY KEY,
    hash TEXT NOT NULL REFERENCES photos (hash),
    contentType TEXT NOT NULL,
    data BLOB NOT NULL
  ) STRICT;
  CREATE INDEX photoFiles_hash ON photoFiles (hash)`,
  },
  {
    version: 281,
    name: 'held-quotes',
    // The quotes that may hold a day (record 281): accepted, neither paid nor declined, by
    // when they were accepted, so the calendar finds the few recent ones, not every inquiry.
    sql: `CREATE INDEX quotes_held ON quotes (acceptedAt)
    WHERE acceptedAt IS NOT NULL AND depositPaidAt IS NULL AND declinedAt IS NULL`,
  },
  {
    version: 290,
    name: 'preorders',
    // Pre-orders at a public stop (issue 40, record 290): a stop's settings (items as
    // JSON, with the price and cap the owner chose), the counters its orders claim (one
    // row per pickup time and per capped item, raised only within the cap, in the order's
    // transaction), and the orders (lines as JSON; the customer's name, phone and e-mail
    // are erased on request). One payment per order by (provider, checkoutId).
    sql: `CREATE TABLE preorderStops (
    stopId TEXT PRIMARY KEY,
    open INTEGER NOT NULL,
    pickupEvery INTEGER NOT NULL CHECK (pickupEvery > 0),
    perPickup INTEGER NOT NULL CHECK (perPickup > 0),
    orderBy INTEGER NOT NULL CHECK (orderBy >= 0),
    currency TEXT NOT NULL,
    items TEXT NOT NULL,
    cancelledAt TEXT,
    updatedAt TEXT NOT NULL
  ) STRICT;
  CREATE TABLE preorderCounts (
    stopId TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pickup', 'item')),
    key TEXT NOT NULL,
    taken INTEGER NOT NULL CHECK (taken >= 0),
    PRIMARY KEY (stopId, kind, key)
  ) STRICT;
  CREATE TABLE preorders (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE,
    stopId TEXT NOT NULL,
    pickup TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    lines TEXT NOT NULL,
    total INTEGER NOT NULL CHECK (total >= 0),
    currency TEXT NOT NULL,
    payAtPickup INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('held', 'paid', 'pay-at-pickup', 'ready', 'picked-up', 'cancelled', 'refunded')),
    holdUntil TEXT,
    provider TEXT,
    checkoutId TEXT,
    checkoutUrl TEXT,
    paymentRef TEXT,
    paidAt TEXT,
    refundDue INTEGER NOT NULL DEFAULT 0,
    refundedAt TEXT,
    readyAt TEXT,
    pickedUpAt TEXT,
    cancelledAt TEXT,
    createdAt TEXT NOT NULL,
    UNIQUE (provider, checkoutId)
  ) STRICT;
  CREATE INDEX preorders_stopId ON preorders (stopId, pickup);
  CREATE INDEX preorders_held ON preorders (holdUntil) WHERE status = 'held';
  CREATE INDEX preorders_refundDue ON preorders (refundDue) WHERE refundDue = 1;
  CREATE INDEX preorders_email ON preorders (email);
  CREATE INDEX preorders_createdAt ON preorders (createdAt)`,
  },
  {
    version: 300,
    name: 'inquiry-language',
    // The language of the page an inquiry was sent from (issue 39, record 300): every later
    // message to that customer is in it. Inquiries from before were all sent in English.
    sql: `ALTER TABLE eventInquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`,
  },
  {
    version: 390,
    name: 'preorder-paid-amount',
    // What a pre-order's payment brought in (record 390): a payment other than asked is paid
    // back as received, not as the order's total. Orders paid before: their total (it matched).
    sql: `ALTER TABLE preorders ADD COLUMN paidAmount INTEGER;
  UPDATE preorders SET paidAmount = total WHERE paidAt IS NOT NULL`,
  },
  {
    version: 420,
    name: 'preorder-language',
    // The language of the order page an order was placed from (issue 39, record 420): its
    // page and e-mails are in it. Orders from before were all placed in English.
    sql: `ALTER TABLE preorders ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`,
  },
  {
    version: 430,
    name: 'preorder-sender',
    // The network an order came from, as a keyed hash like an inquiry's sender (record 430):
    // its confirmation's per-network cap counts it. Blanked with the customer by erasure.
    // Orders placed before have none and count for no network.
    sql: 'ALTER TABLE preorders ADD COLUMN sender TEXT',
  },
]);
