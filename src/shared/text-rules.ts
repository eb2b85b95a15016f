// What text an inquiry may hold, beyond its length and format: the same rules in
// the form (setCustomValidity) and on the server (400 naming the field), so what
// is stored is exactly what was sent and acknowledged (decision record 017).
//
// Every free-text value must be well-formed Unicode (no lone surrogates), hold no
// control characters (the notes may hold line breaks and tabs), no noncharacters,
// be in Unicode normal form NFC and trimmed; a value that is not empty must hold a
// visible character; a phone number at least 7 digits. The form cleans what it
// can (NFC, trim) before sending, so a person only meets the rules a cleaning
// cannot satisfy; the server refuses, it never rewrites.
import { INQUIRY_FIELDS, type InquiryBody, type TextControl } from './inquiry.js';
import { formControlRows, type InputKind } from './inquiry-fields.js';

/** `line`: one line of text. `lines`: the notes, where line breaks and tabs are welcome. */
export type TextKind = 'line' | 'lines';

interface TextRule {
  kind: TextKind;
  /** Fewest ASCII digits the value must hold. */
  minDigits?: number;
}

type Fields = typeof INQUIRY_FIELDS;
type TextInput = 'text' | 'email' | 'tel' | 'textarea';

/** The free-text fields of the request body: text controls, and fields built from text controls. */
export type BodyTextField = {
  [K in keyof Fields]: Fields[K] extends { from: 'control'; input: TextInput }
    ? K
    : Fields[K] extends { from: 'built'; controls: infer C }
      ? C[keyof C] extends { input: InputKind }
        ? never
        : K
      : never;
}[keyof Fields] &
  string;
/** The form's free-text controls: the body's, less the built ones, plus the controls they are built from. */
export type ControlTextField = TextControl;

/** Fewest digits a phone number holds (the inbox's search reads a query with as many as one). */
export const MIN_PHONE_DIGITS = 7;

/** The rule of a control's kind: the notes take line breaks, a phone number needs digits. */
function ruleOf(input: InputKind): TextRule | undefined {
  if (input === 'textarea') return { kind: 'lines' };
  if (input === 'tel') return { kind: 'line', minDigits: MIN_PHONE_DIGITS };
  return input === 'text' || input === 'email' ? { kind: 'line' } : undefined;
}

/** Each free-text control of the form and its rule, from the field table. */
export const CONTROL_TEXT_RULES = Object.fromEntries(
  formControlRows(INQUIRY_FIELDS).flatMap((control) => {
    const rule = ruleOf(control.input);
    return rule ? [[control.name, rule]] : [];
  }),
) as Record<ControlTextField, TextRule>;

/** Each free-text field of the request body and its rule: a built field is one line of text. */
export const BODY_TEXT_RULES = Object.fromEntries(
  Object.entries(INQUIRY_FIELDS as Record<string, Fields[keyof Fields]>).flatMap(([name, field]) => {
    if (field.from === 'control') {
      const rule = ruleOf(field.input);
      return rule ? [[name, rule]] : [];
    }
    const textOnly =
      field.from === 'built' &&
      Object.values(field.controls as Record<string, { input?: InputKind }>).every((part) => !part.input);
    return textOnly ? [[name, { kind: 'line' }]] : [];
  }),
) as Record<BodyTextField, TextRule>;

// With the u flag a surrogate class matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[^\t\n\r\P{Cc}]/u;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
/** U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: line breaks that are not controls. */
const LINE_SEPARATOR = /[\u2028\u2029]/u;
/** Visible: a letter, a digit, punctuation or a symbol (not only spaces, marks or format characters). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const DIGIT = /[0-9]/g;

/**
 * What is wrong with a value of a text field, as a phrase that follows the
 * field's name ("must hold at least 7 digits"), or undefined when nothing is.
 * Emptiness is not judged here: whether a field may be empty is the schema's
 * (and the form's `required`) business.
 */
export function textProblem(rule: TextRule, value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode text (it holds a lone surrogate)';
  if (rule.kind === 'lines') {
    if (CONTROL_BUT_LINE_BREAKS_AND_TABS.test(value))
      return 'must not contain control characters other than line breaks and tabs';
  } else {
    if (CONTROL.test(value)) return 'must not contain control characters or line breaks';
    if (LINE_SEPARATOR.test(value)) return 'must be on one line';
  }
  if (NONCHARACTER.test(value)) return 'must not contain Unicode noncharacters';
  if (value !== value.trim()) return 'must not start or end with spaces or line breaks';
  if (value !== value.normalize('NFC')) return 'must be in Unicode normal form NFC';
  if (value === '') return undefined;
  if (!VISIBLE.test(value)) return 'must hold a visible character (a letter, digit, punctuation or symbol)';
  const digits = value.match(DIGIT)?.length ?? 0;
  if (rule.minDigits !== undefined && digits < rule.minDigits) return `must hold at least ${rule.minDigits} digits`;
  return undefined;
}

/** The server's check: `{ field: message }` for every text field of the body that breaks a rule. */
export function bodyTextErrors(body: Pick<InquiryBody, BodyTextField>): Partial<Record<BodyTextField, string>> {
  const errors: Partial<Record<BodyTextField, string>> = {};
  for (const [field, rule] of Object.entries(BODY_TEXT_RULES) as [BodyTextField, TextRule][]) {
    const problem = textProblem(rule, body[field]);
    if (problem) errors[field] = `${field} ${problem}.`;
  }
  return errors;
}

/** What a form control's value becomes before it is sent: NFC, trimmed. */
export function cleanText(value: string): string {
  return value.normalize('NFC').trim();
}

/** The form's check of one control, on its value as it will be sent; '' when fine (for setCustomValidity). */
export function controlTextMessage(name: ControlTextField, value: string): string {
  const problem = textProblem(CONTROL_TEXT_RULES[name], cleanText(value));
  return problem ? `This field ${problem}.` : '';
}

/** The form's values with every free-text control cleaned as it will be sent. */
export function cleanControlValues<V extends Record<ControlTextField, string>>(values: V): V {
  const cleaned = { ...values };
  for (const name of Object.keys(CONTROL_TEXT_RULES) as ControlTextField[]) {
    cleaned[name] = cleanText(values[name]) as V[ControlTextField];
  }
  return cleaned;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/** An ISO timestamp (as PATTERNS.isoTimestamp) naming an instant that exists: no month 13, no 24:00, no Feb 30. */
export function isRealInstant(value: string): boolean {
  if (!ISO_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

/** How far the visitor's clock (dateCreated) may be from the server's before it is not believed. */
export const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * The dateCreated to store: the visitor's, when it is within a day of the server's
 * clock; otherwise the server's own createdAt, since a clock that far off tells
 * nothing true (decision record 017). Call it only with a real instant.
 */
export function believedDateCreated(dateCreated: string, createdAt: string): string {
  return Math.abs(Date.parse(dateCreated) - Date.parse(createdAt)) <= CLOCK_SKEW_MS ? dateCreated : createdAt;
}
