// The owners' accounts on PostgreSQL (account-store.ts), on the owner store's pool.
import type pg from 'pg';
import {
  type AccountStore,
  newCalendarSeed,
  newOwner,
  normalizeEmail,
  type Owner,
  ownerExists,
} from '../account-store.js';
import { inTransaction, iso } from './postgres-transaction.js';

/** lastSeenAt is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
const OWNER_COLUMNS = '"id", "email", "createdAt", "notifyByEmail", "passwordHash", "deviceGeneration"';
/** The device cookies retired and the calendar feed's address changed (record 155): $1 the owner, $2 a new seed. */
const RETIRE_OTHER_WAYS_IN_SQL =
  'UPDATE "owners" SET "deviceGeneration" = "deviceGeneration" + 1, "calendarSeed" = $2 WHERE "id" = $1';

function toOwner(row: Record<string, unknown>): Owner {
  return {
    id: row.id as string,
    email: row.email as string,
    createdAt: iso(row.createdAt) as string,
    notifyByEmail: row.notifyByEmail as boolean,
  };
}

/** The calendar feed's secret per owner (record 120): made on first use, changed on request. */
function calendarSeeds(pool: pg.Pool): Pick<AccountStore, 'calendarSeed' | 'resetCalendarSeed' | 'calendarSeeds'> {
  return {
    async calendarSeed(ownerId) {
      const { rows } = await pool.query(
        `UPDATE "owners" SET "calendarSeed" = coalesce("calendarSeed", $2) WHERE "id" = $1 RETURNING "calendarSeed"`,
        [ownerId, newCalendarSeed()],
      );
      return rows[0].calendarSeed as string;
    },

    async resetCalendarSeed(ownerId) {
      const seed = newCalendarSeed();
      await pool.query('UPDATE "owners" SET "calendarSeed" = $2 WHERE "id" = $1', [ownerId, seed]);
      return seed;
    },

    async calendarSeeds() {
      const { rows } = await pool.query(
        'SELECT "id" AS "ownerId", "calendarSeed" AS "seed" FROM "owners" WHERE "calendarSeed" IS NOT NULL',
      );
      return rows as { ownerId: string; seed: string }[];
    },
  };
}

/** A session resumed: undefined, and deleted, when it expired or sat idle too long; its last use noted at most once a minute. */
async function resumeSession(pool: pg.Pool, tokenHash: string, now: Date, idleMs: number): Promise<Owner | undefined> {
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
}

export function postgresAccountStore(pool: pg.Pool): AccountStore {
  return {
    async createOwner(email, passwordHash, now = new Date()) {
      const owner = newOwner(email, now);
      try {
        await pool.query('INSERT INTO "owners" ("id", "email", "passwordHash", "createdAt") VALUES ($1, $2, $3, $4)', [
          owner.id,
          owner.email,
          passwordHash,
          owner.createdAt,
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw ownerExists(owner);
        throw error;
      }
      return owner;
    },

    async findOwnerByEmail(email) {
      const { rows } = await pool.query(`SELECT ${OWNER_COLUMNS} FROM "owners" WHERE "email" = $1`, [
        normalizeEmail(email),
      ]);
      const row = rows[0];
      return row
        ? {
            ...toOwner(row),
            passwordHash: row.passwordHash as string,
            deviceGeneration: row.deviceGeneration as number,
          }
        : undefined;
    },

    async listOwners() {
      const { rows } = await pool.query(`SELECT ${OWNER_COLUMNS} FROM "owners" ORDER BY "email"`);
      return rows.map(toOwner);
    },

    async setPassword(email, passwordHash) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query(
          'UPDATE "owners" SET "passwordHash" = $2 WHERE "email" = $1 RETURNING "id"',
          [normalizeEmail(email), passwordHash],
        );
        if (!rows[0]) return false;
        await client.query('DELETE FROM "ownerSessions" WHERE "ownerId" = $1', [rows[0].id]);
        await client.query(RETIRE_OTHER_WAYS_IN_SQL, [rows[0].id, newCalendarSeed()]);
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

    resumeSession: (tokenHash, now, idleMs) => resumeSession(pool, tokenHash, now, idleMs),

    async deleteSession(tokenHash) {
      await pool.query('DELETE FROM "ownerSessions" WHERE "tokenHash" = $1', [tokenHash]);
    },

    async signOutOthers(ownerId, keep) {
      return inTransaction(pool, async (client) => {
        await client.query(RETIRE_OTHER_WAYS_IN_SQL, [ownerId, newCalendarSeed()]);
        const { rowCount } = await client.query(
          'DELETE FROM "ownerSessions" WHERE "ownerId" = $1 AND "tokenHash" <> $2',
          [ownerId, keep],
        );
        return rowCount ?? 0;
      });
    },

    async setNotifyByEmail(ownerId, on) {
      const { rowCount } = await pool.query('UPDATE "owners" SET "notifyByEmail" = $2 WHERE "id" = $1', [ownerId, on]);
      return (rowCount ?? 0) > 0;
    },

    ...calendarSeeds(pool),
  };
}
