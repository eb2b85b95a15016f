// The field table is the one source: a field added to a copy of it shows up in
// the request schema, the form's controls and limits, and both engines' columns.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELDS, FORM_CONTROLS, INQUIRY_FIELDS, inquiryBodySchema, TEXT_LIMITS } from './inquiry.js';
import { controlSchema, deriveInquiry, type FieldTable } from './inquiry-fields.js';

const withDietaryNeeds = {
  ...INQUIRY_FIELDS,
  dietaryNeeds: {
    from: 'control',
    input: 'text',
    label: 'Dietary needs',
    column: 'text',
    maxLength: 300,
    optional: true,
  },
  headcountKids: { from: 'control', input: 'number', label: 'Children', column: 'integer', min: 0, max: 500 },
} as const satisfies FieldTable;

describe('a field added to the table', () => {
  const derived = deriveInquiry(withDietaryNeeds);

  it('is in the request schema, with its limits', () => {
    expect(derived.sentFields).toContain('dietaryNeeds');
    expect(derived.properties.dietaryNeeds).toEqual({ type: 'string', minLength: 0, maxLength: 300 });
    expect(derived.properties.headcountKids).toEqual({ type: 'integer', minimum: 0, maximum: 500 });
  });

  it("is one of the form's controls, optional or required as the row says", () => {
    expect(derived.formControls.slice(-2)).toEqual(['dietaryNeeds', 'headcountKids']);
    expect(derived.requiredControls.has('dietaryNeeds')).toBe(false);
    expect(derived.requiredControls.has('headcountKids')).toBe(true);
    expect(derived.textLimits.dietaryNeeds).toBe(300);
  });

  it("is a column on both engines, of the row's type", () => {
    expect(derived.columnDefinitions('sqlite')).toContain('dietaryNeeds TEXT NOT NULL');
    expect(derived.columnDefinitions('sqlite')).toContain('headcountKids INTEGER NOT NULL');
    expect(derived.columnDefinitions('postgres')).toContain('"dietaryNeeds" text NOT NULL');
    expect(derived.columnDefinitions('postgres')).toContain('"headcountKids" integer NOT NULL');
  });
});

describe('the table as it is', () => {
  it("gives the spec's document fields in order, and the DOM contract's controls", () => {
    expect(DOCUMENT_FIELDS).toEqual(Object.keys(INQUIRY_FIELDS));
    expect(DOCUMENT_FIELDS.slice(0, 2)).toEqual(['dateCreated', 'firstName']);
    expect(DOCUMENT_FIELDS.slice(-2)).toEqual(['createdAt', 'source']);
    expect(FORM_CONTROLS).toEqual([
      ...['firstName', 'lastName', 'email', 'phoneNumber', 'company', 'eventName', 'eventDate'],
      ...['streetAddress', 'city', 'state', 'postalCode', 'startTime', 'endTime', 'plannedGuestCount'],
      ...['operation', 'packageChoice', 'notes', 'reference'],
    ]);
  });

  it('derives every sent field of the body schema from its row', () => {
    for (const [name, field] of Object.entries(INQUIRY_FIELDS)) {
      // The service's choices are the live content's, checked per request (choiceErrors, record 251).
      if (field.from === 'control' && name !== 'operation')
        expect((inquiryBodySchema.properties as Record<string, unknown>)[name]).toEqual(controlSchema(field));
      if (field.from === 'server') expect(inquiryBodySchema.required).not.toContain(name);
    }
    expect(TEXT_LIMITS.streetAddress).toBe(120);
  });
});
