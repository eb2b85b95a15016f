// The notifications' action links on SQLite (action-link-store.ts): used in one
// IMMEDIATE transaction with the status change it makes, or not at all.
import type Database from 'better-sqlite3';
import type { InquiryStatus } from '../../../shared/inbox-views.js';
import { type ActionLinkStore, LINK_ACTIONS, type LinkOutcome, type LinkUse } from '../action-link-store.js';
import type { Prepare } from './sqlite-statements.js';
import { STATUS_OF_SQL, writeStatusChange } from './sqlite-status-change.js';

/** Deletes an inquiry's used links: run it inside the erasure's transaction. */
export const FORGET_ACTION_LINKS_SQL = 'DELETE FROM actionLinksUsed WHERE inquiryId = ?';

export function sqliteActionLinkStore(db: Database.Database, prepare: Prepare): ActionLinkStore {
  const usedAt = (linkId: string) =>
    prepare('SELECT usedAt FROM actionLinksUsed WHERE id = ?').pluck().get(linkId) as string | undefined;
  const useTx = db.transaction((link: LinkUse, at: string): LinkOutcome => {
    const used = usedAt(link.linkId);
    if (used) return { outcome: 'used', usedAt: used };
    const status = prepare(STATUS_OF_SQL).pluck().get(link.inquiryId) as InquiryStatus | undefined;
    if (status === undefined) return { outcome: 'missing' };
    if (status !== 'new') return { outcome: 'answered', status };
    prepare('INSERT INTO actionLinksUsed (id, inquiryId, action, usedAt) VALUES (?, ?, ?, ?)').run(
      link.linkId,
      link.inquiryId,
      link.action,
      at,
    );
    writeStatusChange(prepare, link.inquiryId, LINK_ACTIONS[link.action], link.by, at);
    return { outcome: 'done' };
  });
  return {
    async use(link, at) {
      return useTx.immediate(link, at.toISOString());
    },
    async usedAt(linkId) {
      return usedAt(linkId);
    },
  };
}
