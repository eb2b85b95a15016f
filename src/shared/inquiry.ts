// The event inquiry, defined once: the form builds its controls and native
// constraints from these definitions, and the server validates with the JSON
// Schema and rules built from the same ones, so the two cannot drift apart.
import { content, operations, truckOperation, truckPackages } from '../../content/index.js';

/** The collection (table) of the spec. */
export const INQUIRY_COLLECTION = 'eventInquiries';

/** Every field of the stored document, in the spec's order (§3). */
export const DOCUMENT_FIELDS = [
  'dateCreated',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'company',
  'eventName',
  'eventDate',
  'siteAddress',
  'startTime',
  'endTime',
  'plannedGuestCount',
  'operation',
  'package',
  'notes',
  'reference',
  'createdAt',
  'source',
] as const;

export const MAX_GUESTS = 100_000;
/** Largest accepted request body; a full inquiry at every maximum is under 8 KiB. */
export const MAX_BODY_BYTES = 16 * 1024;

// Unanchored patterns, valid both as an HTML `pattern` (which the browser
// compiles with the `v` flag and anchors itself) and, anchored, on the server.
export const PATTERNS = {
  notBlank: '.*\\S.*',
  phone: '[0-9+\\(\\)\\-. ]{7,30}',
  date: '\\d{4}-\\d{2}-\\d{2}',
  time: '([01]\\d|2[0-3]):[0-5]\\d',
  // The WHATWG definition of a valid e-mail address, as `type=email` checks it.
  email:
    "[a-zA-Z0-9.!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?)*",
  isoTimestamp: '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z',
  inquiryId: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
} as const;

/** The text controls of the form (DOM contract names) and their limits. */
export const TEXT_LIMITS = {
  firstName: 60,
  lastName: 60,
  email: 254,
  phoneNumber: 30,
  company: 100,
  eventName: 120,
  streetAddress: 120,
  city: 60,
  state: 40,
  postalCode: 12,
  notes: 2000,
  reference: 200,
} as const;

/** The form's controls, named as in the DOM contract. */
export const FORM_CONTROLS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'company',
  'eventName',
  'eventDate',
  'streetAddress',
  'city',
  'state',
  'postalCode',
  'startTime',
  'endTime',
  'plannedGuestCount',
  'operation',
  'packageChoice',
  'notes',
  'reference',
] as const;

/** What a visitor may leave empty (decision record 006). The package is required only with the truck. */
const OPTIONAL_CONTROLS: readonly string[] = ['company', 'eventName', 'notes', 'reference', 'packageChoice'];
export const REQUIRED_CONTROLS: ReadonlySet<string> = new Set(
  FORM_CONTROLS.filter((name) => !OPTIONAL_CONTROLS.includes(name)),
);

/** What the form's controls hold; every value is the control's string value. */
export type InquiryFormValues = Record<(typeof FORM_CONTROLS)[number], string>;

/** What the browser sends: the spec's document less createdAt and source, plus two spam signals. */
export interface InquiryBody {
  dateCreated: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  company: string;
  eventName: string;
  eventDate: string;
  siteAddress: string;
  startTime: string;
  endTime: string;
  plannedGuestCount: number;
  operation: string;
  package: string;
  notes: string;
  reference: string;
  /** Honeypot: a field people never see. Anything in it marks the inquiry as spam. */
  website: string;
  /** Milliseconds from opening the form to sending it. */
  fillMs: number;
}

/** The stored document: every field of spec §3. */
export type InquiryDocument = Omit<InquiryBody, 'website' | 'fillMs'> & { createdAt: string; source: 'web' };

/** 'street, city, state postal', as spec §3 builds siteAddress. */
export function buildSiteAddress(parts: {
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
}): string {
  return `${parts.streetAddress.trim()}, ${parts.city.trim()}, ${parts.state.trim()} ${parts.postalCode.trim()}`;
}

export const SITE_ADDRESS_MAX =
  TEXT_LIMITS.streetAddress + TEXT_LIMITS.city + TEXT_LIMITS.state + TEXT_LIMITS.postalCode + 5;

export function toInquiryBody(
  values: InquiryFormValues,
  meta: { now: Date; website: string; fillMs: number },
): InquiryBody {
  return {
    dateCreated: meta.now.toISOString(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    company: values.company.trim(),
    eventName: values.eventName.trim(),
    eventDate: values.eventDate,
    siteAddress: buildSiteAddress(values),
    startTime: values.startTime,
    endTime: values.endTime,
    plannedGuestCount: Number(values.plannedGuestCount),
    operation: values.operation,
    package: values.operation === TRUCK_OPERATION ? values.packageChoice : '',
    notes: values.notes.trim(),
    reference: values.reference.trim(),
    website: meta.website,
    fillMs: Math.max(0, Math.round(meta.fillMs)),
  };
}

export const TRUCK_OPERATION = truckOperation(content);
export const OPERATIONS = operations(content);
export const PACKAGE_NAMES = truckPackages(content).map((card) => card.name);

const anchored = (pattern: string) => `^(?:${pattern})$`;
const str = (maxLength: number, pattern?: string, minLength = 0) => ({
  type: 'string',
  minLength,
  maxLength,
  ...(pattern ? { pattern: anchored(pattern) } : {}),
});
const requiredText = (maxLength: number) => str(maxLength, PATTERNS.notBlank, 1);
const optionalText = (maxLength: number) => str(maxLength);

/** JSON Schema of the request body: strict, every key present, no coercion (the server turns coercion off). */
export const inquiryBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...DOCUMENT_FIELDS.filter((field) => field !== 'createdAt' && field !== 'source'), 'website', 'fillMs'],
  properties: {
    dateCreated: str(30, PATTERNS.isoTimestamp),
    firstName: requiredText(TEXT_LIMITS.firstName),
    lastName: requiredText(TEXT_LIMITS.lastName),
    email: str(TEXT_LIMITS.email, PATTERNS.email),
    phoneNumber: str(TEXT_LIMITS.phoneNumber, PATTERNS.phone),
    company: optionalText(TEXT_LIMITS.company),
    eventName: optionalText(TEXT_LIMITS.eventName),
    eventDate: str(10, PATTERNS.date),
    siteAddress: str(SITE_ADDRESS_MAX, PATTERNS.notBlank, 1),
    startTime: str(5, PATTERNS.time),
    endTime: str(5, PATTERNS.time),
    plannedGuestCount: { type: 'integer', minimum: 1, maximum: MAX_GUESTS },
    operation: { type: 'string', enum: OPERATIONS },
    package: { type: 'string', enum: ['', ...PACKAGE_NAMES] },
    notes: optionalText(TEXT_LIMITS.notes),
    reference: optionalText(TEXT_LIMITS.reference),
    website: optionalText(200),
    fillMs: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
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

type RuleErrors = Partial<Record<'eventDate' | 'endTime' | 'package', string>>;

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

/** A package goes with the truck operation, and only with it. */
export function packageErrors(body: Pick<InquiryBody, 'operation' | 'package'>): RuleErrors {
  if (body.operation === TRUCK_OPERATION && body.package === '') return { package: 'Choose a package for the truck.' };
  if (body.operation !== TRUCK_OPERATION && body.package !== '')
    return { package: 'A package applies only to the truck.' };
  return {};
}

/** Every rule a JSON Schema cannot say. */
export function inquiryRuleErrors(body: InquiryBody, earliestDay: string): RuleErrors {
  return { ...scheduleErrors(body, earliestDay), ...packageErrors(body) };
}
