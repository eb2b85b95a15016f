// The owners' accounts on SQLite (account-store.ts), on the owner store's connection.
import type Database from 'better-sqlite3';
import {
  type AccountStore,
  newCalendarSeed,
  newOwner,
  normalizeEmail,
  type Owner,
  ownerExists,
} from '../account-store.js';
import type { Prepare } from './sqlite-statements.js';

/** lastSeenAt is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
const OWNER_COLUMNS = 'id, email, createdAt, notifyByEmail, passwordHash, deviceGeneration';

interface OwnerRow {
  id: string;
  email: string;
  createdAt: string;
  notifyByEmail: number;
  passwordHash: string;
  deviceGeneration: number;
}

const toOwner = (row: OwnerRow): Owner => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt,
  notifyByEmail: row.notifyByEmail === 1,
});

/** The calendar feed's secret per owner (record 120): made on first use, changed on request. */
function calendarSeeds(prepare: Prepare): Pick<AccountStore, 'calendarSeed' | 'resetCalendarSeed' | 'calendarSeeds'> {
  return {
    async calendarSeed(ownerId) {
      prepare('UPDATE owners SET calendarSeed = ? WHERE id = ? AND calendarSeed IS NULL').run(
        newCalendarSeed(),
        ownerId,
      );
      return prepare('SELECT calendarSeed FROM owners WHERE id = ?').pluck().get(ownerId) as string;
    },

    async resetCalendarSeed(ownerId) {
      const seed = newCalendarSeed();
      prepare('UPDATE owners SET calendarSeed = ? WHERE id = ?').run(seed, ownerId);
      return seed;
    },

    async calendarSeeds() {
      return prepare('SELECT id AS ownerId, calendarSeed AS seed FROM owners WHERE calendarSeed IS NOT NULL').all() as {
        ownerId: string;
        seed: string;
      }[];
    },
  };
}

/** A session resumed: undefined, and deleted, when it expired or sat idle too long; its last use noted at most once a minute. */
async function resumeSession(
  prepare: Prepare,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<Owner | undefined> {
  const row = prepare(
    `SELECT s.lastSeenAt, s.expiresAt, o.id, o.email, o.createdAt, o.notifyByEmail, o.passwordHash
     FROM ownerSessions s JOIN owners o ON o.id = s.ownerId WHERE s.tokenHash = ?`,
  ).get(tokenHash) as (OwnerRow & { lastSeenAt: string; expiresAt: string }) | undefined;
  if (!row) return undefined;
  const lastSeen = Date.parse(row.lastSeenAt);
  if (Date.parse(row.expiresAt) <= now.getTime() || lastSeen + idleMs <= now.getTime()) {
    prepare('DELETE FROM ownerSessions WHERE tokenHash = ?').run(tokenHash);
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    prepare('UPDATE ownerSessions SET lastSeenAt = ? WHERE tokenHash = ?').run(now.toISOString(), tokenHash);
  }
  return toOwner(row);
}

export function sqliteAccountStore(db: Database.Database, prepare: Prepare): AccountStore {
  const ownerIdOf = (email: string) =>
    prepare('SELECT id FROM owners WHERE email = ?').pluck().get(normalizeEmail(email)) as string | undefined;
  /** The device cookies retired and the calendar feed's address changed (record 155). */
  const retireOtherWaysIn = (id: string) =>
    prepare('UPDATE owners SET deviceGeneration = deviceGeneration + 1, calendarSeed = ? WHERE id = ?').run(
      newCalendarSeed(),
      id,
    );

  return {
    async createOwner(email, passwordHash, now = new Date()) {
      const owner = newOwner(email, now);
      try {
        prepare('INSERT INTO owners (id, email, passwordHash, createdAt) VALUES (?, ?, ?, ?)').run(
          owner.id,
          owner.email,
          passwordHash,
          owner.createdAt,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw ownerExists(owner);
        throw error;
      }
      return owner;
    },

    async findOwnerByEmail(email) {
      const row = prepare(`SELECT ${OWNER_COLUMNS} FROM owners WHERE email = ?`).get(normalizeEmail(email)) as
        | OwnerRow
        | undefined;
      return row
        ? { ...toOwner(row), passwordHash: row.passwordHash, deviceGeneration: row.deviceGeneration }
        : undefined;
    },

    async listOwners() {
      return (prepare(`SELECT ${OWNER_COLUMNS} FROM owners ORDER BY email`).all() as OwnerRow[]).map(toOwner);
    },

    async setPassword(email, passwordHash) {
      return db
        .transaction(() => {
          const id = ownerIdOf(email);
          if (!id) return false;
          prepare('UPDATE owners SET passwordHash = ? WHERE id = ?').run(passwordHash, id);
          prepare('DELETE FROM ownerSessions WHERE ownerId = ?').run(id);
          retireOtherWaysIn(id);
          return true;
        })
        .immediate();
    },

    async removeOwner(email) {
      return db
        .transaction(() => {
          const id = ownerIdOf(email);
          if (!id) return false;
          prepare('DELETE FROM ownerSessions WHERE ownerId = ?').run(id);
          prepare('DELETE FROM owners WHERE id = ?').run(id);
          return true;
        })
        .immediate();
    },

    async createSession(session) {
      prepare(
        'INSERT INTO ownerSessions (tokenHash, ownerId, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?)',
      ).run(session.tokenHash, session.ownerId, session.createdAt, session.createdAt, session.expiresAt);
    },

    resumeSession: (tokenHash, now, idleMs) => resumeSession(prepare, tokenHash, now, idleMs),

    async deleteSession(tokenHash) {
      prepare('DELETE FROM ownerSessions WHERE tokenHash = ?').run(tokenHash);
    },

    async signOutOthers(ownerId, keep) {
      return db
        .transaction(() => {
          retireOtherWaysIn(ownerId);
          return prepare('DELETE FROM ownerSessions WHERE ownerId = ? AND tokenHash <> ?').run(ownerId, keep).changes;
        })
        .immediate();
    },

    async setNotifyByEmail(ownerId, on) {
      return prepare('UPDATE owners SET notifyByEmail = ? WHERE id = ?').run(on ? 1 : 0, ownerId).changes > 0;
    },

    ...calendarSeeds(prepare),
  };
}
