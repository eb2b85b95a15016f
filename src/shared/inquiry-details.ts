// An inquiry as people read it: labelled rows in the field table's order, the one
// source of every view of an inquiry (the owner's e-mail, the inbox, the calendar
// entry, the CSV's titles). A field added to the table appears in each of them.
import { INQUIRY_FIELDS } from './inquiry.js';
import type { FieldTable, InputKind } from './inquiry-fields.js';

/** How a row's value reads: each view formats dates, times and instants its own way. */
export type DetailKind = Exclude<InputKind, 'textarea' | 'select'> | 'lines' | 'instant';

export interface DetailRow {
  name: string;
  label: string;
  kind: DetailKind;
  /** The stored value as text ('' when an optional field was left empty). */
  value: string;
}

function kindOf(field: FieldTable[string]): DetailKind {
  if (field.from !== 'control') return field.column === 'timestamp' || field.from === 'browser' ? 'instant' : 'text';
  if (field.input === 'textarea') return 'lines';
  if (field.input === 'select') return 'text';
  return field.input;
}

/**
 * The inquiry's fields, labelled: what the visitor gave first (in the table's
 * order), then what the browser and the server added.
 */
export function inquiryDetails(inquiry: object, table: FieldTable = INQUIRY_FIELDS): DetailRow[] {
  const values = inquiry as Readonly<Record<string, unknown>>;
  const entries = Object.entries(table);
  const given = entries.filter(([, field]) => field.from === 'control' || field.from === 'built');
  const added = entries.filter(([, field]) => field.from === 'browser' || field.from === 'server');
  return [...given, ...added].map(([name, field]) => ({
    name,
    label: field.label,
    kind: kindOf(field),
    value: values[name] === undefined || values[name] === null ? '' : String(values[name]),
  }));
}

/** '14:30' as '2:30 PM': event times read as the rest of the site's times do. */
export function clockTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
