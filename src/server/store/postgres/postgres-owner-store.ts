// The owner store on PostgreSQL: its own small pool on the database the inquiry
// store uses, so every instance behind a load balancer sees the same owners and
// sessions.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { HistoryEntry, InquiryStatus } from '../../../shared/inbox-views.js';
import { STORED_COLUMNS } from '../inquiry-store.js';
import {
  type InboxInquiry,
  type ListQuery,
  newCalendarToken,
  type Owner,
  type OwnerStore,
  type PushDevice,
  workFromEvents,
  OwnerExistsError,
  normalizeEmail,
  searchTerms,
} from '../owner-store.js';
import { FORGET_INQUIRY_SQL } from './postgres-outbox.js';
import { postgresScheduleStore } from './postgres-schedule-store.js';
import { migrate } from './postgres-store.js';
import { inTransaction } from './postgres-transaction.js';
import { longQueries, openPool } from './postgres-pool.js';

const TOUCH_EVERY_MS = 60_000;

/** The tables an erasure deletes rows with personal data from (the outbox's errors can quote the address). */
export const ERASED_TABLES = [
  'eventInquiries',
  'inquiryEvents',
  'inquiryState',
  'outbox',
  'outboxAttempts',
  'outboxPending',
];

const STATUS_SQL = `COALESCE(s."status", CASE WHEN e."spamReason" IS NULL THEN 'new' ELSE 'spam' END)`;
const ROW_SQL = `SELECT ${STORED_COLUMNS.map((column) => `e."${column}"`).join(', ')}, ${STATUS_SQL} AS "status", s."readAt" AS "readAt"
  FROM "eventInquiries" e LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

const PUSH_COLUMNS = '"id", "ownerId", "endpoint", "p256dh", "auth", "label", "createdAt"';
const toPushDevice = (row: Record<string, unknown>) => ({ ...row, createdAt: iso(row.createdAt) }) as PushDevice;

function toOwner(row: Record<string, unknown>): Owner {
  return {
    id: row.id as string,
    email: row.email as string,
    createdAt: iso(row.createdAt) as string,
    notifyByEmail: row.notifyByEmail as boolean,
  };
}

const toInquiry = (row: Record<string, unknown>) =>
  ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) }) as InboxInquiry;

export async function openPostgresOwnerStore(
  connectionString: string,
  poolSize = 5,
  scrubLog: ScrubLog = stderrLog,
): Promise<OwnerStore> {
  const pool = openPool(connectionString, poolSize);
  const scrubber = erasureScrubber(pool, scrubLog);
  await migrate(pool);
  await scrubber.resume();

  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => inTransaction(pool, work);

  const ownerColumns = '"id", "email", "createdAt", "notifyByEmail", "passwordHash"';

  return {
    engine: 'postgres',
    schedule: postgresScheduleStore(pool),

    async createOwner(email, passwordHash, now = new Date()) {
      const owner: Owner = {
        id: randomUUID(),
        email: normalizeEmail(email),
        createdAt: now.toISOString(),
        notifyByEmail: true,
      };
      try {
        await pool.query('INSERT INTO "owners" ("id", "email", "passwordHash", "createdAt") VALUES ($1, $2, $3, $4)', [
          owner.id,
          owner.email,
          passwordHash,
          owner.createdAt,
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw new OwnerExistsError(`An owner with the e-mail ${owner.email} already exists.`);
        }
        throw error;
      }
      return owner;
    },

    async findOwnerByEmail(email) {
      const { rows } = await pool.query(`SELECT ${ownerColumns} FROM "owners" WHERE "email" = $1`, [
        normalizeEmail(email),
      ]);
      return rows[0] ? { ...toOwner(rows[0]), passwordHash: rows[0].passwordHash as string } : undefined;
    },

    async listOwners() {
      const { rows } = await pool.query(`SELECT ${ownerColumns} FROM "owners" ORDER BY "email"`);
      return rows.map(toOwner);
    },

    async setPassword(email, passwordHash) {
      return transaction(async (client) => {
        const { rows } = await client.query(
          'UPDATE "owners" SET "passwordHash" = $2 WHERE "email" = $1 RETURNING "id"',
          [normalizeEmail(email), passwordHash],
        );
        if (!rows[0]) return false;
        await client.query('DELETE FROM "ownerSessions" WHERE "ownerId" = $1', [rows[0].id]);
        return true;
      });
    },

    async removeOwner(email) {
      // Sessions go with the owner (ON DELETE CASCADE).
      const { rowCount } = await pool.query('DELETE FROM "owners" WHERE "email" = $1', [normalizeEmail(email)]);
      return (rowCount ?? 0) > 0;
    },

    async createSession(session) {
      await pool.query(
        'INSERT INTO "ownerSessions" ("tokenHash", "ownerId", "createdAt", "lastSeenAt", "expiresAt") VALUES ($1, $2, $3, $3, $4)',
        [session.tokenHash, session.ownerId, session.createdAt, session.expiresAt],
      );
    },

    async resumeSession(tokenHash, now, idleMs) {
      const { rows } = await pool.query(
        `SELECT s."lastSeenAt", s."expiresAt", o."id", o."email", o."createdAt", o."notifyByEmail"
         FROM "ownerSessions" s JOIN "owners" o ON o."id" = s."ownerId" WHERE s."tokenHash" = $1`,
        [tokenHash],
      );
      const row = rows[0];
      if (!row) return undefined;
      const lastSeen = (row.lastSeenAt as Date).getTime();
      if ((row.expiresAt as Date).getTime() <= now.getTime() || lastSeen + idleMs <= now.getTime()) {
        await pool.query('DELETE FROM "ownerSessions" WHERE "tokenHash" = $1', [tokenHash]);
        return undefined;
      }
      if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
        await pool.query('UPDATE "ownerSessions" SET "lastSeenAt" = $2 WHERE "tokenHash" = $1', [
          tokenHash,
          now.toISOString(),
        ]);
      }
      return toOwner(row);
    },

    async deleteSession(tokenHash) {
      await pool.query('DELETE FROM "ownerSessions" WHERE "tokenHash" = $1', [tokenHash]);
    },

    async deleteOtherSessions(ownerId, keep) {
      const { rowCount } = await pool.query('DELETE FROM "ownerSessions" WHERE "ownerId" = $1 AND "tokenHash" <> $2', [
        ownerId,
        keep,
      ]);
      return rowCount ?? 0;
    },

    async setNotifyByEmail(ownerId, on) {
      const { rowCount } = await pool.query('UPDATE "owners" SET "notifyByEmail" = $2 WHERE "id" = $1', [ownerId, on]);
      return (rowCount ?? 0) > 0;
    },

    async workOn(ids) {
      const { rows } = await pool.query(
        'SELECT "inquiryId", "kind", "note", "at" FROM "inquiryEvents" WHERE "inquiryId" = ANY($1) ORDER BY "id"',
        [ids],
      );
      return workFromEvents(rows.map((row) => ({ ...row, at: iso(row.at) as string })));
    },
    async addPushDevice(ownerId, device, now) {
      const { rows } = await pool.query(
        `INSERT INTO "pushDevices" ("id", "ownerId", "endpoint", "p256dh", "auth", "label", "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("endpoint") DO UPDATE SET "ownerId" = excluded."ownerId", "p256dh" = excluded."p256dh",
           "auth" = excluded."auth", "label" = excluded."label"
         RETURNING ${PUSH_COLUMNS}`,
        [randomUUID(), ownerId, device.endpoint, device.p256dh, device.auth, device.label, now],
      );
      return toPushDevice(rows[0]);
    },
    async pushDevices(ownerId) {
      const { rows } =
        ownerId === undefined
          ? await pool.query(`SELECT ${PUSH_COLUMNS} FROM "pushDevices" ORDER BY "createdAt", "id"`)
          : await pool.query(
              `SELECT ${PUSH_COLUMNS} FROM "pushDevices" WHERE "ownerId" = $1 ORDER BY "createdAt", "id"`,
              [ownerId],
            );
      return rows.map(toPushDevice);
    },
    async pushDevice(id) {
      const { rows } = await pool.query(`SELECT ${PUSH_COLUMNS} FROM "pushDevices" WHERE "id" = $1`, [id]);
      return rows[0] ? toPushDevice(rows[0]) : undefined;
    },
    async removePushDevice(ownerId, endpoint) {
      const { rowCount } = await pool.query('DELETE FROM "pushDevices" WHERE "ownerId" = $1 AND "endpoint" = $2', [
        ownerId,
        endpoint,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async forgetPushDevice(id) {
      await pool.query('DELETE FROM "pushDevices" WHERE "id" = $1', [id]);
    },
    async serverKey(name, make) {
      const read = async () =>
        (await pool.query('SELECT "value" FROM "serverKeys" WHERE "name" = $1', [name])).rows[0]?.value as
          | string
          | undefined;
      const kept = await read();
      if (kept !== undefined) return kept;
      await pool.query('INSERT INTO "serverKeys" ("name", "value") VALUES ($1, $2) ON CONFLICT ("name") DO NOTHING', [
        name,
        make(),
      ]);
      return (await read())!; // another instance's, if it made one first
    },
    async calendarToken(ownerId) {
      const { rows } = await pool.query(
        `UPDATE "owners" SET "calendarToken" = coalesce("calendarToken", $2) WHERE "id" = $1 RETURNING "calendarToken"`,
        [ownerId, newCalendarToken()],
      );
      return rows[0].calendarToken as string;
    },

    async resetCalendarToken(ownerId) {
      const token = newCalendarToken();
      await pool.query('UPDATE "owners" SET "calendarToken" = $2 WHERE "id" = $1', [ownerId, token]);
      return token;
    },

    async ownerByCalendarToken(token) {
      const { rows } = await pool.query(`SELECT ${ownerColumns} FROM "owners" WHERE "calendarToken" = $1`, [token]);
      return rows[0] ? toOwner(rows[0]) : undefined;
    },

    async bookedInquiries({ from, on }) {
      const [day, values] =
        on !== undefined
          ? ['AND e."eventDate" = $1', [on]]
          : from !== undefined
            ? ['AND e."eventDate" >= $1', [from]]
            : ['', []];
      const { rows } = await pool.query(
        `${ROW_SQL} WHERE s."status" = 'booked' ${day} ORDER BY e."eventDate", e."startTime", e."createdAt"`,
        values,
      );
      return rows.map(toInquiry);
    },

    async listInquiries(query: ListQuery) {
      const where: string[] = [];
      const values: unknown[] = [];
      const param = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      if (query.status) {
        const status = param(query.status);
        where.push(`${STATUS_SQL} = ${status}`);
        if (query.status !== 'new' && query.status !== 'spam') where.push(`s."status" = ${status}`);
      } else if (!query.spam) {
        where.push(`${STATUS_SQL} <> 'spam'`);
      }
      if (query.from) where.push(`e."eventDate" >= ${param(query.from)}`);
      if (query.to) where.push(`e."eventDate" <= ${param(query.to)}`);
      const terms = searchTerms(query.q);
      if (terms.length > 0) {
        // Notes matched first, once (an init plan), so the search is one OR the planner can
        // answer from the indexes (BitmapOr of the GIN index and the primary key).
        const tsquery = param(
          terms
            .map(({ words, prefix }) => `(${words.map((word) => (prefix ? `${word}:*` : word)).join(' & ')})`)
            .join(' | '),
        );
        const noteLike = terms
          .map(({ words }) => `(${words.map((word) => `lower("note") LIKE ${param(`%${word}%`)}`).join(' AND ')})`)
          .join(' OR ');
        where.push(`(e."searchDocument" @@ to_tsquery('simple', ${tsquery})
          OR e."id" = ANY(ARRAY(SELECT "inquiryId" FROM "inquiryEvents" WHERE "kind" = 'note' AND (${noteLike}))))`);
      }
      if (query.before) {
        where.push(
          `(e."createdAt", e."id") < (${param(query.before.createdAt)}::timestamptz, ${param(query.before.id)})`,
        );
      }
      const sql = `${ROW_SQL} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY e."createdAt" DESC, e."id" DESC LIMIT ${param(query.limit + 1)}`;
      const { rows } = await pool.query(sql, values);
      const more = rows.length > query.limit;
      return { rows: (more ? rows.slice(0, query.limit) : rows).map(toInquiry), more };
    },

    async getInquiry(id) {
      const { rows } = await pool.query(`${ROW_SQL} WHERE e."id" = $1`, [id]);
      if (!rows[0]) return undefined;
      const inquiry = toInquiry(rows[0]);
      const events = await pool.query(
        'SELECT "kind", "status", "note", "ownerEmail", "at" FROM "inquiryEvents" WHERE "inquiryId" = $1 ORDER BY "id"',
        [id],
      );
      const history: HistoryEntry[] = [
        { kind: 'received', at: inquiry.createdAt, by: null, status: null, note: null },
        ...events.rows.map((event) => ({
          kind: event.kind as 'status' | 'note',
          at: iso(event.at) as string,
          by: event.ownerEmail as string,
          status: event.status as InquiryStatus | null,
          note: event.note as string | null,
        })),
      ];
      return { inquiry, history };
    },

    async markRead(id, at) {
      const { rowCount } = await pool.query(
        `INSERT INTO "inquiryState" ("inquiryId", "status", "readAt", "updatedAt")
         SELECT "id", CASE WHEN "spamReason" IS NULL THEN 'new' ELSE 'spam' END, $2, $2 FROM "eventInquiries" WHERE "id" = $1
         ON CONFLICT ("inquiryId") DO UPDATE SET "readAt" = COALESCE("inquiryState"."readAt", excluded."readAt")`,
        [id, at.toISOString()],
      );
      return (rowCount ?? 0) > 0;
    },

    async setStatus(id, status, by, at) {
      return transaction(async (client) => {
        // Locks the inquiry's row: two owners changing it at once are applied one after the other.
        const { rows } = await client.query(
          `SELECT ${STATUS_SQL} AS "status" FROM "eventInquiries" e LEFT JOIN "inquiryState" s ON s."inquiryId" = e."id"
           WHERE e."id" = $1 FOR UPDATE OF e`,
          [id],
        );
        if (!rows[0]) return false;
        if (rows[0].status === status) return true;
        await client.query(
          `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "status", "ownerId", "ownerEmail", "at") VALUES ($1, 'status', $2, $3, $4, $5)`,
          [id, status, by.id, by.email, at.toISOString()],
        );
        await client.query(
          `INSERT INTO "inquiryState" ("inquiryId", "status", "readAt", "updatedAt") VALUES ($1, $2, $3, $3)
           ON CONFLICT ("inquiryId") DO UPDATE SET "status" = excluded."status", "updatedAt" = excluded."updatedAt",
             "readAt" = COALESCE("inquiryState"."readAt", excluded."readAt")`,
          [id, status, at.toISOString()],
        );
        return true;
      });
    },

    async addNote(id, note, by, at) {
      const { rowCount } = await pool.query(
        `INSERT INTO "inquiryEvents" ("inquiryId", "kind", "note", "ownerId", "ownerEmail", "at")
         SELECT "id", 'note', $2, $3, $4, $5 FROM "eventInquiries" WHERE "id" = $1`,
        [id, note, by.id, by.email, at.toISOString()],
      );
      return (rowCount ?? 0) > 0;
    },

    async erase(id, by, at) {
      const erased = await transaction(async (client) => {
        const { rowCount } = await client.query('DELETE FROM "eventInquiries" WHERE "id" = $1', [id]);
        if (!rowCount) return false;
        await client.query('DELETE FROM "inquiryEvents" WHERE "inquiryId" = $1', [id]);
        await client.query('DELETE FROM "inquiryState" WHERE "inquiryId" = $1', [id]);
        // Its notifications too (an attempt's error can quote the address), before the VACUUM below.
        await client.query(FORGET_INQUIRY_SQL, [id]);
        await client.query('INSERT INTO "erasures" ("inquiryId", "erasedAt", "erasedBy") VALUES ($1, $2, $3)', [
          id,
          at.toISOString(),
          by.email,
        ]);
        return true;
      });
      if (erased) scrubber.soon();
      return erased;
    },

    erasureSettled: () => scrubber.settled(),

    async erasures() {
      const { rows } = await pool.query(
        'SELECT "inquiryId", "erasedAt", "erasedBy" FROM "erasures" ORDER BY "erasedAt", "inquiryId"',
      );
      return rows.map((row) => ({
        inquiryId: row.inquiryId as string,
        erasedAt: iso(row.erasedAt) as string,
        erasedBy: row.erasedBy as string,
      }));
    },

    async close() {
      await scrubber.close();
      await pool.end();
    },
  };
}

/** How long after an erasure the scrub waits for more (erasures come in bursts: a customer's several inquiries). */
const SCRUB_AFTER_MS = 2_000;
/** The longest an erasure waits for its scrub to start, however many erasures follow it. */
export const SCRUB_WITHIN_MS = 10_000;
/** After a failed scrub (logged), when it is tried again. */
const SCRUB_RETRY_MS = 20_000;
/**
 * How long a rewrite waits for a table another session holds (a long read, pg_dump):
 * creates queue behind its lock request meanwhile, so it gives up soon and is tried again.
 */
const SCRUB_LOCK_TIMEOUT = '1s';

/** Where the scrub reports a failure: the step and the error's code, never its text. */
export type ScrubLog = (fields: { step: string; code: unknown }, message: string) => void;

const SCRUB_FAILED = `erasure scrub failed: tried again in ${SCRUB_RETRY_MS / 1000} s, or at the next start`;

/** Without the server's logger (a command-line tool): one line on stderr. */
const stderrLog: ScrubLog = (fields, message) => console.error(`${message} (${fields.step}: ${String(fields.code)})`);

/**
 * One scrub: rewrites the tables erasures delete from (VACUUM FULL: new files, the old
 * ones truncated, every index rebuilt), then asks for a CHECKPOINT, and records how
 * many erasures it covers. True if it got through; a failure is logged.
 */
async function scrubOnce(pool: pg.Pool, log: ScrubLog): Promise<boolean> {
  let step = 'count the erasures';
  const client = await pool.connect().catch((error: unknown) => {
    log({ step: 'connect', code: (error as { code?: unknown }).code }, SCRUB_FAILED);
    return undefined;
  });
  if (!client) return false;
  try {
    const { rows } = await client.query('SELECT count(*)::bigint AS "n" FROM "erasures"');
    await client.query(`SET lock_timeout = '${SCRUB_LOCK_TIMEOUT}'`);
    // A rewrite of a large table may take a while (record 150's limits are for requests).
    await client.query('SET statement_timeout = 0');
    const long = longQueries(client);
    for (const table of ERASED_TABLES) {
      step = `VACUUM FULL "${table}"`;
      await long(step);
    }
    step = 'CHECKPOINT';
    // Only superusers and pg_checkpoint members may; the others' old files go at the next automatic one.
    await long('CHECKPOINT').catch((error: { code?: unknown }) => {
      if (error.code !== '42501') throw error;
    });
    step = 'record the scrub';
    await client.query(
      `INSERT INTO "erasureScrubs" ("erasures") VALUES ($1) ON CONFLICT ("one")
       DO UPDATE SET "erasures" = greatest("erasureScrubs"."erasures", excluded."erasures")`,
      [rows[0].n],
    );
    return true;
  } catch (error) {
    log({ step, code: (error as { code?: unknown }).code }, SCRUB_FAILED);
    return false;
  } finally {
    // Its lock_timeout is its own: the connection is closed, not pooled again.
    client.release(true);
  }
}

/** Erasures recorded since the last scrub that got through (a restart cut one short). */
async function scrubPending(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM "erasures") > coalesce((SELECT "erasures" FROM "erasureScrubs"), 0) AS "pending"`,
  );
  return rows[0].pending as boolean;
}

/**
 * After erasures, scrubs the engine's files (scrubOnce): a plain VACUUM leaves the
 * deleted text in the heap's free space and the words in the GIN search index, whose
 * vacuum removes item pointers, not keys. Batched a couple of seconds after the last
 * erasure, but never later than SCRUB_WITHIN_MS after the first one waiting; a failed
 * scrub is logged and tried again; one a restart cut short runs at the next start.
 * The rewrite holds each table's lock for its duration (a second or two at 100,000
 * inquiries), which creates wait out. Records 081, 085.
 */
function erasureScrubber(pool: pg.Pool, log: ScrubLog) {
  let timer: NodeJS.Timeout | undefined;
  /** When the oldest erasure waiting must be scrubbed by. */
  let dueBy: number | undefined;
  let wanted = false;
  let running: Promise<void> | undefined;
  let closing = false;
  const waiters: (() => void)[] = [];

  const runNow = () => {
    clearTimeout(timer);
    timer = undefined;
    dueBy = undefined;
    running ??= run();
  };
  const runIn = (delayMs: number) => {
    const at = Math.min(Date.now() + delayMs, dueBy ?? Number.POSITIVE_INFINITY);
    clearTimeout(timer);
    timer = setTimeout(runNow, Math.max(0, at - Date.now()));
  };
  /** An erasure was committed: scrub soon. */
  const soon = () => {
    wanted = true;
    dueBy ??= Date.now() + SCRUB_WITHIN_MS;
    if (!running) runIn(SCRUB_AFTER_MS);
  };
  const run = async () => {
    while (wanted) {
      wanted = false;
      dueBy = undefined;
      if (!(await scrubOnce(pool, log))) {
        wanted = true;
        if (!closing) runIn(SCRUB_RETRY_MS);
        break;
      }
    }
    running = undefined;
    for (const resolve of waiters.splice(0)) resolve();
  };
  /** Resolves when what is wanted has been tried: waited for, so run now rather than after the pause. */
  const settled = (): Promise<void> => {
    if (!wanted && !running) return Promise.resolve();
    const done = new Promise<void>((resolve) => waiters.push(resolve));
    if (!running) runNow();
    return done;
  };
  return {
    soon,
    settled,
    /** At start: erasures the last scrub did not cover (the process stopped first) are scrubbed soon. */
    async resume() {
      if (await scrubPending(pool)) soon();
    },
    /** Closing: what is wanted is tried once more now; if that fails, the next start does it. */
    async close() {
      closing = true;
      await settled();
      clearTimeout(timer);
    },
  };
}
