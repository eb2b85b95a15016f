// To the customer: give the final guest count, at each of the content's days before the
// event (default 14 and 3, the last on the cutoff day). Booked late, an inquiry gets the
// nearest one still ahead of it, never one after the cutoff (record 170).
import { eventPlanning } from '../../shared/event-plan.js';
import { EVENT_PLAN_EVENTS } from '../store/event-plan-store.js';
import { topicOf } from '../store/outbox-store.js';
import { bookedAhead } from './booked-ahead.js';
import type { ReminderRule } from './reminder-rule.js';

export const finalCountReminders: ReminderRule = {
  event: 'final-count',
  async due(context) {
    const settings = eventPlanning(context.content);
    const { on, daysBefore } = settings.reminders.finalCount;
    if (!on) return [];
    const days = [...daysBefore].sort((a, b) => a - b);
    return (await bookedAhead(context, { acceptedQuote: true })).flatMap(({ inquiry, daysAway }) => {
      if (daysAway < settings.finalCountCutoffDays) return [];
      const nearest = days.find((day) => day >= daysAway);
      if (nearest === undefined) return [];
      return [{ inquiryId: inquiry.id, topic: topicOf(EVENT_PLAN_EVENTS.finalCountReminder(nearest), inquiry.id) }];
    });
  },
};
