// How hard the worker may send beside the visitors' creates, which come first.
import { performance } from 'node:perf_hooks';

const SECOND = 1000;
export const MAX_IN_FLIGHT = 64;
/**
 * While the event loop is this busy (utilisation over the last moments), the
 * worker keeps only MAX_IN_FLIGHT_BUSY sends going: visitors' creates come
 * first, and the durable outbox catches up once the rush is over.
 */
const BUSY_UTILISATION = 0.8;
const MAX_IN_FLIGHT_BUSY = 4;
/**
 * More inquiries owing notifications than this in a second is a flood of creates
 * (a food truck's site sees a few a day; an attack or the benchmark, thousands a
 * second). Then the worker writes out and sends at most FLOOD_SENDS_PER_TICK
 * every FLOOD_TICK_MS, in one claim (each claim is a write transaction beside the
 * creates' own), leaving the CPU to the creates; what is queued goes out at
 * full speed once it passes.
 */
const FLOOD_INQUIRIES_PER_SECOND = 300;
export const FLOOD_SENDS_PER_TICK = 20;
export const FLOOD_TICK_MS = 1000;

/** How busy the event loop has been since the last call (0..1), measured over at least 100 ms. */
function eventLoopMeter(): () => number {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let current = 0;
  return () => {
    const now = performance.now();
    if (now - lastAt >= 100) {
      const next = performance.eventLoopUtilization();
      current = performance.eventLoopUtilization(next, last).utilization;
      last = next;
      lastAt = now;
    }
    return current;
  };
}

export interface FloodControl {
  /** `count` created inquiries owe notifications. */
  noteQueued(count: number): void;
  /** Whether creates are flooding in (then the worker claims a few per tick). */
  flooding(): boolean;
  /** How many sends may be in flight now. */
  maxInFlight(): number;
}

export function floodControl(): FloodControl {
  const busyness = eventLoopMeter();
  // Inquiries queued in this second and the last.
  let second = Math.floor(Date.now() / SECOND);
  let queuedThisSecond = 0;
  let queuedLastSecond = 0;
  const noteQueued = (count: number) => {
    const now = Math.floor(Date.now() / SECOND);
    if (now !== second) {
      queuedLastSecond = now === second + 1 ? queuedThisSecond : 0;
      queuedThisSecond = 0;
      second = now;
    }
    queuedThisSecond += count;
  };
  return {
    noteQueued,
    flooding() {
      noteQueued(0);
      return Math.max(queuedThisSecond, queuedLastSecond) > FLOOD_INQUIRIES_PER_SECOND;
    },
    maxInFlight: () => (busyness() > BUSY_UTILISATION ? MAX_IN_FLIGHT_BUSY : MAX_IN_FLIGHT),
  };
}
