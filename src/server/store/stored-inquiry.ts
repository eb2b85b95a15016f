// An inquiry as the store gives it back: the visitor's document with its id, session
// and spam flag. Its own file: the inquiry store and the outbox store both take it.
import type { InquiryDocument } from '../../shared/inquiry.js';
import type { Language } from '../../shared/language.js';

export interface StoredInquiry extends InquiryDocument {
  id: string;
  uid: string;
  spamReason: string | null;
  /** The estimate the customer was told, as JSON (kept-estimate.ts reads it); null or absent: none kept. */
  estimate?: string | null;
  /** The language of the page it was sent from: every later message to the customer is in it (record 300). */
  language?: Language;
}
