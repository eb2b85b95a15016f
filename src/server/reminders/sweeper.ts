// The reminders' sweep: every minute (and at start), each rule says which reminders are
// due; the store queues those not queued before, each with its outbox row, and the
// outbox sends them like any notification (once, retried, fenced). Several instances
// may sweep at once: the store's primary key keeps each reminder to one (record 143).
import type { ContentPort } from '../site/content-port.js';
import type { Clock } from '../clock.js';
import type { FollowUpConfig } from '../config.js';
import { periodic } from '../periodic.js';
import type { OwnerStore } from '../store/owner-store.js';
import type { ReminderRule } from './reminder-rule.js';

export const SWEEP_EVERY_MS = 60_000;

export interface ReminderSweeper {
  start(): void;
  /** No further sweeps; resolves once the running one has ended. */
  stop(): Promise<void>;
  /** Sweeps now; answers how many reminders were queued. */
  sweep(): Promise<number>;
}

export function createReminderSweeper(options: {
  owners: OwnerStore;
  /** The site's content: each sweep reads the live version. */
  content: ContentPort;
  rules: readonly ReminderRule[];
  clock: Clock;
  followUp: FollowUpConfig;
  /** After a sweep queued some: the outbox worker's kick. */
  onQueued(count: number): void;
  /** A rule or the store failed (the message only: no personal data). */
  onError(error: unknown, event: string): void;
  everyMs?: number;
}): ReminderSweeper {
  const { owners, content, rules, clock, followUp } = options;
  const sweepOnce = async () => {
    let queued = 0;
    for (const rule of rules) {
      try {
        const now = new Date(clock());
        const due = await rule.due({ owners, content: content.current().content, now, followUp });
        queued += (await owners.reminders.queue(due, now)).length;
      } catch (error) {
        options.onError(error, rule.event);
      }
    }
    if (queued > 0) options.onQueued(queued);
    return queued;
  };

  // One sweep at a time: a slow one is not started again beside itself.
  const timed = periodic(sweepOnce, {
    everyMs: options.everyMs ?? SWEEP_EVERY_MS,
    onError: (error) => options.onError(error, 'reminders'),
  });
  return {
    start() {
      if (rules.length > 0) timed.start();
    },
    stop: timed.stop,
    sweep: timed.run,
  };
}
