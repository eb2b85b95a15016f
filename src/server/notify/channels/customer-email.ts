// The customer's e-mails about their sale (record 142): their quote with its link,
// and the reminders of the issues that follow; and about their pre-order (record 320).
// Each is sent because the owner acted, so unlike the confirmation it is not capped; but an
// order's confirmation goes to an address a visitor typed, so it has the confirmation's
// caps, orders counted apart (record 430). Each says only what the business wrote
// (notices.ts, order-notices.ts).
import { customerNoticeEmail, messageIdFor } from '../messages.js';
import { CUSTOMER_EVENTS, CUSTOMER_NOTICES, noticeFor } from '../notices.js';
import { ORDER_CUSTOMER_EVENTS, ORDER_CUSTOMER_NOTICES, orderNoticeFor } from '../order-notices.js';
import { ORDER_EVENTS } from '../../store/preorder-store.js';
import { topicEvent } from '../../store/outbox-store.js';
import { type Channel, GONE, NO_SMTP, SMTP_POOL, skipped } from './channel.js';
import { overConfirmationCaps } from './confirmation.js';

export const customerEmailChannel: Channel = {
  kind: 'customer-email',
  label: 'Customer e-mail',
  concurrency: SMTP_POOL,
  plan: (config) => (config.smtpUrl ? [null] : []),
  events: [...CUSTOMER_EVENTS, ...ORDER_CUSTOMER_EVENTS],
  async send(delivery, inquiry, { config, mailer, fromAddress, signal, graceMs, sale, content: port }) {
    if (!mailer) return skipped(NO_SMTP);
    const content = port.current().content;
    const notice = await noticeFor(CUSTOMER_NOTICES, {
      inquiry,
      topic: delivery.topic,
      sale,
      publicUrl: config.publicUrl,
      content,
    });
    if (!notice) return skipped(GONE);
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    return mailer.send(
      customerNoticeEmail({ notice, inquiry, from: config.mailFrom, fromAddress, messageId, content }),
      signal,
      graceMs,
    );
  },
  // An order's confirmation, "Your order is ready", its cancellation (record 320).
  async sendForOrder(delivery, { config, mailer, fromAddress, signal, graceMs, orders, content: port, outbox }) {
    if (!mailer) return skipped(NO_SMTP);
    const content = port.current().content;
    const found = await orderNoticeFor(ORDER_CUSTOMER_NOTICES, delivery.topic, orders, config.publicUrl, content);
    if (!found) return skipped(GONE);
    if (topicEvent(delivery.topic) === ORDER_EVENTS.placed) {
      const capped = await overConfirmationCaps(outbox, delivery, found.order.email, config, 'orders');
      if (capped) return capped;
    }
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    // Greeted and signed off in the language the order was placed in (record 420).
    const to = { firstName: found.order.name, email: found.order.email, language: found.order.language };
    return mailer.send(
      customerNoticeEmail({
        notice: found.notice,
        inquiry: to,
        from: config.mailFrom,
        fromAddress,
        messageId,
        content,
      }),
      signal,
      graceMs,
    );
  },
  describe: (config) =>
    config.smtpUrl
      ? 'To the customer: their quote and their pre-orders, from the business.'
      : 'Off: SMTP_URL is not set.',
};
