// The payments the event sheet and the balance reminder read (issue 30, record 170).
// Issue 29 records payments in a store of its own, not merged here yet: this is the seam
// it plugs into (BuildOptions.payments, defaulting in app.ts), so the sheet's "Paid" and
// "Balance due" and the reminder's balance come from it once it is wired, and from
// nothing before. With issue 29's PaymentStore (owners.payments) the wiring is:
//   forInquiry: async (id) => (await owners.payments.forInquiry(id))
//     .filter((payment) => !payment.voided)
//     .map((payment) => ({
//       at: payment.recordedAt,
//       amount: payment.kind === 'refund' ? -payment.amount : payment.amount,
//       method: payment.kind === 'refund' ? 'Refund' : (payment.provider ?? METHOD_LABELS[payment.method]),
//     }))
import type { SheetPayment } from '../../shared/event-plan.js';

export interface PaymentsRead {
  /** The inquiry's payments that count (not voided; a refund negative), oldest first, in the sale's currency. */
  forInquiry(inquiryId: string): Promise<SheetPayment[]>;
}

/** No payment store yet: no payment is recorded anywhere, so none is read. */
export const NO_PAYMENT_STORE: PaymentsRead = { forInquiry: async () => [] };
