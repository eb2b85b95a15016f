// What the visitor typed survives closing the overlay, a failed send and a
// reload: it is kept in localStorage until an inquiry is sent successfully.
import { FORM_CONTROLS, type InquiryBody, type InquiryFormValues } from '../../shared/inquiry.js';

const DRAFT_KEY = 'curbside.inquiry-draft';
const PENDING_KEY = 'curbside.inquiry-pending';
const BUTTON_CHOICE_KEY = 'curbside.inquiry-button-choice';

function read<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the form itself still holds the values.
  }
}

export function loadDraft(): Partial<InquiryFormValues> {
  const draft = read<Record<string, unknown>>(DRAFT_KEY) ?? {};
  const values: Partial<InquiryFormValues> = {};
  for (const name of FORM_CONTROLS) {
    if (typeof draft[name] === 'string') values[name] = draft[name];
  }
  return values;
}

export const saveDraft = (values: InquiryFormValues) => write(DRAFT_KEY, values);

/**
 * A send that got no answer: retrying the same body must reuse its id, so that
 * if the first attempt did land, the retry is a replay and not a second inquiry.
 */
export interface PendingSend {
  id: string;
  body: InquiryBody;
}

export const loadPending = () => read<PendingSend>(PENDING_KEY);
export const savePending = (pending: PendingSend) => write(PENDING_KEY, pending);

/**
 * The service and package that the last "Book" button chose, while the visitor has not
 * changed them: the next button replaces them, where it would keep the visitor's own.
 */
export interface ButtonChoice {
  operation: string;
  packageName: string;
}
export const loadButtonChoice = () => read<ButtonChoice>(BUTTON_CHOICE_KEY);
export const saveButtonChoice = (choice: ButtonChoice | undefined) => write(BUTTON_CHOICE_KEY, choice);

export function clearSent(): void {
  write(DRAFT_KEY, undefined);
  write(PENDING_KEY, undefined);
  write(BUTTON_CHOICE_KEY, undefined);
}
