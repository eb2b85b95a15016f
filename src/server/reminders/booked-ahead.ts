// What the booked event's reminders look through (record 170): the Booked inquiries from
// today on, each with how many days away it is, by the business's calendar and the
// sale's clock; none before the content's `sendAt` time of the day, so no reminder goes
// out in the night.
import { daysBetween, eventPlanning } from '../../shared/event-plan.js';
import { wallClock } from '../../shared/time-zone.js';
import type { InboxInquiry } from '../store/inbox-store.js';
import type { SweepContext } from './reminder-rule.js';

export interface BookedAhead {
  inquiry: InboxInquiry;
  /** 0 on the day, 1 the day before, … */
  daysAway: number;
}

export async function bookedAhead(
  { owners, content, now }: SweepContext,
  options: { acceptedQuote: boolean },
): Promise<BookedAhead[]> {
  const { date: today, time } = wallClock(content.timeZone, now.getTime());
  if (time < eventPlanning(content).reminders.sendAt) return [];
  const booked = await owners.inbox.bookedInquiries({ from: today });
  // A reminder that leads to the quote page needs the newest version accepted (a revision
  // not yet accepted shows no final-count form).
  const quotes = options.acceptedQuote ? await owners.quotes.latestOf(booked.map((inquiry) => inquiry.id)) : undefined;
  return booked
    .filter((inquiry) => !quotes || quotes.get(inquiry.id)?.accepted)
    .map((inquiry) => ({ inquiry, daysAway: daysBetween(today, inquiry.eventDate) }));
}
