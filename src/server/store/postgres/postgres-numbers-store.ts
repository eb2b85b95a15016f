// The owner's numbers on PostgreSQL (numbers-store.ts), on the owner store's pool: as
// on SQLite, the answer times ranked by the database (percentile_cont).
import type pg from 'pg';
import { byCurrency, foldGroups, type NumbersStore } from '../numbers-store.js';
import { STATUS_SQL } from './postgres-status-change.js';

const IN_PERIOD = 'e."createdAt" >= $1 AND e."createdAt" < $2';
const NOT_SPAM = `${STATUS_SQL} <> 'spam'`;

export function postgresNumbersStore(pool: pg.Pool): NumbersStore {
  return {
    async figures({ from, to, weeks }) {
      const period = [from, to];
      const [groups, answers, quotes, revenue, deposits] = await Promise.all([
        pool.query(
          `SELECT w."week", e."reference", ${STATUS_SQL} = 'spam' AS "spam", count(*)::int AS "n"
           FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w("week", "wFrom", "wTo")
             JOIN "eventInquiries" e ON e."createdAt" >= w."wFrom" AND e."createdAt" < w."wTo"
             LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
           GROUP BY w."week", e."reference", 3`,
          [weeks.map((w) => w.week), weeks.map((w) => w.from), weeks.map((w) => w.to)],
        ),
        // Driven from the owners' history lines since the period began, as on SQLite.
        pool.query(
          `SELECT count(*)::int AS "answered",
             percentile_cont(0.5) WITHIN GROUP (ORDER BY "ms") AS "medianMs",
             percentile_cont(0.9) WITHIN GROUP (ORDER BY "ms") AS "p90Ms"
           FROM (SELECT extract(epoch FROM f."firstAt" - e."createdAt") * 1000 AS "ms"
                 FROM (SELECT "inquiryId", min("at") AS "firstAt" FROM "inquiryEvents"
                       WHERE "ownerId" IS NOT NULL AND "at" >= $1 GROUP BY "inquiryId") f
                   JOIN "eventInquiries" e ON e."id" = f."inquiryId" LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
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
        pool.query(
          `SELECT "currency", count(*)::int AS "count", sum("deposit")::bigint AS "amount" FROM "quotes"
           WHERE "depositPaidAt" >= $1 AND "depositPaidAt" < $2
             AND NOT EXISTS (SELECT FROM "quotes" p WHERE p."inquiryId" = "quotes"."inquiryId"
               AND p."version" < "quotes"."version" AND p."depositPaidAt" IS NOT NULL)
           GROUP BY "currency" ORDER BY "amount" DESC`,
          period,
        ),
      ]);
      const ms = (value: unknown) => (value === null ? null : Number(value));
      const { byWeek, byReference } = foldGroups(weeks, groups.rows);
      const times = answers.rows[0];
      return {
        byWeek,
        byReference,
        answers: {
          answered: times.answered,
          waiting: byWeek.reduce((sum, week) => sum + week.inquiries, 0) - times.answered,
          medianMs: ms(times.medianMs),
          p90Ms: ms(times.p90Ms),
        },
        quotes: quotes.rows[0],
        deposits: byCurrency(deposits.rows),
        booked: (({ count, amounts }) => ({ count, revenue: amounts }))(byCurrency(revenue.rows)),
      };
    },
  };
}
