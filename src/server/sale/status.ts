// An inquiry's status as the sale moves it (issue 36 item 1, record 142): what it is
// before an owner sets one, which statuses close the sale (no more reminders or
// nudges), and what each sale event makes of it. Pure and synchronous: each engine's
// transaction reads the current status, asks, and writes what it is told.
import type { InquiryStatus } from '../../shared/inbox-views.js';

/** The status of an inquiry no owner has set: New, or Spam when it came in flagged. */
export const UNSET_STATUS = { clean: 'new', flagged: 'spam' } as const satisfies Record<string, InquiryStatus>;

export const unsetStatus = (spamReason: string | null): InquiryStatus =>
  spamReason === null ? UNSET_STATUS.clean : UNSET_STATUS.flagged;

/** Statuses that end the sale: nobody is reminded or nudged about an open quote of such an inquiry. */
export const CLOSED_STATUSES = ['booked', 'declined', 'spam'] as const satisfies readonly InquiryStatus[];

export const isClosed = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status);

/** What a sale event makes of the status, unless it is already one of `unless`. */
export const STATUS_CHANGES = {
  /** Quoted, unless it is Booked already (a revision after the deposit). */
  quoteSent: { to: 'quoted', unless: ['booked'] },
  /** Booked once the accepted quote's deposit is paid. */
  depositPaid: { to: 'booked', unless: [] },
} as const satisfies Record<string, { to: InquiryStatus; unless: readonly InquiryStatus[] }>;

export type StatusChange = keyof typeof STATUS_CHANGES;

/** The status to write after `change`, or undefined to leave it (no such inquiry, already there, or kept). */
export function nextStatus(change: StatusChange, current: string | undefined): InquiryStatus | undefined {
  const { to, unless } = STATUS_CHANGES[change];
  if (current === undefined || current === to || (unless as readonly string[]).includes(current)) return undefined;
  return to;
}
