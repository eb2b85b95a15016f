// The customer's reminders of a quote nobody answered (issue 31, record 181): one
// polite nudge QUOTE_NUDGE_DAYS after it was sent, and a last note the day before its
// last day (in the day, 09:00 to 20:00, in the business's time zone), never for a quote accepted,
// declined, replaced or past its date, nor for an inquiry Booked, Declined or Spam
// (follow-up-store.ts; checked again by the notices when they go out). When the nudge
// would fall on or after the last note's day, the last note is the one reminder.
import { addDays } from '../../shared/truck-schedule.js';
import { wallClock } from '../../shared/time-zone.js';
import { topicOf } from '../store/outbox-store.js';
import { FOLLOW_UP_EVENTS } from './follow-up-events.js';
import type { ReminderRule } from './reminder-rule.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Customers are written to in the day, in the business's time zone: from 09:00 until 20:00. */
export const DAYTIME_FROM = '09:00';
const DAYTIME_UNTIL = '20:00';
const inDaytime = (time: string) => time >= DAYTIME_FROM && time < DAYTIME_UNTIL;

/** The day the last note is due: the day before the quote's last one. */
const lastNoteDay = (validUntil: string) => addDays(validUntil, -1);

export const quoteNudgeRule: ReminderRule = {
  event: FOLLOW_UP_EVENTS.quoteNudge,
  async due({ owners, content, now, followUp }) {
    if (followUp.quoteNudgeDays === 0) return [];
    const { date: today, time } = wallClock(content.timeZone, now.getTime());
    // A quote sent late in the evening is nudged the morning after its day comes.
    if (!inDaytime(time)) return [];
    const quotes = await owners.followUps.openQuotes(
      { sentBefore: new Date(now.getTime() - followUp.quoteNudgeDays * DAY_MS), today },
      this.event,
    );
    return quotes
      .filter((quote) => today < lastNoteDay(quote.validUntil))
      .map((quote) => ({ inquiryId: quote.inquiryId, topic: topicOf(this.event, quote.id) }));
  },
};

export const quoteExpiringRule: ReminderRule = {
  event: FOLLOW_UP_EVENTS.quoteExpiring,
  async due({ owners, content, now }) {
    const { date: today, time } = wallClock(content.timeZone, now.getTime());
    if (!inDaytime(time)) return [];
    // A quote sent within the day needs no last note yet (one valid for a day or two).
    const quotes = await owners.followUps.openQuotes(
      { sentBefore: new Date(now.getTime() - DAY_MS), today },
      this.event,
    );
    return quotes
      .filter((quote) => today >= lastNoteDay(quote.validUntil))
      .map((quote) => ({ inquiryId: quote.inquiryId, topic: topicOf(this.event, quote.id) }));
  },
};
