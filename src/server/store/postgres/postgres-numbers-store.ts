// The owner's numbers on PostgreSQL (numbers-store.ts), on the owner store's pool:
// counted and ranked by the database (percentile_cont), as on SQLite.
import type pg from 'pg';
import type { NumbersStore } from '../numbers-store.js';
import { STATUS_SQL } from './postgres-status-change.js';

const IN_PERIOD = 'e."createdAt" >= $1 AND e."createdAt" < $2';
const NOT_SPAM = `${STATUS_SQL} <> 'spam'`;

export function postgresNumbersStore(pool: pg.Pool): NumbersStore {
  return {
    async figures({ from, to, weeks }) {
      const period = [from, to];
      const [byWeek, byReference, answers, quotes, revenue] = await Promise.all([
        pool.query(
          `SELECT w."week", count(e."id") FILTER (WHERE ${NOT_SPAM})::int AS "inquiries",
             count(e."id") FILTER (WHERE ${STATUS_SQL} = 'spam')::int AS "spam"
           FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w("week", "wFrom", "wTo")
             LEFT JOIN "eventInquiries" e ON e."createdAt" >= w."wFrom" AND e."createdAt" < w."wTo"
             LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
           GROUP BY w."week" ORDER BY w."week"`,
          [weeks.map((w) => w.week), weeks.map((w) => w.from), weeks.map((w) => w.to)],
        ),
        pool.query(
          `SELECT e."reference", count(*)::int AS "inquiries" FROM "eventInquiries" e LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
           WHERE ${IN_PERIOD} AND ${NOT_SPAM} GROUP BY e."reference" ORDER BY "inquiries" DESC, e."reference" COLLATE "C"`,
          period,
        ),
        pool.query(
          `SELECT count("ms")::int AS "answered", (count(*) - count("ms"))::int AS "waiting",
             percentile_cont(0.5) WITHIN GROUP (ORDER BY "ms") AS "medianMs",
             percentile_cont(0.9) WITHIN GROUP (ORDER BY "ms") AS "p90Ms"
           FROM (SELECT extract(epoch FROM (SELECT min(v."at") FROM "inquiryEvents" v
                   WHERE v."inquiryId" = e."id" AND v."ownerId" IS NOT NULL) - e."createdAt") * 1000 AS "ms"
                 FROM "eventInquiries" e LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
                 WHERE ${IN_PERIOD} AND ${NOT_SPAM}) t`,
          period,
        ),
        pool.query(
          `SELECT (SELECT count(DISTINCT "inquiryId") FROM "quotes" WHERE "sentAt" >= $1 AND "sentAt" < $2)::int AS "sent",
             (SELECT count(*) FROM "quotes" WHERE "acceptedAt" >= $1 AND "acceptedAt" < $2)::int AS "accepted",
             (SELECT count(*) FROM "quotes" WHERE "declinedAt" >= $1 AND "declinedAt" < $2)::int AS "declined"`,
          period,
        ),
        pool.query(
          `SELECT q."currency", count(*)::int AS "count", sum(q."total")::bigint AS "amount"
           FROM "quotes" q JOIN "inquiryState" s ON s."inquiryId" = q."inquiryId"
           WHERE q."acceptedAt" >= $1 AND q."acceptedAt" < $2 AND q."replacedAt" IS NULL AND s."status" = 'booked'
           GROUP BY q."currency" ORDER BY "amount" DESC`,
          period,
        ),
      ]);
      const ms = (value: unknown) => (value === null ? null : Number(value));
      const times = answers.rows[0];
      return {
        byWeek: byWeek.rows,
        byReference: byReference.rows,
        answers: {
          answered: times.answered,
          waiting: times.waiting,
          medianMs: ms(times.medianMs),
          p90Ms: ms(times.p90Ms),
        },
        quotes: quotes.rows[0],
        booked: {
          count: revenue.rows.reduce((sum, row) => sum + row.count, 0),
          revenue: revenue.rows.map((row) => ({ currency: row.currency as string, amount: Number(row.amount) })),
        },
      };
    },
  };
}
