// A signed JSON copy of each new inquiry to every WEBHOOK_URLS endpoint (Standard
// Webhooks; Slack's own format for a Slack URL), decision record 032.
import { isSlackWebhook, slackPayload, webhookPayload } from '../messages.js';
import { OUTBOUND_TIMEOUT_MS } from '../outbound-http.js';
import { sendWebhook } from '../webhooks.js';
import { type Channel, skipped } from './channel.js';

export const webhookChannel: Channel = {
  kind: 'webhook',
  label: 'Webhook',
  timeoutMs: OUTBOUND_TIMEOUT_MS,
  plan: (config) => config.webhooks.map((endpoint) => endpoint.url),
  async send(delivery, inquiry, { config, signal }) {
    const endpoint = config.webhooks.find((candidate) => candidate.url === delivery.target);
    if (!endpoint) return skipped('this endpoint is no longer in WEBHOOK_URLS');
    const body = isSlackWebhook(endpoint.url)
      ? slackPayload(inquiry, config.publicUrl)
      : webhookPayload(inquiry, config.publicUrl);
    return sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      id: `msg_${delivery.id}`,
      body,
      allowPrivate: config.webhookAllowPrivate,
      signal,
    });
  },
  describe: (config) =>
    config.webhooks.length === 0
      ? 'Off: WEBHOOK_URLS is not set.'
      : `A signed copy to each endpoint in WEBHOOK_URLS (${config.webhooks.length}).`,
};
