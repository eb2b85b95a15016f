// What is paid (issue 36 item 1, record 200): payments less refunds, the voided left
// out. Written in src/shared/payment-views.ts, where the inbox reads it too; the SQL sum
// is sql.ts paidSql.
export { countedAmount, paidOf } from '../../shared/payment-views.js';
