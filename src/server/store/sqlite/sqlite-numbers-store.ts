// The owner's numbers on SQLite (numbers-store.ts), on the owner store's connection:
// each week's inquiries as a range of the createdAt index, the answer times as one
// probe of inquiryEvents' index per inquiry, the quotes by sentAt's index.
import type { NumbersStore, WeekRange } from '../numbers-store.js';
import { quantile } from '../numbers-store.js';
import type { Prepare } from './sqlite-statements.js';
import { STATUS_SQL } from './sqlite-status-change.js';

const IN_PERIOD = 'e.createdAt >= @from AND e.createdAt < @to';
const NOT_SPAM = `${STATUS_SQL} <> 'spam'`;

export function sqliteNumbersStore(prepare: Prepare): NumbersStore {
  const byWeek = (weeks: WeekRange[]) =>
    prepare(
      `SELECT w.week, count(e.id) FILTER (WHERE ${NOT_SPAM}) AS inquiries, count(e.id) FILTER (WHERE ${STATUS_SQL} = 'spam') AS spam
       FROM (SELECT value ->> '$.week' AS week, value ->> '$.from' AS wFrom, value ->> '$.to' AS wTo FROM json_each(@weeks)) w
         LEFT JOIN eventInquiries e ON e.createdAt >= w.wFrom AND e.createdAt < w.wTo
         LEFT JOIN inquiryState s ON s.inquiryId = e.id
       GROUP BY w.week ORDER BY w.week`,
    ).all({ weeks: JSON.stringify(weeks) }) as { week: string; inquiries: number; spam: number }[];

  return {
    async figures({ from, to, weeks }) {
      const period = { from: from.toISOString(), to: to.toISOString() };
      const byReference = prepare(
        `SELECT e.reference, count(*) AS inquiries FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id
         WHERE ${IN_PERIOD} AND ${NOT_SPAM} GROUP BY e.reference ORDER BY inquiries DESC, e.reference`,
      ).all(period) as { reference: string; inquiries: number }[];
      const answered = prepare(
        `SELECT e.createdAt, (SELECT min(v.at) FROM inquiryEvents v WHERE v.inquiryId = e.id AND v.ownerId IS NOT NULL) AS firstAt
         FROM eventInquiries e LEFT JOIN inquiryState s ON s.inquiryId = e.id WHERE ${IN_PERIOD} AND ${NOT_SPAM}`,
      ).all(period) as { createdAt: string; firstAt: string | null }[];
      const times = answered
        .filter((row) => row.firstAt !== null)
        .map((row) => Date.parse(row.firstAt!) - Date.parse(row.createdAt))
        .sort((a, b) => a - b);
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
      return {
        byWeek: byWeek(weeks),
        byReference,
        answers: {
          answered: times.length,
          waiting: answered.length - times.length,
          medianMs: quantile(times, 0.5),
          p90Ms: quantile(times, 0.9),
        },
        quotes,
        booked: {
          count: revenue.reduce((sum, row) => sum + row.count, 0),
          revenue: revenue.map(({ currency, amount }) => ({ currency, amount })),
        },
      };
    },
  };
}
