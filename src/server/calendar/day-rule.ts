// The rule Booked is written under (record 280), from the live content: one place reads
// `event.eventsPerDay` for every writer of Booked (the owner's status, a deposit, a recorded payment).
import { eventPlanning } from '../../../content/event-settings.js';
import type { BusinessContent } from '../../../content/schema.js';
import type { DayRule } from '../store/day-claim.js';

/** The content's day rule; `override` is the owner's "Book anyway". */
export const bookingRule = (content: Pick<BusinessContent, 'event'>, override = false): DayRule => ({
  perDay: eventPlanning(content).eventsPerDay,
  override,
});
