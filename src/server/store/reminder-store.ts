// Reminders of the sale (issues 30 and 31, record 143), one interface for both engines:
// each reminder an inquiry is owed (an outbox topic: 'final-count-14:<quote id>',
// 'escalation:<inquiry id>') is queued at most once, whatever the sweeps, restarts or
// instances: its row and its outbox pending row are written in one transaction, and a
// second queueing of the same one writes neither. Erased with the inquiry.
import type { Topic } from './outbox-store.js';

export interface Reminder {
  inquiryId: string;
  topic: Topic;
}

export interface QueuedReminder extends Reminder {
  queuedAt: string;
}

export interface ReminderStore {
  /** Queues each reminder never queued before, with its notifications; answers those queued now. */
  queue(reminders: readonly Reminder[], at: Date): Promise<Reminder[]>;
  /** The reminders queued for these inquiries, oldest first. */
  queuedFor(inquiryIds: readonly string[]): Promise<QueuedReminder[]>;
}
