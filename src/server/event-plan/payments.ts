// The payments the event sheet and the balance reminder read (issue 30, record 170).
// Issue 29 records payments in a store of its own, not merged here yet: this is the seam
// it plugs into (BuildOptions.payments in app.ts), so the sheet's "Paid" and "Balance
// due" and the reminder's balance come from it once it is wired, and from nothing before.
import type { PaymentView } from '../../shared/event-plan.js';

export interface PaymentsRead {
  /** The inquiry's payments that count (not voided), oldest first, in the sale's currency. */
  forInquiry(inquiryId: string): Promise<PaymentView[]>;
}

/** No payment store yet: no payment is recorded anywhere, so none is read. */
export const NO_PAYMENT_STORE: PaymentsRead = { forInquiry: async () => [] };
