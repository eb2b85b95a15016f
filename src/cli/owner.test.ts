// `npm run owner`: the commands against a real SQLite store, and the real CLI
// process with a piped password, as scripts and the browser tests use it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir } from '../../tests/support/databases.js';
import { verifyPassword } from '../server/owner/password.js';
import { openSqliteOwnerStore } from '../server/store/sqlite/sqlite-owner-store.js';
import { parseCommand } from './owner.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function cli(args: string[], input: string, dataDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'owner.ts'), ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('parseCommand', () => {
  it('reads the four commands and lowercases the e-mail', () => {
    expect(parseCommand(['add', 'Owner@Example.com'])).toEqual({ kind: 'add', email: 'owner@example.com' });
    expect(parseCommand(['passwd', 'a@b.co'])).toEqual({ kind: 'passwd', email: 'a@b.co' });
    expect(parseCommand(['remove', 'a@b.co'])).toEqual({ kind: 'remove', email: 'a@b.co' });
    expect(parseCommand(['list'])).toEqual({ kind: 'list' });
    expect(parseCommand([])).toEqual({ kind: 'help' });
  });

  it('refuses what it does not understand', () => {
    expect(parseCommand(['add'])).toMatchObject({ kind: 'error' });
    expect(parseCommand(['add', 'not-an-email'])).toMatchObject({ kind: 'error' });
    expect(parseCommand(['list', 'x'])).toMatchObject({ kind: 'error' });
    expect(parseCommand(['delete', 'a@b.co'])).toMatchObject({ kind: 'error', message: 'Unknown command "delete".' });
  });
});

describe('npm run owner', () => {
  it('adds, lists, changes the password of and removes an owner; the password read from a pipe', async () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    const added = cli(['add', 'Owner@example.com'], 'a long owner passphrase\nignored second line\n', data.dir);
    expect(added).toMatchObject({ code: 0, stdout: 'Added owner@example.com. Sign in at /inbox.\n' });

    const store = openSqliteOwnerStore(data.dir);
    try {
      const owner = (await store.findOwnerByEmail('owner@example.com'))!;
      expect(owner.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(owner.passwordHash, 'a long owner passphrase')).toBe(true);

      expect(cli(['list'], '', data.dir).stdout).toMatch(/^owner@example\.com\tsince \d{4}-/);
      expect(cli(['add', 'owner@example.com'], 'another long passphrase\n', data.dir)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('already exists'),
      });

      // What a thief with the old password could have set up: a push device, the calendar feed, a browser's standing.
      const device = { endpoint: 'https://push.example/send/thief', p256dh: 'k', auth: 'a', label: 'Thief' };
      await store.devices.addPushDevice(owner.id, { ...device, sessionHash: 'a session of theirs' }, new Date());
      const seed = await store.calendarSeed(owner.id);
      const passwd = cli(['passwd', 'owner@example.com'], 'a brand new passphrase\n', data.dir);
      expect(passwd).toMatchObject({
        code: 0,
        stdout:
          'Changed the password of owner@example.com and signed them out everywhere; 1 push device turned off and the calendar feed has a new address.\n',
      });
      const changed = (await store.findOwnerByEmail('owner@example.com'))!;
      expect(await verifyPassword(changed.passwordHash, 'a brand new passphrase')).toBe(true);
      expect(await store.devices.pushDevices(owner.id)).toEqual([]);
      expect(await store.calendarSeed(owner.id)).not.toBe(seed);
      expect(changed.deviceGeneration).toBe(owner.deviceGeneration + 1);

      expect(cli(['remove', 'owner@example.com'], '', data.dir).code).toBe(0);
      expect(await store.listOwners()).toEqual([]);
      expect(cli(['remove', 'owner@example.com'], '', data.dir)).toMatchObject({
        code: 1,
        stderr: 'No owner owner@example.com.\n',
      });
    } finally {
      await store.close();
    }
  });

  it('refuses a short or common password and changes nothing', () => {
    const data = freshDataDir();
    cleanups.push(data.remove);
    expect(cli(['add', 'a@example.com'], 'too short\n', data.dir)).toMatchObject({
      code: 1,
      stderr: 'The password must be at least 12 characters long. Nothing changed.\n',
    });
    expect(cli(['add', 'a@example.com'], 'qwertyuiop123\n', data.dir)).toMatchObject({
      code: 1,
      stderr: 'That password is one of the most common ones: choose another. Nothing changed.\n',
    });
    expect(cli(['list'], '', data.dir).stdout).toBe('No owners yet. Add one: npm run owner -- add EMAIL\n');
  });
});
