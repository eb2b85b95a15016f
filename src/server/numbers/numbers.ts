// The owner's numbers of the last 30 and 365 days (issue 31, record 183): each period's
// weeks in the business's time zone, counted by the store, the form's free-text sources
// grouped as people would read them.
import { content } from '../../../content/index.js';
import {
  NOT_GIVEN,
  NUMBERS_PERIODS,
  OTHER_SOURCES,
  type NumbersView,
  type PeriodView,
} from '../../shared/numbers-views.js';
import { offsetAt, wallClock } from '../../shared/time-zone.js';
import { addDays } from '../../shared/truck-schedule.js';
import type { NumbersStore, PeriodFigures, WeekRange } from '../store/numbers-store.js';
import type { PreorderStore } from '../store/preorder-store.js';
import type { MoneyFigure } from '../../shared/numbers-views.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The sources listed by name; the rest are one line. */
export const MOST_SOURCES = 8;

/** The instant a day starts in the zone (its local midnight). */
export function dayStart(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let at = midnight - offsetAt(timeZone, midnight) * 60_000;
  at = midnight - offsetAt(timeZone, at) * 60_000; // across a change of offset, once more
  return at;
}

/** The weeks (Monday to Sunday, in the zone) covering [from, to), the first and last cut to it. */
export function weeksOf(from: number, to: number, timeZone: string): WeekRange[] {
  const first = wallClock(timeZone, from).date;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const weeks: WeekRange[] = [];
  for (let monday = addDays(first, -weekday); dayStart(monday, timeZone) < to; monday = addDays(monday, 7)) {
    const start = Math.max(dayStart(monday, timeZone), from);
    const end = Math.min(dayStart(addDays(monday, 7), timeZone), to);
    weeks.push({ week: monday, from: new Date(start).toISOString(), to: new Date(end).toISOString() });
  }
  return weeks;
}

/**
 * The answers to "How did you hear about us?" as people read them: the same words
 * whatever their case and spacing are one source, named as most people wrote it; an
 * empty answer is "Not given"; past the largest few, the rest are one line.
 */
export function groupSources(byReference: PeriodFigures['byReference'], most = MOST_SOURCES): PeriodView['bySource'] {
  const groups = new Map<string, { inquiries: number; spellings: Map<string, number> }>();
  for (const { reference, inquiries } of byReference) {
    const written = reference.trim().replace(/\s+/g, ' ');
    const key = written.toLocaleLowerCase(content.locale);
    const group = groups.get(key) ?? { inquiries: 0, spellings: new Map() };
    group.inquiries += inquiries;
    group.spellings.set(written, (group.spellings.get(written) ?? 0) + inquiries);
    groups.set(key, group);
  }
  const named = [...groups.entries()]
    .map(([key, group]) => ({
      // The spelling most wrote; on a tie, the one with capitals (code-point order puts 'I' before 'i').
      source:
        key === '' ? NOT_GIVEN : [...group.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      inquiries: group.inquiries,
    }))
    .sort((a, b) => b.inquiries - a.inquiries || a.source.localeCompare(b.source));
  if (named.length <= most + 1) return named;
  const rest = named.slice(most).reduce((sum, each) => sum + each.inquiries, 0);
  return [...named.slice(0, most), { source: OTHER_SOURCES, inquiries: rest }];
}

/** The orders a period counts: placed in it and not cancelled (a hold still open is not an order yet). */
const COUNTED = new Set(['paid', 'pay-at-pickup', 'ready', 'picked-up']);

async function preorderFigures(preorders: Pick<PreorderStore, 'createdBetween'>, from: Date, to: Date) {
  const orders = (await preorders.createdBetween(from.toISOString(), to.toISOString())).filter((order) =>
    COUNTED.has(order.status),
  );
  const revenue: MoneyFigure[] = [];
  for (const order of orders) {
    const figure = revenue.find((each) => each.currency === order.currency);
    if (figure) figure.amount += order.total;
    else revenue.push({ currency: order.currency, amount: order.total });
  }
  return { count: orders.length, revenue };
}

export async function ownerNumbers(
  store: NumbersStore,
  now: number,
  timeZone = content.timeZone,
  preorders?: Pick<PreorderStore, 'createdBetween'>,
): Promise<NumbersView> {
  const periods = await Promise.all(
    NUMBERS_PERIODS.map(async (days): Promise<PeriodView> => {
      const from = new Date(now - days * DAY_MS);
      const to = new Date(now);
      const figures = await store.figures({ from, to, weeks: weeksOf(from.getTime(), now, timeZone) });
      return {
        days,
        from: from.toISOString(),
        to: to.toISOString(),
        inquiries: figures.byWeek.reduce((sum, week) => sum + week.inquiries, 0),
        spam: figures.byWeek.reduce((sum, week) => sum + week.spam, 0),
        byWeek: figures.byWeek,
        bySource: groupSources(figures.byReference),
        answers: figures.answers,
        quotes: figures.quotes,
        deposits: figures.deposits,
        booked: figures.booked,
        ...(preorders ? { preorders: await preorderFigures(preorders, from, to) } : {}),
      };
    }),
  );
  return { at: new Date(now).toISOString(), periods };
}
