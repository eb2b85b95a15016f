// The owner's numbers on SQLite (numbers-store.ts), on the owner store's connection:
// each week's inquiries a range of the createdAt index, in one grouped pass; the answer
// times from the history lines; the quotes by sentAt's index.
import { byCurrency, foldGroups, type InquiryGroup, type NumbersStore, quantile } from '../numbers-store.js';
import type { Prepare } from './sqlite-statements.js';
import { STATUS_SQL } from './sqlite-status-change.js';

const NOT_SPAM = `${STATUS_SQL} <> 'spam'`;

/**
 * The answered inquiries of the period (not spam) with their first answer: driven from
 * the owners' history lines since the period began (an answer comes after its inquiry),
 * so the cost follows the answers, not the inquiries.
 */
const ANSWERED_SQL = `SELECT e.createdAt, f.firstAt
  FROM (SELECT inquiryId, min(at) AS firstAt FROM inquiryEvents WHERE ownerId IS NOT NULL AND at >= @from GROUP BY inquiryId) f
    JOIN eventInquiries e ON e.id = f.inquiryId LEFT JOIN inquiryState s ON s.inquiryId = e.id
  WHERE e.createdAt >= @from AND e.createdAt < @to AND ${NOT_SPAM}`;

export function sqliteNumbersStore(prepare: Prepare): NumbersStore {
  return {
    async figures({ from, to, weeks }) {
      const period = { from: from.toISOString(), to: to.toISOString() };
      const groups = prepare(
        `SELECT w.week, e.reference, ${STATUS_SQL} = 'spam' AS spam, count(*) AS n
         FROM (SELECT value ->> '$.week' AS week, value ->> '$.from' AS wFrom, value ->> '$.to' AS wTo FROM json_each(@weeks)) w
           JOIN eventInquiries e ON e.createdAt >= w.wFrom AND e.createdAt < w.wTo
           LEFT JOIN inquiryState s ON s.inquiryId = e.id
         GROUP BY w.week, e.reference, spam`,
      ).all({ weeks: JSON.stringify(weeks) }) as (Omit<InquiryGroup, 'spam'> & { spam: number })[];
      const { byWeek, byReference } = foldGroups(
        weeks,
        groups.map((group) => ({ ...group, spam: group.spam === 1 })),
      );
      const times = (prepare(ANSWERED_SQL).all(period) as { createdAt: string; firstAt: string }[])
        .map((row) => Date.parse(row.firstAt) - Date.parse(row.createdAt))
        .sort((a, b) => a - b);
      const received = byWeek.reduce((sum, week) => sum + week.inquiries, 0);
      const quotes = prepare(
        `SELECT (SELECT count(DISTINCT inquiryId) FROM quotes WHERE sentAt >= @from AND sentAt < @to) AS sent,
           (SELECT count(*) FROM quotes WHERE acceptedAt >= @from AND acceptedAt < @to) AS accepted,
           (SELECT count(*) FROM quotes WHERE declinedAt >= @from AND declinedAt < @to) AS declined`,
      ).get(period) as { sent: number; accepted: number; declined: number };
      const revenue = prepare(
        `SELECT q.currency, count(*) AS count, sum(q.total) AS amount FROM quotes q JOIN inquiryState s ON s.inquiryId = q.inquiryId
         WHERE q.acceptedAt >= @from AND q.acceptedAt < @to AND q.replacedAt IS NULL AND s.status = 'booked'
         GROUP BY q.currency ORDER BY amount DESC`,
      ).all(period) as { currency: string; count: number; amount: number }[];
      const deposits = prepare(
        `SELECT currency, count(*) AS count, sum(deposit) AS amount FROM quotes
         WHERE depositPaidAt >= @from AND depositPaidAt < @to
           AND NOT EXISTS (SELECT 1 FROM quotes p WHERE p.inquiryId = quotes.inquiryId AND p.version < quotes.version
             AND p.depositPaidAt IS NOT NULL)
         GROUP BY currency ORDER BY amount DESC`,
      ).all(period) as { currency: string; count: number; amount: number }[];
      return {
        byWeek,
        byReference,
        answers: {
          answered: times.length,
          waiting: received - times.length,
          medianMs: quantile(times, 0.5),
          p90Ms: quantile(times, 0.9),
        },
        quotes,
        deposits: byCurrency(deposits),
        booked: (({ count, amounts }) => ({ count, revenue: amounts }))(byCurrency(revenue)),
      };
    },
  };
}
