// Configuration: defaults, a clear refusal naming each bad variable, and the
// session secret kept in DATA_DIR when none is given.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SESSION_SECRET } from '../../tests/support/builders.js';
import { freshDataDir } from '../../tests/support/databases.js';
import { ConfigError } from './config-error.js';
import { loadConfig, loadStoreConfig } from './config.js';

const removals: (() => void)[] = [];
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
});

/** A fresh, empty directory to act as the working directory. */
function tempDir(): string {
  const data = freshDataDir();
  removals.push(data.remove);
  return data.dir;
}

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      sessionSecret: expect.any(String),
      clientDir: join(cwd, 'dist/client'),
      trustProxy: false,
      minFillMs: 3000,
      limits: {
        sessionsPerIp: { max: 30, windowMs: 600_000 },
        inquiriesPerIp: { max: 60, windowMs: 600_000 },
        inquiriesPerSession: { max: 10, windowMs: 600_000 },
        ownerSignInsPerIp: { max: 20, windowMs: 900_000 },
        ownerSignInsPerAccount: { max: 10, windowMs: 900_000 },
        quotePostsPerLink: { max: 20, windowMs: 600_000 },
        ordersPerStopPerIp: { max: 100, windowMs: 86_400_000 },
      },
      logLevel: 'info',
      notify: {
        smtpUrl: undefined,
        mailFrom: 'Lucky Lime Tacos <hola@luckylimetacos.example>',
        confirmationEmail: true,
        confirmationsPerAddress: 3,
        confirmationsPerHour: 30,
        webhooks: [],
        webhookAllowPrivate: false,
        publicUrl: 'http://localhost:3000',
        publicUrlSet: false,
        leaseMs: 120_000,
      },
      followUp: { escalateAfterMs: 900_000, quoteNudgeDays: 3 },
      payments: { stripe: undefined },
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('treats empty variables as unset', () => {
    const cwd = tempDir();
    const empty = {
      PORT: '',
      HOST: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      SESSION_SECRET: '',
      TRUST_PROXY: '',
      MIN_FILL_SECONDS: '',
      LOG_LEVEL: '',
    };
    const config = loadConfig(empty, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      trustProxy: false,
      minFillMs: 3000,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const cwd = tempDir();
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/curbside',
        DATABASE_URL: 'postgresql://curbside@db.internal:5432/curbside',
        SESSION_SECRET: TEST_SESSION_SECRET,
        CLIENT_DIR: '/srv/site',
        TRUST_PROXY: '1',
        MIN_FILL_SECONDS: '0',
        RATE_LIMIT_SESSIONS_PER_IP: '5',
        RATE_LIMIT_INQUIRIES_PER_IP: '6',
        RATE_LIMIT_INQUIRIES_PER_SESSION: '7',
        RATE_LIMIT_OWNER_SIGNINS_PER_IP: '8',
        RATE_LIMIT_OWNER_SIGNINS_PER_ACCOUNT: '9',
        RATE_LIMIT_QUOTE_POSTS_PER_LINK: '7',
        RATE_LIMIT_ORDERS_PER_STOP_PER_IP: '4',
        LOG_LEVEL: 'warn',
        ESCALATE_AFTER_MINUTES: '30',
        QUOTE_NUDGE_DAYS: '5',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: join(cwd, 'var/curbside'),
      databaseUrl: 'postgresql://curbside@db.internal:5432/curbside',
      sessionSecret: TEST_SESSION_SECRET,
      clientDir: '/srv/site',
      trustProxy: { hops: 1 },
      minFillMs: 0,
      limits: {
        sessionsPerIp: { max: 5, windowMs: 600_000 },
        inquiriesPerIp: { max: 6, windowMs: 600_000 },
        inquiriesPerSession: { max: 7, windowMs: 600_000 },
        ownerSignInsPerIp: { max: 8, windowMs: 900_000 },
        ownerSignInsPerAccount: { max: 9, windowMs: 900_000 },
        quotePostsPerLink: { max: 7, windowMs: 600_000 },
        ordersPerStopPerIp: { max: 4, windowMs: 86_400_000 },
      },
      logLevel: 'warn',
      notify: expect.objectContaining({ publicUrl: 'http://localhost:8080' }),
      followUp: { escalateAfterMs: 1_800_000, quoteNudgeDays: 5 },
      payments: { stripe: undefined },
    });
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['127.0.0.1', { addresses: ['127.0.0.1'] }],
    ['loopback', { addresses: ['loopback'] }],
    ['10.0.0.0/8, 192.0.2.10,::1,fd00::/8', { addresses: ['10.0.0.0/8', '192.0.2.10', '::1', 'fd00::/8'] }],
  ])('reads TRUST_PROXY=%j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw, SESSION_SECRET: TEST_SESSION_SECRET }, tempDir()).trustProxy).toEqual(
      expected,
    );
  });

  it('refuses TRUST_PROXY=true, explaining the leftmost-entry trap and what to set instead', () => {
    const load = () => loadConfig({ TRUST_PROXY: 'true', SESSION_SECRET: TEST_SESSION_SECRET }, tempDir());
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^TRUST_PROXY=true is refused: .*leftmost X-Forwarded-For entry.*TRUST_PROXY=1/);
  });

  it('accepts postgres:// as well as postgresql://', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/db';
    expect(loadConfig({ DATABASE_URL: url, SESSION_SECRET: TEST_SESSION_SECRET }, tempDir()).databaseUrl).toBe(url);
  });

  it('keeps an absolute DATA_DIR as it is', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: TEST_SESSION_SECRET }, '/').dataDir).toBe(dir);
  });
});

describe('loadConfig refuses bad values, naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['PORT', '70000'],
    ['PORT', ' 80'],
    ['MIN_FILL_SECONDS', 'three'],
    ['MIN_FILL_SECONDS', '-3'],
    ['RATE_LIMIT_SESSIONS_PER_IP', '0'],
    ['RATE_LIMIT_INQUIRIES_PER_IP', 'many'],
    ['RATE_LIMIT_INQUIRIES_PER_SESSION', '0'],
    ['RATE_LIMIT_INQUIRIES_PER_SESSION', '1e3'],
    ['RATE_LIMIT_INQUIRIES_PER_IP', '99999999999999999999'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'TRUE'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '::1/129'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '10.0.0.1,nginx'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['DATABASE_URL', 'mysql://root@localhost/curbside'],
    ['DATABASE_URL', 'localhost:5432'],
    ['SESSION_SECRET', 'too-short'],
    ['SESSION_SECRET', 'x'.repeat(31)],
    ['LOG_LEVEL', 'verbose'],
    ['ESCALATE_AFTER_MINUTES', 'soon'],
    ['ESCALATE_AFTER_MINUTES', '1441'],
    ['QUOTE_NUDGE_DAYS', '2.5'],
    ['QUOTE_NUDGE_DAYS', '61'],
  ])('%s=%j', (name, value) => {
    const cwd = tempDir();
    const load = () => loadConfig({ SESSION_SECRET: TEST_SESSION_SECRET, [name]: value }, cwd);
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^${name} must`));
  });

  it('does not echo a refused secret', () => {
    const secret = 'my-private-but-short-secret';
    expect(() => loadConfig({ SESSION_SECRET: secret }, tempDir())).toThrow(
      /^SESSION_SECRET must be at least 32 characters$/,
    );
  });

  it('accepts the boundary values', () => {
    const config = loadConfig(
      {
        PORT: '65535',
        SESSION_SECRET: 'x'.repeat(32),
        RATE_LIMIT_INQUIRIES_PER_SESSION: '1',
        MIN_FILL_SECONDS: '0',
        LOG_LEVEL: 'silent',
        ESCALATE_AFTER_MINUTES: '0',
        QUOTE_NUDGE_DAYS: '0',
      },
      tempDir(),
    );
    expect(config).toMatchObject({ port: 65535, sessionSecret: 'x'.repeat(32), minFillMs: 0, logLevel: 'silent' });
    expect(config.followUp).toEqual({ escalateAfterMs: 0, quoteNudgeDays: 0 });
    expect(config.limits.inquiriesPerSession.max).toBe(1);
  });
});

describe('the session secret', () => {
  it('is made once, kept in DATA_DIR with owner-only access, and reused', () => {
    const dataDir = join(tempDir(), 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    // No temporary files are left behind.
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });

  it('is the same for instances starting at the same time', async () => {
    const dataDir = join(tempDir(), 'data');
    const script = `import { loadConfig } from ${JSON.stringify(new URL('./config.ts', import.meta.url).pathname)};
      process.stdout.write(loadConfig({ DATA_DIR: process.argv[1] }).sessionSecret);`;
    const secrets = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve, reject) => {
            execFile(
              process.execPath,
              ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
              (error, stdout) => (error ? reject(error) : resolve(stdout)),
            );
          }),
      ),
    );
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(secrets[0]);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });

  it('differs between data directories', () => {
    const a = loadConfig({ DATA_DIR: tempDir() });
    const b = loadConfig({ DATA_DIR: tempDir() });
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
  });

  it('uses a secret file that is already there', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'session-secret'), `${'s'.repeat(40)}\n`);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe('s'.repeat(40));
  });

  it('refuses a secret file that holds no usable secret (e.g. left empty by a crash), naming the file', () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'session-secret');
    writeFileSync(file, '');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(file);
    // An explicit SESSION_SECRET still works.
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET }).sessionSecret).toBe(
      TEST_SESSION_SECRET,
    );
  });

  it('is not written when SESSION_SECRET is given', () => {
    const dataDir = join(tempDir(), 'data');
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET }).sessionSecret).toBe(
      TEST_SESSION_SECRET,
    );
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });
});

describe('loadStoreConfig', () => {
  it('finds the store as loadConfig does, and writes nothing', () => {
    const cwd = tempDir();
    expect(loadStoreConfig({}, cwd)).toEqual({ dataDir: join(cwd, 'data'), databaseUrl: undefined });
    expect(loadStoreConfig({ DATA_DIR: 'elsewhere', DATABASE_URL: 'postgres://h/db' }, cwd)).toEqual({
      dataDir: join(cwd, 'elsewhere'),
      databaseUrl: 'postgres://h/db',
    });
    expect(readdirSync(cwd)).toEqual([]);
    expect(() => loadStoreConfig({ DATABASE_URL: 'sqlite://x' }, cwd)).toThrow(/^DATABASE_URL must/);
  });
});
