// The owners' accounts on SQLite (account-store.ts), on the owner store's connection.
import type Database from 'better-sqlite3';
import {
  type AccountStore,
  newCalendarToken,
  newOwner,
  normalizeEmail,
  type Owner,
  ownerExists,
} from '../account-store.js';
import type { Prepare } from './sqlite-statements.js';

/** lastSeenAt is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
const OWNER_COLUMNS = 'id, email, createdAt, notifyByEmail, passwordHash';

interface OwnerRow {
  id: string;
  email: string;
  createdAt: string;
  notifyByEmail: number;
  passwordHash: string;
}

const toOwner = (row: OwnerRow): Owner => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt,
  notifyByEmail: row.notifyByEmail === 1,
});

export function sqliteAccountStore(db: Database.Database, prepare: Prepare): AccountStore {
  const ownerIdOf = (email: string) =>
    prepare('SELECT id FROM owners WHERE email = ?').pluck().get(normalizeEmail(email)) as string | undefined;

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
      return row ? { ...toOwner(row), passwordHash: row.passwordHash } : undefined;
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

    async resumeSession(tokenHash, now, idleMs) {
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
    },

    async deleteSession(tokenHash) {
      prepare('DELETE FROM ownerSessions WHERE tokenHash = ?').run(tokenHash);
    },

    async deleteOtherSessions(ownerId, keep) {
      return prepare('DELETE FROM ownerSessions WHERE ownerId = ? AND tokenHash <> ?').run(ownerId, keep).changes;
    },

    async setNotifyByEmail(ownerId, on) {
      return prepare('UPDATE owners SET notifyByEmail = ? WHERE id = ?').run(on ? 1 : 0, ownerId).changes > 0;
    },

    async calendarToken(ownerId) {
      prepare('UPDATE owners SET calendarToken = ? WHERE id = ? AND calendarToken IS NULL').run(
        newCalendarToken(),
        ownerId,
      );
      return prepare('SELECT calendarToken FROM owners WHERE id = ?').pluck().get(ownerId) as string;
    },

    async resetCalendarToken(ownerId) {
      const token = newCalendarToken();
      prepare('UPDATE owners SET calendarToken = ? WHERE id = ?').run(token, ownerId);
      return token;
    },

    async ownerByCalendarToken(token) {
      const row = prepare(`SELECT ${OWNER_COLUMNS} FROM owners WHERE calendarToken = ?`).get(token) as
        | OwnerRow
        | undefined;
      return row ? toOwner(row) : undefined;
    },
  };
}
