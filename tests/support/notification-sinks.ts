// A real SMTP server and webhook receiver for tests that run the server in its
// own process: they count what arrives per inquiry (who sent it, which
// Message-ID or webhook-id) and verify every webhook's signature. A customer's
// confirmation names no inquiry: it is counted by its recipient.
import { setTimeout as sleep } from 'node:timers/promises';
import { startSmtp, type TestSmtp } from './smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface NotificationSinks {
  /** The server's environment for them. */
  env: Record<string, string>;
  /** Inquiry id -> the Message-ID of each owner e-mail about it. */
  mailsByInquiry: Map<string, string[]>;
  /** Customer address -> the Message-ID of each confirmation sent to it. */
  confirmationsTo: Map<string, string[]>;
  /** Every envelope recipient seen. */
  mailsTo: Set<string>;
  /** Inquiry id -> the webhook-id of each webhook about it. */
  hooksByInquiry: Map<string, string[]>;
  unverifiedHooks: number;
  waitForAll(inquiryIds: string[], timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** A real SMTP server and webhook receiver, counting what arrives per inquiry. */
export async function startNotificationSinks(): Promise<NotificationSinks> {
  const smtp: TestSmtp = await startSmtp();
  const hooks: WebhookReceiver = await startWebhookReceiver();
  const sinks: NotificationSinks = {
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'inquiries@crash-test.example',
      CONFIRMATION_EMAIL: 'off',
      WEBHOOK_URLS: `${hooks.base}/hook|${hooks.secret}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      NOTIFY_LEASE_SECONDS: '5',
    },
    mailsByInquiry: new Map(),
    confirmationsTo: new Map(),
    mailsTo: new Set(),
    hooksByInquiry: new Map(),
    unverifiedHooks: 0,
    async waitForAll(inquiryIds, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const missing = inquiryIds.filter(
          (id) => !sinks.mailsByInquiry.has(id) || !sinks.hooksByInquiry.has(id),
        ).length;
        if (missing === 0) return;
        if (Date.now() > deadline) throw new Error(`${missing} acknowledged inquiries still lack a notification`);
        await sleep(100);
      }
    },
    async stop() {
      await smtp.stop();
      await hooks.close();
    },
  };
  // The crash test only needs who and which message: no MIME parsing of thousands of e-mails.
  smtp.parse = false;
  smtp.onAccepted = ({ messageId, inquiryId, rcptTo }) => {
    if (inquiryId) {
      sinks.mailsByInquiry.set(inquiryId, [...(sinks.mailsByInquiry.get(inquiryId) ?? []), messageId]);
      return;
    }
    if (rcptTo.length !== 1)
      throw new Error(`an e-mail without its inquiry's id, to ${rcptTo.join(', ')} (${messageId})`);
    const to = rcptTo[0]!.toLowerCase();
    sinks.confirmationsTo.set(to, [...(sinks.confirmationsTo.get(to) ?? []), messageId]);
  };
  smtp.onEnvelope = (rcptTo) => {
    for (const address of rcptTo) sinks.mailsTo.add(address);
  };
  hooks.onReceived = (hook) => {
    if (hook.verifyError !== undefined) {
      sinks.unverifiedHooks++;
      return;
    }
    const id = (hook.verified as { data: { id: string } }).data.id;
    const webhookId = String(hook.headers['webhook-id']);
    sinks.hooksByInquiry.set(id, [...(sinks.hooksByInquiry.get(id) ?? []), webhookId]);
  };
  return sinks;
}
