// "Waiting 12 min" on each New lead (record 184). One ticker for the page, every 15
// seconds; each clock reads it through useSyncExternalStore, so a tick renders the
// clocks alone, never the list around them. A lead past ESCALATE_AFTER_MINUTES is
// marked urgent, in words for screen readers and in weight and colour on screen.
import { useSyncExternalStore } from 'react';
import { waitingFor } from './format.js';
import { useWaiting } from './use-waiting-leads.js';
import './numbers.css';

export const TICK_MS = 15_000;

const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= window.setInterval(() => {
    for (const each of listeners) each();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The tick it is: the same number for 15 seconds, so React renders a clock again only when it moves. */
const currentTick = () => Math.floor(Date.now() / TICK_MS);

export function WaitingClock({ since }: { since: string }) {
  // The tick only says when to render again; the time is read then.
  useSyncExternalStore(subscribe, currentTick, currentTick);
  const urgentAfterMs = useWaiting()?.urgentAfterMs ?? 0;
  const now = Date.now();
  const urgent = urgentAfterMs > 0 && now - Date.parse(since) >= urgentAfterMs;
  return (
    <span className={urgent ? 'inbox-waiting urgent' : 'inbox-waiting'}>
      <span>{waitingFor(since, now)}</span>
      {urgent ? <span className="visually-hidden">, urgent</span> : null}
    </span>
  );
}
