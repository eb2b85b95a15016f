// What the inbox shows of notifications (the owner's API answers these shapes;
// the inbox's pages read them). Shared, so the two cannot drift apart.

/** queued: not tried yet; retrying: tried, next attempt at nextAttemptAt; sent; failed (reason in lastError); skipped: nothing to send it to. */
export type DeliveryStatus = 'queued' | 'retrying' | 'sent' | 'failed' | 'skipped';

export interface DeliveryAttemptView {
  at: string;
  outcome: 'sent' | 'retry' | 'failed' | 'skipped';
  error: string | null;
}

export interface DeliveryView {
  id: string;
  /** The channel ('owner-email', 'webhook', …) and what the inbox calls it ('Owner e-mail'). */
  kind: string;
  label: string;
  /** The webhook endpoint, without its path (a Slack URL's path is its secret); null for e-mail. */
  target: string | null;
  status: DeliveryStatus;
  /** For queued and retrying: when it goes (again). */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  attempts: DeliveryAttemptView[];
}

export interface NotificationSettingsView {
  email: { configured: boolean; server: string | null; from: string; confirmation: boolean };
  webhooks: { endpoint: string; slack: boolean }[];
  /** Every channel the server has, in its order, with how it is set up and its deliveries so far. */
  channels: ChannelView[];
  /** Where the links in notifications lead (PUBLIC_URL), and whether it was set at all. */
  links: { base: string; set: boolean };
  /** Trouble of the outbox itself: inquiries whose notifications could not be written out, the worker's last error. */
  trouble: { setAside: number; setAsideError: string | null; lastWorkerErrorAt: string | null };
}

export interface ChannelView {
  kind: string;
  label: string;
  /** How it is set up, in a sentence ("Off: SMTP_URL is not set."). */
  description: string;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}
