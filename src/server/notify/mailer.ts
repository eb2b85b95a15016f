// Sending e-mail over SMTP with nodemailer: a small pool of connections kept
// open between messages (so the owner's e-mail leaves within a second), every
// step bounded by a timeout. An SMTP 5xx answer is permanent; a 4xx, a refused
// connection or a timeout is worth retrying.
import nodemailer from 'nodemailer';
import type { MailMessage } from './messages.js';

export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string; retryAfterMs?: number };

export interface Mailer {
  send(message: MailMessage): Promise<SendOutcome>;
  close(): void;
}

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
    maxConnections: 5,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
        });
        return { ok: true };
      } catch (error) {
        return smtpFailure(error);
      }
    },
    close() {
      transport.close();
    },
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
