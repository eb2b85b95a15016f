// The words the sale writes in an inquiry's history (issue 36 item 1): the quote's here,
// the payments' in store/payment-store.ts paymentNotes (re-exported), so both engines
// and the routes write the same line.
export { paymentNotes } from '../store/payment-store.js';

export const QUOTE_NOTES = {
  /** `total` in the sale's currency, as the business writes money. */
  sent: (total: string) => `Quote sent: ${total}`,
  revised: (version: number, total: string) => `Quote revised (version ${version}) and sent: ${total}`,
  accepted: (version: number) => `Quote accepted by the customer (version ${version})`,
  declined: (version: number, reason: string) =>
    `Quote declined by the customer (version ${version})${reason ? `: ${reason}` : ''}`,
};
