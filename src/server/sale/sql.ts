// The sale's rules that must stay SQL (a list filtered in the database, a sum over a
// table), written once from the rules beside this file. Each engine's
// *-sale-sql.ts only says how it names a column (PostgreSQL quotes them).
import { CLOSED_STATUSES, UNSET_STATUS } from './status.js';

/** Names a column for the engine: `q.acceptedAt`, `q."acceptedAt"`. */
export type Column = (name: string) => string;

/** An inquiry's status before an owner sets one (status.ts unsetStatus), from its spamReason column. */
export const unsetStatusSql = (spamReason: string) =>
  `CASE WHEN ${spamReason} IS NULL THEN '${UNSET_STATUS.clean}' ELSE '${UNSET_STATUS.flagged}' END`;

/** `(…)` of the statuses that close the sale (status.ts), for `NOT IN`. */
export const CLOSED_STATUSES_SQL = `(${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * A quote the customer can still answer on the day `today` (an SQL parameter), read as
 * quote-state.ts reads isOpen: neither answered nor replaced, not past its last day
 * (sale.test.ts holds the two together).
 */
export const openQuoteSql = (column: Column, today: string) =>
  `${column('acceptedAt')} IS NULL AND ${column('declinedAt')} IS NULL AND ${column('replacedAt')} IS NULL AND ${column('validUntil')} >= ${today}`;

/** What was paid (shared/payment-views.ts paidOf): payments less refunds, the voided left out, of the inquiry `id`. */
export const paidSql = (column: Column, table: string, id: string, cast = '') =>
  `SELECT coalesce(sum(CASE ${column('kind')} WHEN 'refund' THEN -${column('amount')} ELSE ${column('amount')} END), 0)${cast}
  FROM ${table} WHERE ${column('inquiryId')} = ${id} AND ${column('voidedAt')} IS NULL`;
