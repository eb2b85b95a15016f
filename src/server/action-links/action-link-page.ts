// The pages of a notification's action link (record 182): plain HTML in the quote
// page's style (no JavaScript, noindex), asking before it acts (a mail scanner's GET
// must change nothing) and saying afterwards what was done.
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { STATUS_LABELS, type InquiryStatus } from '../../shared/inbox-views.js';
import { leadSummary, onTheBusinessClock } from '../notify/messages.js';
import { page } from '../quotes/quote-page.js';
import type { LinkAction } from '../store/action-link-store.js';
import type { StoredInquiry } from '../store/inquiry-store.js';

/** How each action is asked for, named on its button, and said once done. */
export const ACTION_WORDS: Record<LinkAction, { title: string; ask: string; done: string; note: string }> = {
  contacted: {
    title: 'Mark as contacted',
    ask: 'Mark this inquiry as contacted?',
    done: 'Marked as contacted',
    note: 'It is no longer New in the inbox, and no reminder about it will follow.',
  },
  decline: {
    title: 'Decline',
    ask: 'Decline this inquiry?',
    done: 'Declined',
    note: 'It is marked Declined in the inbox. The customer is not told: write to them from the inbox if you want to.',
  },
};

/** The pages' description: what they are, for the owner's browser. */
const aboutOf = (of: BusinessContent) => `An answer to a lead, from ${of.name}'s notifications`;
const actionPage = (of: BusinessContent, title: string, body: string) => page(of, title, body, aboutOf(of));

const fullName = (inquiry: StoredInquiry) => `${inquiry.firstName} ${inquiry.lastName}`;
const inboxPath = (inquiry: StoredInquiry) => `/inbox?id=${encodeURIComponent(inquiry.id)}`;

function lead(inquiry: StoredInquiry, content: BusinessContent): string {
  return `<section aria-label="The inquiry"><dl><dt>Customer</dt><dd>${escapeHtml(fullName(inquiry))}</dd><dt>Event</dt><dd>${escapeHtml(leadSummary(inquiry, content))}</dd><dt>Came in</dt><dd>${escapeHtml(onTheBusinessClock(inquiry.createdAt, content))}</dd></dl></section>`;
}

const toInbox = (inquiry: StoredInquiry) =>
  `<p><a href="${escapeHtml(inboxPath(inquiry))}">Open it in the inbox</a></p>`;

/** Asks before acting: the button posts to the link's own address. */
export function confirmPage(
  content: BusinessContent,
  inquiry: StoredInquiry,
  action: LinkAction,
  path: string,
): string {
  const words = ACTION_WORDS[action];
  return actionPage(
    content,
    words.ask,
    `<h1>${escapeHtml(words.ask)}</h1>${lead(inquiry, content)}<p>${escapeHtml(words.note)}</p><form method="post" action="${escapeHtml(path)}"><div class="actions"><button type="submit">${escapeHtml(words.title)}</button><a href="${escapeHtml(inboxPath(inquiry))}">Open it in the inbox</a></div></form>`,
  );
}

/** What the link did (now, or when it was used before). */
export function donePage(content: BusinessContent, inquiry: StoredInquiry, action: LinkAction, usedAt: string): string {
  const words = ACTION_WORDS[action];
  return actionPage(
    content,
    words.done,
    `<h1>${escapeHtml(words.done)}</h1><div class="notice" role="status"><p>${escapeHtml(`${fullName(inquiry)}’s inquiry: ${words.done.toLowerCase()} on ${onTheBusinessClock(usedAt, content)}.`)}</p><p>${escapeHtml(words.note)}</p></div>${toInbox(inquiry)}`,
  );
}

/** The lead was answered meanwhile: the link changes nothing. */
export function answeredPage(content: BusinessContent, inquiry: StoredInquiry, status: InquiryStatus): string {
  return actionPage(
    content,
    'Nothing to do',
    `<h1>Nothing to do</h1><div class="notice" role="status"><p>${escapeHtml(`${fullName(inquiry)}’s inquiry is ${STATUS_LABELS[status]} now: this link changes nothing.`)}</p></div>${toInbox(inquiry)}`,
  );
}

/** Expired, not ours, erased, or sent to an owner who was removed: why it does nothing. */
export function refusedPage(content: BusinessContent, title: string, reason: string): string {
  return actionPage(
    content,
    title,
    `<h1>${escapeHtml(title)}</h1><div class="notice problem" role="status"><p>${escapeHtml(reason)}</p></div><p><a href="/inbox">Open the inbox</a></p>`,
  );
}
