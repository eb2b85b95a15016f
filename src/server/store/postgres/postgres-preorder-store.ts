// Pre-orders on PostgreSQL (preorder-store.ts), on the owner store's pool. A counter is
// raised by a conditional UPDATE: under READ COMMITTED a second transaction waits on the
// row's lock and then checks the condition again against the committed count, so two
// instances never both take the last place. The counters are locked in one order
// (claimsOf): never a deadlock between two orders.
import type pg from 'pg';
import { topicOf } from '../outbox-store.js';
import type { PaidEvent } from '../payment-store.js';
import {
  type Claim,
  claimsOf,
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
import type { ErasureScrubber } from './postgres-erasure-scrubber.js';
import { FORGET_INQUIRY_SQL, PENDING_EVENT_SQL } from './postgres-outbox.js';
import { inTransaction } from './postgres-transaction.js';

type Query = Pick<pg.PoolClient, 'query'>;

const settingsOf = async (client: Query, stopId: string) => {
  const { rows } = await client.query('SELECT * FROM "preorderStops" WHERE "stopId" = $1', [stopId]);
  return rows[0] ? rowToSettings(rows[0]) : undefined;
};

const getOrder = async (client: Query, id: string, lock = false) => {
  const { rows } = await client.query(`SELECT * FROM "preorders" WHERE "id" = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? rowToPreorder(rows[0]) : undefined;
};

/** The notifications `event` owes about the order (record 320), in the caller's transaction, on the system's clock. */
const owe = (client: Query, orderId: string, event: string) =>
  client.query(PENDING_EVENT_SQL, [orderId, topicOf(event, orderId), Date.now()]);

/** Raises each counter within its cap, or throws Full (the transaction rolls back). */
async function claim(client: Query, stopId: string, claims: readonly Claim[]) {
  for (const one of claims) {
    await client.query(
      'INSERT INTO "preorderCounts" ("stopId", "kind", "key", "taken") VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING',
      [stopId, one.kind, one.key],
    );
    const { rowCount } = await client.query(
      `UPDATE "preorderCounts" SET "taken" = "taken" + $4
       WHERE "stopId" = $1 AND "kind" = $2 AND "key" = $3 AND "taken" + $4 <= $5`,
      [stopId, one.kind, one.key, one.amount, one.cap],
    );
    if (rowCount === 0) throw new Full(one);
  }
}

/** Gives back an order's places (in the claims' order). */
async function release(client: Query, order: Preorder) {
  const settings = await settingsOf(client, order.stopId);
  if (!settings) return;
  for (const one of heldClaims(order)) {
    await client.query(
      `UPDATE "preorderCounts" SET "taken" = greatest("taken" - $4, 0)
       WHERE "stopId" = $1 AND "kind" = $2 AND "key" = $3`,
      [order.stopId, one.kind, one.key, one.amount],
    );
  }
}

async function place(
  client: Query,
  order: Parameters<PreorderStore['place']>[0],
  at: Date,
  holdUntil: Date | null,
): Promise<PlaceResult> {
  // A share lock on the stop: its removal or move waits for this order and counts it (record 390).
  await client.query('SELECT 1 FROM "truckStops" WHERE "id" = $1 FOR SHARE', [order.stopId]);
  const settings = await settingsOf(client, order.stopId);
  if (!settings?.open || settings.cancelledAt) return { ok: false, reason: 'closed' };
  const priced = pricedLines(settings, order.lines);
  if (!priced.ok) return { ok: false, reason: 'unknown-item', item: priced.item };
  await claim(client, order.stopId, claimsOf(settings, order.pickup, priced.lines));
  const row = newOrderRow(order, priced, settings, at, holdUntil);
  const { rows } = await client.query(
    `INSERT INTO "preorders" ("id", "number", "stopId", "pickup", "name", "phone", "email", "lines", "total", "currency",
       "payAtPickup", "status", "holdUntil", "createdAt", "sender", "language")
     VALUES ($1, nextval('"preorderNumbers"'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
    [
      row.id,
      row.stopId,
      row.pickup,
      row.name,
      row.phone,
      row.email,
      row.lines,
      row.total,
      row.currency,
      row.payAtPickup,
      row.status,
      row.holdUntil,
      row.createdAt,
      row.sender,
      row.language,
    ],
  );
  const placed = rowToPreorder(rows[0]);
  if (placed.payAtPickup) await owe(client, placed.id, ORDER_EVENTS.placed);
  return { ok: true, order: placed };
}

async function applyPaid(
  client: Query,
  event: PaidEvent,
  at: Date,
  timeZone?: string,
): Promise<{ outcome: OrderPaidOutcome; order?: Preorder }> {
  const { rowCount } = await client.query(
    `INSERT INTO "paymentEvents" ("provider", "eventId", "outcome", "receivedAt") VALUES ($1, $2, 'received', $3)
     ON CONFLICT DO NOTHING`,
    [event.provider, event.eventId, at],
  );
  if (rowCount === 0) return { outcome: 'duplicate' };
  const settle = async (outcome: OrderPaidOutcome, order?: Preorder) => {
    await client.query('UPDATE "paymentEvents" SET "outcome" = $3 WHERE "provider" = $1 AND "eventId" = $2', [
      event.provider,
      event.eventId,
      outcome,
    ]);
    const told = PAID_NOTICE[outcome];
    if (order && told) await owe(client, order.id, told);
    return { outcome, order };
  };
  const { rows } = await client.query(
    'SELECT * FROM "preorders" WHERE "provider" = $1 AND "checkoutId" = $2 FOR UPDATE',
    [event.provider, event.checkoutId],
  );
  if (!rows[0]) return settle('ignored');
  const order = rowToPreorder(rows[0]);
  if (order.paidAt) return settle('duplicate', order);
  const paid = async (status: string, refundDue: boolean) => {
    const { rows: updated } = await client.query(
      `UPDATE "preorders" SET "status" = $2, "paymentRef" = $3, "paidAt" = $4, "holdUntil" = NULL, "refundDue" = $5,
         "paidAmount" = $6
       WHERE "id" = $1 RETURNING *`,
      [order.id, status, event.paymentRef, at, refundDue, event.amount],
    );
    return rowToPreorder(updated[0]);
  };
  if (event.amount !== order.total || event.currency !== order.currency) {
    if (order.status === 'held') await release(client, order);
    return settle('mismatch', await paid('cancelled', true));
  }
  if (order.status === 'held') return settle('applied', await paid('paid', false));
  const settings = await settingsOf(client, order.stopId);
  const { rows: stops } = await client.query('SELECT "date", "starts" FROM "truckStops" WHERE "id" = $1', [
    order.stopId,
  ]);
  if (order.status === 'cancelled' && mayHonourLate(settings, stops[0], at, timeZone)) {
    await client.query('SAVEPOINT late_claim');
    try {
      await claim(client, order.stopId, claimsOf(settings, order.pickup, order.lines));
      await client.query('RELEASE SAVEPOINT late_claim');
      await client.query('UPDATE "preorders" SET "cancelledAt" = NULL WHERE "id" = $1', [order.id]);
      return settle('late-honoured', await paid('paid', false));
    } catch (error) {
      if (!(error instanceof Full)) throw error;
      await client.query('ROLLBACK TO SAVEPOINT late_claim');
    }
  }
  return settle('late-refund', await paid('cancelled', true));
}

async function cancelStop(client: Query, stopId: string, at: Date): Promise<Preorder[]> {
  await client.query(
    `UPDATE "preorderStops" SET "open" = false, "cancelledAt" = coalesce("cancelledAt", $2), "updatedAt" = $2
     WHERE "stopId" = $1`,
    [stopId, at],
  );
  const { rows } = await client.query(
    `UPDATE "preorders" SET "status" = 'cancelled', "cancelledAt" = $2, "holdUntil" = NULL,
       "refundDue" = ("paidAt" IS NOT NULL)
     WHERE "stopId" = $1 AND "status" IN ('held', 'paid', 'pay-at-pickup', 'ready') RETURNING *`,
    [stopId, at],
  );
  const cancelled = rows.map(rowToPreorder).sort((a, b) => a.number - b.number);
  // An unpaid checkout was never an order (its paidAt is unset and it was not pay-at-pickup): nothing to tell.
  for (const order of cancelled) {
    if (order.paidAt || order.payAtPickup) await owe(client, order.id, ORDER_EVENTS.cancelled);
  }
  return cancelled;
}

/** "Cancel order" (record 390): the order locked, cancelled, its places given back, a paid one owed back. */
async function cancelOrder(client: Query, id: string, at: Date): Promise<Preorder | undefined> {
  const order = await getOrder(client, id, true);
  if (!order || !['held', 'paid', 'pay-at-pickup', 'ready'].includes(order.status)) return undefined;
  const { rows } = await client.query(
    `UPDATE "preorders" SET "status" = 'cancelled', "cancelledAt" = $2, "holdUntil" = NULL,
       "refundDue" = ("paidAt" IS NOT NULL) WHERE "id" = $1 RETURNING *`,
    [id, at],
  );
  await release(client, order);
  if (order.status !== 'held') await owe(client, id, ORDER_EVENTS.cancelled);
  return rowToPreorder(rows[0]);
}

/** A stop's pre-order settings and how much of it is taken. */
function stopSettingsMethods(pool: pg.Pool): Pick<PreorderStore, 'settings' | 'openStops' | 'saveSettings' | 'taken'> {
  return {
    settings: (stopId) => settingsOf(pool, stopId),
    async openStops(stopIds) {
      const { rows } = await pool.query(
        'SELECT "stopId" FROM "preorderStops" WHERE "open" AND "cancelledAt" IS NULL AND "stopId" = ANY($1)',
        [stopIds],
      );
      return new Set(rows.map((row) => row.stopId as string));
    },
    async saveSettings(settings: Omit<PreorderSettings, 'cancelledAt'>, at) {
      await pool.query(
        `INSERT INTO "preorderStops" ("stopId", "open", "pickupEvery", "perPickup", "orderBy", "currency", "items", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("stopId") DO UPDATE SET "open" = excluded."open", "pickupEvery" = excluded."pickupEvery",
           "perPickup" = excluded."perPickup", "orderBy" = excluded."orderBy", "currency" = excluded."currency",
           "items" = excluded."items", "updatedAt" = excluded."updatedAt"`,
        [
          settings.stopId,
          settings.open,
          settings.pickupEvery,
          settings.perPickup,
          settings.orderBy,
          settings.currency,
          JSON.stringify(settings.items),
          at,
        ],
      );
    },
    async taken(stopId) {
      const { rows } = await pool.query('SELECT "kind", "key", "taken" FROM "preorderCounts" WHERE "stopId" = $1', [
        stopId,
      ]);
      const taken = { pickups: {} as Record<string, number>, items: {} as Record<string, number> };
      for (const row of rows) taken[row.kind === 'pickup' ? 'pickups' : 'items'][row.key as string] = Number(row.taken);
      return taken;
    },
  };
}

/** Ends each hold due by `at`, one order per transaction: its places given back. */
async function releaseExpired(pool: pg.Pool, at: Date): Promise<Preorder[]> {
  const { rows } = await pool.query(
    `SELECT "id" FROM "preorders" WHERE "status" = 'held' AND "holdUntil" <= $1 ORDER BY "holdUntil"`,
    [at],
  );
  const released: Preorder[] = [];
  for (const { id } of rows) {
    const order = await inTransaction(pool, async (client) => {
      const held = await getOrder(client, id as string, true);
      if (held?.status !== 'held') return undefined;
      await client.query(
        `UPDATE "preorders" SET "status" = 'cancelled', "cancelledAt" = $2, "holdUntil" = NULL WHERE "id" = $1`,
        [held.id, at],
      );
      await release(client, held);
      return getOrder(client, held.id);
    });
    if (order) released.push(order);
  }
  return released;
}

/**
 * The customer's orders blanked (name, phone, e-mail), and their notifications forgotten
 * with them (pending or not, and their attempts), in the caller's transaction: an
 * order's "Erase customer" and an inquiry's erasure (record 340). How many.
 */
export async function eraseOrdersOf(client: Query, email: string): Promise<number> {
  const { rows } = await client.query(
    `UPDATE "preorders" SET "name" = '', "phone" = '', "email" = '', "sender" = NULL WHERE "email" = $1 AND "email" <> '' RETURNING "id"`,
    [email],
  );
  for (const { id } of rows) await client.query(FORGET_INQUIRY_SQL, [id]);
  // Counted, so a scrub a restart cut short runs at the next start (postgres-erasure-scrubber.ts).
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO "orderErasures" ("count") VALUES (1)
       ON CONFLICT ("one") DO UPDATE SET "count" = "orderErasures"."count" + 1`,
    );
  }
  return rows.length;
}

/** `scrubber`: asked for a scrub after an erasure, as the inbox store's (postgres-erasure-scrubber.ts). */
export function postgresPreorderStore(pool: pg.Pool, scrubber: Pick<ErasureScrubber, 'soon'>): PreorderStore {
  const list = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows.map(rowToPreorder);
  const move = (id: string, to: string, from: readonly string[], column: string, at: Date) =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query(
        `UPDATE "preorders" SET "status" = $2, "${column}" = $3 WHERE "id" = $1 AND "status" = ANY($4) RETURNING *`,
        [id, to, at, from],
      );
      if (rows[0] && to === 'ready') await owe(client, id, ORDER_EVENTS.ready);
      return rows[0] ? rowToPreorder(rows[0]) : undefined;
    });

  return {
    ...stopSettingsMethods(pool),
    async place(order, at, holdUntil) {
      try {
        return await inTransaction(pool, (client) => place(client, order, at, holdUntil));
      } catch (error) {
        if (!(error instanceof Full)) throw error;
        return fullResult(error);
      }
    },
    async attachCheckout(orderId, provider, checkoutId, url) {
      await pool.query(
        'UPDATE "preorders" SET "provider" = $2, "checkoutId" = $3, "checkoutUrl" = $4 WHERE "id" = $1',
        [orderId, provider, checkoutId, url],
      );
    },
    async ownsCheckout(provider, checkoutId) {
      const { rowCount } = await pool.query('SELECT 1 FROM "preorders" WHERE "provider" = $1 AND "checkoutId" = $2', [
        provider,
        checkoutId,
      ]);
      return (rowCount ?? 0) > 0;
    },
    applyPaid: (event, at, timeZone) => inTransaction(pool, (client) => applyPaid(client, event, at, timeZone)),
    releaseExpired: (at) => releaseExpired(pool, at),
    refundsDue: () =>
      list('SELECT * FROM "preorders" WHERE "refundDue" AND "refundedAt" IS NULL ORDER BY "number"', []),
    async markRefunded(orderId, at) {
      const { rowCount } = await pool.query(
        `UPDATE "preorders" SET "status" = 'refunded', "refundDue" = false, "refundedAt" = $2 WHERE "id" = $1 AND "refundDue"`,
        [orderId, at],
      );
      return (rowCount ?? 0) > 0;
    },
    markReady: (orderId, at) => move(orderId, 'ready', ['paid', 'pay-at-pickup'], 'readyAt', at),
    markPickedUp: (orderId, at) => move(orderId, 'picked-up', ['paid', 'pay-at-pickup', 'ready'], 'pickedUpAt', at),
    cancelStop: (stopId, at) => inTransaction(pool, (client) => cancelStop(client, stopId, at)),
    cancelOrder: (orderId, at) => inTransaction(pool, (client) => cancelOrder(client, orderId, at)),
    get: (orderId) => getOrder(pool, orderId),
    forStop: (stopId) => list('SELECT * FROM "preorders" WHERE "stopId" = $1 ORDER BY "pickup", "number"', [stopId]),
    createdBetween: (from, to) =>
      list('SELECT * FROM "preorders" WHERE "createdAt" >= $1 AND "createdAt" < $2 ORDER BY "number"', [from, to]),
    // Then the tables' files scrubbed of the old row versions, as after an inquiry's erasure (record 340).
    async erase(email) {
      const erased = await inTransaction(pool, (client) => eraseOrdersOf(client, email));
      if (erased > 0) scrubber.soon();
      return erased;
    },
  };
}
