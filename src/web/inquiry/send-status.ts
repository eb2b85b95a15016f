// Where the last send stands, for the note that stays on the page once the overlay has
// closed (send-note.tsx, record 161): sending, sent (with the server's estimate, where
// it gave one) or not sent. The form sets it; the note shows it until dismissed.
import type { InquiryFormValues } from '../../shared/inquiry.js';
import type { SentAnswer } from './send-inquiry.js';

/** What the visitor sent, in words: the note repeats it. */
export interface SentSummary {
  /** 'Basic · Taco Truck', or the service alone. */
  what: string;
  /** 'Sat, Mar 6, 2027' in the page's language. */
  when: string;
  guests: string;
  email: string;
}

export type SendStatus =
  | { state: 'idle' }
  | { state: 'sending' | 'failed'; summary: SentSummary }
  | ({ state: 'sent'; summary: SentSummary } & SentAnswer);

type Listener = (status: SendStatus) => void;
let status: SendStatus = { state: 'idle' };
const listeners = new Set<Listener>();

export function setSendStatus(next: SendStatus): void {
  status = next;
  for (const listener of listeners) listener(status);
}

export function subscribeSendStatus(listener: Listener): () => void {
  listeners.add(listener);
  listener(status);
  return () => listeners.delete(listener);
}

/** The summary of a form's values; the date in the page's language (the content's locale). */
export function summaryOf(values: InquiryFormValues, locale = document.documentElement.lang || undefined): SentSummary {
  const day = Date.parse(`${values.eventDate}T12:00:00Z`);
  const when = Number.isNaN(day)
    ? values.eventDate
    : new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(day);
  return {
    what: values.packageChoice ? `${values.packageChoice} · ${values.operation}` : values.operation,
    when,
    guests: values.plannedGuestCount,
    email: values.email,
  };
}
