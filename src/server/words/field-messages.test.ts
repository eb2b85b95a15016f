// The server's field messages in Spanish (record 360): every message the shared rules and the
// form post write, made here by the real rules from wrong values, has its Spanish, and each
// Spanish message passes the catalogs' check (no English left, none the same in both).
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';
import { catalogProblems } from '../../shared/catalog-check.js';
import { FORM_CONTROLS, type InquiryFormValues, OPERATIONS, TRUCK_OPERATION } from '../../shared/inquiry.js';
import { textProblem } from '../../shared/text-rules.js';
import { buildInquiryBody } from '../../../tests/support/builders.js';
import { inquiryProblems } from '../accept-inquiry.js';
import { controlErrors } from '../routes/form-post.js';
import { answerEn } from './answer-en.js';
import { answerEs } from './answer-es.js';
import { fieldMessageIn, fieldMessagesIn } from './field-messages.js';

const blank = Object.fromEntries(FORM_CONTROLS.map((name) => [name, ''])) as unknown as InquiryFormValues;

/** Every kind of message the rules write, each made by the rules themselves. */
function messagesTheRulesWrite(): string[] {
  const messages = new Set<string>();
  const add = (fields: Record<string, string | undefined>) => {
    for (const message of Object.values(fields)) if (message) messages.add(message);
  };
  add(controlErrors(blank, content));
  add(
    controlErrors(
      {
        ...blank,
        firstName: 'x'.repeat(500),
        lastName: 'a\u0001b',
        email: 'nope',
        phoneNumber: '12',
        eventDate: 'soon',
        startTime: 'noon',
        endTime: '25',
        plannedGuestCount: '0',
        operation: 'Fireworks',
      },
      content,
    ),
  );
  add(controlErrors({ ...blank, operation: TRUCK_OPERATION, packageChoice: 'Nothing' }, content));
  add(controlErrors({ ...blank, company: ' x' }, content));
  const body = buildInquiryBody();
  add(inquiryProblems({ ...body, eventDate: '2026-02-30', firstName: 'a\nb', dateCreated: 'then' }, content));
  add(inquiryProblems({ ...body, eventDate: '2001-01-01', endTime: '01:00', operation: 'Fireworks' }, content));
  add(inquiryProblems({ ...body, operation: OPERATIONS.find((name) => name !== TRUCK_OPERATION)! }, content));
  add(inquiryProblems({ ...body, operation: TRUCK_OPERATION, package: '' }, content));
  add(inquiryProblems({ ...body, operation: TRUCK_OPERATION, package: 'Nothing' }, content));
  add({ taken: DAY_TAKEN_MESSAGE, check: 'Please check this field.', form: 'Please check the form (eventName).' });
  // Every phrase textProblem says, after a field's name (X9: a code, the catalogs' stand-in) and after "This field".
  const rule = { kind: 'line', minDigits: 7 } as const;
  for (const value of ['\uD800', 'a\u0001', 'a\u2028b', 'a\uFFFE', ' a', 'e\u0301', '\u200B', '12']) {
    const problem = textProblem(value === 'a\u0001' ? { kind: 'lines' } : rule, value);
    if (problem) add({ field: `X9 ${problem}.`, control: `This field ${problem}.` });
  }
  add({ lines: `X9 ${textProblem({ kind: 'lines' }, 'a\u0001')}.` });
  return [...messages];
}

describe('the server’s field messages in Spanish (record 360)', () => {
  it('has the Spanish of every message the rules write, in Spanish only', () => {
    const english = messagesTheRulesWrite();
    expect(english.length).toBeGreaterThan(25);
    const untranslated = english.filter((message) => fieldMessageIn('es', message) === message);
    expect(untranslated).toEqual([]);
    const keyed = (say: (message: string) => string) =>
      Object.fromEntries(english.map((message, index) => [`m${index}`, say(message)]));
    expect(
      catalogProblems(
        keyed((message) => message),
        keyed((message) => fieldMessageIn('es', message)),
      ),
    ).toEqual([]);
  });

  it('keeps English as the rules write it, and writes numbers as Spanish writes them', () => {
    expect(fieldMessageIn('en', 'Please fill out this field.')).toBe('Please fill out this field.');
    expect(fieldMessagesIn('es', { email: 'Please enter an email address.' })).toEqual({
      email: 'Escriba una dirección de correo electrónico.',
    });
    expect(fieldMessageIn('es', 'Please enter a whole number from 1 to 10,000.')).toBe(
      'Escriba un número entero de 1 a 10.000.',
    );
    expect(fieldMessageIn('es', 'phoneNumber must hold at least 7 digits.')).toBe(
      'El campo phoneNumber debe contener al menos 7 dígitos.',
    );
  });

  it('has the no-JavaScript answers’ words in both languages', () => {
    expect(catalogProblems(answerEn, answerEs)).toEqual([]);
    expect(answerEs.checkFields(1)).toBe('Revise este campo');
    expect(answerEn.checkFields(3)).toBe('Please check these 3 fields');
  });
});
