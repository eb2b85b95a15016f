// Every notification channel the server has, in the order the inbox lists them.
// A new channel: one file beside this one, and one line here.
import { type DeliveryPlanner, topicEvent } from '../../store/outbox-store.js';
import type { NotifyConfig } from '../notify-config.js';
import type { Channel } from './channel.js';
import { confirmationChannel } from './confirmation.js';
import { customerEmailChannel } from './customer-email.js';
import { ownerEmailChannel } from './owner-email.js';
import { pushChannel } from './push.js';
import { webhookChannel } from './webhook.js';

const ARRIVAL = [''];

export const CHANNELS: readonly Channel[] = [
  ownerEmailChannel,
  pushChannel,
  confirmationChannel,
  customerEmailChannel,
  webhookChannel,
];

/**
 * Which deliveries an inquiry gets: none for spam; otherwise each channel's, as it is
 * set up, with the targets each channel that keeps them in the store read last.
 */
export function deliveryPlan(
  channels: readonly Channel[],
  config: NotifyConfig,
  stored: ReadonlyMap<string, readonly string[]> = new Map(),
): DeliveryPlanner {
  return (inquiry, topic = '') =>
    inquiry.spamReason !== null
      ? []
      : channels
          .filter((channel) => (channel.events ?? ARRIVAL).includes(topicEvent(topic)))
          .flatMap((channel) =>
            channel.plan(config, stored.get(channel.kind) ?? []).map((target) => ({ kind: channel.kind, target })),
          );
}
