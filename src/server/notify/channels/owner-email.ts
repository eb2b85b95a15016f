// The owner's e-mail about a new inquiry: every field, Reply-To the customer, to every
// owner account with e-mail notifications on (decision record 031).
import { messageIdFor, ownerEmail, ownerNoticeEmail } from '../messages.js';
import { noticeFor, OWNER_EVENTS, OWNER_NOTICES } from '../notices.js';
import { GONE, type Channel, NO_SMTP, SMTP_POOL, skipped } from './channel.js';

export const ownerEmailChannel: Channel = {
  kind: 'owner-email',
  label: 'Owner e-mail',
  concurrency: SMTP_POOL,
  plan: (config) => (config.smtpUrl ? [null] : []),
  events: ['', ...OWNER_EVENTS],
  async send(
    delivery,
    inquiry,
    { config, mailer, ownerRecipients, fromAddress, signal, graceMs, sale, content: port },
  ) {
    if (!mailer) return skipped(NO_SMTP);
    const content = port.current().content;
    const to = await ownerRecipients();
    if (to.length === 0) {
      return skipped('no owner account receives e-mail notifications (add one: npm run owner -- add EMAIL)');
    }
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    if (delivery.topic !== '') {
      const context = { inquiry, topic: delivery.topic, sale, publicUrl: config.publicUrl, content };
      const notice = await noticeFor(OWNER_NOTICES, context);
      if (!notice) return skipped(GONE);
      return mailer.send(ownerNoticeEmail({ notice, inquiry, to, from: config.mailFrom, messageId }), signal, graceMs);
    }
    // "Mark as contacted" and "Decline", signed for the one owner it goes to, or for none named (record 182).
    const actions = (await sale?.actionLinks(inquiry.id, { emails: to })) ?? [];
    return mailer.send(
      ownerEmail({ inquiry, to, from: config.mailFrom, messageId, publicUrl: config.publicUrl, actions, content }),
      signal,
      graceMs,
    );
  },
  describe: (config) => (config.smtpUrl ? 'To every owner with e-mail on.' : 'Off: SMTP_URL is not set.'),
};
