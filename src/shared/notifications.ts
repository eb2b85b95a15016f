// What the inbox shows of notifications (the owner's API answers these shapes;
// the inbox's pages read them). Shared, so the two cannot drift apart.

export type DeliveryKindName = 'owner-email' | 'confirmation' | 'webhook';

/** queued: not tried yet; retrying: tried, next attempt at nextAttemptAt; sent; failed (reason in lastError); skipped: nothing to send it to. */
export type DeliveryStatus = 'queued' | 'retrying' | 'sent' | 'failed' | 'skipped';

export interface DeliveryAttemptView {
  at: string;
  outcome: 'sent' | 'retry' | 'failed' | 'skipped';
  error: string | null;
}

export interface DeliveryView {
  id: string;
  kind: DeliveryKindName;
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

export const DELIVERY_LABELS: Record<DeliveryKindName, string> = {
  'owner-email': 'Owner e-mail',
  confirmation: 'Customer confirmation',
  webhook: 'Webhook',
};

export interface NotificationSettingsView {
  email: { configured: boolean; server: string | null; from: string; confirmation: boolean };
  webhooks: { endpoint: string; slack: boolean }[];
  deliveries: Record<DeliveryKindName, Record<'queued' | 'sent' | 'failed' | 'skipped', number>>;
}
