// A reminder rule: which inquiries are owed one reminder of a kind now (the final count
// 14 days before, a lead waiting past ESCALATE_AFTER_MINUTES, …). A new kind is one
// file here and one line in index.ts, with its notice in notify/notices.ts (record 143).
import type { BusinessContent } from '../../../content/content-types.js';
import type { FollowUpConfig } from '../config.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { Reminder } from '../store/reminder-store.js';

export interface SweepContext {
  owners: OwnerStore;
  content: BusinessContent;
  now: Date;
  /** When a lead or a quote waited long enough (ESCALATE_AFTER_MINUTES, QUOTE_NUDGE_DAYS). */
  followUp: FollowUpConfig;
}

export interface ReminderRule {
  /** The outbox event of its reminders ('final-count-14'): its notice says what they say. */
  readonly event: string;
  /**
   * The reminders due now. A rule may answer one again at every sweep: the store queues
   * each (inquiry, topic) once. Whether it still applies when it goes out (the inquiry
   * still Booked, the quote still unanswered) is its notice's to check at send time.
   */
  due(context: SweepContext): Promise<Reminder[]>;
}
