// The notifications' action links on PostgreSQL (action-link-store.ts): used in one
// transaction with the status change it makes, the inquiry's row locked, so instances
// acting on the same link at once are applied one after the other and the second finds
// it used.
import type pg from 'pg';
import { type ActionLinkStore, LINK_ACTIONS } from '../action-link-store.js';
import { STATUS_FOR_UPDATE_SQL, STATUS_OF_SQL, writeStatusChange } from './postgres-status-change.js';
import { inTransaction, iso } from './postgres-transaction.js';

/** Deletes an inquiry's used links ($1): run it inside the erasure's transaction. */
export const FORGET_ACTION_LINKS_SQL = 'DELETE FROM "actionLinksUsed" WHERE "inquiryId" = $1';

const USED_AT_SQL = 'SELECT "usedAt" FROM "actionLinksUsed" WHERE "id" = $1';

export function postgresActionLinkStore(pool: pg.Pool): ActionLinkStore {
  return {
    async use(link, at) {
      return inTransaction(pool, async (client) => {
        // The inquiry's row locked first; what was done meanwhile is read after the lock, in statements of their own.
        await client.query(STATUS_FOR_UPDATE_SQL, [link.inquiryId]);
        const { rows } = await client.query(STATUS_OF_SQL, [link.inquiryId]);
        const used = await client.query(USED_AT_SQL, [link.linkId]);
        if (used.rows[0]) return { outcome: 'used', usedAt: iso(used.rows[0].usedAt) as string };
        if (!rows[0]) return { outcome: 'missing' };
        if (rows[0].status !== 'new') return { outcome: 'answered', status: rows[0].status };
        await client.query(
          'INSERT INTO "actionLinksUsed" ("id", "inquiryId", "action", "usedAt") VALUES ($1, $2, $3, $4)',
          [link.linkId, link.inquiryId, link.action, at],
        );
        await writeStatusChange(client, link.inquiryId, LINK_ACTIONS[link.action], link.by, at);
        return { outcome: 'done' };
      });
    },
    async usedAt(linkId) {
      const { rows } = await pool.query(USED_AT_SQL, [linkId]);
      return rows[0] ? (iso(rows[0].usedAt) as string) : undefined;
    },
  };
}
