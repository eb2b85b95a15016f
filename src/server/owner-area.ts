// What the owner's area (owner/owner-scope.ts) gives its route plugins, and what it
// sets on each request it lets in. Kept outside owner/, so the route plugins in owner/,
// notify/ and schedule/ take it without importing the scope that registers them. Each
// plugin takes only the options it uses: FastifyPluginAsync<Pick<OwnerAreaOptions, ...>>.
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { PaymentsRead } from './event-plan/payments.js';
import type { PushServices } from './notify/channels/channel.js';
import type { StoreContentPort } from './site/store-content-port.js';
import type { Notifier } from './notify/notifier.js';
import type { Owner } from './store/account-store.js';
import type { InquiryStore } from './store/inquiry-store.js';
import type { OwnerStore } from './store/owner-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner (set in the signed-in part of the owner's area). */
    owner: Owner | undefined;
    ownerToken: string | undefined;
    /** The owner's cookies are Secure: see owner/owner-session.ts isSecure. */
    secureCookies: boolean;
  }
}

export interface OwnerAreaOptions {
  config: Config;
  owners: OwnerStore;
  store: InquiryStore;
  notifier: Notifier;
  /** The owners' push devices and the server's push keys. */
  push: PushServices;
  /** After the owner changed the truck's schedule: the landing page shows it at once. */
  onScheduleChanged?: () => Promise<void>;
  /** The customer's address of a quote (its unguessable link). */
  quoteUrl(quoteId: string): string;
  /** The server's clock (a test's, in tests). */
  clock: Clock;
  /** The payments the event sheet reads (record 170). */
  payments: PaymentsRead;
  /** The site's published content (`content.current().content`) and, for the site editor, its refresh (record 251). */
  content: StoreContentPort;
  /** Releases ended holds and refunds the pre-orders owed back now (record 290). */
  preorderSweep?: () => Promise<unknown>;
}
