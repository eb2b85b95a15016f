// The owner's side of the store: one connection (SQLite) or pool (PostgreSQL) on the
// database the inquiries live in, shared by a store per concern. Each store has one
// contract here at store/'s root and one file per engine, and its callers take only
// that contract (`owners.inbox`, `owners.devices`, ...):
//   accounts and sessions  account-store.ts   sqlite/sqlite-account-store.ts   postgres/postgres-account-store.ts
//   the inbox              inbox-store.ts     sqlite/sqlite-inbox-store.ts     postgres/postgres-inbox-store.ts
//   push devices           device-store.ts    sqlite/sqlite-device-store.ts    postgres/postgres-device-store.ts
//   the truck's stops      schedule-store.ts  sqlite/sqlite-schedule-store.ts  postgres/postgres-schedule-store.ts
//   quotes                 quote-store.ts     sqlite/sqlite-quote-store.ts     postgres/postgres-quote-store.ts
//   payments               payment-store.ts   sqlite/sqlite-payment-store.ts   postgres/postgres-payment-store.ts
//   reminders              reminder-store.ts  sqlite/sqlite-reminder-store.ts  postgres/postgres-reminder-store.ts
//   what reminders look for follow-up-store.ts sqlite/sqlite-follow-up-store.ts postgres/postgres-follow-up-store.ts
//   action links           action-link-store.ts sqlite/sqlite-action-link-store.ts postgres/postgres-action-link-store.ts
//   the owner's numbers    numbers-store.ts   sqlite/sqlite-numbers-store.ts   postgres/postgres-numbers-store.ts
//   the booked event       event-plan-store.ts sqlite/sqlite-event-plan-store.ts postgres/postgres-event-plan-store.ts
//   taken and blocked days calendar-store.ts  sqlite/sqlite-calendar-store.ts  postgres/postgres-calendar-store.ts
//   the site's content     content-store.ts   sqlite/sqlite-content-store.ts   postgres/postgres-content-store.ts
//   pre-orders at a stop   preorder-store.ts  sqlite/sqlite-preorder-store.ts  postgres/postgres-preorder-store.ts
//
// A new store (quotes, payments, ...) is added the same way: its contract in
// `<name>-store.ts`, a `sqlite<Name>Store(db, prepare)` and a `postgres<Name>Store(pool)`
// beside the others, its tables in both engines' migrations, one field below, one line
// in each engine's opener (sqlite-owner-store.ts, postgres-owner-store.ts), and its
// contract suite `<name>-store.test.ts` on both engines (tests/support/owner-store-engines.ts).
import type { AccountStore } from './account-store.js';
import type { ActionLinkStore } from './action-link-store.js';
import type { CalendarStore } from './calendar-store.js';
import type { ContentStore } from './content-store.js';
import type { DeviceStore } from './device-store.js';
import type { FollowUpStore } from './follow-up-store.js';
import type { EventPlanStore } from './event-plan-store.js';
import type { InboxStore } from './inbox-store.js';
import type { NumbersStore } from './numbers-store.js';
import type { PaymentStore } from './payment-store.js';
import type { PreorderStore } from './preorder-store.js';
import type { QuoteStore } from './quote-store.js';
import type { ReminderStore } from './reminder-store.js';
import type { ScheduleStore } from './schedule-store.js';

/** The accounts, at the top (`owners.findOwnerByEmail`), and a field per other store. */
export interface OwnerStore extends AccountStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The inquiries as the owner works on them. */
  readonly inbox: InboxStore;
  /** The owners' push devices and the server's kept keys (record 121). */
  readonly devices: DeviceStore;
  /** The truck's stops (record 111). */
  readonly schedule: ScheduleStore;
  /** Each inquiry's quotes (record 142). */
  readonly quotes: QuoteStore;
  /** Each inquiry's payments, online and by hand (record 146). */
  readonly payments: PaymentStore;
  /** The reminders of the sale, each queued once (record 143). */
  readonly reminders: ReminderStore;
  /** What the never-silent reminders look for: leads and quotes nobody answered, events that are over (records 180, 181). */
  readonly followUps: FollowUpStore;
  /** The notifications' action links, each used once (record 182). */
  readonly actionLinks: ActionLinkStore;
  /** The owner's numbers (record 183). */
  readonly numbers: NumbersStore;
  /** Each booked event's final count and what the customer told of the day (record 170). */
  readonly eventPlans: EventPlanStore;
  /** Taken days and the owner's blocked days (record 240). */
  readonly calendar: CalendarStore;
  /** The site's published versions and the owner's draft (record 250). */
  readonly siteContent: ContentStore;
  /** Pre-orders at a public stop (record 290). */
  readonly preorders: PreorderStore;
  /** Closes the connection every store here shares. */
  close(): Promise<void>;
}
