// The sale's rules, written once (issue 36 item 1; record 310): pure, synchronous
// decisions that both engines' transactions and the routes and notices ask. The engines
// read, ask, and write what they are told; SQL that must stay SQL is built in sql.ts.
export {
  type AcceptedQuote,
  type DepositSettled,
  depositReached,
  settleDeposit,
  unsettledDeposit,
} from './deposit.js';
export { paymentNotes, QUOTE_NOTES } from './history-words.js';
export { countedAmount, paidOf } from './paid.js';
export { isAgreed, isOpen, QUOTE_STATES, type QuoteState, type QuoteTimes, quoteState } from './quote-state.js';
export {
  CLOSED_STATUSES,
  isClosed,
  nextStatus,
  STATUS_CHANGES,
  type StatusChange,
  UNSET_STATUS,
  unsetStatus,
} from './status.js';
