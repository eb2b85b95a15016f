// The AccountStore contract (account-store.ts) on a real SQLite file and a real
// PostgreSQL server: owners, their sessions.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import { OwnerExistsError } from './account-store.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(OWNER_STORE_ENGINES)('AccountStore contract on $name', (engine) => {
  const open = freshOwnerStores(engine);

  describe('accounts', () => {
    it('creates owners with lowercased e-mails, finds them with their hash, lists them', async () => {
      const { owners } = await open();
      const created = await owners.createOwner('  Owner@Example.COM ', 'hash-1');
      await owners.createOwner('helper@example.com', 'hash-2');
      expect(created).toMatchObject({ email: 'owner@example.com', notifyByEmail: true });
      expect(await owners.findOwnerByEmail('OWNER@example.com')).toEqual({
        ...created,
        passwordHash: 'hash-1',
        deviceGeneration: 0,
      });
      expect(await owners.findOwnerByEmail('nobody@example.com')).toBeUndefined();
      expect((await owners.listOwners()).map((owner) => owner.email)).toEqual([
        'helper@example.com',
        'owner@example.com',
      ]);
    });

    it('refuses a second owner with the same e-mail, whatever its case', async () => {
      const { owners } = await open();
      await owners.createOwner('owner@example.com', 'hash');
      await expect(owners.createOwner('OWNER@example.com', 'other')).rejects.toBeInstanceOf(OwnerExistsError);
      expect(await owners.listOwners()).toHaveLength(1);
    });

    it('a password change ends every session of that owner only', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'old');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + DAY).toISOString();
      await owners.createSession({ tokenHash: 'a', ownerId: owner.id, createdAt: now.toISOString(), expiresAt });
      await owners.createSession({ tokenHash: 'b', ownerId: helper.id, createdAt: now.toISOString(), expiresAt });
      expect(await owners.setPassword('owner@example.com', 'new')).toBe(true);
      expect((await owners.findOwnerByEmail('owner@example.com'))!.passwordHash).toBe('new');
      expect(await owners.resumeSession('a', now, DAY)).toBeUndefined();
      expect(await owners.resumeSession('b', now, DAY)).toMatchObject({ email: 'helper@example.com' });
      expect(await owners.setPassword('nobody@example.com', 'x')).toBe(false);
    });

    it('a password change and "Sign out other devices" retire the device cookies and the feed’s address too (record 155)', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'old');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + DAY).toISOString();
      for (const tokenHash of ['mine', 'theirs'])
        await owners.createSession({ tokenHash, ownerId: owner.id, createdAt: now.toISOString(), expiresAt });
      const generation = async (email: string) => (await owners.findOwnerByEmail(email))!.deviceGeneration;
      const seed = await owners.calendarSeed(owner.id);
      const helpersSeed = await owners.calendarSeed(helper.id);
      expect(await generation('owner@example.com')).toBe(0);

      expect(await owners.signOutOthers(owner.id, 'mine')).toBe(1);
      expect(await owners.resumeSession('mine', now, DAY)).toMatchObject({ id: owner.id });
      expect(await owners.resumeSession('theirs', now, DAY)).toBeUndefined();
      expect(await generation('owner@example.com')).toBe(1);
      const newSeed = await owners.calendarSeed(owner.id);
      expect(newSeed).not.toBe(seed);

      expect(await owners.setPassword('owner@example.com', 'new')).toBe(true);
      expect(await generation('owner@example.com')).toBe(2);
      expect(await owners.calendarSeed(owner.id)).not.toBe(newSeed);
      // The other owner's are untouched.
      expect(await generation('helper@example.com')).toBe(0);
      expect(await owners.calendarSeed(helper.id)).toBe(helpersSeed);
      expect((await owners.calendarSeeds()).map((entry) => entry.ownerId).sort()).toEqual([owner.id, helper.id].sort());
    });

    it('a removed owner is gone with every session', async () => {
      const opened = await open();
      const owner = await opened.owners.createOwner('owner@example.com', 'hash');
      const now = new Date();
      await opened.owners.createSession({
        tokenHash: 'token-hash',
        ownerId: owner.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DAY).toISOString(),
      });
      expect(await opened.owners.removeOwner('Owner@example.com')).toBe(true);
      expect(await opened.owners.resumeSession('token-hash', now, DAY)).toBeUndefined();
      expect(await opened.rows('ownerSessions')).toEqual([]);
      expect(await opened.owners.listOwners()).toEqual([]);
      expect(await opened.owners.removeOwner('owner@example.com')).toBe(false);
    });
  });

  describe('sessions', () => {
    it('a live session gives its owner; signing out ends it', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const now = new Date();
      await owners.createSession({
        tokenHash: 'h',
        ownerId: owner.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DAY).toISOString(),
      });
      expect(await owners.resumeSession('h', now, DAY)).toEqual(owner);
      expect(await owners.resumeSession('unknown', now, DAY)).toBeUndefined();
      await owners.deleteSession('h');
      expect(await owners.resumeSession('h', now, DAY)).toBeUndefined();
    });

    it('ends at its absolute expiry, and after being idle too long, even when used in between', async () => {
      const opened = await open();
      const owner = await opened.owners.createOwner('owner@example.com', 'hash');
      const start = new Date('2026-01-01T00:00:00.000Z');
      const later = (ms: number) => new Date(start.getTime() + ms);
      await opened.owners.createSession({
        tokenHash: 'abs',
        ownerId: owner.id,
        createdAt: start.toISOString(),
        expiresAt: later(3 * DAY).toISOString(),
      });
      // Used every 20 hours with a one-day idle limit: alive until the absolute end.
      for (const hours of [20, 40, 60]) {
        expect(await opened.owners.resumeSession('abs', later(hours * 60 * MINUTE), DAY)).toBeDefined();
      }
      expect(await opened.owners.resumeSession('abs', later(3 * DAY), DAY)).toBeUndefined();

      await opened.owners.createSession({
        tokenHash: 'idle',
        ownerId: owner.id,
        createdAt: start.toISOString(),
        expiresAt: later(30 * DAY).toISOString(),
      });
      expect(await opened.owners.resumeSession('idle', later(DAY - MINUTE), DAY)).toBeDefined();
      expect(await opened.owners.resumeSession('idle', later(2 * DAY), DAY)).toBeUndefined();
      // An expired session is deleted, not just refused.
      expect(await opened.rows('ownerSessions')).toEqual([]);
    });
  });
});
