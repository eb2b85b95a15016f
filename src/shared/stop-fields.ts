// A stop's fields as one table (issue 26), as the inquiry's are (inquiry-fields.ts).
// The inbox's stop form (its inputs, labels, hints and limits), the rules
// (stopProblems), the owner's routes' JSON Schema, the columns both engines read and
// write, and every public view of a stop (the landing page's section and its JSON-LD,
// /schedule.ics, /api/schedule) come from it, through truck-schedule.ts. A new field is
// a row here plus a migration per engine for its column
// (src/server/store/sqlite/sqlite-migrations.ts, postgres/postgres-migrations.ts);
// tests/architecture/add-a-stop-field.test.tsx adds one.
//
// The when (date, starts, ends), the place and its address are what a stop is: the
// rules, the map link and each view's title read them by name. A field marked `detail`
// (the note) is a line of its own under the address, on the page and in the inbox,
// and a line of the description in the calendar and the JSON-LD.

/** A date or a time: 'YYYY-MM-DD', 'HH:MM' (24-hour), the business's local wall clock. */
interface WhenField {
  /** The field's one label: on the form and in every message about it. */
  readonly label: string;
  readonly input: 'date' | 'time';
  /** A line under the form's input. */
  readonly hint?: string;
}

interface TextField {
  readonly label: string;
  readonly input: 'text';
  /** The most characters. */
  readonly maxLength: number;
  /** May be left empty ('' then). */
  readonly optional?: boolean;
  readonly hint?: string;
  readonly autoComplete?: string;
  /** Shown with the stop on a line of its own, and in the calendar's and the JSON-LD's description. */
  readonly detail?: boolean;
}

export type StopField = WhenField | TextField;

export const STOP_FIELDS = {
  date: { label: 'Date', input: 'date' },
  starts: { label: 'Starts', input: 'time' },
  ends: { label: 'Ends', input: 'time', hint: 'Earlier than Starts: the stop ends after midnight.' },
  place: { label: 'Place', input: 'text', maxLength: 80, hint: 'What people know it as, e.g. Sunday Market.' },
  address: {
    label: 'Address',
    input: 'text',
    maxLength: 200,
    autoComplete: 'street-address',
    hint: 'For the map link.',
  },
  note: {
    label: 'Note',
    input: 'text',
    maxLength: 200,
    optional: true,
    detail: true,
    hint: 'Optional, e.g. By the north gate.',
  },
} as const satisfies Readonly<Record<string, StopField>>;

/** A stop as the owner enters it. `ends` before `starts` means it ends the next day (a late night). */
export type StopFields = { -readonly [K in keyof typeof STOP_FIELDS]: string };
export type StopFieldName = keyof StopFields;
