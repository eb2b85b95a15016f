// The leads waiting for an answer, as the API sends them to the inbox (issue 31, record
// 184): the list's "Waiting 12 min", its oldest-first view, the title's count and the
// installed app's badge.
import type { InboxRow } from './inbox-views.js';

/** Only leads received within this many days count as waiting: older ones are history. */
export const WAITING_WITHIN_DAYS = 30;
/** Most leads the oldest-first view shows. */
export const WAITING_PAGE_SIZE = 50;

export interface WaitingPage {
  /** New leads (not spam) nobody has answered yet, oldest first. */
  inquiries: InboxRow[];
  /** How many there are in all. */
  total: number;
  /** A lead is urgent once it has waited this long (ESCALATE_AFTER_MINUTES), ms; 0: never. */
  urgentAfterMs: number;
}
