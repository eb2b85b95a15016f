// The payments the event sheet and the balance reminder read (issue 30, record 170): the
// inquiry's payments that count, from the payment store (record 146), as the sheet lists them.
import type { SheetPayment } from '../../shared/event-plan.js';
import { METHOD_LABELS } from '../../shared/payment-views.js';
import { countedAmount } from '../sale/index.js';
import type { PaymentStore } from '../store/payment-store.js';

export interface PaymentsRead {
  /** The inquiry's payments that count (not voided; a refund negative), oldest first, in the sale's currency. */
  forInquiry(inquiryId: string): Promise<SheetPayment[]>;
}

export function paymentsRead(store: Pick<PaymentStore, 'forInquiry'>): PaymentsRead {
  return {
    forInquiry: async (inquiryId) =>
      (await store.forInquiry(inquiryId)).flatMap((payment) => {
        const amount = countedAmount(payment);
        if (amount === undefined) return [];
        const method = payment.kind === 'refund' ? 'Refund' : (payment.provider ?? METHOD_LABELS[payment.method]);
        return [{ at: payment.recordedAt, amount, method }];
      }),
  };
}
