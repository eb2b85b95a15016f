// The notifications' action links (issue 31, record 182), one interface for both
// engines: "Mark as contacted" and "Decline" act once each, whatever the instance, the
// retries or the mail scanner: a link's id is written as used in the transaction that
// changes the inquiry's status, and the primary key lets one such write through.
import type { InquiryStatus } from '../../shared/inbox-views.js';
import type { Actor } from './actor.js';

/** What a link does, and the status it sets (only while the inquiry is still New). */
export const LINK_ACTIONS = { contacted: 'contacted', decline: 'declined' } as const satisfies Record<
  string,
  InquiryStatus
>;
export type LinkAction = keyof typeof LINK_ACTIONS;

export interface LinkUse {
  /** The link's own id (signed into it): used once. */
  linkId: string;
  inquiryId: string;
  action: LinkAction;
  by: Actor;
}

/**
 * done: the status is set now; used: this link acted before (when); missing: no such
 * inquiry (erased); answered: it is no longer New (its status now), so nothing changed
 * and the link stays unused.
 */
export type LinkOutcome =
  | { outcome: 'done' }
  | { outcome: 'used'; usedAt: string }
  | { outcome: 'missing' }
  | { outcome: 'answered'; status: InquiryStatus };

export interface ActionLinkStore {
  /** Does what the link says, once, if the inquiry is still New. */
  use(link: LinkUse, at: Date): Promise<LinkOutcome>;
  /** When the link was used, if it was. */
  usedAt(linkId: string): Promise<string | undefined>;
}
