// No double booking (issue 38 item 4, record 280): Booked is written only while the
// inquiry's day has room (`event.eventsPerDay` Booked inquiries fill it), and that is
// decided inside the transaction that writes Booked, the day's count locked there
// (SQLite: the IMMEDIATE transaction, one writer at a time; PostgreSQL: a transaction
// lock on the day). The owner's "Book anyway" overrides; a deposit paid for a full day is
// kept, its quote flagged, and the owner told at once.

/** How Booked may be written: `perDay` Booked inquiries fill a day; `override` is the owner's "Book anyway". */
export interface DayRule {
  perDay: number;
  override?: boolean;
}

/** The notice a deposit paid for a full day owes the owner (outbox topic 'deposit-day-full:<payment id>'). */
export const DAY_FULL_EVENT = 'deposit-day-full';

/** The refusal's words: the owner reads them beside "Book anyway". */
export const DAY_FULL_MESSAGE = 'That day is already booked. Choose “Book anyway” to book it all the same.';

/** The history's lines of a full day. */
export const DAY_FULL_NOTES = {
  override: 'Booked anyway: the day was already booked',
  depositKept:
    'Deposit paid, but the day is already booked: the payment is kept and the inquiry is not marked Booked. Book anyway or refund it.',
};

/** An inquiry's status change refused because its day is full. */
export class DayFullError extends Error {
  constructor() {
    super(DAY_FULL_MESSAGE);
    this.name = 'DayFullError';
  }
}

/** The rule when a caller gives none: one Booked a day (content's default), no override. */
export const ONE_A_DAY: DayRule = { perDay: 1 };
