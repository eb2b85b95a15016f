// The notifications as the server uses them: the outbox worker (worker.ts) with every
// channel's services, and what is e-mail's and webhooks' own beside it: the SMTP
// transport (made from SMTP_URL, closed at stop), what the start says about the set-up,
// the test e-mail, and the Notifications page's view of it all.
import { randomUUID } from 'node:crypto';
import type { NotificationSettingsView } from '../../shared/notifications.js';
import { countsOf } from '../store/outbox-store.js';
import type { Channel, ChannelServices, OwnerRecipients, PushServices, SaleServices } from './channels/channel.js';
import { NO_SMTP } from './channels/channel.js';
import { CHANNELS } from './channels/index.js';
import { createMailer, describeSmtpUrl, type Mailer, type SendOutcome } from './mailer.js';
import { isSlackWebhook, messageIdFor, testEmail } from './messages.js';
import { mailAddress, type NotifyConfig } from './notify-config.js';
import type { OrderServices } from './order-notices.js';
import { describeEndpoint } from './webhooks.js';
import type { ContentPort } from '../site/content-port.js';
import { createOutboxWorker, type Logger, type OutboxWorker, type WorkerOptions } from './worker.js';

export type { OwnerRecipients } from './channels/channel.js';
export type { NotifierHealth } from './worker.js';

export interface NotifierOptions extends Omit<WorkerOptions, 'channels' | 'services'> {
  config: NotifyConfig;
  ownerRecipients: OwnerRecipients;
  /** The owners' push devices and keys (the push channel sends nothing without them). */
  push?: PushServices;
  /** The sale's records its events' notices read. */
  sale?: SaleServices;
  /** The pre-orders an order's notices read (record 320). */
  orders?: OrderServices;
  /** Default: every channel (channels/index.ts). */
  channels?: readonly Channel[];
  /** Default: nodemailer on SMTP_URL, or none without it. */
  mailer?: Mailer | undefined;
  /** The site's live content (record 251): the messages are written from it at send time. */
  content: ContentPort;
}

export interface Notifier extends OutboxWorker {
  /** Sends a test e-mail straight away (not through the outbox). */
  sendTestEmail(to: string): Promise<SendOutcome>;
  status(): Promise<NotificationSettingsView>;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const {
    config,
    ownerRecipients,
    push,
    sale,
    orders,
    content,
    channels = CHANNELS,
    mailer: _given,
    ...workerOptions
  } = options;
  const { outbox, log } = workerOptions;
  const mailer = 'mailer' in options ? options.mailer : config.smtpUrl ? createMailer(config.smtpUrl) : undefined;
  const fromAddress = mailAddress(config.mailFrom) ?? config.mailFrom;
  const services: ChannelServices = {
    config,
    mailer,
    ownerRecipients,
    fromAddress,
    push,
    outbox,
    sale,
    orders,
    content,
  };
  const worker = createOutboxWorker({ ...workerOptions, channels, services });

  return {
    ...worker,
    async start() {
      announce(config, log);
      await worker.start();
    },
    async stop() {
      await worker.stop();
      mailer?.close();
    },
    async sendTestEmail(to) {
      if (!mailer) return { ok: false, permanent: true, error: NO_SMTP };
      return mailer.send(
        testEmail({
          to,
          from: config.mailFrom,
          messageId: messageIdFor(randomUUID(), fromAddress),
          publicUrl: config.publicUrl,
          content: content.current().content,
        }),
      );
    },
    async status() {
      const [summary, figures] = await Promise.all([outbox.summary(), outbox.figures(Date.now())]);
      return {
        email: {
          configured: mailer !== undefined,
          server: config.smtpUrl ? describeSmtpUrl(config.smtpUrl) : null,
          from: config.mailFrom,
          confirmation: config.smtpUrl !== undefined && config.confirmationEmail,
        },
        webhooks: config.webhooks.map((endpoint) => ({
          endpoint: describeEndpoint(endpoint.url),
          slack: isSlackWebhook(endpoint.url),
        })),
        channels: channels.map((channel) => ({
          kind: channel.kind,
          label: channel.label,
          description: channel.describe(config),
          ...countsOf(summary, channel.kind),
        })),
        links: { base: config.publicUrl, set: config.publicUrlSet },
        trouble: {
          setAside: figures.setAside,
          setAsideError: figures.setAsideError,
          lastWorkerErrorAt: worker.lastErrorAt(),
        },
      };
    },
  };
}

/** What the start says about the set-up: e-mail on or off, the webhooks, and a PUBLIC_URL that is missing. */
function announce(config: NotifyConfig, log: Logger): void {
  if (config.smtpUrl) {
    log.info(`E-mail notifications: on, through ${describeSmtpUrl(config.smtpUrl)}, from ${config.mailFrom}`);
  } else {
    log.warn('E-mail notifications: off (SMTP_URL is not set); inquiries are still stored for the inbox');
  }
  if (config.webhooks.length > 0) log.info(`Webhooks: ${config.webhooks.length} endpoint(s)`);
  if ((config.smtpUrl || config.webhooks.length > 0) && !config.publicUrlSet) {
    log.warn(
      `PUBLIC_URL is not set: the inbox links in e-mails and webhooks point to ${config.publicUrl}. ` +
        'Set PUBLIC_URL to the site’s address (https://…).',
    );
  }
}
