// Pre-orders on SQLite (preorder-store.ts), on the owner store's connection. Every write
// is IMMEDIATE (the write lock first): another connection or process on the file waits
// its turn, and a counter is raised by a conditional UPDATE inside that transaction.
import type Database from 'better-sqlite3';
import {
  type Claim,
  claimsOf,
  FIRST_ORDER_NUMBER,
  Full,
  fullResult,
  heldClaims,
  newOrderRow,
  mayHonourLate,
  ORDER_EVENTS,
  PAID_NOTICE,
  type OrderPaidOutcome,
  type Preorder,
  type PreorderSettings,
  type PreorderStore,
  type PlaceResult,
  pricedLines,
  rowToPreorder,
  rowToSettings,
} from '../preorder-store.js';
import { topicOf } from '../outbox-store.js';
import type { PaidEvent } from '../payment-store.js';
import { forgetOutboxOf, PENDING_EVENT_SQL } from './sqlite-outbox.js';
import type { WalClearer } from './sqlite-checkpointer.js';
import type { Prepare } from './sqlite-statements.js';

/** The reads and counter moves every write below shares, each in its caller's transaction. */
function preorderRows(prepare: Prepare) {
  const settingsOf = (stopId: string) => {
    const row = prepare('SELECT * FROM preorderStops WHERE stopId = ?').get(stopId) as
      | Record<string, unknown>
      | undefined;
    return row && rowToSettings(row);
  };
  const get = (id: string) => {
    const row = prepare('SELECT * FROM preorders WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return row && rowToPreorder(row);
  };
  /** The notifications `event` owes about the order (record 320), in the caller's transaction; the outbox runs on the system's clock. */
  const owe = (orderId: string, event: string) =>
    prepare(PENDING_EVENT_SQL).run(orderId, topicOf(event, orderId), Date.now());
  /** Raises each counter within its cap, or throws Full (the caller's transaction rolls back). */
  const claim = (stopId: string, claims: readonly Claim[]) => {
    for (const one of claims) {
      prepare('INSERT INTO preorderCounts (stopId, kind, key, taken) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING').run(
        stopId,
        one.kind,
        one.key,
      );
      const raised = prepare(
        'UPDATE preorderCounts SET taken = taken + ? WHERE stopId = ? AND kind = ? AND key = ? AND taken + ? <= ?',
      ).run(one.amount, stopId, one.kind, one.key, one.amount, one.cap).changes;
      if (raised === 0) throw new Full(one);
    }
  };
  const release = (order: Preorder) => {
    const settings = settingsOf(order.stopId);
    if (!settings) return;
    for (const one of heldClaims(order)) {
      prepare('UPDATE preorderCounts SET taken = max(taken - ?, 0) WHERE stopId = ? AND kind = ? AND key = ?').run(
        one.amount,
        order.stopId,
        one.kind,
        one.key,
      );
    }
  };
  const list = (sql: string, ...params: unknown[]) =>
    (prepare(sql).all(...params) as Record<string, unknown>[]).map(rowToPreorder);
  return { settingsOf, get, owe, claim, release, list };
}

type Rows = ReturnType<typeof preorderRows>;

/** Places an order: the stop open, its items known, its pickup time and items within their caps, numbered in turn. */
function placeTransaction(db: Database.Database, prepare: Prepare, { settingsOf, get, owe, claim }: Rows) {
  return db.transaction((order: Parameters<PreorderStore['place']>[0], at: Date, holdUntil: Date | null) => {
    const settings = settingsOf(order.stopId);
    if (!settings?.open || settings.cancelledAt) return { ok: false, reason: 'closed' } as PlaceResult;
    const priced = pricedLines(settings, order.lines);
    if (!priced.ok) return { ok: false, reason: 'unknown-item', item: priced.item } as PlaceResult;
    claim(order.stopId, claimsOf(settings, order.pickup, priced.lines));
    const number = prepare(`SELECT coalesce(max(number), ${FIRST_ORDER_NUMBER - 1}) + 1 FROM preorders`)
      .pluck()
      .get() as number;
    const row = newOrderRow(order, priced, settings, at, holdUntil);
    prepare(
      `INSERT INTO preorders (id, number, stopId, pickup, name, phone, email, lines, total, currency, payAtPickup,
         language, status, holdUntil, createdAt, sender)
       VALUES (@id, @number, @stopId, @pickup, @name, @phone, @email, @lines, @total, @currency, @payAtPickup,
         @language, @status, @holdUntil, @createdAt, @sender)`,
    ).run({ ...row, number, payAtPickup: row.payAtPickup ? 1 : 0 });
    if (order.payAtPickup) owe(row.id, ORDER_EVENTS.placed);
    return { ok: true, order: get(row.id)! } as PlaceResult;
  });
}

/** A payment applied once: to a held order, or kept and owed back when late or other than asked. */
function applyPaidTransaction(db: Database.Database, prepare: Prepare, { settingsOf, get, owe, claim, release }: Rows) {
  return db.transaction(
    (event: PaidEvent, at: string, timeZone?: string): { outcome: OrderPaidOutcome; order?: Preorder } => {
      const first =
        prepare(
          `INSERT INTO paymentEvents (provider, eventId, outcome, receivedAt) VALUES (?, ?, 'received', ?)
         ON CONFLICT DO NOTHING`,
        ).run(event.provider, event.eventId, at).changes > 0;
      if (!first) return { outcome: 'duplicate' };
      const settle = (outcome: OrderPaidOutcome, order?: Preorder) => {
        prepare('UPDATE paymentEvents SET outcome = ? WHERE provider = ? AND eventId = ?').run(
          outcome,
          event.provider,
          event.eventId,
        );
        const told = PAID_NOTICE[outcome];
        if (order && told) owe(order.id, told);
        return { outcome, order };
      };
      const row = prepare('SELECT * FROM preorders WHERE provider = ? AND checkoutId = ?').get(
        event.provider,
        event.checkoutId,
      ) as Record<string, unknown> | undefined;
      if (!row) return settle('ignored');
      const order = rowToPreorder(row);
      if (order.paidAt) return settle('duplicate', order);
      const paid = (status: string, refundDue: boolean) => {
        prepare(
          `UPDATE preorders SET status = ?, paymentRef = ?, paidAt = ?, paidAmount = ?, holdUntil = NULL, refundDue = ?
           WHERE id = ?`,
        ).run(status, event.paymentRef, at, event.amount, refundDue ? 1 : 0, order.id);
        return get(order.id)!;
      };
      // Paid other than asked: kept (the money is the customer's), owed back, the order not taken.
      if (event.amount !== order.total || event.currency !== order.currency) {
        if (order.status === 'held') release(order);
        return settle('mismatch', paid('cancelled', true));
      }
      if (order.status === 'held') return settle('applied', paid('paid', false));
      const settings = settingsOf(order.stopId);
      const stop = prepare('SELECT date, starts FROM truckStops WHERE id = ?').get(order.stopId) as
        | { date: string; starts: string }
        | undefined;
      if (order.status === 'cancelled' && mayHonourLate(settings, stop, new Date(at), timeZone)) {
        try {
          return db.transaction(() => {
            claim(order.stopId, claimsOf(settings, order.pickup, order.lines));
            prepare('UPDATE preorders SET cancelledAt = NULL WHERE id = ?').run(order.id);
            return settle('late-honoured', paid('paid', false));
          })();
        } catch (error) {
          if (!(error instanceof Full)) throw error;
        }
      }
      return settle('late-refund', paid('cancelled', true));
    },
  );
}

/**
 * The customer's orders blanked (name, phone, e-mail), and their notifications forgotten
 * with them (pending or not, and their attempts), in the caller's transaction: an
 * order's "Erase customer" and an inquiry's erasure (record 340). How many.
 */
export function eraseOrdersOf(prepare: Prepare, forgetOutbox: (orderId: string) => number, email: string): number {
  const ids = prepare(`SELECT id FROM preorders WHERE email = ? AND email <> ''`).pluck().all(email) as string[];
  for (const id of ids) forgetOutbox(id);
  return prepare(
    `UPDATE preorders SET name = '', phone = '', email = '', sender = NULL WHERE email = ? AND email <> ''`,
  ).run(email).changes;
}

/** An order's later moves: its hold ended, its stop cancelled, ready or picked up, its customer erased. */
function orderMoveTransactions(db: Database.Database, prepare: Prepare, { get, owe, release }: Rows) {
  let forgetOutbox: ((orderId: string) => number) | undefined;
  const releaseTx = db.transaction((id: string, at: string) => {
    const order = get(id);
    if (order?.status !== 'held') return undefined;
    prepare(`UPDATE preorders SET status = 'cancelled', cancelledAt = ?, holdUntil = NULL WHERE id = ?`).run(at, id);
    release(order);
    return get(id);
  });

  const cancelStopTx = db.transaction((stopId: string, at: string) => {
    prepare(
      'UPDATE preorderStops SET open = 0, cancelledAt = coalesce(cancelledAt, ?), updatedAt = ? WHERE stopId = ?',
    ).run(at, at, stopId);
    const live = (
      prepare(
        `SELECT * FROM preorders WHERE stopId = ? AND status IN ('held', 'paid', 'pay-at-pickup', 'ready') ORDER BY number`,
      ).all(stopId) as Record<string, unknown>[]
    ).map(rowToPreorder);
    for (const order of live) {
      prepare(
        `UPDATE preorders SET status = 'cancelled', cancelledAt = ?, holdUntil = NULL,
           refundDue = CASE WHEN paidAt IS NOT NULL THEN 1 ELSE 0 END WHERE id = ?`,
      ).run(at, order.id);
      // An unpaid checkout was never an order: nothing to tell.
      if (order.status !== 'held') owe(order.id, ORDER_EVENTS.cancelled);
    }
    return live.map((order) => get(order.id)!);
  });

  const cancelOrderTx = db.transaction((id: string, at: string) => {
    const order = get(id);
    if (!order || !['held', 'paid', 'pay-at-pickup', 'ready'].includes(order.status)) return undefined;
    prepare(
      `UPDATE preorders SET status = 'cancelled', cancelledAt = ?, holdUntil = NULL,
         refundDue = CASE WHEN paidAt IS NOT NULL THEN 1 ELSE 0 END WHERE id = ?`,
    ).run(at, id);
    release(order);
    if (order.status !== 'held') owe(id, ORDER_EVENTS.cancelled);
    return get(id);
  });

  const moveTx = db.transaction((id: string, to: string, from: readonly string[], column: string, at: string) => {
    const changed = prepare(
      `UPDATE preorders SET status = ?, ${column} = ? WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
    ).run(to, at, id, ...from).changes;
    if (changed > 0 && to === 'ready') owe(id, ORDER_EVENTS.ready);
    return changed > 0 ? get(id) : undefined;
  });

  const eraseTx = db.transaction((email: string) => {
    forgetOutbox ??= forgetOutboxOf(db);
    return eraseOrdersOf(prepare, forgetOutbox, email);
  });
  return { releaseTx, cancelStopTx, cancelOrderTx, moveTx, eraseTx };
}

/** A stop's pre-order settings and how much of it is taken. */
function stopSettingsMethods(
  prepare: Prepare,
  settingsOf: Rows['settingsOf'],
): Pick<PreorderStore, 'settings' | 'openStops' | 'saveSettings' | 'taken'> {
  return {
    async settings(stopId) {
      return settingsOf(stopId);
    },
    async openStops(stopIds) {
      if (stopIds.length === 0) return new Set();
      const rows = prepare(
        `SELECT stopId FROM preorderStops WHERE open = 1 AND cancelledAt IS NULL
           AND stopId IN (SELECT value FROM json_each(?))`,
      )
        .pluck()
        .all(JSON.stringify(stopIds)) as string[];
      return new Set(rows);
    },
    async saveSettings(settings: Omit<PreorderSettings, 'cancelledAt'>, at) {
      prepare(
        `INSERT INTO preorderStops (stopId, open, pickupEvery, perPickup, orderBy, currency, items, updatedAt)
         VALUES (@stopId, @open, @pickupEvery, @perPickup, @orderBy, @currency, @items, @at)
         ON CONFLICT (stopId) DO UPDATE SET open = excluded.open, pickupEvery = excluded.pickupEvery,
           perPickup = excluded.perPickup, orderBy = excluded.orderBy, currency = excluded.currency,
           items = excluded.items, updatedAt = excluded.updatedAt`,
      ).run({ ...settings, open: settings.open ? 1 : 0, items: JSON.stringify(settings.items), at: at.toISOString() });
    },
    async taken(stopId) {
      const rows = prepare('SELECT kind, key, taken FROM preorderCounts WHERE stopId = ?').all(stopId) as {
        kind: 'pickup' | 'item';
        key: string;
        taken: number;
      }[];
      const taken = { pickups: {} as Record<string, number>, items: {} as Record<string, number> };
      for (const row of rows) taken[row.kind === 'pickup' ? 'pickups' : 'items'][row.key] = row.taken;
      return taken;
    },
  };
}

/** `wal`: emptied after an erasure, as after an inquiry's (record 341). */
export function sqlitePreorderStore(
  db: Database.Database,
  prepare: Prepare,
  wal: Pick<WalClearer, 'clear'>,
): PreorderStore {
  const rows = preorderRows(prepare);
  const { get, list } = rows;
  const placeTx = placeTransaction(db, prepare, rows);
  const applyPaidTx = applyPaidTransaction(db, prepare, rows);
  const { releaseTx, cancelStopTx, cancelOrderTx, moveTx, eraseTx } = orderMoveTransactions(db, prepare, rows);

  return {
    ...stopSettingsMethods(prepare, rows.settingsOf),
    async place(order, at, holdUntil) {
      try {
        return placeTx.immediate(order, at, holdUntil);
      } catch (error) {
        if (!(error instanceof Full)) throw error;
        return fullResult(error);
      }
    },
    async attachCheckout(orderId, provider, checkoutId, url) {
      prepare('UPDATE preorders SET provider = ?, checkoutId = ?, checkoutUrl = ? WHERE id = ?').run(
        provider,
        checkoutId,
        url,
        orderId,
      );
    },
    async ownsCheckout(provider, checkoutId) {
      return (
        prepare('SELECT 1 FROM preorders WHERE provider = ? AND checkoutId = ?').get(provider, checkoutId) !== undefined
      );
    },
    async applyPaid(event, at, timeZone) {
      return applyPaidTx.immediate(event, at.toISOString(), timeZone);
    },
    async releaseExpired(at) {
      const ids = prepare(`SELECT id FROM preorders WHERE status = 'held' AND holdUntil <= ? ORDER BY holdUntil`)
        .pluck()
        .all(at.toISOString()) as string[];
      return ids.flatMap((id) => releaseTx.immediate(id, at.toISOString()) ?? []);
    },
    async refundsDue() {
      return list('SELECT * FROM preorders WHERE refundDue = 1 AND refundedAt IS NULL ORDER BY number');
    },
    async markRefunded(orderId, at) {
      return (
        prepare(
          `UPDATE preorders SET status = 'refunded', refundDue = 0, refundedAt = ? WHERE id = ? AND refundDue = 1`,
        ).run(at.toISOString(), orderId).changes > 0
      );
    },
    async markReady(orderId, at) {
      return moveTx.immediate(orderId, 'ready', ['paid', 'pay-at-pickup'], 'readyAt', at.toISOString());
    },
    async markPickedUp(orderId, at) {
      return moveTx.immediate(orderId, 'picked-up', ['paid', 'pay-at-pickup', 'ready'], 'pickedUpAt', at.toISOString());
    },
    async cancelStop(stopId, at) {
      return cancelStopTx.immediate(stopId, at.toISOString());
    },
    async cancelOrder(orderId, at) {
      return cancelOrderTx.immediate(orderId, at.toISOString());
    },
    async get(orderId) {
      return get(orderId);
    },
    async forStop(stopId) {
      return list('SELECT * FROM preorders WHERE stopId = ? ORDER BY pickup, number', stopId);
    },
    async createdBetween(from, to) {
      return list('SELECT * FROM preorders WHERE createdAt >= ? AND createdAt < ? ORDER BY number', from, to);
    },
    async erase(email) {
      const erased = eraseTx.immediate(email);
      if (erased > 0) wal.clear();
      return erased;
    },
  };
}
