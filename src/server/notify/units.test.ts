// The pure parts of notifications: the address check against SSRF, Retry-After,
// the signature (checked with the `standardwebhooks` package), the retry
// schedule, the delivery plan and the message text.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { content } from '../../../content/index.js';
import { buildNewInquiry } from '../../../tests/support/builders.js';
import { dayInWords } from '../../shared/date-words.js';
import { newWebhookSecret } from '../../../tests/support/webhook-receiver.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { loadNotifyConfig } from './notify-config.js';
import { requiresStartTls } from './mailer.js';
import { eventDay, isSlackWebhook, ownerSubject, slackPayload, webhookPayload } from './messages.js';
import { isPrivateAddress, retryAfterMs } from './outbound-http.js';
import { signature } from './webhooks.js';
import { createHash } from 'node:crypto';
import { deliveryId } from '../store/outbox-store.js';
import { CHANNELS, deliveryPlan } from './channels/index.js';
import { jittered, RETRY_DELAYS_MS, retryDelayMs } from './retry-policy.js';
import { describeEndpoint } from './webhooks.js';

const storedOf = (overrides: Parameters<typeof buildNewInquiry>[0] = {}): StoredInquiry => {
  const inquiry = buildNewInquiry(overrides);
  return { ...inquiry.document, id: inquiry.id, uid: inquiry.uid, spamReason: inquiry.spamReason };
};

describe('requiresStartTls', () => {
  it('requires STARTTLS before a password goes over smtp:// to another machine', () => {
    expect(requiresStartTls('smtp://user:secret@smtp.example.com:587')).toBe(true);
    // No password to protect, TLS from the first byte, or a relay on this machine: as configured.
    expect(requiresStartTls('smtp://smtp.example.com:25')).toBe(false);
    expect(requiresStartTls('smtps://user:secret@smtp.example.com:465')).toBe(false);
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      expect(requiresStartTls(`smtp://user:secret@${host}:2525`)).toBe(false);
    }
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // IPv4-compatible and 6to4 addresses carrying a private IPv4 one, NAT64's local-use
    // prefix, the old site-local range and the discard prefix.
    '::a00:1',
    '::127.0.0.1',
    '2002:a9fe:a9fe::1',
    '2002:7f00:1::1',
    '64:ff9b::a00:1',
    '64:ff9b:1::a00:1',
    'fec0::1',
    'feff::1',
    '100::1',
    // IPv4-translated (SIIT) and Teredo, which carry an IPv4 address too (review of 2026-11-26, N10).
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:93.184.216.34',
    '2001:4860::8888',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and caps them at a day', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('999999999', now)).toBe(24 * 60 * 60 * 1000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('signature', () => {
  it('is what standardwebhooks signs and verifies', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'inquiry.created', data: { id: 'x', notes: 'ü ✓' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = signature(secret, 'msg_1', timestamp, body);
    const webhook = new Webhook(secret);
    expect(signed).toBe(webhook.sign('msg_1', new Date(timestamp * 1000), body));
    expect(() =>
      webhook.verify(body, {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signed,
      }),
    ).not.toThrow();
  });
});

describe('the retry schedule', () => {
  it('spreads about three days over nine retries, each jittered by at most a fifth', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(RETRY_DELAYS_MS).toHaveLength(9);
    expect(RETRY_DELAYS_MS[0]).toBe(5_000);
    expect(total / 3_600_000).toBeGreaterThan(72);
    expect(total / 3_600_000).toBeLessThan(84);
    expect(jittered(10_000, 0)).toBe(8_000);
    expect(jittered(10_000, 0.5)).toBe(10_000);
    expect(jittered(10_000, 0.999_999)).toBe(12_000);
  });

  it('waits for the longer of the schedule and the endpoint’s Retry-After', () => {
    const HOUR = 3_600_000;
    // Retry-After: 0 (or a second) does not shorten the schedule: ten attempts cannot go in seconds.
    expect(retryDelayMs(RETRY_DELAYS_MS, 1, 0, 0.5)).toBe(5_000);
    expect(retryDelayMs(RETRY_DELAYS_MS, 3, 1_000, 0.5)).toBe(30 * 60_000);
    let total = 0;
    for (let tries = 1; tries <= RETRY_DELAYS_MS.length; tries += 1)
      total += retryDelayMs(RETRY_DELAYS_MS, tries, 0, 0);
    expect(total / HOUR).toBeGreaterThan(48);
    // A longer Retry-After is honoured, up to the day webhooks.ts caps it at.
    expect(retryDelayMs(RETRY_DELAYS_MS, 1, 2 * HOUR, 0.5)).toBe(2 * HOUR);
    expect(retryDelayMs(RETRY_DELAYS_MS, 2, retryAfterMs('999999999'), 0.5)).toBe(24 * HOUR);
    expect(retryDelayMs(RETRY_DELAYS_MS, 2, undefined, 0.5)).toBe(5 * 60_000);
  });
});

describe('deliveryPlan', () => {
  const secret = newWebhookSecret();
  it('plans e-mail only with SMTP, the confirmation unless off, a webhook per endpoint, and nothing for spam', () => {
    const full = loadNotifyConfig(
      {
        SMTP_URL: 'smtp://127.0.0.1:2525',
        WEBHOOK_URLS: `https://a.example/h|${secret},https://b.example/h|${secret}`,
      },
      3000,
    );
    const plan = deliveryPlan(CHANNELS, full);
    expect(plan(buildNewInquiry())).toEqual([
      { kind: 'owner-email', target: null },
      { kind: 'confirmation', target: null },
      { kind: 'webhook', target: 'https://a.example/h' },
      { kind: 'webhook', target: 'https://b.example/h' },
    ]);
    expect(plan(buildNewInquiry({ spamReason: 'too-fast' }))).toEqual([]);
    const noConfirmation = deliveryPlan(
      CHANNELS,
      loadNotifyConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', CONFIRMATION_EMAIL: 'off' }, 3000),
    );
    expect(noConfirmation(buildNewInquiry())).toEqual([{ kind: 'owner-email', target: null }]);
    expect(deliveryPlan(CHANNELS, loadNotifyConfig({}, 3000))(buildNewInquiry())).toEqual([]);
  });

  it('shows an endpoint without its path (a Slack URL’s path is its secret)', () => {
    expect(describeEndpoint('https://hooks.slack.com/services/T1/B2/secret')).toBe('https://hooks.slack.com/…');
    expect(describeEndpoint('https://hooks.example/')).toBe('https://hooks.example');
  });
});

describe('messages', () => {
  it('names the event (or the operation), the day and the guests in the subject', () => {
    const named = storedOf({ document: { eventName: 'Spring fair', eventDate: '2026-12-12', plannedGuestCount: 250 } });
    expect(ownerSubject(named, content)).toBe(
      `New inquiry: Spring fair, ${dayInWords('2026-12-12', content.locale)}, 250 guests`,
    );
    const unnamed = storedOf({ document: { eventName: '', operation: 'Catering', plannedGuestCount: 1 } });
    expect(ownerSubject(unnamed, content)).toMatch(/^New inquiry: Catering, .*\d{4}, 1 guest$/);
    expect(eventDay('2026-12-13', content)).toBe(dayInWords('2026-12-13', content.locale));
    expect(eventDay('2026-12-13', content)).not.toContain('2026-12-13');
  });

  it('gives Slack its { text } with the link, and other endpoints the document with its id', () => {
    const inquiry = storedOf({ document: { firstName: 'Ana <&>' } });
    expect(isSlackWebhook('https://hooks.slack.com/services/T1/B2/c')).toBe(true);
    expect(isSlackWebhook('https://hooks.example/slack')).toBe(false);
    const slack = JSON.parse(slackPayload(inquiry, 'https://tacos.example', content)) as Record<string, string>;
    expect(Object.keys(slack)).toEqual(['text']);
    expect(slack.text).toContain('Ana &lt;&amp;&gt;');
    expect(slack.text).toContain(`<https://tacos.example/inbox?id=${inquiry.id}|Open it in the inbox>`);
    const payload = JSON.parse(webhookPayload(inquiry, 'https://tacos.example'));
    expect(payload).toMatchObject({ type: 'inquiry.created', timestamp: inquiry.createdAt });
    expect(payload.data).toMatchObject({ id: inquiry.id, firstName: 'Ana <&>', email: inquiry.email });
    expect(payload.data).not.toHaveProperty('uid');
    expect(payload.data).not.toHaveProperty('spamReason');
  });
});

describe('deliveryId', () => {
  it('is the same for the same inquiry, kind and target, and cannot be computed without the server’s secret', () => {
    const inquiryId = '6f1c2b1e-0d0a-4c55-9a51-3f4f6a7d0b01';
    const id = deliveryId('secret-one-0123456789abcdefghijklmnop', inquiryId, 'owner-email', null);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryId('secret-one-0123456789abcdefghijklmnop', inquiryId, 'owner-email', null)).toBe(id);
    expect(deliveryId('secret-two-0123456789abcdefghijklmnop', inquiryId, 'owner-email', null)).not.toBe(id);
    expect(deliveryId('secret-one-0123456789abcdefghijklmnop', inquiryId, 'confirmation', null)).not.toBe(id);
    // What the review computed from the inquiry id alone (sha256, no key) is not it.
    const unkeyed = createHash('sha256').update(`${inquiryId}\nowner-email\n`).digest('hex');
    expect(id.replace(/-/g, '').slice(0, 8)).not.toBe(unkeyed.slice(0, 8));
  });
});
