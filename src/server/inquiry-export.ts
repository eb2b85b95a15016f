// The inquiries as CSV or JSON: the owner's export, for `npm run inquiries` and the
// inbox's "Export CSV" alike.
import { DOCUMENT_FIELDS, INQUIRY_FIELDS } from '../shared/inquiry.js';
import type { FieldTable } from '../shared/inquiry-fields.js';

/** Columns of the export: the id, the spec's fields in the spec's order, then ours. */
export const EXPORT_COLUMNS = ['id', ...DOCUMENT_FIELDS, 'uid', 'spamReason'] as const;

export const FORMATS = ['csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed (RFC 4180), and never run as a formula by a spreadsheet. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export's titles of our own columns, for people (the inbox's CSV). */
const OWN_TITLES: Record<string, string> = { id: 'Inquiry id', uid: 'Visitor session', spamReason: 'Spam flag' };

export interface ExportOptions {
  /** `names`: the spec's field names (npm run inquiries); `labels`: the field table's labels (the inbox's CSV). */
  titles?: 'names' | 'labels';
  /** The field table (a test passes a copy with a field added). */
  fields?: FieldTable;
  /** More columns after the inquiry's own, by key (in each row) with their titles: the inbox's status and notes. */
  more?: Record<string, string>;
}

/** The inquiries in the given format, rows in the order given; ends with a newline. */
export function formatInquiries(
  rows: readonly object[],
  format: Format,
  { titles = 'names', fields = INQUIRY_FIELDS, more = {} }: ExportOptions = {},
): string {
  const columns = ['id', ...Object.keys(fields), 'uid', 'spamReason', ...Object.keys(more)];
  const records = (rows as readonly Record<string, unknown>[]).map((row) =>
    Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
  );
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const header = columns.map((column) =>
    titles === 'labels' ? (OWN_TITLES[column] ?? more[column] ?? fields[column]!.label) : (more[column] ?? column),
  );
  const lines = [
    header.map(csvCell).join(','),
    ...records.map((record) => columns.map((column) => csvCell(record[column])).join(',')),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}
