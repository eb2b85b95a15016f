// The outbox events of the never-silent reminders (issue 31, records 180 and 181): the
// rules here queue them, notify/notices.ts says what each tells.
export const FOLLOW_UP_EVENTS = {
  /** A lead still New past ESCALATE_AFTER_MINUTES: pushed again to the owners, urgent ('lead-waiting:<inquiry id>'). */
  leadWaiting: 'lead-waiting',
  /** A quote nobody answered after QUOTE_NUDGE_DAYS: one reminder to the customer ('quote-nudge:<quote id>'). */
  quoteNudge: 'quote-nudge',
  /** A quote nobody answered, the day before its last: a last note to the customer ('quote-expiring:<quote id>'). */
  quoteExpiring: 'quote-expiring',
  /** A booking the day after its event: thanks, with the content's review link ('thank-you:<inquiry id>'). */
  thankYou: 'thank-you',
} as const;
