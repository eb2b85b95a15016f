// The owner's numbers (issue 31, record 183), one interface for both engines: what came
// in and what came of it over a period, counted by the database (never by reading the
// inquiries into the server): the period's inquiries in one pass over the createdAt
// index, grouped by week, reference and spam; the answer times from the owners' own
// history lines (there are far fewer than inquiries); the quotes and deposits by their times.
import type { Minor } from '../../shared/money.js';

/** A week of the period: its first day ('YYYY-MM-DD', a Monday in the business's zone) and its instants [from, to). */
export interface WeekRange {
  week: string;
  from: string;
  to: string;
}

export interface NumbersQuery {
  from: Date;
  to: Date;
  /** The weeks to count inquiries by, in order, covering [from, to). */
  weeks: WeekRange[];
}

/** One answer time per answered inquiry is too many to send: the store gives these. */
export interface AnswerTimes {
  /** Inquiries (not spam) an owner answered: a status change, a note or a quote after it came in. */
  answered: number;
  /** Inquiries (not spam) nobody has answered yet. */
  waiting: number;
  /** From arrival to the owner's first answer, ms, over the answered ones (linear between ranks); null with none. */
  medianMs: number | null;
  p90Ms: number | null;
}

export interface PeriodFigures {
  /** Every week asked for, zeros included: inquiries received, spam apart. */
  byWeek: { week: string; inquiries: number; spam: number }[];
  /** Inquiries (not spam) by the form's "How did you hear about us?" as typed, most first ('' when left empty). */
  byReference: { reference: string; inquiries: number }[];
  answers: AnswerTimes;
  /** Inquiries that got a quote in the period (a revision is not another), and quotes accepted and declined in it. */
  quotes: { sent: number; accepted: number; declined: number };
  /**
   * Inquiries whose deposit was first paid in the period (the payments reached a quote's
   * deposit then, by hand or online; a revision's deposit reached later is the same
   * booking's, a voided payment unmarks it): how many, and those deposits by currency.
   */
  deposits: { count: number; amounts: { currency: string; amount: Minor }[] };
  /** Quotes accepted in the period, still current, whose inquiry is Booked: how many and their totals, by currency. */
  booked: { count: number; revenue: { currency: string; amount: Minor }[] };
}

export interface NumbersStore {
  figures(query: NumbersQuery): Promise<PeriodFigures>;
}

/** A count of a period's inquiries by week, as typed reference, and spam or not: one pass over them, folded below. */
export interface InquiryGroup {
  week: string;
  reference: string;
  spam: boolean;
  n: number;
}

/** Each week asked for (zeros included), and the references of what is not spam, most first (code-point order on a tie). */
export function foldGroups(
  weeks: readonly WeekRange[],
  groups: readonly InquiryGroup[],
): Pick<PeriodFigures, 'byWeek' | 'byReference'> {
  const byWeek = new Map(weeks.map(({ week }) => [week, { week, inquiries: 0, spam: 0 }]));
  const byReference = new Map<string, number>();
  for (const group of groups) {
    const week = byWeek.get(group.week)!;
    if (group.spam) week.spam += group.n;
    else {
      week.inquiries += group.n;
      byReference.set(group.reference, (byReference.get(group.reference) ?? 0) + group.n);
    }
  }
  return {
    byWeek: [...byWeek.values()],
    byReference: [...byReference]
      .map(([reference, inquiries]) => ({ reference, inquiries }))
      .sort(
        (a, b) => b.inquiries - a.inquiries || (a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0),
      ),
  };
}

/** The p-quantile (0..1) of ascending values, linear between the closest ranks (PostgreSQL's percentile_cont). */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

/** Rows of a count and a sum per currency (a bigint's sum comes as text from PostgreSQL), as one figure. */
export function byCurrency(rows: readonly { currency: string; count: number; amount: number | string }[]): {
  count: number;
  amounts: { currency: string; amount: Minor }[];
} {
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    amounts: rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
  };
}
