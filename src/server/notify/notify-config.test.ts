// The notification variables: each read as documented, each bad value refused
// with the variable's name and without echoing a password or a secret.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.js';
import { loadNotifyConfig, mailAddress, secretKey } from './notify-config.js';

const secret = () => `whsec_${randomBytes(24).toString('base64')}`;

describe('loadNotifyConfig', () => {
  it('reads every variable', () => {
    const first = secret();
    const second = secret();
    const config = loadNotifyConfig(
      {
        SMTP_URL: 'smtps://owner%40tacos.example:p%40ss@mail.example:465',
        MAIL_FROM: 'Lucky Lime Tacos <hello@tacos.example>',
        CONFIRMATION_EMAIL: 'off',
        CONFIRMATIONS_PER_ADDRESS: '5',
        CONFIRMATIONS_PER_HOUR: '0',
        WEBHOOK_URLS: `https://hooks.example/a|${first}, https://hooks.slack.com/services/T1/B2/c3|${second}`,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        PUBLIC_URL: 'https://tacos.example/',
        NOTIFY_LEASE_SECONDS: '30',
      },
      3000,
    );
    expect(config).toEqual({
      smtpUrl: 'smtps://owner%40tacos.example:p%40ss@mail.example:465',
      mailFrom: 'Lucky Lime Tacos <hello@tacos.example>',
      confirmationEmail: false,
      confirmationsPerAddress: 5,
      confirmationsPerHour: 0,
      webhooks: [
        { url: 'https://hooks.example/a', secret: first },
        { url: 'https://hooks.slack.com/services/T1/B2/c3', secret: second },
      ],
      webhookAllowPrivate: true,
      publicUrl: 'https://tacos.example',
      publicUrlSet: true,
      leaseMs: 30_000,
    });
    expect(secretKey(first)).toHaveLength(24);
  });

  it.each([
    ['on', true],
    ['off', false],
    ['', true],
  ])('reads CONFIRMATION_EMAIL=%j', (raw, expected) => {
    expect(loadNotifyConfig({ CONFIRMATION_EMAIL: raw }, 3000).confirmationEmail).toBe(expected);
  });

  it('takes a bare MAIL_FROM address as it is', () => {
    expect(loadNotifyConfig({ MAIL_FROM: 'inquiries@tacos.example' }, 3000).mailFrom).toBe('inquiries@tacos.example');
  });

  it.each([
    ['SMTP_URL', 'mail.example:25'],
    ['SMTP_URL', 'http://mail.example'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Tacos <nowhere>'],
    ['CONFIRMATION_EMAIL', 'yes'],
    ['WEBHOOK_URLS', 'https://hooks.example/a'],
    ['WEBHOOK_URLS', `ftp://hooks.example/a|${secret()}`],
    ['WEBHOOK_URLS', 'https://hooks.example/a|whsec_'],
    ['WEBHOOK_URLS', 'https://hooks.example/a|not-a-secret'],
    ['WEBHOOK_URLS', `https://user:pw@hooks.example/a|${secret()}`],
    ['WEBHOOK_URLS', `https://hooks.example/a|${secret()},https://HOOKS.example/a|${secret()}`],
    ['WEBHOOK_ALLOW_PRIVATE', 'yes'],
    ['PUBLIC_URL', 'tacos.example'],
    ['PUBLIC_URL', 'https://tacos.example/?x=1'],
    ['NOTIFY_LEASE_SECONDS', '1'],
  ])('refuses %s=%j, naming it', (name, value) => {
    const load = () => loadNotifyConfig({ [name]: value }, 3000);
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^${name} must`));
  });

  it('does not echo the SMTP password or a webhook secret', () => {
    expect(() => loadNotifyConfig({ SMTP_URL: 'imap://u:hunter2@mail.example' }, 3000)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
    expect(() => loadNotifyConfig({ WEBHOOK_URLS: 'https://h.example|whsec_hunter2' }, 3000)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('mailAddress', () => {
  it.each([
    ['a@b.example', 'a@b.example'],
    ['Tacos <a@b.example>', 'a@b.example'],
    ['"Lucky, Lime" <a@b.example>', 'a@b.example'],
    ['nobody', undefined],
  ])('%s', (value, address) => {
    expect(mailAddress(value)).toBe(address);
  });
});
