// What the inbox's search looks through, from the field table (its `searched` rows):
// both engines build their index from this, and rebuild it at start when the table's
// list changed (sqlite-store.ts, postgres-store.ts), so marking a field searched needs
// no migration of its own.
import { INQUIRY_FIELDS } from '../../shared/inquiry.js';
import type { Engine, FieldTable } from '../../shared/inquiry-fields.js';

const TABLE: FieldTable = INQUIRY_FIELDS;

/** The searched fields, in the table's order. */
export const SEARCHED_FIELDS: readonly string[] = Object.entries(TABLE)
  .filter(([, field]) => (field.from === 'control' || field.from === 'built') && field.searched === true)
  .map(([name]) => name);

/** The list as the index records it, to tell at start whether the table changed since it was built. */
export const SEARCHED_FIELDS_KEY = SEARCHED_FIELDS.join(',');

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

/** SQL for the text an inquiry row is found by: its searched fields, a phone number also as its digits alone. */
export function searchTextSql(engine: Engine): string {
  const quote = (name: string) => (engine === 'postgres' ? `"${name}"` : name);
  return SEARCHED_FIELDS.flatMap((name) =>
    isPhone(name) ? [quote(name), digitsOnly(engine, quote(name))] : [quote(name)],
  ).join(" || ' ' || ");
}
