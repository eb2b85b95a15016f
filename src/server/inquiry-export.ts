// The inquiries as CSV or JSON: the owner's export, for `npm run inquiries` and the
// inbox's "Export CSV" alike.
import { DOCUMENT_FIELDS } from '../shared/inquiry.js';
import type { StoredInquiry } from './store/inquiry-store.js';

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

/** The inquiries in the given format, rows in the order given; ends with a newline. */
export function formatInquiries(rows: readonly StoredInquiry[], format: Format): string {
  const records = rows.map((row) => Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, row[column] ?? null])));
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const lines = [
    EXPORT_COLUMNS.join(','),
    ...records.map((record) => EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(',')),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}
