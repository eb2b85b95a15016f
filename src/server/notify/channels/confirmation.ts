// The customer's confirmation that their inquiry arrived, in the business's name
// (decision record 031; what it may say: messages.ts).
import { confirmationEmail, messageIdFor } from '../messages.js';
import { type Channel, NO_SMTP, SMTP_POOL, skipped } from './channel.js';

export const confirmationChannel: Channel = {
  kind: 'confirmation',
  label: 'Customer confirmation',
  concurrency: SMTP_POOL,
  plan: (config) => (config.smtpUrl && config.confirmationEmail ? [null] : []),
  async send(delivery, inquiry, { config, mailer, fromAddress, signal }) {
    if (!mailer) return skipped(NO_SMTP);
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    return mailer.send(confirmationEmail({ inquiry, from: config.mailFrom, fromAddress, messageId }), signal);
  },
  describe: (config) =>
    !config.smtpUrl
      ? 'Off: SMTP_URL is not set.'
      : config.confirmationEmail
        ? 'To the customer, from the business.'
        : 'Off: CONFIRMATION_EMAIL is off.',
};
