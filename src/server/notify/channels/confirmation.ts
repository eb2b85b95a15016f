// The customer's confirmation that their inquiry arrived, in the business's name
// (decision record 031; what it may say: messages.ts).
import { confirmationEmail, messageIdFor } from '../messages.js';
import { type Channel, NO_SMTP, skipped } from './channel.js';

export const confirmationChannel: Channel = {
  kind: 'confirmation',
  label: 'Customer confirmation',
  plan: (config) => (config.smtpUrl && config.confirmationEmail ? [null] : []),
  async send(delivery, inquiry, { config, mailer, fromAddress }) {
    if (!mailer) return skipped(NO_SMTP);
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    return mailer.send(confirmationEmail({ inquiry, from: config.mailFrom, fromAddress, messageId }));
  },
  describe: (config) =>
    !config.smtpUrl
      ? 'Off: SMTP_URL is not set.'
      : config.confirmationEmail
        ? 'To the customer, from the business.'
        : 'Off: CONFIRMATION_EMAIL is off.',
};
