// The Orders page (issue 40, record 290): a stop's pre-orders by pickup time, each with
// "Ready" (the customer is told "Your order is ready", once) and "Picked up"; the totals
// per item as the prep list; "Cancel order" (asked once more: its pickup place given back,
// a paid one refunded, the customer told; record 390); and "Cancel stop", which refunds
// every paid order once through the payment provider and tells each customer. The stop is picked from those
// that took pre-orders (?stop=<id>).
import { type ReactNode, useEffect, useState } from 'react';
import { formatMoney } from '../shared/money.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';
import type { Preorder, PreorderSettings } from '../shared/preorder-views.js';
import type { TruckStop } from '../shared/truck-schedule.js';
import { ApiError, request } from './api.js';
import { clockTime, eventDay, inboxLocale } from './format.js';
import { Link, useFocusOnMount } from './link.js';
import { navigate, ORDERS } from './use-location.js';
import { useResource } from './use-resource.js';

interface StopOrders {
  stop: TruckStop;
  settings: PreorderSettings;
  orders: Preorder[];
  prep: { name: string; quantity: number }[];
}

const ordersApi = {
  stops: (signal: AbortSignal) =>
    request<{ stops: { stop: TruckStop; settings: PreorderSettings }[] }>(
      'GET',
      OWNER_API.preorders,
      undefined,
      signal,
    ),
  stop: (stopId: string, signal: AbortSignal) =>
    request<StopOrders>('GET', ownerPath(OWNER_API.preorderStop, { stopId }), undefined, signal),
  move: (stopId: string, orderId: string, to: 'ready' | 'picked-up') =>
    request<{ changed: boolean }>(
      'POST',
      ownerPath(to === 'ready' ? OWNER_API.preorderReady : OWNER_API.preorderPickedUp, { stopId, orderId }),
    ),
  cancelOrder: (stopId: string, orderId: string) =>
    request<{ changed: boolean }>('POST', ownerPath(OWNER_API.preorderOrderCancel, { stopId, orderId })),
  cancel: (stopId: string) =>
    request<{ cancelled: number }>('POST', ownerPath(OWNER_API.preorderStopCancel, { stopId })),
  erase: (stopId: string, orderId: string) =>
    request<void>('DELETE', ownerPath(OWNER_API.preorderOrder, { stopId, orderId })),
};

const STATUS_LABELS: Record<Preorder['status'], string> = {
  held: 'Awaiting payment',
  paid: 'Paid',
  'pay-at-pickup': 'Pay at pickup',
  ready: 'Ready',
  'picked-up': 'Picked up',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function OrdersPage({ stopId }: { stopId: string | null }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Orders · Inbox';
  }, []);
  const { data, error } = useResource(ordersApi.stops, [], { failure: 'Could not load the stops.' });
  const chosen = stopId ?? data?.stops.find(({ settings }) => settings.open)?.stop.id ?? data?.stops[0]?.stop.id;
  return (
    <article className="inbox-orders">
      <h1 ref={heading} tabIndex={-1}>
        Orders
      </h1>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : null}
      {data && data.stops.length === 0 ? (
        <p>No stop takes pre-orders yet. Tick “Take pre-orders” on a stop of the Schedule page.</p>
      ) : null}
      {data && data.stops.length > 1 ? (
        <nav aria-label="Stops">
          <ul className="inbox-row">
            {data.stops.map(({ stop }) => (
              <li key={stop.id}>
                <Link href={`${ORDERS}?stop=${stop.id}`}>
                  {stop.place}, {eventDay(stop.date)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {chosen ? <StopOrdersView key={chosen} stopId={chosen} /> : null}
    </article>
  );
}

function StopOrdersView({ stopId }: { stopId: string }) {
  const { data, error, reload } = useResource((signal) => ordersApi.stop(stopId, signal), [stopId], {
    failure: 'Could not load the orders.',
  });
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const act = async (work: () => Promise<string>) => {
    setFailure(undefined);
    try {
      setSaid(await work());
      await reload();
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : 'Could not change the order.');
    }
  };
  if (!data) return error ? <p role="alert">{error}</p> : <p className="inbox-muted">Loading…</p>;
  const { stop, orders, prep, settings } = data;
  const money = (amount: number) => formatMoney(amount, settings.currency, inboxLocale);
  const times = [...new Set(orders.map((order) => order.pickup))];
  return (
    <section aria-labelledby="orders-stop">
      <h2 id="orders-stop">
        {stop.place}, {eventDay(stop.date)}
      </h2>
      <p role="status" className="inbox-live">
        {said}
      </p>
      {failure ? (
        <p role="alert" className="inbox-error">
          {failure}
        </p>
      ) : null}
      <PrepList prep={prep} />
      {times.map((time) => (
        <section key={time} aria-labelledby={`pickup-${time}`}>
          <h3 id={`pickup-${time}`}>{clockTime(time)}</h3>
          <ul className="inbox-cards">
            {orders
              .filter((order) => order.pickup === time)
              .map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  money={money}
                  onCancel={() =>
                    act(async () => {
                      const { changed } = await ordersApi.cancelOrder(stopId, order.id);
                      const name = `Order #${order.number}`;
                      if (!changed) return `${name} was not open any more.`;
                      return `${name} cancelled: its pickup time is free again, the customer is told${order.paidAt ? ' and refunded' : ''}.`;
                    })
                  }
                  onErase={() =>
                    act(async () => {
                      await ordersApi.erase(stopId, order.id);
                      return `Order #${order.number}: the customer’s name, phone and e-mail are erased.`;
                    })
                  }
                  onMove={(to) =>
                    act(async () => {
                      const { changed } = await ordersApi.move(stopId, order.id, to);
                      const name = `Order #${order.number}`;
                      if (!changed) return `${name} was already ${to === 'ready' ? 'ready' : 'picked up'}.`;
                      return to === 'ready' ? `${name} is ready: the customer is told.` : `${name} picked up.`;
                    })
                  }
                />
              ))}
          </ul>
        </section>
      ))}
      <CancelStop
        cancelled={Boolean(settings.cancelledAt)}
        onCancel={() =>
          act(async () => {
            const { cancelled } = await ordersApi.cancel(stopId);
            return `Stop cancelled: ${cancelled} ${cancelled === 1 ? 'order' : 'orders'} cancelled, the paid ones refunded.`;
          })
        }
      />
      <p>
        <button type="button" className="inbox-link-button" onClick={() => navigate(ORDERS)}>
          All stops
        </button>
      </p>
    </section>
  );
}

/** "Totals per item": what the kitchen makes for the stop. */
function PrepList({ prep }: { prep: StopOrders['prep'] }) {
  return (
    <section aria-labelledby="prep-list">
      <h3 id="prep-list">Totals per item</h3>
      {prep.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul>
          {prep.map((item) => (
            <li key={item.name}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A destructive step asked once more: its button, then the question with "yes" and "keep". */
function AskedOnceMore({
  trigger,
  question,
  yes,
  keep,
  onYes,
}: {
  trigger: ReactNode;
  question: ReactNode;
  yes: string;
  keep: string;
  onYes: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <div role="alert" className="inbox-notice">
      <p>{question}</p>
      <div className="inbox-row">
        <button
          type="button"
          className="inbox-button inbox-destructive"
          onClick={() => {
            setConfirming(false);
            void onYes();
          }}
        >
          {yes}
        </button>
        <button type="button" className="inbox-button" onClick={() => setConfirming(false)}>
          {keep}
        </button>
      </div>
    </div>
  ) : (
    <button type="button" className="inbox-button inbox-destructive" onClick={() => setConfirming(true)}>
      {trigger}
    </button>
  );
}

/** "Cancel stop", asked once more before every paid order is refunded. */
function CancelStop({ cancelled, onCancel }: { cancelled: boolean; onCancel: () => Promise<void> }) {
  return cancelled ? (
    <p>This stop is cancelled: every paid order is refunded.</p>
  ) : (
    <AskedOnceMore
      trigger="Cancel stop"
      question="Cancel this stop? Every paid order is refunded and each customer is told."
      yes="Yes, cancel the stop"
      keep="Keep the stop"
      onYes={onCancel}
    />
  );
}

/** "Cancel order", asked once more: the place is given back, a paid order refunded, the customer told. */
function CancelOrder({ name, paid, onCancel }: { name: string; paid: boolean; onCancel: () => Promise<void> }) {
  return (
    <AskedOnceMore
      trigger={
        <>
          Cancel order<span className="visually-hidden"> {name}</span>
        </>
      }
      question={`Cancel ${name}? ${paid ? 'It is refunded and' : 'Its'} pickup time is free again; the customer is told.`}
      yes={`Yes, cancel ${name}`}
      keep={`Keep ${name}`}
      onYes={onCancel}
    />
  );
}

function OrderCard({
  order,
  money,
  onMove,
  onCancel,
  onErase,
}: {
  order: Preorder;
  money: (amount: number) => string;
  onMove: (to: 'ready' | 'picked-up') => Promise<void>;
  onCancel: () => Promise<void>;
  onErase: () => Promise<void>;
}) {
  const name = `Order #${order.number}`;
  const live = order.status === 'paid' || order.status === 'pay-at-pickup' || order.status === 'ready';
  return (
    <li>
      <p className="inbox-cards-name">
        {name} · {order.name} · <strong>{STATUS_LABELS[order.status]}</strong>
      </p>
      <p>
        {order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')} · {money(order.total)}
      </p>
      {order.paidAt && (order.refundDue || order.status === 'refunded') ? (
        // The owner is told of a payment that came after its hold ended (or for a cancelled stop): kept, and paid back.
        <p className="inbox-notice">
          Paid {money(order.total)} online, then {order.status === 'refunded' ? 'refunded' : 'being refunded'}
          {order.cancelledAt && order.paidAt > order.cancelledAt ? ': the payment came after its 15 minutes' : ''}.
        </p>
      ) : null}
      {order.email ? (
        <p className="inbox-muted">
          {order.phone} · {order.email}
        </p>
      ) : null}
      <div className="inbox-row">
        {live ? (
          <>
            {order.status !== 'ready' ? (
              <button type="button" className="inbox-button" onClick={() => void onMove('ready')}>
                Ready<span className="visually-hidden"> {name}</span>
              </button>
            ) : null}
            <button type="button" className="inbox-button" onClick={() => void onMove('picked-up')}>
              Picked up<span className="visually-hidden"> {name}</span>
            </button>
            <CancelOrder name={name} paid={Boolean(order.paidAt)} onCancel={onCancel} />
          </>
        ) : null}
        {order.email ? (
          <button type="button" className="inbox-button inbox-destructive" onClick={() => void onErase()}>
            Erase customer<span className="visually-hidden"> of {name}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}
