// The sale's SQL on SQLite (issue 36 item 1): the rules of src/server/sale/sql.ts with
// SQLite's column names. Every query of either store that needs one of them takes it
// from here.
import { type Column, openQuoteSql, paidSql, unsetStatusSql } from '../../sale/sql.js';

export { CLOSED_STATUSES_SQL } from '../../sale/sql.js';

const on =
  (table?: string): Column =>
  (name) =>
    table ? `${table}.${name}` : name;

/** The status as the inbox shows it, of `e` (eventInquiries) left-joined with `s` (inquiryState). */
export const STATUS_SQL = `COALESCE(s.status, ${unsetStatusSql('e.spamReason')})`;

/** An inquiry's status before an owner sets one, of the row in hand (no alias). */
export const UNSET_STATUS_SQL = unsetStatusSql('spamReason');

/** A quote (of `table`, or the one in hand) the customer can still answer on `@today`. */
export const OPEN_QUOTE_SQL = (table?: string) => openQuoteSql(on(table), '@today');

/** What the inquiry `id` (an SQL expression) has paid. */
export const PAID_SQL = (id: string) => paidSql(on(), 'payments', id);
