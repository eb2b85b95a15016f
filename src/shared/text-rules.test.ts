// The text rules of an inquiry, as both the form and the server apply them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSiteAddress, INQUIRY_FIELDS, TEXT_LIMITS } from './inquiry.js';
import {
  BODY_TEXT_RULES,
  CONTROL_TEXT_RULES,
  believedDateCreated,
  bodyTextErrors,
  cleanControlValues,
  cleanText,
  controlTextMessage,
  isRealInstant,
  textProblem,
} from './text-rules.js';

const line = { kind: 'line' } as const;
const lines = { kind: 'lines' } as const;
const phone = BODY_TEXT_RULES.phoneNumber;

describe('coverage of the field table', () => {
  it('has a rule for every free-text field of the body and every text control of the form', () => {
    // The rules come from the table: every field with a text limit has one.
    const bodyText = Object.entries(INQUIRY_FIELDS)
      .filter(
        ([, field]) =>
          ('maxLength' in field && field.from === 'control') ||
          ('controls' in field && Object.values(field.controls).some((part) => 'maxLength' in part)),
      )
      .map(([name]) => name);
    expect(Object.keys(BODY_TEXT_RULES).sort()).toEqual(bodyText.sort());
    expect(Object.keys(CONTROL_TEXT_RULES).sort()).toEqual(Object.keys(TEXT_LIMITS).sort());
  });
});

describe('textProblem', () => {
  it.each([
    ['plain text', line, 'Rosa Delgado'],
    ['accents, composed (NFC)', line, 'Zoë Łukasz'],
    ['emoji, with a ZWJ sequence', line, 'Taco 🌮 crew 👩‍🍳'],
    ['right-to-left text with its marks', line, '\u200fמרים כהן'],
    ['CJK', line, '佐藤 花子'],
    ['a combining mark with no composed form (NFC as it is)', line, 'q\u0307'],
    ['a zero-width joiner inside a name', line, 'a\u200db'],
    ['an empty value (emptiness is the schema’s business)', line, ''],
    ['notes with line breaks and tabs', lines, 'Line one\nLine two\r\n\tindented'],
    ['notes with a paragraph separator', lines, 'one\u2029two'],
    ['a phone with 7 digits', phone, '555-0199'],
    ['a phone in international form', phone, '+1 (512) 555.0199'],
  ])('accepts %s', (_, rule, value) => {
    expect(textProblem(rule, value)).toBeUndefined();
  });

  it.each([
    ['a lone high surrogate', line, 'Ro\ud800sa', /well-formed/],
    ['a lone low surrogate', lines, '\udc00', /well-formed/],
    ['a surrogate pair reversed', line, 'a\udc00\ud800b', /well-formed/],
    ['NUL', line, 'Ro\u0000sa', /control/],
    ['NUL in the notes', lines, 'a\u0000b', /control/],
    ['BEL in the notes', lines, 'a\u0007b', /control/],
    ['DEL', line, 'a\u007fb', /control/],
    ['a C1 control', line, 'a\u0085b', /control/],
    ['a line break in one line', line, 'a\nb', /control characters or line breaks/],
    ['a tab in one line', line, 'a\tb', /control/],
    ['a line separator in one line', line, 'a\u2028b', /one line/],
    ['a noncharacter', line, 'a\ufffeb', /noncharacter/],
    ['a noncharacter of another plane', lines, 'a\u{1fffe}', /noncharacter/],
    ['a leading space', line, ' Rosa', /start or end/],
    ['a trailing no-break space', line, 'Rosa\u00a0', /start or end/],
    ['a trailing line break in the notes', lines, 'Thanks\n', /start or end/],
    ['a leading byte order mark', line, '\ufeffRosa', /start or end/],
    ['decomposed text (NFD)', line, 'Zoe\u0308', /NFC/],
    ['a zero-width space alone', line, '\u200b', /visible/],
    ['only format characters', line, '\u200e\u200f\u2060', /visible/],
    ['only a combining mark', line, '\u0301', /visible/],
    ['seven spaces as a phone', phone, '       ', /start or end/],
    ['a phone of punctuation', phone, '(+).-()', /7 digits/],
    ['a phone with 6 digits', phone, '+1 512 55', /7 digits/],
  ])('refuses %s', (_, rule, value, message) => {
    expect(textProblem(rule, value)).toMatch(message);
  });

  it('never accepts a value that holds a lone surrogate or a NUL, whatever else it holds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.constantFrom('\ud800', '\udfff', '\u0000'),
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.constantFrom(line, lines, phone),
        (before, bad, after, rule) => {
          // Unless the pieces happen to pair the surrogate up.
          fc.pre(bad === '\u0000' || !/[\uD800-\uDFFF]/u.test(`${before}${after}`));
          expect(textProblem(rule, `${before}${bad}${after}`)).toBeDefined();
        },
      ),
    );
  });
});

describe('cleanText and the form', () => {
  it('normalises to NFC and trims', () => {
    expect(cleanText('  Zoe\u0308 \n')).toBe('Zoë');
    expect(cleanText('\u2000a\u2000')).toBe('a');
  });

  it('makes any well-formed value without controls acceptable, or leaves a problem that cleaning cannot fix', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (value) => {
        const cleaned = cleanText(value);
        expect(cleanText(cleaned)).toBe(cleaned);
        const problem = textProblem(line, cleaned);
        if (problem) expect(problem).toMatch(/control|one line|noncharacter|visible/);
      }),
    );
  });

  it('tells a control the rule it breaks, on the value as it will be sent', () => {
    expect(controlTextMessage('firstName', '  Zoe\u0308 ')).toBe('');
    expect(controlTextMessage('firstName', '\u200b')).toBe(
      'This field must hold a visible character (a letter, digit, punctuation or symbol).',
    );
    expect(controlTextMessage('phoneNumber', '+1 512')).toBe('This field must hold at least 7 digits.');
    expect(controlTextMessage('city', 'Austin\u0000')).toMatch(/control/);
    expect(controlTextMessage('notes', 'one\ntwo')).toBe('');
  });

  it('never lets the form send a site address the server refuses: parts it accepts make an acceptable whole', () => {
    const part = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 4 }),
          fc.constantFrom(' ', '\u0301', 'e\u0301', '\u1100', '\u1161', '\u200f', '\u00a0', ',', '🇺🇸'),
        ),
        { minLength: 1, maxLength: 5 },
      )
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.tuple(part, part, part, part), ([streetAddress, city, state, postalCode]) => {
        const parts = { streetAddress, city, state, postalCode };
        const accepted = Object.entries(parts).every(
          ([name, value]) => cleanText(value) !== '' && controlTextMessage(name as 'city', value) === '',
        );
        fc.pre(accepted);
        const cleaned = {
          streetAddress: cleanText(streetAddress),
          city: cleanText(city),
          state: cleanText(state),
          postalCode: cleanText(postalCode),
        };
        expect(textProblem(BODY_TEXT_RULES.siteAddress, buildSiteAddress(cleaned))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('cleans every free-text control and leaves the others', () => {
    const values = Object.fromEntries(Object.keys(CONTROL_TEXT_RULES).map((name) => [name, ` e\u0301 `]));
    const cleaned = cleanControlValues({ ...values, eventDate: ' 2030-01-01 ' } as Record<string, string>);
    for (const name of Object.keys(CONTROL_TEXT_RULES)) expect(cleaned[name]).toBe('é');
    expect(cleaned.eventDate).toBe(' 2030-01-01 ');
  });
});

describe('bodyTextErrors (the server)', () => {
  const body = {
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: 'rosa@example.com',
    phoneNumber: '+1 512 555 0199',
    company: '',
    eventName: '',
    siteAddress: '100 Congress Ave, Austin, TX 78701',
    notes: 'Line one\nLine two',
    reference: '',
  };

  it('finds nothing wrong with good text', () => {
    expect(bodyTextErrors(body)).toEqual({});
  });

  it('names every field that breaks a rule, with the field in its message', () => {
    const errors = bodyTextErrors({
      ...body,
      firstName: '\u200b',
      lastName: 'Del\u0000gado',
      phoneNumber: '       ',
      company: 'Acme\ud800',
      siteAddress: '100 Congress Ave,\nAustin',
      notes: 'Zoe\u0308',
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['company', 'firstName', 'lastName', 'notes', 'phoneNumber', 'siteAddress'].sort(),
    );
    for (const [field, message] of Object.entries(errors)) expect(message.startsWith(`${field} must`)).toBe(true);
  });
});

describe('dates', () => {
  it.each([
    ['2026-03-01T12:00:00Z', true],
    ['2024-02-29T23:59:59.999Z', true],
    ['2026-99-99T99:99:99Z', false],
    ['2026-02-29T00:00:00Z', false],
    ['2026-04-31T00:00:00Z', false],
    ['2026-01-01T24:00:00Z', false],
    ['2026-01-01T23:60:00Z', false],
    ['2026-01-01T23:59:60Z', false],
    ['2026-01-01T12:00:00+02:00', false],
    ['2026-01-01', false],
  ])('isRealInstant(%s) is %s', (value, real) => {
    expect(isRealInstant(value)).toBe(real);
  });

  it('believes a visitor’s clock within a day of the server’s, not beyond', () => {
    const createdAt = '2026-06-15T12:00:00.000Z';
    expect(believedDateCreated('2026-06-15T11:59:30.000Z', createdAt)).toBe('2026-06-15T11:59:30.000Z');
    expect(believedDateCreated('2026-06-14T12:00:00.000Z', createdAt)).toBe('2026-06-14T12:00:00.000Z');
    expect(believedDateCreated('2026-06-16T12:00:00Z', createdAt)).toBe('2026-06-16T12:00:00Z');
    expect(believedDateCreated('2026-06-14T11:59:59.999Z', createdAt)).toBe(createdAt);
    expect(believedDateCreated('2099-01-01T00:00:00Z', createdAt)).toBe(createdAt);
  });
});
