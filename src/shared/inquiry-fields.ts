// The inquiry's fields as one table. The request body's JSON Schema and type, the
// form's controls, labels, layout and limits, the SQL columns of both engines, the
// search, and every view of an inquiry (the owner's e-mail, the inbox, the calendar
// entry, the exports: inquiryDetails) are all derived from it (deriveInquiry), so
// adding a field is one row here plus a migration per engine
// (src/server/store/sqlite/sqlite-migrations.ts, postgres/postgres-migrations.ts).

/** How a value is kept: both engines map these to their own column types. */
export type ColumnType = 'text' | 'integer' | 'timestamp';
export type Engine = 'sqlite' | 'postgres';

/** The kind of form control a field gets; it also decides the field's JSON Schema. */
export type InputKind = 'text' | 'email' | 'tel' | 'date' | 'time' | 'number' | 'select' | 'textarea';

export interface JsonSchema {
  readonly type: 'string' | 'integer';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
}

/** The most guests an inquiry (and a priced package's minimum) may name. */
export const MAX_GUESTS = 100_000;
/** Where a control sits in the form: its fieldset; controls sharing a `row` sit side by side. */
export type FormSection = 'you' | 'event' | 'where' | 'wish';

/** How a control looks in the form, beyond its kind and label. */
export interface ControlLayout {
  readonly section?: FormSection;
  readonly row?: string;
  readonly autoComplete?: string;
  readonly hint?: string;
}

/** A field the visitor fills in with one control of the same name. */
export interface ControlField extends ControlLayout {
  readonly from: 'control';
  readonly input: InputKind;
  /** The field's one label: on the form, in the e-mail, the inbox, the calendar and the CSV. */
  readonly label: string;
  readonly column: ColumnType;
  /** Found by the inbox's search. */
  readonly searched?: boolean;
  readonly optional?: boolean;
  /** Text inputs: the most characters. */
  readonly maxLength?: number;
  /** An unanchored pattern (HTML `pattern` syntax) the value must match. */
  readonly pattern?: string;
  /** Numbers: the range. */
  readonly min?: number;
  readonly max?: number;
  /** Selects: the allowed values. */
  readonly options?: readonly string[];
}

/** A form-only control a built field is made from. */
export interface BuiltControl extends Omit<ControlLayout, 'section'> {
  readonly label: string;
  /** Default: a text input. */
  readonly input?: InputKind;
  /** Text inputs: the most characters (none: not a text input). */
  readonly maxLength?: number;
}

/** A field built from other controls (siteAddress from the address parts). */
export interface BuiltField {
  readonly from: 'built';
  readonly label: string;
  readonly column: ColumnType;
  readonly schema: JsonSchema;
  /** The form-only controls it is built from. */
  readonly controls: Readonly<Record<string, BuiltControl>>;
  readonly section?: FormSection;
  readonly optional?: boolean;
  readonly searched?: boolean;
  readonly build: (values: Readonly<Record<string, string>>) => string;
}

/** A field the browser or the server sets, with no control. */
export interface AutomaticField {
  readonly from: 'browser' | 'server';
  readonly label: string;
  readonly column: ColumnType;
  /** What the browser sends (browser fields only). */
  readonly schema?: JsonSchema;
}

export type FieldDefinition = ControlField | BuiltField | AutomaticField;
export type FieldTable = Readonly<Record<string, FieldDefinition>>;

export const PATTERNS = {
  notBlank: '.*\\S.*',
  phone: '[0-9+\\(\\)\\-. ]{7,30}',
  date: '\\d{4}-\\d{2}-\\d{2}',
  time: '([01]\\d|2[0-3]):[0-5]\\d',
  // The WHATWG definition of a valid e-mail address, as `type=email` checks it.
  email:
    "[a-zA-Z0-9.!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?)*",
  isoTimestamp: '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z',
  // Any lowercase UUID but the nil one (all zeros), which no generator makes.
  inquiryId: '(?!0{8}-0{4}-0{4}-0{4}-0{12})[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
} as const;

const anchored = (pattern: string) => `^(?:${pattern})$`;

/** The JSON Schema of a control's value: the same rules the form states with native attributes. */
export function controlSchema(field: ControlField): JsonSchema {
  const text = (maxLength: number, pattern?: string): JsonSchema => ({
    type: 'string',
    minLength: pattern === PATTERNS.notBlank ? 1 : 0,
    maxLength,
    ...(pattern ? { pattern: anchored(pattern) } : {}),
  });
  switch (field.input) {
    case 'number':
      return { type: 'integer', minimum: field.min ?? 0, maximum: field.max ?? 2_147_483_647 };
    case 'select':
      return { type: 'string', enum: [...(field.optional ? [''] : []), ...(field.options ?? [])] };
    case 'date':
      return text(10, PATTERNS.date);
    case 'time':
      return text(5, PATTERNS.time);
    default:
      return text(field.maxLength ?? 200, field.pattern ?? (field.optional ? undefined : PATTERNS.notBlank));
  }
}

const SQL_TYPES: Record<Engine, Record<ColumnType, string>> = {
  sqlite: { text: 'TEXT', integer: 'INTEGER', timestamp: 'TEXT' },
  postgres: { text: 'text', integer: 'integer', timestamp: 'timestamptz' },
};

export function sqlType(engine: Engine, column: ColumnType): string {
  return SQL_TYPES[engine][column];
}

/** A control of the form as the table describes it: its own row, or a part of a built field. */
export interface FormControlRow extends ControlLayout {
  readonly name: string;
  readonly label: string;
  readonly input: InputKind;
  readonly optional: boolean;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly min?: number;
  readonly max?: number;
}

/** The form's controls of a table, in its order: each control field, and the controls of each built field. */
export function formControlRows(table: FieldTable): FormControlRow[] {
  const rows: FormControlRow[] = [];
  for (const [name, field] of Object.entries(table)) {
    if (field.from === 'control') rows.push({ ...field, name, optional: field.optional === true });
    else if (field.from === 'built') {
      for (const [control, part] of Object.entries(field.controls)) {
        rows.push({
          ...part,
          name: control,
          input: part.input ?? 'text',
          optional: field.optional === true,
          ...(field.section ? { section: field.section } : {}),
        });
      }
    }
  }
  return rows;
}

/** Everything derived from a field table. */
export function deriveInquiry(table: FieldTable) {
  const entries = Object.entries(table);
  const documentFields = entries.map(([name]) => name);
  const sentFields = entries.filter(([, field]) => field.from !== 'server').map(([name]) => name);

  const controls = formControlRows(table);
  const formControls = controls.map((control) => control.name);
  const textLimits: Record<string, number> = {};
  for (const control of controls) if (control.maxLength !== undefined) textLimits[control.name] = control.maxLength;

  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of entries) {
    if (field.from === 'control') properties[name] = controlSchema(field);
    else if (field.schema) properties[name] = field.schema;
  }

  return {
    documentFields,
    /** The fields the browser sends (all but the server's own). */
    sentFields,
    formControls,
    requiredControls: new Set(controls.filter((control) => !control.optional).map((control) => control.name)),
    textLimits,
    /** JSON Schema properties of the sent fields. */
    properties,
    columnTypes: Object.fromEntries(entries.map(([name, field]) => [name, field.column])) as Record<string, ColumnType>,
    /** Column definitions of the document's fields, as a migration would write them. */
    columnDefinitions(engine: Engine): string[] {
      const quote = engine === 'postgres' ? (name: string) => `"${name}"` : (name: string) => name;
      return entries.map(([name, field]) => `${quote(name)} ${sqlType(engine, field.column)} NOT NULL`);
    },
  };
}

/** The value type of a column. */
type ValueOf<C extends ColumnType> = C extends 'integer' ? number : string;

/** A document whose keys and value types come from a field table. */
export type DocumentOf<T extends FieldTable> = { -readonly [K in keyof T]: ValueOf<T[K]['column']> };

/** The form's controls of a field table: each control field, and the controls built fields read. */
export type ControlsOf<T extends FieldTable> = {
  [K in keyof T]: T[K] extends { from: 'control' } ? K : T[K] extends { controls: infer C } ? keyof C : never;
}[keyof T] &
  string;
