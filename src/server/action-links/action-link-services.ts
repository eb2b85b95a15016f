// What the notifications need of the action links (record 182): a lead's links, signed
// for the owner a notification goes to, with the server's clock (a test's, in tests).
import type { Clock } from '../clock.js';
import type { NoticeAction } from '../notify/messages.js';
import type { AccountStore } from '../store/account-store.js';
import type { LinkAction } from '../store/action-link-store.js';
import { ACTION_LINK_TTL_MS, actionPath, signActionLink } from './action-link.js';
import { ACTION_WORDS } from './action-link-page.js';

const ACTIONS: LinkAction[] = ['contacted', 'decline'];

export function actionLinkSigner(options: {
  key: Buffer;
  publicUrl: string;
  clock: Clock;
  accounts: Pick<AccountStore, 'listOwners'>;
}) {
  const { key, publicUrl, clock, accounts } = options;
  /** The owner an e-mail goes to, when it goes to one owner. */
  const ownerOf = async (emails: readonly string[]) =>
    emails.length === 1
      ? (await accounts.listOwners()).find((owner) => owner.email === emails[0]!.toLowerCase())?.id
      : undefined;
  return async (
    inquiryId: string,
    to: { ownerId: string } | { emails: readonly string[] },
  ): Promise<NoticeAction[]> => {
    const ownerId = 'ownerId' in to ? to.ownerId : await ownerOf(to.emails);
    const expiresAt = clock() + ACTION_LINK_TTL_MS;
    return ACTIONS.map((action) => ({
      action,
      title: ACTION_WORDS[action].title,
      url: `${publicUrl}${actionPath(signActionLink(key, { inquiryId, action, expiresAt, ownerId }))}`,
    }));
  };
}
