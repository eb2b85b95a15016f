// The pre-orders' sweep (record 290): every minute (and after a late payment or "Cancel
// stop"), the held orders whose 15 minutes ran out give their places back, and each
// order owed back is refunded through the provider, once: the refund's idempotency key
// is the order's, and the store marks it refunded after the provider answered. A
// refund that fails is tried again at the next sweep. Several instances may sweep at
// once: the release is guarded in the store, the refund by its key.
import type { Clock } from '../clock.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { periodic } from '../periodic.js';
import type { Preorder } from '../store/preorder-store.js';
import type { OwnerStore } from '../store/owner-store.js';

export const PREORDER_SWEEP_EVERY_MS = 60_000;

export interface PreorderSweeper {
  start(): void;
  /** No further sweeps; resolves once the running one has ended. */
  stop(): Promise<void>;
  /** Sweeps now: the holds released and the orders refunded. */
  sweep(): Promise<{ released: Preorder[]; refunded: Preorder[] }>;
}

/** The refund's key: one per order, whoever asks and however often. */
export const refundKey = (order: Preorder) => `curbside-preorder-refund-${order.id}`;

export function createPreorderSweeper(options: {
  owners: OwnerStore;
  providers: readonly PaymentProvider[];
  clock: Clock;
  /** An order refunded now (its customer and the owner are told). */
  onRefunded?(order: Preorder): void;
  onError(error: unknown): void;
  everyMs?: number;
}): PreorderSweeper {
  const { owners, providers, clock } = options;
  const refund = async (order: Preorder) => {
    const provider = providers.find((one) => one.name === order.provider);
    if (!provider || !order.paymentRef) return false;
    await provider.refund({ paymentRef: order.paymentRef, amount: order.total, idempotencyKey: refundKey(order) });
    return owners.preorders.markRefunded(order.id, new Date(clock()));
  };

  const sweepOnce = async () => {
    const released = await owners.preorders.releaseExpired(new Date(clock()));
    const refunded: Preorder[] = [];
    for (const order of await owners.preorders.refundsDue()) {
      try {
        if (await refund(order)) {
          refunded.push(order);
          options.onRefunded?.(order);
        }
      } catch (error) {
        options.onError(error);
      }
    }
    return { released, refunded };
  };

  const timed = periodic(sweepOnce, { everyMs: options.everyMs ?? PREORDER_SWEEP_EVERY_MS, onError: options.onError });
  return { start: timed.start, stop: timed.stop, sweep: timed.run };
}
