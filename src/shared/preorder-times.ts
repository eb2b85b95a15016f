// A pre-order stop's times (issue 40, record 290): its pickup times, every "Pickup every"
// minutes from the stop's start to before its end, and its "Order by" cutoff, minutes
// before the stop starts, on the business's clock.
import type { StopFields } from './stop-fields.js';
import { zonedIso } from './truck-schedule.js';

/** "Pickup every" in minutes, and "Order by" in minutes before the stop starts, when the owner sets none. */
export const PREORDER_DEFAULTS = { pickupEvery: 15, orderBy: 60, perPickup: 10 } as const;
/** The bounds the owner's settings are held to. */
export const PREORDER_LIMITS = {
  pickupEvery: { min: 5, max: 120 },
  perPickup: { min: 1, max: 500 },
  orderBy: { min: 0, max: 7 * 24 * 60 },
  cap: { min: 1, max: 10_000 },
  quantity: { max: 50 },
} as const;
/** How long an unpaid checkout holds its places. */
export const HOLD_MINUTES = 15;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The stop's pickup times, 'HH:MM', from its start, every `every` minutes, before its end. */
export function pickupTimes(stop: Pick<StopFields, 'starts' | 'ends'>, every: number): string[] {
  const start = minutesOf(stop.starts);
  let end = minutesOf(stop.ends);
  if (end <= start) end += 24 * 60;
  const times: string[] = [];
  for (let at = start; at < end; at += every) times.push(timeOf(at));
  return times;
}

/** When ordering closes: `orderBy` minutes before the stop starts. */
export const orderByTime = (stop: Pick<StopFields, 'date' | 'starts'>, orderBy: number, timeZone: string): Date =>
  new Date(Date.parse(zonedIso(stop.date, stop.starts, timeZone)) - orderBy * 60_000);
