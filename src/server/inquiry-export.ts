// The inquiries as CSV or JSON: the owner's export, for `npm run inquiries` and the
// inbox's "Export CSV" alike. The inbox's CSV is written for a spreadsheet and the
// people who read it (record 162): times in the business's zone on the inbox's clock,
// a byte-order mark, phone numbers as text, no visitor session ids.
import { INQUIRY_FIELDS, DOCUMENT_FIELDS } from '../shared/inquiry.js';
import type { FieldTable } from '../shared/inquiry-fields.js';
import { STATUS_LABELS } from '../shared/inbox-views.js';
import { wallClock } from '../shared/time-zone.js';
import { LANGUAGE_NAMES, languageOf } from '../shared/language.js';
import type { InboxInquiry, InboxStore, ListQuery } from './store/inbox-store.js';

/** Columns of the export: the id, the spec's fields in the spec's order, then ours. */
export const EXPORT_COLUMNS = ['id', ...DOCUMENT_FIELDS, 'uid', 'spamReason', 'language'] as const;

export const FORMATS = ['csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed (RFC 4180), and never run as a formula by a spreadsheet. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return quoted(text);
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A phone number as a spreadsheet's text, shown as typed: `="+1 737 555 0123"`. Read as
 * a number it would lose its '+' and leading zeros, or be taken for a formula; an
 * apostrophe in front would show. A number holds only digits, spaces and + ( ) - .
 * (its pattern), never a quote, so the formula is a string and nothing else.
 */
export const phoneCell = (phone: string) => (phone === '' ? '' : quoted(`="${phone.replace(/"/g, '')}"`));

/** The export's titles of our own columns, for people (the inbox's CSV). */
const OWN_TITLES: Record<string, string> = {
  id: 'Inquiry id',
  uid: 'Visitor session',
  spamReason: 'Spam flag',
  language: 'Language',
};

/** The inbox's CSV, for people: where the business is and how its inbox writes times. */
export interface PeopleFormat {
  timeZone: string;
  locale: string;
  /** Columns (beyond the field table's timestamps) that hold instants. */
  instants?: readonly string[];
}

export interface ExportOptions {
  /** `names`: the spec's field names (npm run inquiries); `labels`: the field table's labels (the inbox's CSV). */
  titles?: 'names' | 'labels';
  /** The field table (a test passes a copy with a field added). */
  fields?: FieldTable;
  /** More columns after the inquiry's own, by key (in each row) with their titles: the status and notes. */
  more?: Record<string, string>;
  /** Written for people in a spreadsheet (the inbox's CSV; CSV only). */
  people?: PeopleFormat;
}

/** A wall-clock time ('14:00') as the inbox writes it (src/inbox/format.ts): '2:00 PM' in en-US, '14:00' in en-GB. */
const clock = (time: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.parse(`1970-01-01T${time}:00Z`));

/** An instant ('2026-11-26T14:02:27.843Z') as the business's wall clock: '2026-11-26 8:02 AM' in en-US. */
function localInstant(iso: unknown, { timeZone, locale }: PeopleFormat): unknown {
  const at = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return iso;
  const { date, time } = wallClock(timeZone, at);
  return `${date} ${clock(time, locale)}`;
}

/** How each column's value is written for people: instants and times on the inbox's clock, phones as text. */
function peopleCells(fields: FieldTable, people: PeopleFormat): Record<string, (value: unknown) => string> {
  const cells: Record<string, (value: unknown) => string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.from === 'control' && field.input === 'tel') cells[name] = (value) => phoneCell(String(value ?? ''));
    else if (field.from === 'control' && field.input === 'time')
      cells[name] = (value) => csvCell(/^\d\d:\d\d$/.test(String(value)) ? clock(String(value), people.locale) : value);
    else if (field.column === 'timestamp' || name === 'dateCreated')
      cells[name] = (value) => csvCell(localInstant(value, people));
  }
  for (const name of people.instants ?? []) cells[name] = (value) => csvCell(localInstant(value, people));
  return cells;
}

const languageColumn = (value: unknown, people: PeopleFormat | undefined) =>
  people ? LANGUAGE_NAMES[languageOf(value)] : languageOf(value);

/** The inquiries in the given format, rows in the order given; ends with a newline. */
export function formatInquiries(
  rows: readonly object[],
  format: Format,
  { titles = 'names', fields = INQUIRY_FIELDS, more = {}, people }: ExportOptions = {},
): string {
  // The customer's language (record 300): its code for tools, its name for people.
  const columns = [
    'id',
    ...Object.keys(fields),
    ...(people ? [] : ['uid']),
    'spamReason',
    'language',
    ...Object.keys(more),
  ];
  const records = (rows as readonly Record<string, unknown>[]).map((row) =>
    Object.fromEntries(
      columns.map((column) => [
        column,
        column === 'language' ? languageColumn(row.language, people) : (row[column] ?? null),
      ]),
    ),
  );
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const header = columns.map((column) =>
    titles === 'labels' ? (OWN_TITLES[column] ?? more[column] ?? fields[column]!.label) : (more[column] ?? column),
  );
  const cells = people ? peopleCells(fields, people) : {};
  const lines = [
    header.map(csvCell).join(','),
    ...records.map((record) => columns.map((column) => (cells[column] ?? csvCell)(record[column])).join(',')),
  ];
  // A byte-order mark tells a spreadsheet the file is UTF-8 ("González", not "GonzÃ¡lez").
  return `${people ? '\uFEFF' : ''}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** The owner's work on each inquiry, after its fields: its status, when it last changed, and the notes. */
export const WORK_COLUMNS = { ownerStatus: 'Status', statusChangedAt: 'Status changed', ownerNotes: 'Your notes' };

/**
 * The inquiries of a view, newest first, each with the owner's work (WORK_COLUMNS), at
 * most `maxRows`: the inbox's CSV and `npm run inquiries` both export these.
 */
export async function inquiriesWithWork(
  inbox: InboxStore,
  query: ListQuery,
  maxRows: number,
): Promise<(InboxInquiry & Record<keyof typeof WORK_COLUMNS, string>)[]> {
  const rows: InboxInquiry[] = [];
  for (;;) {
    const page = await inbox.listInquiries(query);
    rows.push(...page.rows);
    if (!page.more || rows.length >= maxRows) break;
    const last = page.rows.at(-1)!;
    query.before = { createdAt: last.createdAt, id: last.id };
  }
  const work = await inbox.workOn(rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    ownerStatus: STATUS_LABELS[row.status],
    statusChangedAt: work.get(row.id)?.lastStatusAt ?? '',
    ownerNotes: (work.get(row.id)?.notes ?? []).join('\n\n'),
  }));
}
