// The event inquiry, defined once: its fields are one table (INQUIRY_FIELDS,
// built on inquiry-fields.ts), from which the form's controls and native
// constraints, the server's JSON Schema, the types and the SQL columns are all
// derived, so none of them can drift apart.
import { type BusinessContent, content, operations, truckOperation, truckPackages } from '../../content/index.js';
import { type DocumentOf, deriveInquiry, type FieldTable, MAX_GUESTS, PATTERNS } from './inquiry-fields.js';
import { LANGUAGES, type Language } from './language.js';

export { MAX_GUESTS, PATTERNS } from './inquiry-fields.js';

/** The collection (table) of the spec. */
export const INQUIRY_COLLECTION = 'eventInquiries';

// The build's content, for the page's form: the server checks each request against the
// live content instead (choiceErrors below; record 251).
export const TRUCK_OPERATION = truckOperation(content);
export const OPERATIONS = operations(content);
export const PACKAGE_NAMES = truckPackages(content).map((card) => card.name);

/** Largest accepted request body; a full inquiry at every maximum is under 8 KiB. */
export const MAX_BODY_BYTES = 16 * 1024;

const ADDRESS_LIMITS = { streetAddress: 120, city: 60, state: 40, postalCode: 12 } as const;

/** 'street, city, state postal', as spec §3 builds siteAddress. */
export function buildSiteAddress(parts: {
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
}): string {
  return `${parts.streetAddress.trim()}, ${parts.city.trim()}, ${parts.state.trim()} ${parts.postalCode.trim()}`;
}

export const SITE_ADDRESS_MAX = Object.values(ADDRESS_LIMITS).reduce((sum, limit) => sum + limit, 0) + 5;

/**
 * Every field of the stored document, in the spec's order (§3). Which fields a
 * visitor may leave empty: decision record 006. Adding a field: one row here,
 * plus a migration per engine (src/server/store/sqlite/sqlite-migrations.ts, postgres/postgres-migrations.ts).
 */
export const INQUIRY_FIELDS = {
  dateCreated: {
    from: 'browser',
    label: 'Filled in at',
    column: 'text',
    schema: { type: 'string', minLength: 0, maxLength: 30, pattern: `^(?:${PATTERNS.isoTimestamp})$` },
  },
  firstName: {
    from: 'control',
    input: 'text',
    label: 'First name',
    column: 'text',
    maxLength: 60,
    section: 'you',
    row: 'name',
    autoComplete: 'given-name',
    searched: true,
  },
  lastName: {
    from: 'control',
    input: 'text',
    label: 'Last name',
    column: 'text',
    maxLength: 60,
    section: 'you',
    row: 'name',
    autoComplete: 'family-name',
    searched: true,
  },
  email: {
    from: 'control',
    input: 'email',
    label: 'Email',
    column: 'text',
    maxLength: 254,
    pattern: PATTERNS.email,
    section: 'you',
    row: 'reach',
    autoComplete: 'email',
    searched: true,
  },
  phoneNumber: {
    from: 'control',
    input: 'tel',
    label: 'Phone',
    column: 'text',
    maxLength: 30,
    pattern: PATTERNS.phone,
    section: 'you',
    row: 'reach',
    autoComplete: 'tel',
    hint: 'Digits, spaces and + ( ) - . only',
    searched: true,
  },
  company: {
    from: 'control',
    input: 'text',
    label: 'Company or school',
    column: 'text',
    maxLength: 100,
    optional: true,
    section: 'you',
    autoComplete: 'organization',
    searched: true,
  },
  eventName: {
    from: 'control',
    input: 'text',
    label: 'Event name',
    column: 'text',
    maxLength: 120,
    optional: true,
    section: 'event',
    searched: true,
  },
  eventDate: { from: 'control', input: 'date', label: 'Date', column: 'text', section: 'event', row: 'when' },
  siteAddress: {
    from: 'built',
    label: 'Address',
    column: 'text',
    schema: { type: 'string', minLength: 1, maxLength: SITE_ADDRESS_MAX, pattern: `^(?:${PATTERNS.notBlank})$` },
    controls: {
      streetAddress: {
        label: 'Street address',
        maxLength: ADDRESS_LIMITS.streetAddress,
        autoComplete: 'address-line1',
      },
      city: { label: 'City', maxLength: ADDRESS_LIMITS.city, row: 'place', autoComplete: 'address-level2' },
      state: { label: 'State', maxLength: ADDRESS_LIMITS.state, row: 'place', autoComplete: 'address-level1' },
      postalCode: {
        label: 'Postal code',
        maxLength: ADDRESS_LIMITS.postalCode,
        row: 'place',
        autoComplete: 'postal-code',
      },
    },
    section: 'where',
    build: (values) => buildSiteAddress(values as Record<keyof typeof ADDRESS_LIMITS, string>),
    searched: true,
  },
  startTime: { from: 'control', input: 'time', label: 'Start time', column: 'text', section: 'event', row: 'when' },
  endTime: { from: 'control', input: 'time', label: 'End time', column: 'text', section: 'event', row: 'when' },
  plannedGuestCount: {
    from: 'control',
    input: 'number',
    label: 'Planned guests',
    column: 'integer',
    min: 1,
    max: MAX_GUESTS,
    section: 'event',
  },
  operation: {
    from: 'control',
    input: 'select',
    label: 'Service',
    column: 'text',
    options: OPERATIONS,
    section: 'wish',
  },
  package: {
    from: 'built',
    label: 'Package',
    column: 'text',
    // Required with the truck only: packageErrors() below.
    schema: { type: 'string', enum: ['', ...PACKAGE_NAMES] },
    controls: { packageChoice: { label: 'Package', input: 'select' } },
    section: 'wish',
    optional: true,
    build: (values) => (values.operation === TRUCK_OPERATION ? (values.packageChoice ?? '') : ''),
  },
  notes: {
    from: 'control',
    input: 'textarea',
    label: 'Notes',
    column: 'text',
    maxLength: 2000,
    optional: true,
    section: 'wish',
    searched: true,
  },
  reference: {
    from: 'control',
    input: 'text',
    label: 'How did you hear about us?',
    column: 'text',
    maxLength: 200,
    optional: true,
    section: 'wish',
    searched: true,
  },
  createdAt: { from: 'server', label: 'Received', column: 'timestamp' },
  source: { from: 'server', label: 'Source', column: 'text' },
} as const satisfies FieldTable;

type Fields = typeof INQUIRY_FIELDS;
export const INQUIRY = deriveInquiry(INQUIRY_FIELDS);

/** Every field of the stored document, in the spec's order (§3). */
export const DOCUMENT_FIELDS = INQUIRY.documentFields as (keyof Fields)[];

/** The form's controls, named as in the DOM contract. */
export const FORM_CONTROLS = INQUIRY.formControls as FormControl[];
export const REQUIRED_CONTROLS: ReadonlySet<string> = INQUIRY.requiredControls;

/**
 * The controls that say what is booked. A visitor who changes one has chosen for
 * themselves: what a "Book" button chose earlier no longer stands over it (record 100).
 */
export const CHOICE_CONTROLS: readonly string[] = ['operation', 'packageChoice'] satisfies FormControl[];

/** The text controls of the form (DOM contract names) and their limits. */
export const TEXT_LIMITS = INQUIRY.textLimits as Record<TextControl, number>;

export type TextControl = {
  [K in keyof Fields]: Fields[K] extends { maxLength: number }
    ? K
    : Fields[K] extends { controls: infer C }
      ? { [P in keyof C]: C[P] extends { maxLength: number } ? P : never }[keyof C]
      : never;
}[keyof Fields] &
  string;
type FormControl = {
  [K in keyof Fields]: Fields[K] extends { from: 'control' }
    ? K
    : Fields[K] extends { controls: infer C }
      ? keyof C
      : never;
}[keyof Fields] &
  string;

/** What the form's controls hold; every value is the control's string value. */
export type InquiryFormValues = Record<FormControl, string>;

type ServerField = { [K in keyof Fields]: Fields[K] extends { from: 'server' } ? K : never }[keyof Fields];

/** The stored document: every field of spec §3. */
export type InquiryDocument = Omit<DocumentOf<Fields>, 'source'> & { source: 'web' };

/** What the browser sends: the spec's document less the server's fields, plus two spam signals. */
export type InquiryBody = Omit<DocumentOf<Fields>, ServerField> & {
  /** Honeypot: a field people never see. Anything in it marks the inquiry as spam. */
  website: string;
  /** Milliseconds from opening the form to sending it. */
  fillMs: number;
  /** The language of the page it is sent from (record 300); absent: English. */
  language?: Language;
};

export function toInquiryBody(
  values: InquiryFormValues,
  meta: { now: Date; website: string; fillMs: number },
): InquiryBody {
  const body: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(INQUIRY_FIELDS) as [string, Fields[keyof Fields]][]) {
    if (field.from === 'browser') body[name] = meta.now.toISOString();
    else if (field.from === 'built') body[name] = field.build(values);
    else if (field.from === 'control') {
      const value = values[name as FormControl];
      body[name] = field.input === 'number' ? Number(value) : value.trim();
    }
  }
  return {
    ...(body as Omit<InquiryBody, 'website' | 'fillMs'>),
    website: meta.website,
    fillMs: Math.max(0, Math.round(meta.fillMs)),
  };
}

const CHOICE_SCHEMA = { type: 'string', minLength: 0, maxLength: 200 } as const;

/** JSON Schema of the request body: strict, every key present, no coercion (the server turns coercion off). */
export const inquiryBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...INQUIRY.sentFields, 'website', 'fillMs'],
  properties: {
    ...INQUIRY.properties,
    // Checked against the live content per request (choiceErrors), never baked in at start.
    operation: CHOICE_SCHEMA,
    package: CHOICE_SCHEMA,
    website: { type: 'string', minLength: 0, maxLength: 200 },
    fillMs: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    // Optional, so a client that predates languages still sends a valid body (record 300).
    language: { type: 'string', enum: LANGUAGES },
  },
} as const;

/** 'YYYY-MM-DD' of a day in local time. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

type RuleErrors = Partial<Record<'eventDate' | 'endTime' | 'operation' | 'package', string>>;

/**
 * The event's date and times, beyond their format. `earliestDay` is the first
 * allowed event day: the form passes the visitor's today; the server passes
 * yesterday in UTC, since the visitor's today may be a day behind the server's.
 */
export function scheduleErrors(
  body: Pick<InquiryBody, 'eventDate' | 'startTime' | 'endTime'>,
  earliestDay: string,
): RuleErrors {
  const errors: RuleErrors = {};
  if (!isRealDay(body.eventDate)) errors.eventDate = 'Event date is not a real day.';
  else if (body.eventDate < earliestDay) errors.eventDate = 'Event date can’t be in the past.';
  if (body.endTime <= body.startTime) errors.endTime = 'End time must be after the start time.';
  return errors;
}

/**
 * The operation is one the content offers; a package goes with the truck operation, and
 * only with it, and is one of the truck's packages. `content` is the live content (the
 * server's port), so an owner's publish changes what is accepted.
 */
export function choiceErrors(body: Pick<InquiryBody, 'operation' | 'package'>, content: BusinessContent): RuleErrors {
  const truck = truckOperation(content);
  if (!operations(content).includes(body.operation)) return { operation: 'Please choose one of the services offered.' };
  if (body.operation !== truck) return body.package === '' ? {} : { package: 'A package applies only to the truck.' };
  if (body.package === '') return { package: 'Choose a package for the truck.' };
  if (!truckPackages(content).some((card) => card.name === body.package))
    return { package: 'Please choose one of the packages offered.' };
  return {};
}

/** Every rule a JSON Schema cannot say. */
export function inquiryRuleErrors(body: InquiryBody, earliestDay: string, content: BusinessContent): RuleErrors {
  return { ...scheduleErrors(body, earliestDay), ...choiceErrors(body, content) };
}
