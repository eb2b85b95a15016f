// The customer's confirmation that their inquiry arrived, in the business's name
// (decision record 031; what it may say: messages.ts). It goes to an address nobody
// has verified, so it is capped (record 082): at most CONFIRMATIONS_PER_ADDRESS to one
// address in 24 hours (the others are skipped, on record), and CONFIRMATIONS_PER_HOUR
// in all (the rest wait for the next hour).
import { confirmationEmail, messageIdFor } from '../messages.js';
import type { NotifyConfig } from '../notify-config.js';
import { type Channel, NO_SMTP, SMTP_POOL, skipped } from './channel.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** When confirmations went out (or are going out), in this server process. */
class SentTimes {
  private readonly times = new Map<string, number[]>();
  /** How many since `since` for `key`, forgetting older ones. */
  count(key: string, since: number): number {
    const recent = (this.times.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.times.delete(key);
    else this.times.set(key, recent);
    return recent.length;
  }
  add(key: string, at: number): void {
    this.times.set(key, [...(this.times.get(key) ?? []), at]);
  }
  /** Takes back one (a send that failed, so it did not count). */
  remove(key: string, at: number): void {
    const times = this.times.get(key) ?? [];
    const index = times.indexOf(at);
    if (index >= 0) times.splice(index, 1);
  }
}

// Each server's own counts (its NotifyConfig is made once at start), kept in its process:
// a restart forgets them, and several instances each count their own (record 082).
const sent = new WeakMap<NotifyConfig, SentTimes>();
const ALL = '';

export const confirmationChannel: Channel = {
  kind: 'confirmation',
  label: 'Customer confirmation',
  concurrency: SMTP_POOL,
  plan: (config) => (config.smtpUrl && config.confirmationEmail ? [null] : []),
  async send(delivery, inquiry, { config, mailer, fromAddress, signal }) {
    if (!mailer) return skipped(NO_SMTP);
    const times = sent.get(config) ?? sent.set(config, new SentTimes()).get(config)!;
    const address = inquiry.email.toLowerCase();
    const now = Date.now();
    // Counted before the send (synchronously, so concurrent sends cannot all pass), taken back if it fails.
    if (times.count(address, now - DAY_MS) >= config.confirmationsPerAddress) {
      return skipped(
        `${config.confirmationsPerAddress} confirmations already went to this address in the last 24 hours (CONFIRMATIONS_PER_ADDRESS)`,
      );
    }
    if (times.count(ALL, now - HOUR_MS) >= config.confirmationsPerHour) {
      return {
        ok: false,
        permanent: false,
        error: `${config.confirmationsPerHour} confirmations went out in the last hour (CONFIRMATIONS_PER_HOUR)`,
        retryAfterMs: HOUR_MS,
      };
    }
    times.add(address, now);
    times.add(ALL, now);
    const messageId = messageIdFor(delivery.id, fromAddress, delivery.sentAt);
    const outcome = await mailer.send(
      confirmationEmail({ inquiry, from: config.mailFrom, fromAddress, messageId }),
      signal,
    );
    if (!outcome.ok) {
      times.remove(address, now);
      times.remove(ALL, now);
    }
    return outcome;
  },
  describe: (config) =>
    !config.smtpUrl
      ? 'Off: SMTP_URL is not set.'
      : config.confirmationEmail
        ? `To the customer, from the business (at most ${config.confirmationsPerAddress} to one address a day).`
        : 'Off: CONFIRMATION_EMAIL is off.',
};
