// To the owner: an accepted quote's hold on its date ran out with its deposit unpaid
// (issue 38 item 3, record 281), so the day is open to others again. Told once per quote
// (the reminder store queues each topic once); the notice checks at send time that the
// deposit is still unpaid.
import { heldSince } from '../../shared/availability.js';
import { topicOf } from '../store/outbox-store.js';
import type { ReminderRule } from './reminder-rule.js';

export const HOLD_ENDED_EVENT = 'hold-ended';

/** How far back a sweep looks: holds that ended while the server was stopped are told when it starts within this. */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;

export const holdEndedRule: ReminderRule = {
  event: HOLD_ENDED_EVENT,
  async due({ owners, content, now }) {
    const since = heldSince(content.sale, now.getTime());
    const holds = await owners.calendar.endedHolds(since, new Date(since.getTime() - LOOK_BACK_MS));
    return holds.map((hold) => ({ inquiryId: hold.inquiryId, topic: topicOf(this.event, hold.quoteId) }));
  },
};
