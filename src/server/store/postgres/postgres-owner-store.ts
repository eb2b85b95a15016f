// The owner store on PostgreSQL: its own small pool on the database the inquiry
// store uses, so every instance behind a load balancer sees the same owners and
// sessions, shared by the owner's stores (owner-store.ts says how one is added).
import type { OwnerStore } from '../owner-store.js';
import { postgresAccountStore } from './postgres-account-store.js';
import { postgresActionLinkStore } from './postgres-action-link-store.js';
import { postgresDeviceStore } from './postgres-device-store.js';
import { postgresEventPlanStore } from './postgres-event-plan-store.js';
import { erasureScrubber, type ScrubLog, stderrLog } from './postgres-erasure-scrubber.js';
import { postgresFollowUpStore } from './postgres-follow-up-store.js';
import { postgresInboxStore } from './postgres-inbox-store.js';
import { postgresNumbersStore } from './postgres-numbers-store.js';
import { postgresPaymentStore } from './postgres-payment-store.js';
import { postgresQuoteStore } from './postgres-quote-store.js';
import { postgresContentStore } from './postgres-content-store.js';
import { postgresCalendarStore } from './postgres-calendar-store.js';
import { postgresPreorderStore } from './postgres-preorder-store.js';
import { postgresPhotoStore } from './postgres-photo-store.js';
import { postgresReminderStore } from './postgres-reminder-store.js';
import { postgresScheduleStore } from './postgres-schedule-store.js';
import { openPool } from './postgres-pool.js';
import { migrate } from './postgres-store.js';

export async function openPostgresOwnerStore(
  connectionString: string,
  poolSize = 5,
  scrubLog: ScrubLog = stderrLog,
): Promise<OwnerStore> {
  const pool = openPool(connectionString, poolSize);
  const scrubber = erasureScrubber(pool, scrubLog);
  await migrate(pool);
  await scrubber.resume();

  return {
    engine: 'postgres',
    ...postgresAccountStore(pool),
    inbox: postgresInboxStore(pool, scrubber),
    devices: postgresDeviceStore(pool),
    schedule: postgresScheduleStore(pool),
    quotes: postgresQuoteStore(pool),
    payments: postgresPaymentStore(pool),
    reminders: postgresReminderStore(pool),
    followUps: postgresFollowUpStore(pool),
    actionLinks: postgresActionLinkStore(pool),
    numbers: postgresNumbersStore(pool),
    eventPlans: postgresEventPlanStore(pool),
    siteContent: postgresContentStore(pool),
    calendar: postgresCalendarStore(pool),
    preorders: postgresPreorderStore(pool, scrubber),
    photos: postgresPhotoStore(pool),
    async close() {
      await scrubber.close();
      await pool.end();
    },
  };
}
