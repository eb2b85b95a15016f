// Sending e-mail over SMTP with nodemailer: a small pool of connections kept
// open between messages (so the owner's e-mail leaves within a second), every
// step bounded by a timeout. An SMTP 5xx answer is permanent; a 4xx, a refused
// connection or a timeout is worth retrying.
import { Transform } from 'node:stream';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailMessage } from './messages.js';

/** `gone`: the target is gone for good (a webhook's 410), so its channel may forget it. */
export type SendOutcome =
  | { ok: true }
  | { ok: false; permanent: boolean; error: string; retryAfterMs?: number; gone?: boolean };

export interface Mailer {
  /**
   * Sends one message; `signal` aborts it (taken out of the pool's queue, or its
   * connection closed), at once until the message has gone out whole, and after that only
   * once `graceMs` more have passed without the server's answer (record 151).
   */
  send(message: MailMessage, signal?: AbortSignal, graceMs?: number): Promise<SendOutcome>;
  close(): void;
}

/** The key under which a message carries what to call once its last byte went out (read by the stream plugin). */
const ON_WRITTEN = 'curbsideOnWritten';

/** Connections kept open to the SMTP server: the most e-mails in flight at once (the worker claims no more). */
export const SMTP_POOL_SIZE = 5;

/** SMTP_URL without its password, for logs and the settings view. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * On `smtp://` with a password, STARTTLS is required rather than taken when
 * offered: a server (or someone in between) that leaves it out would otherwise
 * receive the password in clear. Loopback relays are trusted as they are.
 */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && url.password !== '' && !LOOPBACK_HOSTS.has(url.hostname);
}

export function createMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: requiresStartTls(smtpUrl),
    pool: true,
    maxConnections: SMTP_POOL_SIZE,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  // A stage at the end of each message's stream: its flush runs once the whole message
  // has passed on towards the socket, the final dot right behind it.
  transport.use('stream', (mail, done) => {
    const onWritten = (mail.data as Record<string, unknown>)[ON_WRITTEN];
    if (typeof onWritten === 'function') {
      mail.message.transform(
        () =>
          new Transform({
            transform: (chunk, _encoding, next) => next(null, chunk),
            flush(next) {
              onWritten();
              next();
            },
          }),
      );
    }
    done();
  });
  return {
    async send(message, signal, graceMs = 0) {
      // Until the message went out whole, an abort cuts the connection at once: the server
      // has not got it. After that it may be accepting it right now; cutting it off then
      // sends it again later (the review saw 4 such repeats under CPU starvation), so its
      // answer is awaited a little longer.
      const cut = new AbortController();
      let written = false;
      let graceTimer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        if (!written) return cut.abort(signal?.reason);
        graceTimer = setTimeout(() => cut.abort(signal?.reason), graceMs);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      try {
        const options: SendMailOptions = {
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
          signal: cut.signal,
        };
        const whole = () => {
          written = true;
        };
        const info = await transport.sendMail(Object.assign(options, { [ON_WRITTEN]: whole }));
        return partlyRefused(info, message.to.length) ?? { ok: true };
      } catch (error) {
        return smtpFailure(error);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(graceTimer);
      }
    },
    close() {
      transport.close();
    },
  };
}

/**
 * A message the server took for some recipients and refused for others is a failure
 * naming the refused ones: sending it again would repeat it to those who have it.
 */
export function partlyRefused(
  info: { rejected?: unknown[]; rejectedErrors?: { recipient?: string; response?: string }[] },
  recipients: number,
): (SendOutcome & { ok: false }) | undefined {
  const refused = (info.rejected ?? []).map(String);
  if (refused.length === 0) return undefined;
  const reasons = refused.map((address) => {
    const reason = info.rejectedErrors?.find((error) => error.recipient === address)?.response;
    return reason ? `${address} (${reason.slice(0, 200)})` : address;
  });
  return {
    ok: false,
    permanent: true,
    error: `sent to ${recipients - refused.length} of ${recipients}; refused: ${reasons.join(', ')}`,
  };
}

/** What a nodemailer error means for the delivery: its SMTP code decides, if it has one. */
export function smtpFailure(error: unknown): SendOutcome & { ok: false } {
  const { responseCode, response, message, code } = error as {
    responseCode?: number;
    response?: string;
    message?: string;
    code?: string;
  };
  const text = (response || message || String(error)).slice(0, 500);
  if (typeof responseCode === 'number') {
    const answer = text.startsWith(String(responseCode)) ? text : `${responseCode} ${text}`;
    return { ok: false, permanent: responseCode >= 500, error: `SMTP ${answer}` };
  }
  return { ok: false, permanent: false, error: code ? `${code}: ${text}` : text };
}
