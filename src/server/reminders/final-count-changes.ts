// To the owner: the final counts the customer set on the quote page, one notice per
// inquiry per quarter hour, once that quarter hour is over (record 190). The notice,
// rendered at send time, gives the quarter's last count and what it was before.
import { CHANGES_NOTICE_MS, changesRef, EVENT_PLAN_EVENTS, quarterOf } from '../store/event-plan-store.js';
import { topicOf } from '../store/outbox-store.js';
import type { ReminderRule } from './reminder-rule.js';

/** How far back a sweep looks: changes a stopped server never told are told when it starts again within this. */
const LOOK_BACK_MS = 2 * 24 * 60 * 60_000;

export const finalCountChangesRule: ReminderRule = {
  event: EVENT_PLAN_EVENTS.finalCountChanges,
  async due({ owners, now }) {
    const current = quarterOf(now.getTime());
    const counts = await owners.eventPlans.customerCountsSince(new Date(current - LOOK_BACK_MS));
    const topics = new Map<string, string>();
    for (const count of counts) {
      const quarter = quarterOf(Date.parse(count.at));
      // The quarter hour still running may see more changes: its notice waits for its end.
      if (quarter + CHANGES_NOTICE_MS > now.getTime()) continue;
      const topic = topicOf(EVENT_PLAN_EVENTS.finalCountChanges, changesRef(count.inquiryId, quarter));
      topics.set(topic, count.inquiryId);
    }
    return [...topics].map(([topic, inquiryId]) => ({ inquiryId, topic }));
  },
};
