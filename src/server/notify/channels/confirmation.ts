// The customer's confirmation that their inquiry arrived, in the business's name
// (decision record 031; what it may say: messages.ts). It goes to an address nobody
// has verified, so it is capped (records 082, 083): at most CONFIRMATIONS_PER_ADDRESS
// to one mailbox in 24 hours (the others are skipped, on record), and
// CONFIRMATIONS_PER_HOUR in all, of which one network (an IPv4 address, an IPv6 /64)
// may take a sixth (record 154: one source must not hold real customers' confirmations
// back); the rest wait an hour. Counted in the outbox itself, so the caps hold across
// restarts and across instances on one PostgreSQL.
import type { ClaimedDelivery, OutboxStore, SendCap } from '../../store/outbox-store.js';
import { confirmationEmail, messageIdFor } from '../messages.js';
import { type Channel, type ChannelOutcome, NO_SMTP, SMTP_POOL, skipped } from './channel.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The confirmations one network may have in an hour: a sixth of CONFIRMATIONS_PER_HOUR, at least one. */
export const perSourceOf = (perHour: number) => Math.max(1, Math.ceil(perHour / 6));

/**
 * Counts a confirmation to `to` against the caps, its subject's (`subjects`: "inquiries",
 * or "orders" for an order's confirmation, record 430) counted apart: undefined when it may
 * go (counted, in the same transaction), else what to settle it with.
 */
export async function overConfirmationCaps(
  outbox: Pick<OutboxStore, 'countSend'>,
  delivery: ClaimedDelivery,
  to: string,
  config: { confirmationsPerHour: number; confirmationsPerAddress: number },
  subjects: 'inquiries' | 'orders',
): Promise<ChannelOutcome | undefined> {
  const now = Date.now();
  const perHour: SendCap = { since: now - HOUR_MS, most: config.confirmationsPerHour };
  const perSource: SendCap = {
    since: now - HOUR_MS,
    most: perSourceOf(config.confirmationsPerHour),
    fromSenderOf: delivery.inquiryId,
  };
  const perAddress: SendCap = { since: now - DAY_MS, most: config.confirmationsPerAddress, to };
  // The hours first: a confirmation that waits for them is not counted against its address.
  const full = await outbox.countSend(delivery, [perHour, perSource, perAddress], now);
  if (full === perHour || full === perSource) {
    return {
      ok: false,
      permanent: false,
      error:
        full === perHour
          ? `${config.confirmationsPerHour} confirmations went out in the last hour (CONFIRMATIONS_PER_HOUR)`
          : `${perSource.most} confirmations went to ${subjects} from this network in the last hour (a sixth of CONFIRMATIONS_PER_HOUR)`,
      retryAfterMs: HOUR_MS,
    };
  }
  if (full === perAddress) {
    return skipped(
      `${config.confirmationsPerAddress} confirmations already went to this address in the last 24 hours (CONFIRMATIONS_PER_ADDRESS)`,
    );
  }
  return undefined;
}

export const confirmationChannel: Channel = {
  kind: 'confirmation',
  label: 'Customer confirmation',
  concurrency: SMTP_POOL,
  plan: (config) => (config.smtpUrl && config.confirmationEmail ? [null] : []),
  async send(delivery, inquiry, { config, mailer, fromAddress, signal, graceMs, outbox, content }) {
    if (!mailer) return skipped(NO_SMTP);
    const capped = await overConfirmationCaps(outbox, delivery, inquiry.email, config, 'inquiries');
    if (capped) return capped;
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    // A send that fails is settled as not sent, and so no longer counts.
    const email = confirmationEmail({
      inquiry,
      from: config.mailFrom,
      fromAddress,
      messageId,
      content: content.current().content,
    });
    return mailer.send(email, signal, graceMs);
  },
  describe: (config) =>
    !config.smtpUrl
      ? 'Off: SMTP_URL is not set.'
      : config.confirmationEmail
        ? `To the customer, from the business (at most ${config.confirmationsPerAddress} to one address a day).`
        : 'Off: CONFIRMATION_EMAIL is off.',
};
