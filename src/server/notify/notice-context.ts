// What a notice of the sale is rendered from at send time (record 142): the inquiry, the
// delivery's topic and the sale's records. Its own file, so the notices of each part of
// the sale (notices.ts, event-notices.ts) share it without importing one another.
import type { BusinessContent } from '../../../content/schema.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import type { Topic } from '../store/outbox-store.js';
import type { SaleServices } from './channels/channel.js';
import type { Notice } from './messages.js';

export interface NoticeContext {
  inquiry: StoredInquiry;
  topic: Topic;
  sale: SaleServices | undefined;
  publicUrl: string;
  /** The live content at send time (record 251). */
  content: BusinessContent;
}

/** A notice, or undefined when what it tells of is gone (the delivery is then skipped). */
export type NoticeOf = (context: NoticeContext) => Promise<Notice | undefined>;
