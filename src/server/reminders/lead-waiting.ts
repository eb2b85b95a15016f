// A lead nobody answered is pushed to the owners again, marked urgent (issue 31, record
// 180): once it has waited ESCALATE_AFTER_MINUTES, and only while the business is open
// by the content's hours, so a lead that came in at night is pushed at the next
// opening. Spam and leads an owner touched are never due (follow-up-store.ts); whether
// it is still unanswered when the push goes out is its notice's check.
import { isOpen } from '../../shared/business-hours.js';
import { topicOf } from '../store/outbox-store.js';
import { FOLLOW_UP_EVENTS } from './follow-up-events.js';
import type { ReminderRule } from './reminder-rule.js';

/** Leads older than this are not pushed again: the days' pushes and e-mails told of them. */
export const LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;

export const leadWaitingRule: ReminderRule = {
  event: FOLLOW_UP_EVENTS.leadWaiting,
  async due({ owners, content, now, followUp }) {
    if (followUp.escalateAfterMs === 0 || !isOpen(content.hours, content.timeZone, now.getTime())) return [];
    const leads = await owners.followUps.waitingLeads(
      { from: new Date(now.getTime() - LOOK_BACK_MS), before: new Date(now.getTime() - followUp.escalateAfterMs) },
      this.event,
    );
    return leads.map((lead) => ({ inquiryId: lead.id, topic: topicOf(this.event, lead.id) }));
  },
};
