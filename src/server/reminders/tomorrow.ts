// To the owner, the day before: "Tomorrow", a push and an e-mail with the times, the
// place, the on-site contact and the event sheet's link (record 170).
import { eventPlanning } from '../../shared/event-plan.js';
import { EVENT_PLAN_EVENTS } from '../store/event-plan-store.js';
import { topicOf } from '../store/outbox-store.js';
import { bookedAhead } from './booked-ahead.js';
import type { ReminderRule } from './reminder-rule.js';

export const tomorrowReminder: ReminderRule = {
  event: EVENT_PLAN_EVENTS.tomorrow,
  async due(context) {
    if (!eventPlanning(context.content).reminders.tomorrow.on) return [];
    return (await bookedAhead(context, { acceptedQuote: false }))
      .filter(({ daysAway }) => daysAway === 1)
      .map(({ inquiry }) => ({ inquiryId: inquiry.id, topic: topicOf(EVENT_PLAN_EVENTS.tomorrow, inquiry.id) }));
  },
};
