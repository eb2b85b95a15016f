// Sends an inquiry under an id chosen here, so every retry is the same create:
// the server stores it once, and answers a replay as it answered the first time.
import type { InquiryBody } from '../../shared/inquiry.js';
import { randomUuid } from '../../shared/random-uuid.js';
import { forgetSession, signIn } from './visitor-session.js';

const TIMEOUT_MS = 15_000;
/** Waits before the retries of a request that got no answer or a 5xx. */
const RETRY_DELAYS_MS = [1000, 3000];

export class SendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** A new inquiry's id: a random v4 UUID. */
export const newInquiryId = randomUuid;

async function put(id: string, body: InquiryBody, token: string): Promise<Response> {
  return fetch(`/api/inquiries/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the server's create answer (201) adds for the visitor, for a priced package: the
 * estimate's line ('Estimate: $2,165.63') and what it is, in words (record 141).
 */
export interface SentAnswer {
  estimate: string | undefined;
  estimateNote: string | undefined;
  /** "Book now"'s address, where the server offers it (record 350). */
  bookNow: string | undefined;
}

export async function sendInquiry(id: string, body: InquiryBody): Promise<SentAnswer> {
  let renewedSession = false;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await put(id, body, await signIn());
    } catch (error) {
      failure = error; // no answer: offline, timed out, server down
    }
    if (response?.ok) return readAnswer(response);
    if (response?.status === 401 && !renewedSession) {
      renewedSession = true;
      forgetSession();
      continue;
    }
    const retryable = !response || response.status >= 500;
    const delay = RETRY_DELAYS_MS[attempt];
    if (!retryable || delay === undefined) {
      const detail = response ? await response.text().catch(() => '') : String(failure);
      throw new SendError(
        `Inquiry ${id} not sent: ${response ? `HTTP ${response.status} ${detail}` : detail}`,
        response?.status,
      );
    }
    await wait(delay);
  }
}

/** The answer's estimate and its note, where it holds them as text; an answer that is not JSON is still a success. */
async function readAnswer(response: Response): Promise<SentAnswer> {
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return { estimate: text(answer.estimate), estimateNote: text(answer.estimateNote), bookNow: text(answer.bookNow) };
}
