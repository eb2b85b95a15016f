// After the event, a thank-you to the customer with the content's review link when it
// has one (issue 31, record 181): the day after a Booked inquiry's event, from 10:00 in
// the business's time zone, for events of the last two weeks (so a first start does not
// thank every booking of the past).
import { wallClock } from '../../shared/time-zone.js';
import { addDays } from '../../shared/truck-schedule.js';
import { topicOf } from '../store/outbox-store.js';
import { FOLLOW_UP_EVENTS } from './follow-up-events.js';
import type { ReminderRule } from './reminder-rule.js';

export const THANK_FROM = '10:00';
export const THANK_WITHIN_DAYS = 14;

export const thankYouRule: ReminderRule = {
  event: FOLLOW_UP_EVENTS.thankYou,
  async due({ owners, content, now }) {
    const { date: today, time } = wallClock(content.timeZone, now.getTime());
    if (time < THANK_FROM) return [];
    const ids = await owners.followUps.pastBookings(
      { from: addDays(today, -THANK_WITHIN_DAYS), before: today },
      this.event,
    );
    return ids.map((inquiryId) => ({ inquiryId, topic: topicOf(this.event, inquiryId) }));
  },
};
