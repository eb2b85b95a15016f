// What the inbox's search looks through, from the field table (its `searched` rows):
// both engines build their index from this, and rebuild it at start when what it
// indexes changed (sqlite-store.ts, postgres-store.ts), so marking a field searched
// needs no migration of its own.
import { createHash } from 'node:crypto';
import { INQUIRY_FIELDS } from '../../shared/inquiry.js';
import type { Engine, FieldTable } from '../../shared/inquiry-fields.js';
import { MIN_PHONE_DIGITS } from '../../shared/text-rules.js';

const TABLE: FieldTable = INQUIRY_FIELDS;

/** The searched fields, in the table's order. */
export const SEARCHED_FIELDS: readonly string[] = Object.entries(TABLE)
  .filter(([, field]) => (field.from === 'control' || field.from === 'built') && field.searched === true)
  .map(([name]) => name);

/**
 * What the index records of how it was built (the fields, and a digest of how their
 * text is made), to tell at start whether it must be built again.
 */
export function searchIndexKey(engine: Engine): string {
  const digest = createHash('sha256').update(searchTextSql(engine)).digest('hex').slice(0, 12);
  return `${SEARCHED_FIELDS.join(',')} ${digest}`;
}

const isPhone = (name: string) => {
  const field = TABLE[name];
  return field?.from === 'control' && field.input === 'tel';
};

/** A phone number's digits alone (its pattern allows only digits, spaces and + ( ) - .), so '5125550142' finds it. */
function digitsOnly(engine: Engine, column: string): string {
  if (engine === 'postgres') return `regexp_replace(${column}, '[^0-9]', '', 'g')`;
  return ["' '", "'+'", "'('", "')'", "'-'", "'.'"].reduce(
    (sql, character) => `replace(${sql}, ${character}, '')`,
    column,
  );
}

/** The most leading digits of a phone number a search may leave out. */
const PHONE_PREFIX_DIGITS = 6;

/**
 * A phone number as it is found: as typed, as its digits, and as those digits
 * without the first 1 to 6 (a country code, a trunk or international prefix), so
 * '5125550142' and '5550142' find '+1 (512) 555-0142'.
 */
function phoneForms(engine: Engine, column: string): string[] {
  const digits = digitsOnly(engine, column);
  const tails = Array.from(
    { length: PHONE_PREFIX_DIGITS },
    (_, skip) =>
      `CASE WHEN length(${digits}) >= ${skip + 1 + MIN_PHONE_DIGITS} THEN substr(${digits}, ${skip + 2}) ELSE '' END`,
  );
  return [column, digits, ...tails];
}

/** SQL for the text an inquiry row is found by: its searched fields, a phone number also by its digits. */
export function searchTextSql(engine: Engine): string {
  const quote = (name: string) => (engine === 'postgres' ? `"${name}"` : name);
  return SEARCHED_FIELDS.flatMap((name) => (isPhone(name) ? phoneForms(engine, quote(name)) : [quote(name)])).join(
    " || ' ' || ",
  );
}
