// The one write path of an inquiry: its rules, its document, its spam flag, its
// create and what a taken id means. The JSON API (routes/inquiry-routes.ts) and the
// no-JavaScript form post (routes/form-post.ts) are thin adapters around it: each
// says who sent what and how long the sender took; this decides the rest.
import type { BusinessContent } from '../../content/schema.js';
import type { InquiryBody, InquiryDocument } from '../shared/inquiry.js';
import { estimateFor } from '../shared/pricing.js';
import { estimateIn, wordsFor } from './words/words.js';
import { inquiryRuleErrors } from '../shared/inquiry.js';
import { believedDateCreated, bodyTextErrors, isRealInstant } from '../shared/text-rules.js';
import { keptEstimateText } from './kept-estimate.js';
import type { InquiryStore } from './store/inquiry-store.js';
import { DAY_TAKEN_MESSAGE } from '../shared/availability.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InquirySubmission {
  /** The inquiry's id, and the sender's session and hash of what it sent: an identical replay is one inquiry. */
  id: string;
  uid: string;
  bodyHash: string;
  body: InquiryBody;
  /** How long the sender took to fill the form, by the server's clock (0 when it cannot tell: too fast). */
  fillMs: number;
  /** The sender's network, as a keyed hash (senderOf): the confirmations' per-source cap counts it. */
  sender?: string;
}

export type Acceptance =
  | { status: 'invalid'; fields: Record<string, string> }
  | ({ status: 'created' | 'replayed'; createdAt: string } & Partial<EstimateWords>)
  | { status: 'conflict' }
  /** The event's day is unavailable (record 240): the contract's message on eventDate, nothing stored. */
  | { status: 'taken'; fields: { eventDate: string } };

/** Whether a day (YYYY-MM-DD) is unavailable: full, blocked (or held), by the calendar's one definition. */
export type DayTaken = (date: string) => Promise<boolean>;

type EstimateWords = ReturnType<typeof estimateIn>;

/** Each field that breaks a rule beyond the schema (text, dates, schedule, package), with its message. */
export function inquiryProblems(body: InquiryBody, content: BusinessContent, now = new Date()): Record<string, string> {
  // Yesterday in UTC: the visitor's today can be a day behind the server's.
  const earliestEventDate = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const problems: Record<string, string> = {
    ...bodyTextErrors(body),
    ...inquiryRuleErrors(body, earliestEventDate, content),
  };
  if (!isRealInstant(body.dateCreated)) problems.dateCreated = 'dateCreated is not a real instant.';
  return problems;
}

/** Why an inquiry is likely spam, or null: a filled honeypot, or a form sent faster than a person can. */
export function spamReasonOf(website: string, fillMs: number, minFillMs: number): string | null {
  if (website !== '') return 'honeypot';
  return fillMs < minFillMs ? 'too-fast' : null;
}

/** Checks the rules and creates the inquiry (create-only); nothing is stored unless it is accepted. */
export async function acceptInquiry(
  store: InquiryStore,
  submission: InquirySubmission,
  options: {
    minFillMs: number;
    /** The live content (the port's, read once for the request): its operations, packages and prices. */
    content: BusinessContent;
    now?: Date;
    onCreated?: (spamReason: string | null) => void;
    dayTaken?: DayTaken;
  },
): Promise<Acceptance> {
  const { content } = options;
  const now = options.now ?? new Date();
  const fields = inquiryProblems(submission.body, content, now);
  if (Object.keys(fields).length > 0) return { status: 'invalid', fields };
  if (await options.dayTaken?.(submission.body.eventDate)) {
    return { status: 'taken', fields: { eventDate: DAY_TAKEN_MESSAGE } };
  }
  const { website, fillMs: _sentFillMs, language = 'en', ...sent } = submission.body;
  const createdAt = now.toISOString();
  // The text is stored exactly as sent (the rules refuse, never rewrite); a sender's
  // clock more than a day off is not believed (decision record 017).
  const document: InquiryDocument = {
    ...sent,
    dateCreated: believedDateCreated(sent.dateCreated, createdAt),
    createdAt,
    source: 'web',
  };
  const spamReason = spamReasonOf(website, submission.fillMs, options.minFillMs);
  // The first reply's estimate, from the content's prices and the structured fields only
  // (record 141), kept in the same row with the prices it used (record 204).
  const estimate = estimateFor(content, document);
  const result = await store.create({
    id: submission.id,
    uid: submission.uid,
    bodyHash: submission.bodyHash,
    document,
    spamReason,
    sender: submission.sender ?? null,
    estimate: keptEstimateText(estimate),
    language,
  });
  if (result.status === 'created') options.onCreated?.(spamReason);
  if (result.status === 'conflict' || !estimate) return result;
  // The page's success note, in the page's language (record 300).
  return { ...result, ...estimateIn(estimate, wordsFor(language, content)) };
}
