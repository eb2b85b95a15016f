// To the customer: the balance due, the content's days before the event (default 7). Its
// notice says nothing when nothing is left to pay (record 170).
import { eventPlanning } from '../../shared/event-plan.js';
import { EVENT_PLAN_EVENTS } from '../store/event-plan-store.js';
import { topicOf } from '../store/outbox-store.js';
import { bookedAhead } from './booked-ahead.js';
import type { ReminderRule } from './reminder-rule.js';

export const balanceDueReminder: ReminderRule = {
  event: EVENT_PLAN_EVENTS.balanceDue,
  async due(context) {
    const { on, daysBefore } = eventPlanning(context.content).reminders.balanceDue;
    if (!on) return [];
    return (await bookedAhead(context, { acceptedQuote: true }))
      .filter(({ daysAway }) => daysAway <= daysBefore)
      .map(({ inquiry }) => ({ inquiryId: inquiry.id, topic: topicOf(EVENT_PLAN_EVENTS.balanceDue, inquiry.id) }));
  },
};
