// A signed JSON copy of each new inquiry to every WEBHOOK_URLS endpoint (Standard
// Webhooks; Slack's own format for a Slack URL), decision record 032.
import { topicEvent, topicRef } from '../../store/outbox-store.js';
import { DEPOSIT_PAID_EVENT } from '../../store/payment-store.js';
import { QUOTE_EVENTS } from '../../store/quote-store.js';
import { isSlackWebhook, saleWebhookPayload, slackPayload, webhookPayload } from '../messages.js';
import { OUTBOUND_TIMEOUT_MS } from '../outbound-http.js';
import { sendWebhook } from '../webhooks.js';
import { type Channel, type ChannelContext, GONE, skipped } from './channel.js';
import type { StoredInquiry } from '../../store/inquiry-store.js';
import type { ClaimedDelivery } from '../../store/outbox-store.js';

/**
 * The body for an event of the sale (Standard Webhooks JSON; a Slack URL gets its text):
 * the quote it is about (a deposit's: the one its payment paid towards), with what the
 * inquiry has paid; undefined if it is gone.
 */
async function saleEventBody(
  delivery: ClaimedDelivery,
  inquiry: StoredInquiry,
  context: ChannelContext,
  slack: boolean,
) {
  const { sale } = context;
  const content = context.content.current().content;
  if (!sale) return undefined;
  const event = topicEvent(delivery.topic);
  const ref = topicRef(delivery.topic);
  const payment = event === DEPOSIT_PAID_EVENT ? await sale.payment(ref) : undefined;
  const quote = await sale.quote(event === DEPOSIT_PAID_EVENT ? (payment?.quoteId ?? '') : ref);
  if (!quote) return undefined;
  if (slack) return slackPayload(inquiry, context.config.publicUrl, content, { event, quote });
  return saleWebhookPayload({
    inquiry,
    quote,
    event,
    figures: await sale.figures(inquiry),
    payment,
    at: new Date().toISOString(),
    publicUrl: context.config.publicUrl,
    content,
  });
}

export const webhookChannel: Channel = {
  kind: 'webhook',
  label: 'Webhook',
  timeoutMs: OUTBOUND_TIMEOUT_MS,
  plan: (config) => config.webhooks.map((endpoint) => endpoint.url),
  events: ['', ...Object.values(QUOTE_EVENTS), DEPOSIT_PAID_EVENT],
  async send(delivery, inquiry, context) {
    const { config, signal } = context;
    const endpoint = config.webhooks.find((candidate) => candidate.url === delivery.target);
    if (!endpoint) return skipped('this endpoint is no longer in WEBHOOK_URLS');
    const slack = isSlackWebhook(endpoint.url);
    const body =
      delivery.topic === ''
        ? slack
          ? slackPayload(inquiry, config.publicUrl, context.content.current().content)
          : webhookPayload(inquiry, config.publicUrl)
        : await saleEventBody(delivery, inquiry, context, slack);
    if (body === undefined) return skipped(GONE);
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
